/**
 * Rule: the site notice (the "Top bar" alert, read in the browser after load) covers nothing at the
 * top of the page: when a page opens with the notice shown, its h1 and its breadcrumb are fully
 * visible, at 1280 and at 375 px. (Found on the screenshots: the notice is a fixed overlay under
 * the header, so whatever the page shows first can end up beneath it.)
 *
 * The seed has one enabled top-bar alert; a fresh browser context has dismissed nothing.
 */
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage, settled } from './helpers/browser';
import { firstItem, gotoHydrated } from './helpers/site';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Waits until the page has settled with the notice shown: the bar has been measured (its height
 * applies to <main>, from a ResizeObserver callback), then nothing is moving (`settled`: the bar
 * slides in; <main> follows with a transition of its own, started only once the bar is measured).
 * Waiting for the bar alone to stop moving was not enough: in one CI run (2026-11-27) the check
 * then found <main> not yet moved at all, the listing's breadcrumb 61 px up, under the bar. It did
 * not happen again here in 130 runs on a loaded machine, so which of the two was late is not known;
 * this waits for both. If the bar is never measured, the check runs anyway and reports what it finds.
 */
async function settledWithNotice(page: Page): Promise<void> {
  await page
    .waitForFunction(() => getComputedStyle(document.querySelector('main')!).getPropertyValue('--site-notice-offset') !== '0px', undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await settled(page);
}

const PAGES: [string, () => Promise<string>][] = [
  ['home', async () => '/'],
  ['an fp_page', async () => '/pages/secure-switching'],
  ['a news article', async () => (await firstItem('news')).path],
  ['a listing page', async () => '/about-us/news'],
];

describe('the site notice covers neither the h1 nor the breadcrumb', () => {
  const cases = PAGES.flatMap(([name, pathOf]) => [DESKTOP, MOBILE].map((viewport) => [`${name} at ${viewport.width} px`, pathOf, viewport] as const));
  test.each(cases)('%s', async (_name, pathOf, viewport) => {
    const { context, page } = await openPage(browser, viewport);
    try {
      const path = await pathOf();
      expect({ path, status: await gotoHydrated(page, path) }).toEqual({ path, status: 200 });
      const notice = page.getByRole('region', { name: 'Site notice' });
      await notice.waitFor({ state: 'visible', timeout: 15_000 });
      await settledWithNotice(page);
      const covered = await page.evaluate(() => {
        const bar = document.querySelector('[aria-label="Site notice"]')?.getBoundingClientRect();
        if (!bar) return ['the notice went away'];
        return Array.from(document.querySelectorAll('main h1, main nav[aria-label="Breadcrumb"]')).flatMap((el) => {
          const r = el.getBoundingClientRect();
          if (r.height === 0 || r.bottom <= bar.top || r.top >= bar.bottom) return [];
          const name = el.tagName === 'H1' ? 'h1' : 'breadcrumb';
          const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
          return [`${name} “${text}” spans y ${Math.round(r.top)}–${Math.round(r.bottom)}, the notice y ${Math.round(bar.top)}–${Math.round(bar.bottom)}`];
        });
      });
      expect({ path, covered }).toEqual({ path, covered: [] });
    } finally {
      await context.close();
    }
  });
});
