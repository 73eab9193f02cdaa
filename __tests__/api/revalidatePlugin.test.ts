/** @jest-environment node */
/**
 * Issue 10 §1, contract B: the webhook accepts the companion plugin's payload
 * `{event, items: [{rest_base, slug, section?}], menu}` (docs/revalidation.md).
 */
import handler from '../../pages/api/revalidate';
import { getLayoutData } from '@/lib/site/layout';
import { MAX_ITEMS, menuRegenerationSettled, REVALIDATE_CONCURRENCY, SECRET_HEADER } from '@/lib/site/revalidate';
import { LISTING_PATHS, STATIC_PAGES } from '@/lib/site/sitePaths';
import { resetSitemapCacheForTests, sitemapCache } from '@/lib/site/sitemap';
import { CONTENT_TYPES, sitePath } from '@/lib/wordpress/contentTypes';
import { getEveryPageLink } from '@/lib/wordpress/links';
import { clearMenuCache, getMenu } from '@/lib/wordpress/menu';
import { clearPostTypesCache } from '@/lib/wordpress/postTypes';
import { recordWordPressRequests } from '../setup/msw';
import { fakeRequest, fakeResponse } from './fakeHttp';

const SECRET = process.env.REVALIDATE_SECRET as string;
const NEWS_SLUG = 'corvane-opens-regional-office-in-denver';

async function call(body: unknown, revalidate?: (path: string) => Promise<void>) {
  const req = fakeRequest({
    method: 'POST',
    url: '/api/revalidate',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', [SECRET_HEADER]: SECRET },
  });
  const res = fakeResponse(revalidate);
  await handler(req, res);
  return res;
}

