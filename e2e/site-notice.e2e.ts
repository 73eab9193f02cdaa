/**
 * Rule: the site notice (the "Top bar" alert, read in the browser after load) covers nothing at the
 * top of the page: when a page opens with the notice shown, its h1 and its breadcrumb are fully
 * visible, at 1280 and at 375 px. (Found on the screenshots: the notice is a fixed overlay under
 * the header, so whatever the page shows first can end up beneath it.)
 *
 * The seed has one enabled top-bar alert; a fresh browser context has dismissed nothing.
 */
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './helpers/browser';
import { firstItem, gotoHydrated } from './helpers/site';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

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
      // Wait until it has stopped moving (it slides in).
      await page.waitForFunction(
        () =>
          new Promise<boolean>((resolve) => {
            const el = document.querySelector('[aria-label="Site notice"]');
            const before = el?.getBoundingClientRect().bottom;
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(el?.getBoundingClientRect().bottom === before)));
          }),
      );
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
