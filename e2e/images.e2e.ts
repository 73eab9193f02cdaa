/**
 * Rules (issue 13, docs/images.md): a phone downloads a phone-sized copy of WordPress images, not
 * the original; the page's main image stays eager with high fetch priority and keeps its width and
 * height (no layout shift).
 *
 * In Chromium at 375 × 812 px with a device pixel ratio of 2: the large-photo article's featured
 * image and the card services hero (the same 2400 × 1260 photo; the hero stores it as a bare URL)
 * show the 768 px copy WordPress made, and no request for the original is made.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, MOBILE, openPage } from './helpers/browser';
import { siteUrl } from './helpers/site';

const PHOTO = '2025/12/farmers-market';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

// A fresh phone context per test (a closed network, as every page of the tests): nothing cached from the test before.
beforeEach(async () => {
  ({ context, page } = await openPage(browser, MOBILE, { deviceScaleFactor: 2, isMobile: true, hasTouch: true }));
});

afterEach(async () => {
  await context.close();
});

async function photoOn(path: string): Promise<{ requested: string[]; main: Record<string, string | boolean | null | undefined> }> {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(PHOTO)) requested.push(request.url().replace(/^.*\//, ''));
  });
  const response = await page.goto(siteUrl(path), { waitUntil: 'load' });
  expect(response?.status()).toBe(200);
  await page.waitForFunction((photo) => [...document.querySelectorAll('img')].some((i) => i.src.includes(photo) && i.complete && i.currentSrc), PHOTO);
  const main = await page.evaluate((photo) => {
    const img = [...document.querySelectorAll('img')].find((i) => i.src.includes(photo));
    if (!img) return {};
    return {
      currentSrc: img.currentSrc.replace(/^.*\//, ''),
      srcset: !!img.getAttribute('srcset'),
      sizes: img.getAttribute('sizes'),
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      loading: img.getAttribute('loading'),
      fetchpriority: img.getAttribute('fetchpriority'),
    };
  }, PHOTO);
  return { requested, main };
}

describe('a phone downloads the copy of a WordPress image that fills its slot', () => {
  test('the large-photo article: its featured image is the 768 px copy, eager with high priority, its size declared', async () => {
    const { requested, main } = await photoOn('/resources/blogs/saturday-at-the-farmers-market-payments-in-the-open-air');
    expect(main).toMatchObject({ currentSrc: 'farmers-market-768x403.webp', srcset: true, width: '2400', height: '1260', loading: 'eager', fetchpriority: 'high' });
    expect(requested).toEqual(['farmers-market-768x403.webp']);
  });

  test('the card services hero (a frame image stored as a bare URL) is the same 768 px copy', async () => {
    const { requested, main } = await photoOn('/pages/card-services');
    expect(main).toMatchObject({ currentSrc: 'farmers-market-768x403.webp', srcset: true, width: '2400', height: '1260', loading: 'eager', fetchpriority: 'high' });
    expect(requested).toEqual(['farmers-market-768x403.webp']);
  });
});