/** A gate: `wait()` blocks until `open()`. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, wait: () => opened };
}

let recorder: ReturnType<typeof recordWordPressRequests>;
let errorSpy: jest.SpyInstance;
let infoSpy: jest.SpyInstance;

beforeEach(() => {
  clearMenuCache();
  clearPostTypesCache();
  resetSitemapCacheForTests();
  recorder = recordWordPressRequests();
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  infoSpy = jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(async () => {
  await menuRegenerationSettled();
  recorder.stop();
  errorSpy.mockRestore();
  infoSpy.mockRestore();
});

const everyPage = async () => new Set([...STATIC_PAGES.map((p) => p.path), ...LISTING_PATHS, ...(await getEveryPageLink()).map((l) => l.path)]);

describe('contract B: items are mapped through the content-type table', () => {
  it('items revalidate each detail page, its listing page and /, de-duplicated (old and new slug of one news item)', async () => {
    const res = await call({
      event: 'slug_change',
      items: [
        { rest_base: 'news', slug: 'new-slug' },
        { rest_base: 'news', slug: 'old-slug' },
        { rest_base: 'posts', slug: 'a-post' },
      ],
      menu: false,
    });
    expect(res.statusCode).toBe(200);
    const expected = ['/about-us/news/new-slug', '/about-us/news', '/about-us/news/old-slug', '/resources/blogs/a-post', '/resources/blogs', '/'];
    expect(res.sent.json).toEqual({ revalidated: expected, failed: [] });
    expect([...res.revalidateCalls].sort()).toEqual([...expected].sort());
  });

  it('every REST base of the table maps to its type\'s detail route and listing page', async () => {
    for (const def of CONTENT_TYPES.filter((t) => t.name !== 'page')) {
      const res = await call({ event: 'update', items: [{ rest_base: def.restBase, slug: 'a-slug' }], menu: false });
      expect({ base: def.restBase, json: res.sent.json }).toEqual({
        base: def.restBase,
        json: { revalidated: [sitePath(def.name, 'a-slug'), def.listingPath, '/'], failed: [] },
      });
    }
  });

  it('fp_page items use their section (default "pages"); home and contact-us use their own addresses', async () => {
    const res = await call({
      event: 'update',
      items: [
        { rest_base: 'fp_page', slug: 'card-services' },
        { rest_base: 'fp_page', slug: 'our-story', section: 'about-us' },
        { rest_base: 'fp_page', slug: 'home', section: 'pages' },
        { rest_base: 'fp_page', slug: 'contact-us' },
      ],
      menu: false,
    });
    expect(res.sent.json).toEqual({ revalidated: ['/pages/card-services', '/about-us/our-story', '/', '/contact-us'], failed: [] });
  });

  it('a section on another type is ignored, as with {type, slug}', async () => {
    const res = await call({ event: 'update', items: [{ rest_base: 'news', slug: NEWS_SLUG, section: 'about-us' }], menu: false });
    expect(res.sent.json).toEqual({ revalidated: [`/about-us/news/${NEWS_SLUG}`, '/about-us/news', '/'], failed: [] });
  });

  it('an unknown REST base is refused with 400 naming it; nothing is revalidated', async () => {
    const res = await call({ event: 'update', items: [{ rest_base: 'news', slug: 'a' }, { rest_base: 'frame', slug: 'hero' }], menu: false });
    expect(res.statusCode).toBe(400);
    expect((res.sent.json as { error: string }).error).toMatch(/^items\[1\]\.rest_base "frame" is not a content type of the site: expected one of posts, news/);
    expect(res.revalidateCalls).toEqual([]);
  });

  it('a content call clears the sitemap: the next request shows the changed item', async () => {
    const before = (await sitemapCache().get()).document.body;
    expect(before).toContain(NEWS_SLUG);
    const { fakeWordPress } = await import('../setup/msw');
    fakeWordPress().collections.news.find((p) => p.slug === NEWS_SLUG)!.slug = 'corvane-denver-office';
    await call({ event: 'slug_change', items: [{ rest_base: 'news', slug: 'corvane-denver-office' }, { rest_base: 'news', slug: NEWS_SLUG }], menu: false });
    const after = (await sitemapCache().get()).document.body;
    expect(after).toContain('/about-us/news/corvane-denver-office</loc>');
    expect(after).not.toContain(NEWS_SLUG);
  });
});

describe('contract B: validation is as strict as for the other payloads (400 JSON, nothing revalidated)', () => {
  it.each([
    ['event missing', { items: [{ rest_base: 'news', slug: 'a' }], menu: false }, '"event" must be a non-empty string'],
    ['event empty', { event: '', items: [{ rest_base: 'news', slug: 'a' }] }, '"event" must be a non-empty string'],
    ['event not a string', { event: 3, items: [{ rest_base: 'news', slug: 'a' }] }, '"event" must be a non-empty string'],
    ['event with other characters', { event: 'Update<script>', items: [{ rest_base: 'news', slug: 'a' }] }, 'may contain only lowercase letters'],
    ['event over 100 characters', { event: 'a'.repeat(101), items: [{ rest_base: 'news', slug: 'a' }] }, 'longer than 100'],
    ['menu not a boolean', { event: 'menu_save', items: [], menu: 'yes' }, '"menu" must be true or false'],
    ['items not a list', { event: 'update', items: { rest_base: 'news', slug: 'a' } }, '"items" must be a list of 0 to 100'],
    ['over 100 items', { event: 'update', items: Array.from({ length: MAX_ITEMS + 1 }, (_, i) => ({ rest_base: 'news', slug: `s${i}` })) }, '"items" must be a list'],
    ['an item not an object', { event: 'update', items: ['news/a'] }, 'items[0] must be an object'],
    ['rest_base missing', { event: 'update', items: [{ slug: 'a' }] }, 'items[0].rest_base is missing: expected one of posts'],
    ['a post type name instead of a REST base', { event: 'update', items: [{ rest_base: 'post', slug: 'a' }] }, 'items[0].rest_base "post" is not a content type'],
    ['an unsafe slug', { event: 'update', items: [{ rest_base: 'news', slug: '../etc' }] }, 'items[0].slug "../etc" may contain only'],
    ['an uppercase slug', { event: 'update', items: [{ rest_base: 'news', slug: 'Abc' }] }, 'items[0].slug'],
    ['a missing slug', { event: 'update', items: [{ rest_base: 'posts' }] }, 'items[0].slug must be a non-empty string'],
    ['a bad fp_page section', { event: 'update', items: [{ rest_base: 'fp_page', slug: 'a', section: 'a/b' }] }, 'items[0].section'],
    ['mixed with "type"', { event: 'update', type: 'news', slug: 'a', items: [] }, 'not several'],
    ['mixed with "paths"', { event: 'update', paths: ['/'], items: [] }, 'not several'],
    ['no items and no menu', { event: 'update', items: [], menu: false }, 'Nothing to revalidate'],
    ['no items and no menu (both absent)', { event: 'publish' }, 'Nothing to revalidate'],
  ])('%s', async (_, body, problem) => {
    const res = await call(body);
    expect(res.statusCode).toBe(400);
    expect(res.sent.json).toEqual({ error: expect.stringContaining(problem) });
    expect(res.revalidateCalls).toEqual([]);
  });
});

describe('contract B: the status screen\'s test call', () => {
  it('{event: "test", items: [], menu: false} answers 200 {revalidated: [], failed: []} without work', async () => {
    await sitemapCache().get();
    const requestsBefore = recorder.urls.length;
    const res = await call({ event: 'test', items: [], menu: false });
    expect(res.statusCode).toBe(200);
    expect(res.sent.json).toEqual({ revalidated: [], failed: [] });
    expect(res.revalidateCalls).toEqual([]);
    // No cache was cleared: the sitemap is served from its copy, WordPress is not asked.
    await sitemapCache().get();
    expect(recorder.urls.length).toBe(requestsBefore);
  });
});

describe('contract B: menu: true answers 202 at once and regenerates every page in the background', () => {
  it('answers 202 with the item paths revalidated and scheduled: every page, before the background job has run; then every page is regenerated', async () => {
    const hold = gate();
    const itemPaths = [`/about-us/news/${NEWS_SLUG}`, '/about-us/news', '/'];
    const calls: string[] = [];
    let answeredBeforeBackground = false;
    const res = await call({ event: 'menu_save,update', items: [{ rest_base: 'news', slug: NEWS_SLUG }], menu: true }, async (path) => {
      calls.push(path);
      // The item paths come first (before the answer); then the background job, held here.
      if (calls.length > itemPaths.length) await hold.wait();
    });
    const pages = await everyPage();
    expect(res.statusCode).toBe(202);
    expect(res.sent.json).toEqual({ revalidated: itemPaths, failed: [], scheduled: pages.size });
    // Answered while the background job is still held at its first pages.
    answeredBeforeBackground = calls.length < itemPaths.length + pages.size;
    expect(answeredBeforeBackground).toBe(true);
    hold.open();
    await menuRegenerationSettled();
    expect(new Set(calls.slice(itemPaths.length))).toEqual(pages);
    expect(calls.length).toBe(itemPaths.length + pages.size);
  });

  it(`the background job regenerates at most REVALIDATE_CONCURRENCY (${REVALIDATE_CONCURRENCY}) pages at a time`, async () => {
    let running = 0;
    let peak = 0;
    const res = await call({ event: 'menu_save', items: [], menu: true }, async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
    });
    expect(res.statusCode).toBe(202);
    expect(res.sent.json).toEqual({ revalidated: [], failed: [], scheduled: (await everyPage()).size });
    await menuRegenerationSettled();
    expect(res.revalidateCalls.length).toBe((await everyPage()).size);
    expect(peak).toBe(REVALIDATE_CONCURRENCY);
  });

  it('issue 17: the plugin\'s "styles" event (a theme switch or a Site Editor save, with menu: true) is accepted and regenerates every page', async () => {
    const res = await call({ event: 'styles', items: [], menu: true }, async () => undefined);
    expect(res.statusCode).toBe(202);
    expect(res.sent.json).toEqual({ revalidated: [], failed: [], scheduled: (await everyPage()).size });
    await menuRegenerationSettled();
    expect(res.revalidateCalls.length).toBe((await everyPage()).size);
  });

  it('the background pages read the new menu: the menu cache is cleared, one navigation read serves them', async () => {
    const navigation = () => recorder.urls.filter((u) => u.pathname === '/wp-json/wp/v2/navigation/3').length;
    await getMenu();
    expect(navigation()).toBe(1);
    await call({ event: 'menu_save', items: [], menu: true }, async () => {
      await getLayoutData();
    });
    await menuRegenerationSettled();
    expect(navigation()).toBe(2);
  });

  it('each run of the menu job clears the menu and post types again: a menu cached while the previous run was under way is read anew', async () => {
    const navigation = () => recorder.urls.filter((u) => u.pathname === '/wp-json/wp/v2/navigation/3').length;
    const types = () => recorder.urls.filter((u) => u.pathname === '/wp-json/wp/v2/types').length;
    const hold = gate();
    const first = await call({ event: 'menu_save', items: [], menu: true }, () => hold.wait());
    expect(first.statusCode).toBe(202);
    // A second save while the first run is held: queued, its pages read the layout (menu and its post links).
    const second = await call({ event: 'menu_save', items: [], menu: true }, async () => {
      await getLayoutData();
    });
    expect(second.statusCode).toBe(202);
    // Something reads (and caches) the menu after the second call and before its run starts.
    await getMenu();
    const [menuReads, typeReads] = [navigation(), types()];
    expect(typeReads).toBeGreaterThan(0);
    hold.open();
    await menuRegenerationSettled();
    // The queued run cleared both caches when it started: one more read of each serves all its pages.
    expect(navigation()).toBe(menuReads + 1);
    expect(types()).toBe(typeReads + 1);
  });

  it('a menu call while a job runs is coalesced: never two jobs in parallel, one more run after the current one (however many calls came meanwhile)', async () => {
    const hold = gate();
    const pages = await everyPage();
    let running = 0;
    let peak = 0;
    const track = (log: string[], held: boolean) => async (path: string) => {
      log.push(path);
      running += 1;
      peak = Math.max(peak, running);
      if (held) await hold.wait();
      else await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
    };
    const first: string[] = [];
    const second: string[] = [];
    const third: string[] = [];
    const a = await call({ event: 'menu_save', items: [], menu: true }, track(first, true));
    expect(a.statusCode).toBe(202);
    // Two more menu saves while the first job is held.
    const b = await call({ event: 'menu_save', items: [], menu: true }, track(second, false));
    const c = await call({ event: 'menu_save', items: [], menu: true }, track(third, false));
    expect([b.statusCode, c.statusCode]).toEqual([202, 202]);
    expect((c.sent.json as { scheduled: number }).scheduled).toBe(pages.size);
    expect(second).toEqual([]);
    expect(third).toEqual([]);
    expect(peak).toBe(REVALIDATE_CONCURRENCY);
    hold.open();
    await menuRegenerationSettled();
    // The first job ran whole, then ONE more run (with the latest call's pages); never more than the bound at once.
    expect(first.length).toBe(pages.size);
    expect(second.length + third.length).toBe(pages.size);
    expect(third.length).toBe(pages.size);
    expect(peak).toBe(REVALIDATE_CONCURRENCY);
  });

  it('an item path that fails still schedules the menu job, answering 502 with the same shape', async () => {
    const res = await call({ event: 'menu_save,update', items: [{ rest_base: 'news', slug: NEWS_SLUG }], menu: true }, async (path) => {
      if (path === '/about-us/news') throw new Error('Failed to revalidate /about-us/news: Invalid response 500');
    });
    expect(res.statusCode).toBe(502);
    expect(res.sent.json).toEqual({
      revalidated: [`/about-us/news/${NEWS_SLUG}`, '/'],
      failed: [{ path: '/about-us/news', error: expect.stringContaining('Invalid response 500') }],
      scheduled: (await everyPage()).size,
    });
    await menuRegenerationSettled();
  });

  it('the old {type: "menu"} payload keeps its documented behaviour: every page regenerated before a 200', async () => {
    const res = await call({ type: 'menu' });
    expect(res.statusCode).toBe(200);
    expect(new Set((res.sent.json as { revalidated: string[] }).revalidated)).toEqual(await everyPage());
    expect(res.sent.json).not.toHaveProperty('scheduled');
  });
});
