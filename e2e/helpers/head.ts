import type { Page } from 'playwright-core';

/**
 * Issue 33, what a crawler reads: the `<head>` of a document as the server sends it, fetched and
 * parsed by Chromium's DOMParser (the HTML standard's parser with scripting off: nothing runs, and
 * nothing the page's scripts would change is seen).
 */
export interface CrawlerHead {
  titles: string[];
  /** `<meta name|property="…" content="…">`: every content by name or property. */
  meta: Record<string, string[]>;
  canonical: string[];
  icons: string[];
  /** The text of every `<script type="application/ld+json">`. */
  jsonLd: string[];
}

/** The head of `html`, parsed in `page` (any page: a blank one will do). */
export function parseHead(page: Page, html: string): Promise<CrawlerHead> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    const all = (selector: string) => [...doc.head.querySelectorAll(selector)];
    const meta: Record<string, string[]> = {};
    for (const el of all('meta')) {
      const key = el.getAttribute('name') ?? el.getAttribute('property');
      if (key) (meta[key] ??= []).push(el.getAttribute('content') ?? '');
    }
    return {
      titles: all('title').map((el) => el.textContent ?? ''),
      meta,
      canonical: all('link[rel="canonical"]').map((el) => el.getAttribute('href') ?? ''),
      icons: all('link[rel="icon"]').map((el) => el.getAttribute('href') ?? ''),
      jsonLd: all('script[type="application/ld+json"]').map((el) => el.textContent ?? ''),
    };
  }, html);
}

/** Fetches `url` (no redirect followed) and parses its head in `page`. */
export async function rawHead(page: Page, url: string): Promise<{ status: number; html: string; head: CrawlerHead }> {
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  const html = await response.text();
  return { status: response.status, html, head: await parseHead(page, html) };
}

/** The one value of a meta tag (a second one would be a duplicate tag a crawler may pick instead). */
export function one(head: CrawlerHead, key: string): string | undefined {
  const values = head.meta[key] ?? [];
  if (values.length > 1) throw new Error(`meta ${key} appears ${values.length} times: ${JSON.stringify(values)}`);
  return values[0];
}

/** Every absolute URL string inside a JSON value. */
export function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(urlsIn);
  return [];
}
