/**
 * Vercel Web Analytics and Speed Insights in real Chromium (spec §4 "Analytics and speed
 * components", §2 test pages, §7 third-party services).
 *
 * The harness builds the site off Vercel (NEXT_PUBLIC_VERCEL_ENV unset), where the scripts do not
 * exist (/_vercel/… would 404), so the components must load nothing anywhere — even with analytics
 * consent, on ordinary pages, on the two test pages and after client-side navigation. The gating
 * rules themselves (browser only, consent, test pages, route/path page views, Vercel environment)
 * are proved in jest: __tests__/analytics/SiteAnalytics.test.tsx.
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage, type PageErrors } from './helpers/browser';
import { siteUrl } from './helpers/site';

const TEST_PAGES = ['/pages/get-in-touch-media-relations-salesforce-test-page', '/pages/page-test-2'];

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: PageErrors;
const analyticsRequests: string[] = [];

/** The libraries' script and beacon addresses (not the site's own `/resources/insights` chunks). */
const ANALYTICS_ADDRESS = /\/_vercel\/|va\.vercel-scripts\.com|vitals\.vercel-insights\.com/;
const isAnalyticsRequest = (request: Request) => ANALYTICS_ADDRESS.test(request.url());

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await openPage(browser, DESKTOP);
  ({ context, page, errors } = opened);
  await context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'webdriver', { configurable: true, get: () => false }),
  );
  page.on('request', (request) => {
    if (isAnalyticsRequest(request)) analyticsRequests.push(request.url());
  });
  // Analytics consent given: the only gate left is the environment (and the test pages).
  await page.goto(siteUrl('/'));
  await page.getByRole('dialog', { name: 'We value your privacy' }).getByRole('button', { name: 'Accept all' }).click();
  await page.waitForFunction(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).some((e) => Array.from(e as ArrayLike<unknown>)[1] === 'update'),
  );
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function noAnalyticsOnPage(): Promise<void> {
  await page.waitForLoadState('networkidle');
  const injected = await page.evaluate(() => ({
    scripts: [...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src') ?? ''),
    va: typeof (window as unknown as { va?: unknown }).va,
    si: typeof (window as unknown as { si?: unknown }).si,
  }));
  // A webpack build names page chunks after their routes (`…/resources/insights/…`): only the
  // libraries' own addresses count.
  expect({ ...injected, scripts: injected.scripts.filter((src) => ANALYTICS_ADDRESS.test(src)) }).toEqual({ scripts: [], va: 'undefined', si: 'undefined' });
}

describe('analytics and speed measurement off Vercel (spec §4, §7)', () => {
  test.each(['/', '/about-us/news', '/pages/secure-switching', ...TEST_PAGES])(
    'spec §7 no /_vercel request and no analytics script on %s (NEXT_PUBLIC_VERCEL_ENV unset), with analytics consent',
    async (path) => {
      const response = await page.goto(siteUrl(path));
      expect(response?.status()).toBe(200);
      await noAnalyticsOnPage();
      expect(analyticsRequests).toEqual([]);
    },
  );

  test('spec §2 test pages: nothing after a client-side navigation into a test page either', async () => {
    await page.goto(siteUrl('/'));
    await page.evaluate(() => {
      (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
    });
    // Client-side navigation through Next's router (the test pages are not in the menu).
    await page.evaluate((path) => (window as unknown as { next: { router: { push(p: string): Promise<boolean> } } }).next.router.push(path), TEST_PAGES[1] as string);
    await page.waitForURL(`**${TEST_PAGES[1]}`);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await noAnalyticsOnPage();
    expect(analyticsRequests).toEqual([]);
    expect(errors.blocked.filter((url) => /vercel/.test(url))).toEqual([]);
    expect(errors.pageErrors).toEqual([]);
  });
});
