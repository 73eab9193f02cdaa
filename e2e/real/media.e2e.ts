/**
 * Issue 9 §3 "media on the WordPress host loads", against the real WordPress: the seed's images
 * were uploaded through WordPress's own media library (files under its `wp-content/uploads`), and
 * every image of a frame page with a hero and of an article with a featured image loads in the
 * browser from WordPress's host.
 */
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage, type PageErrors } from '../helpers/browser';
import { firstItem, gotoHydrated, readState } from '../helpers/site';

let browser: Browser;
let page: Page;
let errors: PageErrors;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors } = await openPage(browser, DESKTOP));
});

afterAll(async () => {
  await browser?.close();
});

/** Every `<img>` of the page, scrolled into view so lazy ones load, with what the browser made of it. */
async function images(path: string): Promise<{ src: string; loaded: boolean }[]> {
  expect(await gotoHydrated(page, path)).toBe(200);
  const count = await page.locator('main img').count();
  for (let i = 0; i < count; i++) await page.locator('main img').nth(i).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.querySelectorAll('main img')].every((img) => (img as HTMLImageElement).complete));
  return page.$$eval('main img', (list) => list.map((img) => ({ src: (img as HTMLImageElement).currentSrc, loaded: (img as HTMLImageElement).naturalWidth > 0 })));
}

describe('issue 9 §3 media on the WordPress host loads', () => {
  test.each([
    ['a frame page with a hero', async () => '/pages/secure-switching'],
    ['a blog article with a featured image', async () => (await firstItem('blog')).path],
  ])('%s: every image loads from WordPress’s uploads', async (_what, path) => {
    const found = await images(await path());
    expect(found.length).toBeGreaterThan(0);
    const wordpress = new URL(readState().wordpressUrl).origin;
    for (const image of found) {
      expect(image).toEqual({ src: expect.stringMatching(/\/wp-content\/uploads\//), loaded: true });
      expect(new URL(image.src).origin).toBe(wordpress);
    }
    expect(errors.pageErrors).toEqual([]);
  });
});
