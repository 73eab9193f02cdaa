/**
 * Issue 9 §3 "media on the WordPress host loads", against the real WordPress: the seed's images
 * were uploaded through WordPress's own media library (files under its `wp-content/uploads`), and
 * every image of a frame page with a hero and of an article with a featured image loads in the
 * browser from WordPress's host.
 *
 * Issue 17: a frame image stored as a URL gets its attachment's sizes whatever the attachment's
 * name. An upload titled unlike its file name (its slug is the title's, so the site's slug guess
 * cannot find it) becomes the card services hero; through the plugin's `image_attachments`, a
 * phone gets at most 20 % of the original's bytes (scripts/bench/phoneImages.ts measures it).
 */
import type { Browser, Page } from 'playwright-core';
import { measurePhoneImages, phoneImageShare } from '../../scripts/bench/phoneImages';
import { DESKTOP, launchBrowser, openPage, type PageErrors } from '../helpers/browser';
import { adminRest } from '../helpers/realWordPress';
import { firstItem, gotoHydrated, poll, readState, siteUrl } from '../helpers/site';

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

describe('issue 17: a frame image stored as a URL gets its attachment\'s sizes whatever the attachment\'s title', () => {
  const admin = adminRest(60_000);
  const PAGE = '/pages/card-services';
  let heroId = 0;
  let heroImage: unknown = null;
  let uploadId = 0;

  afterAll(async () => {
    if (heroId) await admin.request('POST', `/wp/v2/frame/${heroId}`, { acf: { image: heroImage } });
    if (uploadId) await admin.request('DELETE', `/wp/v2/media/${uploadId}?force=true`);
  });

  test('an upload titled unlike its file name, as the offer page\'s hero: a phone gets at most 20 % of the original\'s bytes', async () => {
    const [page] = await admin.request<{ acf: { frames: number[] } }[]>('GET', '/wp/v2/fp_page?slug=card-services');
    for (const id of page.acf.frames) {
      const frame = await admin.request<{ id: number; acf: Record<string, unknown> }>('GET', `/wp/v2/frame/${id}`);
      if (frame.acf.frame_type === 'hero') {
        heroId = frame.id;
        heroImage = frame.acf.image;
        break;
      }
    }
    expect(heroId).toBeGreaterThan(0);
    // The seed's large photo, uploaded anew under a camera's file name with an editor's title.
    const [photo] = await admin.request<{ source_url: string }[]>('GET', '/wp/v2/media?slug=farmers-market');
    const bytes = new Uint8Array(await (await fetch(photo.source_url)).arrayBuffer());
    const name = `img-${Date.now()}`;
    const upload = await admin.request<{ id: number; slug: string; source_url: string }>(
      'POST',
      `/wp/v2/media?title=${encodeURIComponent('Harvest stall at dawn')}`,
      bytes,
      { 'Content-Type': 'image/jpeg', 'Content-Disposition': `attachment; filename="${name}.jpg"` },
    );
    uploadId = upload.id;
    expect(upload.slug).toMatch(/^harvest-stall-at-dawn/);
    expect(upload.source_url).toContain(`/${name}.jpg`);

    const frame = await admin.request<{ image_attachments: Record<string, { id: number }> }>('POST', `/wp/v2/frame/${heroId}`, { acf: { image: [upload.source_url] } });
    expect(frame.image_attachments[upload.source_url]?.id).toBe(upload.id);
    // The plugin's webhook regenerates the page.
    await poll(async () => ((await (await fetch(siteUrl(PAGE))).text()).includes(`${name}-768x403.webp`) ? true : undefined), {
      timeoutMs: 30_000,
      what: `${PAGE} to offer the new photo's copies`,
    });

    const result = await measurePhoneImages(siteUrl(PAGE));
    const main = result.images.find((image) => image.main);
    expect(main?.src).toContain(`/${name}.jpg`);
    // WordPress wrote the copies as WebP (the plugin's WebpCopies); the original stays JPEG.
    expect(main?.url).toContain(`/${name}-768x403.webp`);
    expect(result.mainOriginalBytes).toBe(bytes.byteLength);
    const share = phoneImageShare(result);
    console.log(`[media] ${PAGE} on a phone: ${result.totalBytes} B of images; the hero's original ${result.mainOriginalBytes} B; share ${share?.toFixed(3)}`);
    expect(share).not.toBeNull();
    expect(share!).toBeLessThanOrEqual(0.2);
  });
});
