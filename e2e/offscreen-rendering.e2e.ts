/**
 * Issue 19: what a visitor has not scrolled to is not laid out at load. Page bands (`.section`),
 * the footer and the self-contained blocks of a CMS body are `content-visibility: auto`
 * (src/styles/globals.css, "Off-screen regions"): Chromium skips them until they come near the
 * viewport. What containment would draw differently is never contained: text blocks (they wrap
 * around floats), floats, captioned figures, and boxes holding media or embeds.
 *
 * `checkVisibility({ contentVisibilityAuto: true })` is false for an element inside a box whose
 * rendering is skipped (the box itself keeps a placeholder size and counts as visible), so these
 * tests read a contained box's first child.
 */
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage, settled } from './helpers/browser';
import { gotoHydrated } from './helpers/site';

const PHONE = { width: 412, height: 823 };
const ARTICLE = '/resources/blogs/blocks-showcase';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Whether the contents of each element matching `selector` are drawn (not skipped), and its computed content-visibility. */
function rendering(page: Page, selector: string): Promise<{ drawn: boolean; contentVisibility: string }[]> {
  return page.$$eval(selector, (elements) =>
    elements.map((element) => ({
      drawn: (element.firstElementChild ?? element).checkVisibility({ contentVisibilityAuto: true }),
      contentVisibility: getComputedStyle(element).contentVisibility,
    })),
  );
}

/** Resolves once the contents of the element matching `selector` are drawn. */
function drawn(page: Page, selector: string): Promise<unknown> {
  return page.waitForFunction((s) => document.querySelector(s)?.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }), selector);
}

async function open(path: string, viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await openPage(browser, viewport);
  expect(await gotoHydrated(page, path)).toBe(200);
  await settled(page);
  return page;
}

describe('off-screen regions are rendered when near the viewport (issue 19)', () => {
  test('block-rich article on a phone: the footer and a far contained block are skipped at load and drawn when scrolled to', async () => {
    const page = await open(ARTICLE, PHONE);
    const far = '.prose > div.wp-block-group:last-of-type';
    expect(await rendering(page, 'footer')).toEqual([{ drawn: false, contentVisibility: 'auto' }]);
    expect(await rendering(page, far)).toEqual([{ drawn: false, contentVisibility: 'auto' }]);

    await page.locator(far).scrollIntoViewIfNeeded();
    await drawn(page, far);
    await page.locator('footer').scrollIntoViewIfNeeded();
    await drawn(page, 'footer');
    // Drawn, it has its own height, not the placeholder's.
    const footerHeight = await page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().height);
    expect(footerHeight).toBeGreaterThan(0);
    await page.context().close();
  });

  test('what containment would change is never contained: text blocks, floats, captioned figures, media and embeds', async () => {
    const page = await open(ARTICLE, PHONE);
    const never = [
      '.prose > p',
      '.prose > h2',
      '.prose > blockquote',
      '.prose > .alignright',
      '.prose > figure:not(.wp-block-gallery):has(> figcaption)',
      '.prose > :has(video)',
      '.prose > :has(audio)',
      '.prose > :has(.site-embed)',
      '.prose > details',
    ];
    for (const selector of never) {
      const found = await rendering(page, selector);
      expect({ selector, found: found.length > 0 }).toEqual({ selector, found: true });
      expect({ selector, values: [...new Set(found.map((f) => f.contentVisibility))] }).toEqual({ selector, values: ['visible'] });
    }
    // Contained kinds are there too (the rule is not vacuous): groups and columns, galleries, pull quotes, code.
    for (const selector of ['.prose > div.wp-block-group', '.prose > figure.wp-block-gallery', '.prose > figure.wp-block-pullquote', '.prose > pre']) {
      const found = await rendering(page, selector);
      expect({ selector, values: [...new Set(found.map((f) => f.contentVisibility))] }).toEqual({ selector, values: ['auto'] });
    }
    await page.context().close();
  });

  test('video and audio in the body load their metadata at load, without a scroll', async () => {
    const page = await open(ARTICLE, PHONE);
    await page.waitForFunction(() => {
      const media = Array.from(document.querySelectorAll<HTMLMediaElement>('.prose video, .prose audio'));
      return media.length > 0 && media.every((m) => m.readyState >= 1);
    });
    await page.context().close();
  });

  test('home at 1280 px: the bands in view are drawn, the last band is skipped until scrolled to', async () => {
    const page = await open('/', DESKTOP);
    const bands = await page.$$eval('main .section', (sections) =>
      sections.map((section) => ({
        inView: section.getBoundingClientRect().top < innerHeight,
        drawn: (section.firstElementChild ?? section).checkVisibility({ contentVisibilityAuto: true }),
      })),
    );
    expect(bands.length).toBeGreaterThan(2);
    expect(bands.filter((band) => band.inView).every((band) => band.drawn)).toBe(true);
    expect(bands[bands.length - 1]).toEqual({ inView: false, drawn: false });
    await page.context().close();
  });
});
