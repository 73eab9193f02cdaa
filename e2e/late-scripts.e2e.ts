/**
 * Issue 35: Next's scripts start after the page's largest paint (src/lib/shared/lateScripts.ts,
 * pages/_document.tsx), in Chromium:
 * - the large-photo article's largest paint is its featured image, and Next's first script is
 *   requested after that paint;
 * - the document has no `<script src>` of Next's in its markup, only the list and the snippet;
 * - every page is hydrated (Next's router is up) without a CSP violation, also one whose priority
 *   image never arrives (after LATE_SCRIPTS_FALLBACK_MS).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LARGE_PHOTO_ARTICLE } from '../scripts/bench/routes';
import { PAGE_SCRIPTS_ID } from '../src/lib/shared/lateScripts';
import { launchBrowser, MOBILE, openPage, routerReady } from './helpers/browser';
import { siteUrl } from './helpers/site';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function visit(path: string, setUp?: (context: BrowserContext) => Promise<void>, waitUntil: 'load' | 'domcontentloaded' = 'load'): Promise<{ page: Page; violations: string[] }> {
  const { context, page } = await openPage(browser, MOBILE);
  contexts.push(context);
  await setUp?.(context);
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(siteUrl(path), { waitUntil });
  return { page, violations };
}

/** The largest paint (its element and time) and when Next's first script was requested. */
function paintAndScripts(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ lcpElement: string; lcpTime: number; firstScript: number; scripts: number }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
          const lcp = entries[entries.length - 1];
          const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.initiatorType === 'script' && r.name.includes('/_next/static/'));
          resolve({
            lcpElement: lcp.element ? `${lcp.element.tagName.toLowerCase()}${lcp.element.getAttribute('fetchpriority') ? `[fetchpriority=${lcp.element.getAttribute('fetchpriority')}]` : ''}` : '',
            lcpTime: lcp.startTime,
            firstScript: Math.min(...scripts.map((r) => r.startTime)),
            scripts: scripts.length,
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

describe('issue 35: Next’s scripts start after the largest paint', () => {
  test('the large-photo article: the featured image is the largest paint, and Next’s first script is requested after it', async () => {
    const { page, violations } = await visit(LARGE_PHOTO_ARTICLE);
    await routerReady(page);
    const seen = await paintAndScripts(page);
    expect(seen.lcpElement).toBe('img[fetchpriority=high]');
    expect(seen.scripts).toBeGreaterThan(3);
    expect(seen.firstScript).toBeGreaterThan(seen.lcpTime);
    expect(violations).toEqual([]);
  });

  test('the document lists Next’s scripts instead of writing them', async () => {
    const html = await (await fetch(siteUrl(LARGE_PHOTO_ARTICLE))).text();
    expect(html).not.toMatch(/<script[^>]+src="[^"]*\/_next\/static\//);
    const list = new RegExp(`<script id="${PAGE_SCRIPTS_ID}" type="application/json">([^<]*)</script>`).exec(html)?.[1];
    const srcs = (JSON.parse(list ?? '[]') as { src: string }[]).map((s) => s.src);
    expect(srcs.some((src) => /\/_next\/static\/chunks\/main-/.test(src))).toBe(true);
    expect(srcs.some((src) => /\/_next\/static\/chunks\/framework-/.test(src))).toBe(true);
  });

  test('a priority image that never arrives: the page is hydrated all the same', async () => {
    const { page, violations } = await visit('/', async (context) => {
      // The hero image's request is held, never answered.
      await context.route(/\/wp-content\/uploads\//, () => new Promise(() => {}));
      // The page's load event never comes: its image never arrives.
    }, 'domcontentloaded');
    await routerReady(page);
    expect(violations).toEqual([]);
  });
});
