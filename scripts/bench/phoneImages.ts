import { launchBrowser } from '../../e2e/helpers/browser';

/**
 * What a phone downloads in images for one page (issue 13): Chromium at 375 × 812 CSS px with a
 * device pixel ratio of 2 (a common phone), a first visit, until the network is idle (lazy images
 * the browser decides to fetch count too). Every image response's bytes are summed.
 *
 * For comparison, the bytes of each shown image's `src` (the original upload: what the page sent
 * before it had a srcset) are read from the server, and the page's main image (the eager,
 * high-priority one) is named with its original's bytes: the budget is a share of those.
 */

export const PHONE = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 } as const;

export interface PhoneImage {
  /** The URL the browser chose (`currentSrc`). */
  url: string;
  /** Bytes downloaded for it. */
  bytes: number;
  /** The image's `src` and its bytes: what a browser without srcset would have downloaded. */
  src: string;
  srcBytes: number;
  /** The eager, high-priority image (the page's LCP candidate). */
  main: boolean;
}

export interface PhoneImagesResult {
  images: PhoneImage[];
  /** Every image response's bytes (images not shown, such as icons, included). */
  totalBytes: number;
  /** The same images at their `src` (no srcset). */
  withoutSrcsetBytes: number;
  /** The main image's original (`src`) bytes, or null when the page has no main image. */
  mainOriginalBytes: number | null;
}

/** The budget's figures from a measurement: pure, for the table. */
export function phoneImageShare(result: PhoneImagesResult): number | null {
  return result.mainOriginalBytes ? result.totalBytes / result.mainOriginalBytes : null;
}

async function bytesOf(url: string): Promise<number> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

export async function measurePhoneImages(url: string): Promise<PhoneImagesResult> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ ...PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
    // A closed network: a request that leaves the machine would keep the network from going idle.
    const local = new Set(['127.0.0.1', 'localhost', '[::1]', new URL(url).hostname]);
    await context.route('**/*', (route) => {
      const { hostname, protocol } = new URL(route.request().url());
      return protocol === 'data:' || local.has(hostname) ? route.continue() : route.abort('blockedbyclient');
    });
    const page = await context.newPage();
    const downloaded = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'image') return;
      pending.push(
        response
          .body()
          .then((body) => {
            downloaded.set(response.url(), (downloaded.get(response.url()) ?? 0) + body.length);
          })
          .catch(() => undefined),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('img')]
        .filter((img) => img.currentSrc && img.complete)
        .map((img) => ({ url: img.currentSrc, src: img.src, main: img.getAttribute('fetchpriority') === 'high' })),
    );
    const images: PhoneImage[] = [];
    for (const image of shown) {
      if (images.some((seen) => seen.url === image.url)) continue;
      const srcBytes = await bytesOf(image.src);
      images.push({ ...image, bytes: downloaded.get(image.url) ?? 0, srcBytes });
    }
    await context.close();
    const totalBytes = [...downloaded.values()].reduce((a, b) => a + b, 0);
    const shownBytes = images.reduce((a, b) => a + b.bytes, 0);
    const withoutSrcsetBytes = totalBytes - shownBytes + images.reduce((a, b) => a + b.srcBytes, 0);
    const main = images.find((image) => image.main);
    return { images, totalBytes, withoutSrcsetBytes, mainOriginalBytes: main ? main.srcBytes : null };
  } finally {
    await browser.close();
  }
}
