/**
 * The site search in real Chromium (spec §1 "a site search", §7 "Search": POST /api/search):
 * - the header's search box leads to /search?q=…, whose results link to pages of the site that open;
 * - live search as you type updates the results and the URL's q; an unknown word shows the empty state;
 * - without JavaScript the header box still submits to /search?q=…;
 * - on a phone the header's search button leads to the search page.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, LAYOUT_SHIFT_TOLERANCE, launchBrowser, layoutShiftScore, MOBILE, openPage } from './helpers/browser';
import { poll, siteUrl, squash } from './helpers/site';

const TERM = 'payments';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

async function open(viewport: { width: number; height: number } = DESKTOP) {
  const opened = await openPage(browser, viewport);
  contexts.push(opened.context);
  return opened;
}

const headerSearch = (page: Page) => page.getByRole('search', { name: 'Site search' });
/** The header's search button (a <details> summary), which opens the header's search box. */
const headerSearchButton = (page: Page) => page.getByRole('banner').locator('details > summary');

/** Opens the header's search box and returns its field. */
async function openHeaderSearch(page: Page) {
  await headerSearchButton(page).click();
  const box = headerSearch(page).getByRole('searchbox', { name: 'Search the site' });
  await box.waitFor({ state: 'visible' });
  return box;
}
const pageSearchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search pages, news, blog posts and more' });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /result|Searching|unavailable|failed/ });

/** The result links (title links) of the results list. */
async function resultLinks(page: Page): Promise<{ text: string; href: string }[]> {
  return page
    .locator('main ol li h2 a')
    .evaluateAll((links) => links.map((a) => ({ text: (a.textContent ?? '').trim(), href: a.getAttribute('href') ?? '' })));
}

describe('site search (spec §1, §7)', () => {
  test('spec §7 search from the header box: /search?q=… lists results whose links open pages of the site', async () => {
    const { page, errors } = await open();
    const searches: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/search') searches.push(request.method());
    });
    await page.goto(siteUrl('/'));
    const box = await openHeaderSearch(page);
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true); // focus moves into the box
    await box.fill(TERM);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === TERM);

    await poll(async () => ((await status(page).textContent())?.includes(`for “${TERM}”`) ? true : undefined), { what: 'the result count' });
    expect(squash(await status(page).textContent())).toMatch(new RegExp(`^\\d+ results? for “${TERM}”$`));
    expect(searches).toContain('POST');
    expect(await pageSearchBox(page).inputValue()).toBe(TERM);

    const links = await resultLinks(page);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.href).toMatch(/^\/(?!\/)/); // site paths, never a WordPress URL
    // Every result opens (200).
    for (const link of links) {
      const response = await page.request.get(siteUrl(link.href));
      expect({ href: link.href, status: response.status() }).toEqual({ href: link.href, status: 200 });
    }

    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // Following the first result opens its page.
    const first = links[0] as { text: string; href: string };
    await page.locator('main ol li h2 a').first().click();
    await page.waitForURL((url) => url.pathname === first.href);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors.pageErrors).toEqual([]);
  });

  test('live search: typing on /search shows results after the pause and puts q in the URL; an unknown word shows "No results for …"', async () => {
    const { page } = await open();
    await page.goto(siteUrl('/search'));
    const box = pageSearchBox(page);
    await box.pressSequentially(TERM, { delay: 40 });
    await page.waitForURL((url) => url.searchParams.get('q') === TERM);
    await poll(async () => ((await resultLinks(page)).length > 0 ? true : undefined), { what: 'results' });

    await box.fill('');
    await box.pressSequentially('zzqxv', { delay: 40 });
    await poll(async () => (squash(await status(page).textContent()) === 'No results for “zzqxv”' ? true : undefined), {
      what: 'the empty state',
    });
    expect(await page.locator('main ol li').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('q')).toBe('zzqxv');

    // Back to a deep link: /search?q=… searches on load.
    await page.goto(siteUrl(`/search?q=${encodeURIComponent(TERM)}`));
    // A static page: the box takes q once the page has hydrated and the router knows the query.
    await poll(async () => ((await pageSearchBox(page).inputValue()) === TERM ? true : undefined), { what: 'q in the search box' });
    await poll(async () => ((await resultLinks(page)).length > 0 ? true : undefined), { what: 'results of the deep link' });
  });

  test('results arriving after load shift nothing on screen (CLS 0), on a phone and at 1280 px', async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const { page } = await open(viewport);
      await page.goto(siteUrl(`/search?q=${encodeURIComponent(TERM)}`));
      await poll(async () => ((await resultLinks(page)).length > 0 ? true : undefined), { what: 'results' });
      const cls = await layoutShiftScore(page);
      expect({ viewport, cls: cls < LAYOUT_SHIFT_TOLERANCE }).toEqual({ viewport, cls: true });
    }
  });

  test('without JavaScript the header box still submits: GET /search?q=…', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(siteUrl('/'));
    const box = await openHeaderSearch(page); // a native <details>: opens without JavaScript
    await box.fill(TERM);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === TERM);
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
  });

  test('on a phone the header search button opens the search box; Escape closes it; a search leads to /search?q=…', async () => {
    const { page } = await open(MOBILE);
    await page.goto(siteUrl('/contact-us'));
    expect(await headerSearch(page).isVisible()).toBe(false);
    let box = await openHeaderSearch(page);
    const panel = await headerSearch(page).boundingBox();
    expect((panel?.x ?? -1) >= 0 && (panel?.x ?? 0) + (panel?.width ?? 0) <= MOBILE.width).toBe(true); // inside the screen
    await page.keyboard.press('Escape');
    await headerSearch(page).waitFor({ state: 'hidden' });
    expect(await headerSearchButton(page).evaluate((el) => el === document.activeElement)).toBe(true);

    box = await openHeaderSearch(page);
    await box.fill('loyalty');
    await headerSearch(page).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'loyalty');
    await pageSearchBox(page).waitFor({ state: 'visible' });
  });

  test('the search button fits the header: one row of menu at 1280 px and at 1440 px', async () => {
    for (const width of [1280, 1440]) {
      const { page } = await open({ width, height: 800 });
      await page.goto(siteUrl('/contact-us'));
      const tops = await page
        .getByRole('banner')
        .locator('nav ul')
        .first()
        .evaluate((ul) => [...new Set([...ul.children].map((li) => Math.round(li.getBoundingClientRect().top)))]);
      expect({ width, rows: tops.length }).toEqual({ width, rows: 1 });
    }
  });
});
