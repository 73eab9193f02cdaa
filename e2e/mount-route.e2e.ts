/**
 * Issue 19: no page makes a route change of its own once hydrated. Next's router "replaces" a
 * page by itself on mount when the proxy matches the page (`initialMatchesMiddleware`): a full
 * route change inside the hydration's commit, which also fetches the page's stylesheet again.
 * proxy.ts matches every page only to tag it with surrogate keys, so the browser build leaves
 * that matcher out (src/lib/site/browserProxyMatchers.ts) and keeps the ones that route.
 *
 * What is checked: after a page has settled, its stylesheets were loaded once, by the document,
 * never by a `fetch`; and a client-side navigation to an address the proxy redirects still
 * follows the redirect, in the same document.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, MOBILE, openPage, routerReady } from './helpers/browser';
import { siteUrl } from './helpers/site';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, MOBILE));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** The page's stylesheet files requested by script (`fetch`), as Next's route loader does when it loads the current route again. */
function stylesheetsFetched(): Promise<string[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType === 'fetch' && new URL(entry.name).pathname.endsWith('.css'))
      .map((entry) => new URL(entry.name).pathname),
  );
}

describe('issue 19: no route change of its own after hydration', () => {
  test.each([
    ['the home page', '/'],
    ['an article', '/resources/blogs/blocks-showcase'],
    ['a listing', '/about-us/news'],
    ['a frame page', '/contact-us'],
  ])('%s: settled, its stylesheets were loaded by the document only, none fetched again', async (_name, path) => {
    await page.goto(siteUrl(path));
    await routerReady(page);
    await page.waitForLoadState('networkidle');
    expect(await stylesheetsFetched()).toEqual([]);
    // It did load stylesheets: the check looks where a fetch would show.
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('.css')))).toBe(true);
  });

  test('a client-side navigation to a redirected address (/news) still follows the proxy, in the same document', async () => {
    await page.goto(siteUrl('/'));
    await routerReady(page);
    await page.evaluate(() => {
      (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
      void (window as unknown as { next: { router: { push(url: string): Promise<boolean> } } }).next.router.push('/news');
    });
    await page.waitForURL('**/about-us/news');
    // The address can change a moment before the new page is committed: wait for its heading, then read it.
    await page.locator('h1', { hasText: /^News$/ }).first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    await expect(page.locator('h1').first().textContent()).resolves.toBe('News');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});
