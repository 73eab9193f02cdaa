/**
 * Issue 12 §1: a browser test that fails on any Content-Security-Policy violation, against the
 * production build. An init script collects every `securitypolicyviolation` event (and Chromium's
 * console messages about the CSP or the Permissions-Policy) over:
 * - every template (home, frame pages, a detail page and the listing of every content type, the
 *   section route, contact, search);
 * - a client-side navigation to a page with its own CSS (Next inserts it as an inline <style>);
 * - the consent banner and the preferences dialog (and the consent cookie survives);
 * - a top-bar and a popup alert (read from WordPress in the browser: connect-src);
 * - a search typed in the header;
 * - the 404 page;
 * - a CMS body with images and an embed (images from the media host load: img-src; the paragraphs
 *   after the texturized embed show, issue 12 §2).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CONTENT_TYPES } from '../src/lib/shared/wordpress/contentTypes';
import { DESKTOP, launchBrowser, openPage, reportCspProblems, type CspProblems } from './helpers/browser';
import { firstItem, gotoHydrated, poll, siteUrl } from './helpers/site';


let browser: Browser;
const contexts: BrowserContext[] = [];
const problems: CspProblems = { violations: [], consoleProblems: [] };

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

beforeEach(() => {
  problems.violations = [];
  problems.consoleProblems = [];
});

afterEach(() => {
  // The rule of this file: no violation, whatever the step.
  expect(problems.violations).toEqual([]);
  expect(problems.consoleProblems).toEqual([]);
});

/** A fresh visitor whose every page reports CSP violations to the test; not announced as a bot (the consent banner shows). */
async function visitor(): Promise<Page> {
  const { context, page } = await openPage(browser, DESKTOP);
  contexts.push(context);
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'webdriver', { configurable: true, get: () => false });
  });
  await reportCspProblems(context, page, problems);
  return page;
}

/** Waits until the network is quiet, so late loads (chunks, alerts, consent) had their chance to violate. */
const quiet = (page: Page) => page.waitForLoadState('networkidle');

describe('issue 12 §1 no CSP violation anywhere on the production build', () => {
  test('every template: home, frame pages, contact, search, and a detail page and the listing of every content type', async () => {
    const page = await visitor();
    const paths = ['/', '/pages/secure-switching', '/pages/about-us-career', '/contact-us', '/search'];
    for (const type of CONTENT_TYPES) {
      paths.push((await firstItem(type.name)).path);
      if (type.listingPath) paths.push(type.listingPath);
    }
    for (const path of paths) {
      expect({ path, status: await gotoHydrated(page, path) }).toEqual({ path, status: 200 });
      await quiet(page);
    }
  });

  test('a client-side navigation to a page with its own CSS (inserted by Next as an inline <style>)', async () => {
    const page = await visitor();
    await gotoHydrated(page, '/contact-us');
    await page.evaluate(() => Object.assign(window, { __samePageLoad: true }));
    await page.locator('a[href="/about-us/news"]:visible').first().click();
    await page.waitForURL((url) => url.pathname === '/about-us/news');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Still the same document (a client-side navigation), and Next did insert the page's CSS inline.
    expect(await page.evaluate(() => (window as unknown as { __samePageLoad?: boolean }).__samePageLoad)).toBe(true);
    await poll(async () => ((await page.locator('style[data-n-href]').count()) > 0 ? true : undefined), { what: 'an inline <style data-n-href>' });
    // And on to an article, whose layout has CSS of its own again.
    await page.locator('main a[href^="/about-us/news/"]').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/about-us/news/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __samePageLoad?: boolean }).__samePageLoad)).toBe(true);
    await quiet(page);
  });

  test('the consent banner and the preferences dialog; the consent cookie is set and survives a reload; then the top bar and popup alerts', async () => {
    const page = await visitor();
    await gotoHydrated(page, '/about-us/news');
    const banner = page.getByRole('dialog', { name: 'We value your privacy' });
    await banner.getByRole('button', { name: 'Manage Individual preferences' }).click();
    const preferences = page.getByRole('dialog', { name: 'Cookie preferences' });
    await preferences.waitFor({ state: 'visible' });
    await preferences.getByRole('button', { name: 'Accept current selection' }).click();
    const cookie = await poll(async () => (await page.context().cookies()).find((c) => c.name === 'cc_cookie'), { what: 'the cc_cookie consent cookie' });
    expect(cookie.path).toBe('/');
    await page.reload();
    await quiet(page);
    expect(await banner.isVisible()).toBe(false);
    expect((await page.context().cookies()).find((c) => c.name === 'cc_cookie')?.value).toBe(cookie.value);

    // With consent given, the alerts show: read from WordPress by the browser.
    await gotoHydrated(page, '/contact-us');
    await page.getByRole('region', { name: 'Site notice' }).waitFor({ state: 'visible' });
    await page.getByRole('dialog', { name: 'New: DecisionPoint network' }).waitFor({ state: 'visible' });
    await quiet(page);
  });

  test('a search typed in the header', async () => {
    const page = await visitor();
    await gotoHydrated(page, '/');
    await page.getByRole('banner').locator('details > summary').click();
    const box = page.getByRole('search', { name: 'Site search' }).getByRole('searchbox', { name: 'Search the site' });
    await box.fill('payments');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    await page.getByRole('status').filter({ hasText: /results? for/ }).waitFor();
    await quiet(page);
  });

  test('the 404 page', async () => {
    const page = await visitor();
    expect(await gotoHydrated(page, '/no-such-page-anywhere')).toBe(404);
    await quiet(page);
  });

  test('a CMS body with images and an embed: the images load from the media host, the paragraphs after the broken embed show', async () => {
    const page = await visitor();
    for (const path of ['/resources/blogs/five-signs-your-terminal-estate-needs-attention', '/resources/blogs/what-payment-orchestration-means-for-multi-site-merchants']) {
      expect(await gotoHydrated(page, path)).toBe(200);
      await quiet(page);
      const images = page.locator('main article img, main img');
      expect(await images.count()).toBeGreaterThan(1);
      for (const img of await images.all()) {
        await img.scrollIntoViewIfNeeded();
        await poll(async () => ((await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)) ? true : undefined), {
          what: `${await img.getAttribute('src')} to load`,
        });
      }
    }
    await page.goto(siteUrl('/resources/blogs/five-signs-your-terminal-estate-needs-attention'));
    await page.getByText('Estate management in 90 seconds').waitFor();
    await page.getByText(/Devices must also keep their/).waitFor();
    await quiet(page);
  });
});
