/**
 * Rule: every internal link reachable from the home page, the menu and the footer answers 200.
 *
 * Home, the header menu (the desktop menu's links, or the fixed fallback navigation when the
 * built menu is empty) and the footer give the first level; the links on those pages give a
 * second level. Every unique internal URL of both levels is requested (redirects followed) and
 * must end in 200. Bounded: at most MAX_URLS URLs.
 */
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage } from './helpers/browser';
import { internalLinksInHtml, internalLinksOnPage } from './helpers/links';
import { readState } from './helpers/site';

const MAX_URLS = 600;
const CONCURRENCY = 4;

let browser: Browser;
let page: Page;
const origin = new URL(readState().siteUrl).origin;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openPage(browser, DESKTOP));
});

afterAll(async () => {
  await browser?.close();
});

async function status(url: string): Promise<{ status: number; finalUrl: string; html: string | null }> {
  const response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(60_000) });
  const isHtml = (response.headers.get('content-type') ?? '').includes('text/html');
  const html = isHtml ? await response.text() : (await response.arrayBuffer(), null);
  return { status: response.status, finalUrl: response.url, html };
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]);
      }
    }),
  );
  return results;
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

test('every internal link reachable from home, the menu and the footer answers 200', async () => {
  const home = `${origin}/`;
  const response = await page.goto(home);
  expect(response?.status()).toBe(200);

  // The header's navigation (desktop menu or fallback nav) and the footer's must both give links.
  const menuLinks = await internalLinksOnPage(page, origin, 'header nav[aria-label="Main"]');
  const footerLinks = await internalLinksOnPage(page, origin, 'footer');
  expect(menuLinks.length).toBeGreaterThan(0);
  expect(footerLinks.length).toBeGreaterThan(0);

  // Level 1: every internal link on home (header menu, body and footer included).
  const linkedFrom = new Map<string, string>();
  const add = (url: string, from: string) => {
    if (!linkedFrom.has(url) && linkedFrom.size < MAX_URLS) linkedFrom.set(url, from);
  };
  add(home, '(start)');
  for (const url of [...menuLinks, ...footerLinks, ...(await internalLinksOnPage(page, origin))]) add(url, '/');
  const level1 = [...linkedFrom.keys()];

  // Level 2: the links on each level-1 page (from its server HTML).
  const checked = new Map<string, { status: number; finalUrl: string }>();
  const level1Results = await mapLimit(level1, CONCURRENCY, async (url) => ({ url, result: await status(url) }));
  for (const { url, result } of level1Results) {
    checked.set(url, result);
    if (result.status === 200 && result.html) {
      for (const link of await internalLinksInHtml(page, result.html, result.finalUrl, origin)) add(link, pathOf(url));
    }
  }
  const level2 = [...linkedFrom.keys()].filter((url) => !checked.has(url));
  const level2Results = await mapLimit(level2, CONCURRENCY, async (url) => ({ url, result: await status(url) }));
  for (const { url, result } of level2Results) checked.set(url, result);

  const broken = [...checked.entries()]
    .filter(([, result]) => result.status !== 200)
    .map(([url, result]) => `${pathOf(url)} → ${result.status}${result.finalUrl !== url ? ` (via ${pathOf(result.finalUrl)})` : ''}, linked from ${linkedFrom.get(url)}`)
    .sort();
  console.log(`[crawl] ${checked.size} internal URLs checked (${level1.length} from home, the menu and the footer); ${broken.length} not 200`);
  expect(broken).toEqual([]);
});
