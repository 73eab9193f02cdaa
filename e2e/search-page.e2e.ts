/**
 * The search page's own behaviour in real Chromium (docs/search-index.md part E): marked words,
 * the type filter (`POST /api/search?type=…`, in the URL, back/forward), the keyboard, and no
 * layout shift while results arrive, at 1280 and 375 px; plus screenshots for people to look at.
 *
 * Most tests answer `/api/search` themselves (`page.route`) with contract-shaped JSON (§2: `date`,
 * `matches`, `terms`), so they hold whether the site's index or the WordPress fallback serves the
 * real route. One test goes to the real route, and asserts only what both answer.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Route } from 'playwright-core';
import { ARTIFACTS_DIR } from './harness/config';
import { DESKTOP, LAYOUT_SHIFT_TOLERANCE, launchBrowser, layoutShiftScore, MOBILE, openPage, settled } from './helpers/browser';
import { gotoHydrated, poll, siteUrl, squash } from './helpers/site';
import type { SearchResult } from '../src/lib/shared/search/types';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

async function open(viewport: { width: number; height: number } = DESKTOP, options: BrowserContextOptions = {}) {
  const opened = await openPage(browser, viewport, options);
  contexts.push(opened.context);
  return opened;
}

/** Contract-shaped results (§2), with marks and dates. Their URLs are real pages of the seed. */
const ANSWER: SearchResult[] = [
  {
    title: 'Alternative payment methods for card payments',
    url: '/contact-us',
    type: 'Page',
    excerpt: 'Accept wallets, bank transfers and local payment methods alongside card payments in one integration.',
    matches: { title: [[12, 19], [37, 45]], excerpt: [[41, 48], [72, 80]] },
    terms: ['payments'],
  },
  {
    title: 'Payments Summit 2026: what we learned',
    url: '/about-us/news',
    type: 'News',
    excerpt: 'Three days of talks on payments orchestration, fraud and the future of instant payments in Europe.',
    date: '2026-02-10T09:00:00',
    matches: { title: [[0, 8]], excerpt: [[23, 31], [79, 87]] },
    terms: ['payments'],
  },
  {
    title: 'Card services',
    url: '/resources/blogs',
    type: 'Blog post',
    excerpt: 'Issuing, acquiring and the payments between them, explained for finance teams.',
    date: '2025-11-03T14:30:00',
    // Network input that cannot be right: out of bounds, reversed, overlapping. Ignored, the good one marks.
    matches: { title: [[0, 400]], excerpt: [[27, 35], [30, 33], [12, 4]] },
    terms: ['payments'],
  },
];

interface Answering {
  /** The path and query of every search request, in order. */
  urls: string[];
  /** While set, answers wait until `release()` (to look at the page while a search is in flight). */
  hold: () => void;
  release: () => void;
}

