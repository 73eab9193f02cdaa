import type { Page } from 'playwright-core';

/** A link found on a page: its absolute URL (fragment dropped) and where it was found. */
export interface FoundLink {
  url: string;
  from: string;
}

/** Absolute URLs of the page's `<a href>` (optionally inside `scope`) on the same origin as `origin`, without fragments. */
export async function internalLinksOnPage(page: Page, origin: string, scope = 'body'): Promise<string[]> {
  const hrefs = await page.locator(`${scope} a[href]`).evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  return sameOrigin(hrefs, origin);
}

/** Internal links of a server-rendered HTML document, parsed by the browser (no scripts run). */
export async function internalLinksInHtml(page: Page, html: string, baseUrl: string, origin: string): Promise<string[]> {
  const hrefs = await page.evaluate(
    ({ html: source, base }) => {
      const doc = new DOMParser().parseFromString(source, 'text/html');
      return Array.from(doc.querySelectorAll('a[href]')).map((a) => new URL(a.getAttribute('href') ?? '', base).href);
    },
    { html, base: baseUrl },
  );
  return sameOrigin(hrefs, origin);
}

function sameOrigin(hrefs: string[], origin: string): string[] {
  const out = new Set<string>();
  for (const href of hrefs) {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    url.hash = '';
    out.add(url.href);
  }
  return [...out];
}
