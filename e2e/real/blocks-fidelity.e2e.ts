/**
 * Issue 17, the fidelity test: each post of the block corpus (`__mocks__/wordpress/seed/blocks.ts`)
 * rendered twice, by WordPress with its own block theme (Twenty Twenty-Three, reached through
 * the test instance's theme view, scripts/real-wordpress/test-instance.php) and by the site built
 * on that WordPress, and compared in Chromium at 1280 and 390 px on what a reader sees, block by
 * block (e2e/helpers/fidelity): side by side or stacked, colours, font-size ratios, alignment,
 * spacer and cover heights, visible media, and the words.
 *
 * The figure per block (passed/total checks per width) goes to e2e/artifacts/blocks-fidelity.md
 * and .json; docs/blocks-fidelity.md keeps the table of the last run. A check that fails and is
 * not a known difference (e2e/helpers/fidelity/knownDifferences.ts) fails its post's test.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BLOCK_POSTS } from '../../__mocks__/wordpress/seed/blocks';
import { instance } from '../../scripts/real-wordpress/paths';
import { themeKey } from '../../scripts/real-wordpress/server';
import { ARTIFACTS_DIR } from '../harness/config';
import { launchBrowser, openPage, settled } from '../helpers/browser';
import { compareMeasures, figures, isKnown, markdownReport, type CheckResult } from '../helpers/fidelity/compare';
import { KNOWN_DIFFERENCES } from '../helpers/fidelity/knownDifferences';
import { measurePage } from '../helpers/fidelity/measure';
import { gotoHydrated, readState } from '../helpers/site';

const WIDTHS = [1280, 390] as const;
/** The post body: Twenty Twenty-Three's post content block; the site's CMS body. */
const WORDPRESS_BODY = ['.wp-block-post-content'];
const SITE_BODY = ['main .wp-body', 'main .prose'];

let browser: Browser;
const pages: Record<string, { wordpress: Page; site: Page }> = {};
const results: CheckResult[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const key = themeKey(instance());
  for (const width of WIDTHS) {
    const viewport = { width, height: 900 };
    const wordpress = await openPage(browser, viewport, { extraHTTPHeaders: { 'X-Payments-Theme-View': key } });
    const site = await openPage(browser, viewport);
    pages[width] = { wordpress: wordpress.page, site: site.page };
  }
});

afterAll(async () => {
  await browser?.close();
  if (results.length === 0) return;
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const report = {
    generated: new Date().toISOString(),
    widths: WIDTHS,
    figures: figures(results, KNOWN_DIFFERENCES),
    failed: results.filter((r) => !r.passed).map((r) => ({ ...r, known: isKnown(r, KNOWN_DIFFERENCES)?.reason ?? null })),
  };
  writeFileSync(path.join(ARTIFACTS_DIR, 'blocks-fidelity.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(ARTIFACTS_DIR, 'blocks-fidelity.md'), markdownReport(results, KNOWN_DIFFERENCES, WIDTHS));
});

/** Scrolls through the page so lazy media load, then waits for fonts, video and audio metadata, and animations. */
async function ready(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    window.scrollTo(0, 0);
    await document.fonts.ready;
  });
  // Video and audio: until each has its metadata, or has failed (the media check compares whether they load).
  await page
    .waitForFunction(() => Array.from(document.querySelectorAll('video, audio')).every((m) => (m as HTMLMediaElement).readyState >= 1 || (m as HTMLMediaElement).error !== null || (m as HTMLMediaElement).networkState === 3), null, { timeout: 10_000 })
    .catch(() => undefined);
  await settled(page);
}

describe('issue 17: each block looks on the site as WordPress’s own theme shows it (1280 and 390 px)', () => {
  const cases = BLOCK_POSTS.flatMap((post) => WIDTHS.map((width) => [post.slug, width] as const));
  test.each(cases)('%s at %i px', async (slug, width) => {
    const { wordpress, site } = pages[width];
    const response = await wordpress.goto(`${readState().wordpressUrl}/${slug}/`);
    expect({ theme: response?.status(), url: wordpress.url() }).toEqual({ theme: 200, url: `${readState().wordpressUrl}/${slug}/` });
    await ready(wordpress);
    expect(await gotoHydrated(site, `/resources/blogs/${slug}`)).toBe(200);
    await ready(site);
    const found = compareMeasures(slug, width, await measurePage(wordpress, WORDPRESS_BODY), await measurePage(site, SITE_BODY));
    results.push(...found);
    expect(found.length).toBeGreaterThan(0);
    const unexplained = found.filter((r) => !r.passed && !isKnown(r, KNOWN_DIFFERENCES)).map((r) => `${r.block}#${r.index} ${r.check}: ${r.detail}`);
    expect(unexplained).toEqual([]);
  });
});