/** Answers the page's `/api/search` requests with `answer(type)` (the `?type=` of the request), recording them. */
async function answerSearches(page: Page, answer: (type: string | null) => SearchResult[] = () => ANSWER): Promise<Answering> {
  const urls: string[] = [];
  let gate: Promise<void> | null = null;
  let open: () => void = () => undefined;
  await page.route('**/api/search**', async (route: Route) => {
    const url = new URL(route.request().url());
    urls.push(`${url.pathname}${url.search}`);
    if (gate) await gate;
    const type = url.searchParams.get('type');
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer(type)) });
  });
  return {
    urls,
    hold: () => {
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    release: () => {
      gate = null;
      open();
    },
  };
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search pages, news, blog posts and more' });
const filter = (page: Page) => page.getByRole('group', { name: 'Filter by type' });
const status = (page: Page) => page.locator('main [role="status"]');
const statusText = async (page: Page) => squash(await status(page).textContent());
const resultLinks = (page: Page) => page.locator('main ol li h2 a');

/** Waits until the status line says `text`. */
async function statusIs(page: Page, text: string): Promise<void> {
  await poll(async () => ((await statusText(page)) === text ? true : undefined), { what: `the status “${text}”` });
}

/** The element that has focus, described (tag, name or text). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return 'nothing';
    if (el instanceof HTMLInputElement) return `${el.type}:${el.type === 'radio' ? el.value : el.name}`;
    return `${el.tagName.toLowerCase()}:${(el.textContent ?? '').trim()}`;
  });
}

describe('search page: marks, filter, keyboard, no layout shift (docs/search-index.md part E)', () => {
  test('marks: the matched words are <mark>s, from the answer\'s ranges (bad ones ignored), never HTML; dates are <time>s beside the type', async () => {
    const { page, errors } = await open();
    const hostile: SearchResult = {
      title: '<img src=x onerror="window.__pwned=1"> Payments',
      url: '/contact-us',
      type: 'Page',
      excerpt: '<script>window.__pwned=1</script>',
      matches: { title: [[39, 47]], excerpt: [[0, 8]] },
    };
    await answerSearches(page, () => [...ANSWER, hostile]);
    await gotoHydrated(page, '/search?q=payments');
    await statusIs(page, '4 results for “payments”');

    const marks = await page.locator('main ol li').evaluateAll((items) => items.map((li) => [...li.querySelectorAll('mark')].map((m) => m.textContent)));
    expect(marks).toEqual([
      ['payment', 'payments', 'payment', 'payments'],
      ['Payments', 'payments', 'payments'],
      ['payments'],
      ['Payments', '<script>'],
    ]);
    // Markup in the answer is text: no element made from it, nothing run.
    expect(await page.locator('main ol img, main ol script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await resultLinks(page).nth(0).textContent()).toBe(ANSWER[0]?.title);

    const times = await page.locator('main ol li time').evaluateAll((list) => list.map((t) => [t.getAttribute('datetime'), t.textContent]));
    expect(times).toEqual([
      ['2026-02-10T09:00', 'February 10, 2026'],
      ['2025-11-03T14:30', 'November 3, 2025'],
    ]);

    // Contrast of marks and chips and the rest (axe computes it on the rendered colours).
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    expect(errors.pageErrors).toEqual([]);
  });

  test('filter: choosing a type searches at once as POST /api/search?type=…, puts type in the URL; load and back/forward read it back', async () => {
    const { page, errors } = await open();
    const answering = await answerSearches(page, (type) => (type === 'news' ? [ANSWER[1] as SearchResult] : ANSWER));
    await gotoHydrated(page, '/search?q=payments');
    await statusIs(page, '3 results for “payments”');
    expect(answering.urls).toEqual(['/api/search']);
    expect(await filter(page).getByRole('radio', { name: 'All' }).isChecked()).toBe(true);
    /** The filter's place in <main> (the site notice may move all of <main> with a transform meanwhile). */
    const filterTopIn = () => filter(page).evaluate((el) => el.getBoundingClientRect().top - (el.closest('main') as HTMLElement).getBoundingClientRect().top);
    const filterTop = await filterTopIn();

    await filter(page).getByText('News', { exact: true }).click();
    await statusIs(page, '1 result for “payments” in News');
    expect(answering.urls).toEqual(['/api/search', '/api/search?type=news']);
    await page.waitForURL((url) => url.searchParams.get('type') === 'news' && url.searchParams.get('q') === 'payments');
    expect(await filterTopIn()).toBe(filterTop); // the control never moves

    // The keyboard: arrows in the radio group choose (one Tab stop).
    await filter(page).getByRole('radio', { name: 'News' }).focus();
    await page.keyboard.press('ArrowRight');
    await statusIs(page, '3 results for “payments” in Press releases');
    expect(answering.urls.at(-1)).toBe('/api/search?type=pressRelease');
    await page.waitForURL((url) => url.searchParams.get('type') === 'pressRelease');

    // A deep link with a type; then away and back.
    await gotoHydrated(page, '/search?q=payments&type=news');
    await statusIs(page, '1 result for “payments” in News');
    expect(await filter(page).getByRole('radio', { name: 'News' }).isChecked()).toBe(true);
    expect(answering.urls.at(-1)).toBe('/api/search?type=news');
    await gotoHydrated(page, '/search?q=payments&type=event');
    await statusIs(page, '3 results for “payments” in Events');
    await page.goBack();
    await poll(async () => ((await filter(page).getByRole('radio', { name: 'News' }).isChecked()) ? true : undefined), { what: 'News chosen again' });
    await statusIs(page, '1 result for “payments” in News');
    expect(errors.pageErrors).toEqual([]);
  });

  test('without JavaScript the form submits q and the chosen type', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(siteUrl('/search'));
    await searchBox(page).fill('payments');
    await filter(page).getByText('Case studies', { exact: true }).click();
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'payments' && url.searchParams.get('type') === 'caseStudy');
  });

  test('keyboard: Down from the box to the results, Down/Up between them, Up back to the box, Escape clears, Enter opens; Tab order is natural', async () => {
    const { page, errors } = await open();
    await answerSearches(page);
    await gotoHydrated(page, '/search');
    await searchBox(page).click();
    await page.keyboard.type('payments');
    await statusIs(page, '3 results for “payments”');
    await page.waitForURL((url) => url.searchParams.get('q') === 'payments');

    const titles = ANSWER.map((r) => `a:${r.title}`);
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe(titles[0]);
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe(titles[1]);
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe(titles[2]);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toBe(titles[0]);
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toBe('search:q');

    // Tab: the box, the Search button, the filter (one stop), the results.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:Search');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('radio:all');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe(titles[0]);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('search:q');

    // Escape clears the box, the results and q, and the live region says so.
    await page.keyboard.press('Escape');
    expect(await searchBox(page).inputValue()).toBe('');
    await statusIs(page, 'Search cleared');
    expect(await page.locator('main ol').count()).toBe(0);
    await page.waitForURL((url) => !url.searchParams.has('q'));

    // Enter on a result opens it.
    await page.keyboard.type('payments');
    await statusIs(page, '3 results for “payments”');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === ANSWER[1]?.url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors.pageErrors).toEqual([]);
  });

  test('the keyboard hint is shown with a keyboard and mouse, not on a touch-only phone (no arrow keys there)', async () => {
    const hint = (page: Page) => page.getByText('The down arrow key moves to them; Escape clears the box.');
    const desktop = await open();
    await desktop.page.goto(siteUrl('/search'));
    expect(await hint(desktop.page).isVisible()).toBe(true);
    const phone = await open(MOBILE, { hasTouch: true, isMobile: true });
    await phone.page.goto(siteUrl('/search'));
    await searchBox(phone.page).waitFor();
    expect(await hint(phone.page).isVisible()).toBe(false);
    // The box still describes itself on the phone: the first sentence stays.
    const description = await searchBox(phone.page).evaluate((input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.innerText.trim());
    expect(description).toBe('Results appear as you type.');
  });

  test('no layout shift while results arrive, between keystrokes and on a filter change (1280 and 375 px)', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page } = await open(viewport);
      const answering = await answerSearches(page, (type) => (type === 'news' ? [] : ANSWER));
      answering.hold();
      await gotoHydrated(page, '/search?q=payments');
      await statusIs(page, 'Searching…');
      /**
       * Where the filter, the status line and the list stand in `<main>` (the list: null when
       * none). Relative to `<main>`: the site notice, arriving meanwhile, moves all of `<main>`
       * with a transform, which is not a layout shift (docs/alerts-and-helpers.md).
       */
      const positions = () =>
        page.evaluate(() => {
          const main = document.querySelector('main') as HTMLElement;
          const top = (selector: string) => {
            const el = main.querySelector(selector);
            return el ? el.getBoundingClientRect().top - main.getBoundingClientRect().top : null;
          };
          return {
            filter: top('fieldset'),
            status: top('[role="status"]'),
            statusHeight: main.querySelector('[role="status"]')?.getBoundingClientRect().height,
            list: top('ol'),
          };
        });
      const loading = await positions();
      const loadingAt = await page.evaluate(() => performance.now());
      answering.release();
      await statusIs(page, '3 results for “payments”');
      const done = await positions();
      expect({ viewport, ...done, list: null }).toEqual({ viewport, ...loading });

      // The next keystrokes: the list stays (dimmed) where it was while the answer is on its way.
      answering.hold();
      await searchBox(page).press('End');
      await searchBox(page).pressSequentially(' card');
      await statusIs(page, 'Searching…');
      expect(await positions()).toEqual(done);
      expect(await page.locator('main ol').count()).toBe(1);
      answering.release();
      await statusIs(page, '3 results for “payments card”');
      expect(await positions()).toEqual(done);

      // A filter with a long label (the status line stays one line, cut on screen, read whole).
      await filter(page).getByText('Partner interviews', { exact: true }).click();
      await statusIs(page, '3 results for “payments card” in Partner interviews');
      expect(await positions()).toEqual(done);

      await settled(page);
      const cls = await layoutShiftScore(page);
      expect({ viewport, cls: cls < LAYOUT_SHIFT_TOLERANCE }).toEqual({ viewport, cls: true });
      // Every shift since the first answer was awaited, those right after input too (which CLS leaves out): none.
      const all = await page.evaluate(
        (since) =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries() as (PerformanceEntry & { value: number })[];
              resolve(entries.filter((e) => e.startTime >= since).reduce((sum, e) => sum + e.value, 0));
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(0), 500); // no entry at all: nothing shifted
          }),
        loadingAt,
      );
      expect({ viewport, all }).toEqual({ viewport, all: 0 });
    }
  });

  test('the real /api/search (index or WordPress fallback): typing "payments" lists results that link to site paths', async () => {
    const { page, errors } = await open();
    await gotoHydrated(page, '/search');
    await searchBox(page).pressSequentially('payments', { delay: 30 });
    await poll(async () => (/^\d+ results? for “payments”$/.test(await statusText(page)) ? true : undefined), { what: 'the result count' });
    const hrefs = await resultLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^\/(?!\/)/);
    // Whatever answered, the marks (if any) are words of the text, never markup.
    const marks = await page.locator('main ol mark').allTextContents();
    for (const mark of marks) expect(mark).toMatch(/^[^<>]+$/);
    expect(errors.pageErrors).toEqual([]);
  });

  test.each([
    ['search-page-1280', DESKTOP],
    ['search-page-375', MOBILE],
  ] as const)('screenshot %s (e2e/artifacts/, for people to look at)', async (name, viewport) => {
    const { page } = await open(viewport);
    await answerSearches(page);
    await gotoHydrated(page, '/search?q=payments');
    await statusIs(page, '3 results for “payments”');
    await settled(page);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
    // And with keyboard focus on a chosen chip and on a result, as a keyboard user sees them.
    await filter(page).getByRole('radio', { name: 'News' }).focus();
    await page.keyboard.press('Space');
    await statusIs(page, '3 results for “payments” in News');
    await settled(page);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-filter-focus.png`) });
    await searchBox(page).focus();
    await page.keyboard.press('ArrowDown');
    await settled(page);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-focus.png`) });
  });
});
