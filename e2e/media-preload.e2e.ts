/**
 * Issue 19: audio in a CMS body loads nothing while the page loads, and loads its metadata before
 * the visitor reaches it (src/lib/media/deferredPreload.ts). Without this, Chromium fetched the
 * block-rich article's 32 kB audio file at load, beside the hero image and the page's scripts, for
 * a player some six screens down.
 *
 * What is checked, in Chromium on a phone-sized page: after the page has settled the audio file has
 * not been requested and the player says `preload="none"`; scrolled to within a screen of it, the
 * file is requested, the player has its own `preload` back and its metadata (its duration shows).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, MOBILE, openPage } from './helpers/browser';
import { gotoHydrated, siteUrl } from './helpers/site';

const ARTICLE = '/resources/blogs/blocks-showcase';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const mediaRequests: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, MOBILE));
  page.on('request', (request) => {
    if (request.resourceType() === 'media') mediaRequests.push(request.url());
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

interface Player {
  src: string;
  preload: string | null;
  readyState: number;
  top: number;
}

function players(): Promise<Player[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLAudioElement>('.wp-body audio')).map((audio) => ({
      src: audio.currentSrc || audio.src,
      preload: audio.getAttribute('preload'),
      readyState: audio.readyState,
      top: audio.getBoundingClientRect().top + window.scrollY,
    })),
  );
}

/** The article loaded as a document (its body is StaticHtml's kept markup). */
async function loadArticle(): Promise<void> {
  await gotoHydrated(page, ARTICLE);
}

/** The article reached by a client-side navigation from the home page (its body rendered by RichHtml). */
async function navigateToArticle(): Promise<void> {
  await gotoHydrated(page, '/');
  await page.evaluate((path) => (window as unknown as { next: { router: { push: (url: string) => Promise<boolean> } } }).next.router.push(path), ARTICLE);
  await page.waitForURL(siteUrl(ARTICLE));
  await page.locator('.wp-body audio').waitFor({ state: 'attached' });
}

describe('issue 19: audio loads nothing at load, and its metadata before the visitor reaches it', () => {
  test.each([
    ['loaded as a document', loadArticle],
    ['reached by a client-side navigation', navigateToArticle],
  ])('the block-rich article %s: settled, its audio file is not requested; within a screen of it, it is, and the player is ready', async (_how, open) => {
    mediaRequests.length = 0;
    await open();
    await page.waitForLoadState('networkidle');

    const [player] = await players();
    expect(player).toBeDefined();
    expect(player.preload).toBe('none');
    expect(player.readyState).toBe(0);
    // More than two screens down: a player within a screen would rightly have loaded already.
    expect(player.top).toBeGreaterThan(2 * MOBILE.height);
    expect(mediaRequests.filter((url) => url === player.src)).toEqual([]);

    // The player's top edge three quarters of a screen below the viewport's bottom edge.
    await page.evaluate((y) => window.scrollTo(0, y), player.top - 1.75 * MOBILE.height);
    await page.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('.wp-body audio');
      return audio !== null && audio.readyState >= 1;
    });
    const [after] = await players();
    expect(after.preload).toBeNull();
    expect(mediaRequests).toContain(player.src);
  });
});
