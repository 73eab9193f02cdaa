/**
 * Issue 19: a video block's player is not drawn while it is off-screen (`content-visibility: auto`
 * in src/styles/globals.css).
 *
 * Why: Chromium's media controls start a loading spinner, four endless CSS animations in their
 * shadow tree, on every page with a video, wherever the video sits. On the block-rich article,
 * six screens above its video, that was about 100 extra main-thread frames in the first two
 * seconds (docs/performance.md, "Issue 19: twelfth session").
 *
 * What is checked, in Chromium on a phone-sized page: loaded, no animation runs inside the video's
 * player, and its metadata has loaded all the same; brought into view, the player keeps the height
 * it had while skipped, so nothing below it moves.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser, MOBILE, openPage } from './helpers/browser';
import { gotoHydrated, poll } from './helpers/site';

const ARTICLE = '/resources/blogs/blocks-showcase';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
/** Each animation started in the page, named with the element whose shadow tree holds it (`document` when none does). */
const started: { name: string; host: string }[] = [];

/** The outermost shadow host above a node: `VIDEO` for anything inside a video's player. */
const OUTERMOST_HOST = `function () {
  let host = 'document';
  for (let root = this.getRootNode(); root instanceof ShadowRoot; root = root.host.getRootNode()) host = root.host.tagName;
  return host;
}`;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, MOBILE));
  cdp = await context.newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('Animation.enable');
  cdp.on('Animation.animationStarted', ({ animation }) => {
    const backendNodeId = animation.source?.backendNodeId;
    if (!backendNodeId) return;
    void (async () => {
      const { object } = await cdp.send('DOM.resolveNode', { backendNodeId });
      const { result } = await cdp.send('Runtime.callFunctionOn', { objectId: object.objectId, functionDeclaration: OUTERMOST_HOST, returnByValue: true });
      started.push({ name: animation.name, host: String(result.value) });
    })().catch(() => started.push({ name: animation.name, host: 'unresolved' }));
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

interface Video {
  top: number;
  height: number;
  readyState: number;
}

function video(): Promise<Video> {
  return page.evaluate(() => {
    const element = document.querySelector<HTMLVideoElement>('.wp-body .wp-block-video video');
    if (!element) throw new Error('the block-rich article has no video block');
    const box = element.getBoundingClientRect();
    return { top: box.top + window.scrollY, height: box.height, readyState: element.readyState };
  });
}

describe('issue 19: a video block off-screen is not drawn, and loads as before', () => {
  test('loaded, no animation runs in the player of a video several screens down, and its metadata has loaded', async () => {
    started.length = 0;
    await gotoHydrated(page, ARTICLE);
    await page.waitForLoadState('networkidle');
    // The page's own animations are seen (the header's, the top bar's): the recording works.
    await poll(async () => (started.some((a) => a.host === 'document') ? true : undefined), { what: "an animation of the page's own" });

    const before = await video();
    expect(before.top).toBeGreaterThan(2 * MOBILE.height);
    expect(started.filter((a) => a.host === 'VIDEO')).toEqual([]);
    // HAVE_METADATA or better: skipping the player does not stop the video loading.
    await poll(async () => ((await video()).readyState >= 1 ? true : undefined), { what: "the video's metadata" });
  });

  test('brought into view, the player is drawn at the height it had while skipped (16:9, the fixture\'s shape): nothing below it moves', async () => {
    await gotoHydrated(page, ARTICLE);
    await page.waitForLoadState('networkidle');
    const skipped = await video();
    const below = () => page.evaluate(() => document.querySelector('.wp-body .wp-block-video')!.nextElementSibling!.getBoundingClientRect().top + window.scrollY);
    const belowSkipped = await below();

    await page.evaluate(() => document.querySelector('.wp-body .wp-block-video video')!.scrollIntoView({ block: 'center' }));
    // Drawn: its player's shadow tree is laid out, so the video reports its own size.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const drawn = await video();
    expect(drawn.readyState).toBeGreaterThanOrEqual(1);
    expect(Math.abs(drawn.height - skipped.height)).toBeLessThan(1);
    expect(Math.abs((await below()) - belowSkipped)).toBeLessThan(1);
  });
});
