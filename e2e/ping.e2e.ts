/**
 * The page-view ping in real Chromium (spec §7 "Ping"): exactly one POST /api/ping with JSON
 * {page: location.pathname} per page load — none on client-side navigation, none twice under
 * React StrictMode — and the answer is ignored.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage } from './helpers/browser';
import { poll, siteUrl } from './helpers/site';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let pings: { method: string; contentType: string | undefined; body: unknown }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, DESKTOP));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/ping') return;
    let body: unknown = request.postData();
    try {
      body = request.postDataJSON();
    } catch {
      // keep the text
    }
    pings.push({ method: request.method(), contentType: request.headers()['content-type'], body });
  });
});

beforeEach(() => {
  pings = [];
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function settle(): Promise<void> {
  await page.waitForLoadState('networkidle');
}

const waitForPings = (count: number) =>
  poll(async () => (pings.length >= count ? pings : undefined), { what: `${count} ping(s)` });

describe('page-view ping (spec §7)', () => {
  test('spec §7 exactly one ping per page load, POST JSON {page: pathname} (no query, no fragment)', async () => {
    await page.goto(siteUrl('/about-us/news?utm_source=newsletter#latest'));
    await waitForPings(1);
    await settle();
    expect(pings).toEqual([{ method: 'POST', contentType: 'application/json', body: { page: '/about-us/news' } }]);
  });

  test('spec §7 no ping on client-side navigation; a new page load sends one more', async () => {
    await page.goto(siteUrl('/'));
    await waitForPings(1);
    await settle();
    await page.evaluate(() => {
      (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
    });
    const link = page.locator('a[href="/contact-us"]:visible').first();
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await page.waitForURL('**/contact-us');
    await settle();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(pings.map((p) => p.body)).toEqual([{ page: '/' }]);

    await page.reload();
    await waitForPings(2);
    await settle();
    expect(pings.map((p) => p.body)).toEqual([{ page: '/' }, { page: '/contact-us' }]);
  });

  test('spec §7 the ping is sent on the test pages and the 404 page too, with their own path', async () => {
    for (const [path, count] of [
      ['/pages/page-test-2', 1],
      ['/pages/no-such-page-e2e', 2],
    ] as const) {
      await page.goto(siteUrl(path));
      await waitForPings(count);
      await settle();
    }
    expect(pings.map((p) => p.body)).toEqual([{ page: '/pages/page-test-2' }, { page: '/pages/no-such-page-e2e' }]);
  });
});
