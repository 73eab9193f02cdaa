/**
 * Issue 19: an HTML document's page data (`__NEXT_DATA__`) does not repeat what its markup holds:
 * the CMS body and the block stylesheet (src/lib/shared/site/documentData.ts, pages/_document.tsx).
 *
 * What is checked, on the block-rich article (the largest body and stylesheet):
 * - the document's data holds IN_MARKUP for both, its markup holds them as the page's JSON has
 *   them, and the JSON (what a client-side navigation reads) holds them whole;
 * - hydrated, the page keeps its body and its one block stylesheet, and loads no page data;
 * - a client-side navigation away and back brings both back from the JSON;
 * - should React render the page afresh (a hydration error), the body comes back, from the JSON.
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { IN_MARKUP } from '../src/lib/shared/site/documentData';
import { BODY_CLASS } from '../src/lib/shared/wordpress/bodyClass';
import { launchBrowser, MOBILE, openPage, routerReady, serveAltered } from './helpers/browser';
import { NEXT_DATA_SCRIPT, siteUrl } from './helpers/site';

const POST = '/resources/blogs/blocks-showcase';
const BODY = `.prose.${BODY_CLASS}`;

interface PageData {
  buildId: string;
  props: { pageProps: { item: { html: string }; blockCss: string } };
}

let browser: Browser;
const contexts: BrowserContext[] = [];
let served: { html: string; data: PageData };
let whole: { html: string; blockCss: string };

/** The page data of an HTML document, as the browser reads it. */
function pageDataOf(html: string): PageData {
  const match = NEXT_DATA_SCRIPT.exec(html);
  if (!match) throw new Error('no __NEXT_DATA__ in the document');
  return JSON.parse(match[2] as string) as PageData;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const html = await (await fetch(siteUrl(POST))).text();
  served = { html, data: pageDataOf(html) };
  const json = (await (await fetch(siteUrl(`/_next/data/${served.data.buildId}${POST}.json`))).json()) as { pageProps: PageData['props']['pageProps'] };
  whole = { html: json.pageProps.item.html, blockCss: json.pageProps.blockCss };
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** A fresh visitor, recording the page-data requests (`/_next/data/…json`). */
async function visitor(): Promise<{ page: Page; context: BrowserContext; dataRequests: string[] }> {
  const { context, page } = await openPage(browser, MOBILE);
  contexts.push(context);
  const dataRequests: string[] = [];
  context.on('request', (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/_next/data/')) dataRequests.push(request.url());
  });
  return { page, context, dataRequests };
}

/** What the page shows of the body and its stylesheet. */
function shown(page: Page) {
  return page.evaluate((selector) => {
    const styles = [...document.head.querySelectorAll('style[data-block-css]')];
    return {
      stylesheets: styles.length,
      stylesheet: styles[0]?.textContent ?? null,
      bodyText: document.querySelector(selector)?.textContent?.trim() ?? '',
      busy: document.querySelectorAll('[aria-busy="true"]').length,
    };
  }, BODY);
}

/** The body's text as the whole data renders it (the JSON's HTML, parsed by the browser). */
function bodyTextOf(page: Page): Promise<string> {
  return page.evaluate((html) => {
    const element = document.createElement('div');
    element.innerHTML = html;
    return element.textContent?.trim() ?? '';
  }, whole.html);
}

describe('issue 19: the document does not repeat its body and block stylesheet in its page data', () => {
  test('the document data holds IN_MARKUP for both, the markup holds them as the JSON has them, and the JSON holds them whole', () => {
    expect(served.data.props.pageProps.item.html).toBe(IN_MARKUP);
    expect(served.data.props.pageProps.blockCss).toBe(IN_MARKUP);
    expect(whole.html.length).toBeGreaterThan(5_000);
    expect(whole.blockCss.length).toBeGreaterThan(5_000);
    expect(served.html).toContain(whole.html);
    expect(served.html).toContain(`<style data-block-css="" data-next-head="">${whole.blockCss}</style>`);
  });

  test('hydrated, the page keeps its body and its one block stylesheet, and loads no page data', async () => {
    const { page, dataRequests } = await visitor();
    await page.goto(siteUrl(POST));
    await routerReady(page);
    await page.waitForLoadState('networkidle');
    const now = await shown(page);
    expect(now.stylesheets).toBe(1);
    expect(now.stylesheet).toBe(whole.blockCss);
    expect(now.bodyText).toBe(await bodyTextOf(page));
    expect(dataRequests).toEqual([]);
  });

  test('a client-side navigation away and back brings the body and the stylesheet back from the JSON', async () => {
    const { page } = await visitor();
    await page.goto(siteUrl(POST));
    await routerReady(page);
    await page.evaluate(() => void (window as unknown as { next: { router: { push(url: string): Promise<boolean> } } }).next.router.push('/resources/blogs'));
    await page.waitForURL('**/resources/blogs');
    // The listing is shown: the article's stylesheet has left the head.
    await page.waitForFunction((css) => ![...document.head.querySelectorAll('style[data-block-css]')].some((style) => style.textContent === css), whole.blockCss);
    await page.goBack();
    await page.waitForURL(`**${POST}`);
    const expected = await bodyTextOf(page);
    // Poll for the outcome: the body back, and nothing left marked busy (on a loaded host the flag
    // is cleared a task after the text is in).
    await page.waitForFunction(
      ({ selector, text }) => document.querySelector(selector)?.textContent?.trim() === text && document.querySelectorAll('[aria-busy="true"]').length === 0,
      { selector: BODY, text: expected },
    );
    await expect(shown(page)).resolves.toMatchObject({ stylesheets: 1, stylesheet: whole.blockCss, busy: 0 });
  });

  test.each([
    ['', POST],
    [', at an address with a fragment', `${POST}#a-heading`],
  ])('should React render the page afresh (a hydration error), the body comes back from the JSON%s', async (_name, address) => {
    const { page, context, dataRequests } = await visitor();
    // The server's Menu label altered: the header no longer matches what React renders, so React
    // drops the server's markup and renders the page itself, body included.
    await serveAltered(context, `**${POST}`, (text) => {
      const altered = text.replace('</svg>Menu</button>', '</svg>Menu (server)</button>');
      if (altered === text) throw new Error('no Menu label to alter in the document');
      return altered;
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The page's JSON answered: until then the server's own markup (the whole text, not busy) may
    // still be in the document, before React drops it and renders the body as incomplete (busy).
    const dataAnswered = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(`${POST}.json`));
    await page.goto(siteUrl(address));
    await routerReady(page);
    await dataAnswered;
    const expected = await bodyTextOf(page);
    // Poll for the outcome: the body back, and nothing left marked busy (on a loaded host the flag
    // is cleared a task after the text is in).
    await page.waitForFunction(
      ({ selector, text }) => document.querySelector(selector)?.textContent?.trim() === text && document.querySelectorAll('[aria-busy="true"]').length === 0,
      { selector: BODY, text: expected },
    );
    await expect(shown(page)).resolves.toMatchObject({ stylesheets: 1, stylesheet: whole.blockCss, busy: 0 });
    // It was the hydration error, and the body came from the page's JSON.
    expect(errors.some((message) => /#418|hydrat/i.test(message))).toBe(true);
    expect(dataRequests.some((url) => new URL(url).pathname.endsWith(`${POST}.json`))).toBe(true);
  });
});
