/**
 * Screenshots for people to look at (not compared automatically): full-page PNGs at 1280 and
 * 375 px of home, an fp_page, a news article and the news listing, in e2e/artifacts/.
 * Each page must answer 200 and throw no uncaught error while it loads.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Request } from 'playwright-core';
import { ARTIFACTS_DIR } from './harness/config';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './helpers/browser';
import { PING_ENDPOINT } from '../src/lib/spec/ping';
import { firstItem, gotoHydrated, poll } from './helpers/site';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

const PAGES: [string, () => Promise<string>][] = [
  ['home', async () => '/'],
  ['fp-page-secure-switching', async () => '/pages/secure-switching'],
  ['news-article', async () => (await firstItem('news')).path],
  ['news-listing', async () => '/about-us/news'],
];

describe('screenshots at 1280 and 375 px (e2e/artifacts/)', () => {
  const cases = PAGES.flatMap(([name, pathOf]) => [DESKTOP, MOBILE].map((viewport) => [`${name}-${viewport.width}`, pathOf, viewport] as const));
  test.each(cases)('%s', async (name, pathOf, viewport) => {
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      const target = await pathOf();
      // The requests still open. The page-view ping is not waited for: its answer is ignored and
      // changes nothing on screen (in CI it stayed open for 30 s, twice, right after the preview
      // suite; not explained yet, and not this test's subject: e2e/ping.e2e.ts tests the ping).
      const open = new Map<Request, string>();
      page.on('request', (request) => open.set(request, `${request.method()} ${request.url()}`));
      page.on('requestfinished', (request) => open.delete(request));
      page.on('requestfailed', (request) => open.delete(request));
      expect({ target, status: await gotoHydrated(page, target) }).toEqual({ target, status: 200 });
      // Alerts and other browser-side reads arrive after load: let them land first (nothing but the
      // ping open for 500 ms; a failure names what stayed open).
      const waiting = () => [...open.values()].filter((line) => !line.endsWith(PING_ENDPOINT));
      let quietSince = Date.now();
      await poll(
        async () => {
          const pending = waiting();
          if (pending.length > 0) {
            quietSince = Date.now();
            throw new Error(`still open: ${pending.join(', ')}`);
          }
          return Date.now() - quietSince >= 500 ? true : undefined;
        },
        { timeoutMs: 30_000, what: `${target} at ${viewport.width} px: the page's requests to finish` },
      );
      // Load and decode every image now (lazy ones too), and wait for web fonts, before the picture is taken.
      await page.evaluate(async () => {
        const images = Array.from(document.images);
        for (const img of images) if (img.loading === 'lazy') img.loading = 'eager';
        const settled = Promise.all(images.map((img) => img.decode().catch(() => undefined))).then(() => document.fonts.ready);
        await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      });
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
      expect(errors.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
