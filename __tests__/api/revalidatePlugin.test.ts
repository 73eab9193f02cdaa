/** @jest-environment node */
/**
 * The plugin's payload, version 2 (issue 35 §1, docs/revalidation.md): items mapped through the
 * content-type table, `scope: "all"` for every page. The webhook answers 202 at once; the worker
 * (src/lib/site/jobs.ts) regenerates after the answer: these tests wait for it (`jobsSettled`).
 */
import handler from '../../pages/api/revalidate';
import { getLayoutData } from '@/lib/site/layout';
import { jobsSettled, REVALIDATE_CONCURRENCY } from '@/lib/site/jobs';
import { SECRET_HEADER } from '@/lib/site/revalidate';
import { LISTING_PATHS, STATIC_PAGES } from '@/lib/site/sitePaths';
import { resetSitemapCacheForTests, sitemapCache } from '@/lib/site/sitemap';
import { CONTENT_TYPES, sitePath } from '@/lib/shared/wordpress/contentTypes';
import { getEveryPageLink } from '@/lib/wordpress/links';
import { clearMenuCache, getMenu } from '@/lib/wordpress/menu';
import { clearPostTypesCache } from '@/lib/wordpress/postTypes';
import { recordWordPressRequests } from '../setup/msw';
import { fakeRequest, fakeResponse, stopTestWorker, installTestWorker, v2, type TestWorker } from './fakeHttp';

const SECRET = process.env.REVALIDATE_SECRET as string;
const NEWS_SLUG = 'corvane-opens-regional-office-in-denver';

/** Calls the webhook, then waits for the worker to be done. */
async function call(body: unknown) {
  const req = fakeRequest({
    method: 'POST',
    url: '/api/revalidate',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', [SECRET_HEADER]: SECRET },
  });
  const res = fakeResponse();
  await handler(req, res);
  await jobsSettled();
  return res;
}

/** The pages the worker regenerated for one call, sorted. */
async function regeneratedBy(body: unknown): Promise<string[]> {
  worker.regenerated.length = 0;
  const res = await call(body);
  expect(res.statusCode).toBe(202);
  return [...worker.regenerated].sort();
}

let recorder: ReturnType<typeof recordWordPressRequests>;
let errorSpy: jest.SpyInstance;
let infoSpy: jest.SpyInstance;
let worker: TestWorker;

beforeEach(() => {
  clearMenuCache();
  clearPostTypesCache();
  resetSitemapCacheForTests();
  recorder = recordWordPressRequests();
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  infoSpy = jest.spyOn(console, 'info').mockImplementation(() => undefined);
  worker = installTestWorker();
});

afterEach(async () => {
  await stopTestWorker();
  recorder.stop();
  errorSpy.mockRestore();
  infoSpy.mockRestore();
});

const everyPage = async () => new Set([...STATIC_PAGES.map((p) => p.path), ...LISTING_PATHS, ...(await getEveryPageLink()).map((l) => l.path)]);

describe('items are mapped through the content-type table', () => {
  it('items regenerate each detail page, its listing page and /, de-duplicated (old and new slug of one news item)', async () => {
    const pages = await regeneratedBy(v2({
      event: 'slug_change',
      items: [
        { rest_base: 'news', slug: 'new-slug' },
        { rest_base: 'news', slug: 'old-slug' },
        { rest_base: 'posts', slug: 'a-post' },
      ],
    }));
    expect(pages).toEqual(['/', '/about-us/news', '/about-us/news/new-slug', '/about-us/news/old-slug', '/resources/blogs', '/resources/blogs/a-post']);
  });

  it('every REST base of the table maps to its type\'s detail route and listing page', async () => {
    for (const def of CONTENT_TYPES.filter((t) => t.name !== 'page')) {
      const pages = await regeneratedBy(v2({ event: 'update', items: [{ rest_base: def.restBase, slug: 'a-slug' }] }));
      expect({ base: def.restBase, pages }).toEqual({ base: def.restBase, pages: [sitePath(def.name, 'a-slug'), def.listingPath, '/'].sort() });
    }
  });

  it('fp_page items use their section (default "pages"); home and contact-us use their own addresses', async () => {
    const pages = await regeneratedBy(v2({
      event: 'update',
      items: [
        { rest_base: 'fp_page', slug: 'card-services' },
        { rest_base: 'fp_page', slug: 'our-story', section: 'about-us' },
        { rest_base: 'fp_page', slug: 'home', section: 'pages' },
        { rest_base: 'fp_page', slug: 'contact-us' },
      ],
    }));
    expect(pages).toEqual(['/', '/about-us/our-story', '/contact-us', '/pages/card-services']);
  });

  it('a section on another type is ignored', async () => {
    const pages = await regeneratedBy(v2({ event: 'update', items: [{ rest_base: 'news', slug: NEWS_SLUG, section: 'about-us' }] }));
    expect(pages).toEqual(['/', '/about-us/news', `/about-us/news/${NEWS_SLUG}`]);
  });

  it('an unknown REST base is refused with 400 naming it; nothing is regenerated', async () => {
    const res = await call(v2({ event: 'update', items: [{ rest_base: 'news', slug: 'a' }, { rest_base: 'frame', slug: 'hero' }] }));
    expect(res.statusCode).toBe(400);
    expect((res.sent.json as { error: string }).error).toMatch(/^items\[1\]\.rest_base "frame" is not a content type of the site: expected one of posts, news/);
    expect(worker.regenerated).toEqual([]);
  });

  it('a content call clears the sitemap: the next request shows the changed item', async () => {
    const before = (await sitemapCache().get()).document.body;
    expect(before).toContain(NEWS_SLUG);
    const { fakeWordPress } = await import('../setup/msw');
    fakeWordPress().collections.news.find((p) => p.slug === NEWS_SLUG)!.slug = 'corvane-denver-office';
    await call(v2({ event: 'slug_change', items: [{ rest_base: 'news', slug: 'corvane-denver-office' }, { rest_base: 'news', slug: NEWS_SLUG }] }));
    const after = (await sitemapCache().get()).document.body;
    expect(after).toContain('/about-us/news/corvane-denver-office</loc>');
    expect(after).not.toContain(NEWS_SLUG);
  });
});

describe('the status screen\'s test call', () => {
  it('{v: 2, id, event: "test"} answers 200 {test: true} without work: no cache cleared, WordPress not asked', async () => {
    await sitemapCache().get();
    const requestsBefore = recorder.urls.length;
    const res = await call(v2({ event: 'test', items: [], scope: 'items', redirects: false }));
    expect(res.statusCode).toBe(200);
    expect(res.sent.json).toEqual({ test: true });
    expect(worker.regenerated).toEqual([]);
    await sitemapCache().get();
    expect(recorder.urls.length).toBe(requestsBefore);
  });
});

describe('scope "all": every page, after the answer', () => {
  it('items and scope "all": every page once (the items\' among them)', async () => {
    const pages = await regeneratedBy(v2({ event: 'menu_save,update', items: [{ rest_base: 'news', slug: NEWS_SLUG }], scope: 'all' }));
    expect(new Set(pages)).toEqual(await everyPage());
    expect(pages).toHaveLength((await everyPage()).size);
  });

  it(`regenerates at most REVALIDATE_CONCURRENCY (${REVALIDATE_CONCURRENCY}) pages at a time`, async () => {
    await stopTestWorker();
    let running = 0;
    let peak = 0;
    worker = installTestWorker(async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
    });
    const res = await call(v2({ event: 'menu_save', scope: 'all' }));
    expect(res.statusCode).toBe(202);
    expect(worker.regenerated.length).toBe((await everyPage()).size);
    expect(peak).toBe(REVALIDATE_CONCURRENCY);
  });

  it('issue 17: the plugin\'s "styles" event (a theme switch or a Site Editor save) with scope "all" regenerates every page', async () => {
    expect(new Set(await regeneratedBy(v2({ event: 'styles', scope: 'all' })))).toEqual(await everyPage());
  });

  it('the pages read the new menu: the menu cache and the post types are cleared, one read of each serves them all', async () => {
    const navigation = () => recorder.urls.filter((u) => u.pathname === '/wp-json/wp/v2/navigation/3').length;
    const types = () => recorder.urls.filter((u) => u.pathname === '/wp-json/wp/v2/types').length;
    await getMenu();
    const [menuReads, typeReads] = [navigation(), types()];
    expect(menuReads).toBe(1);
    await stopTestWorker();
    worker = installTestWorker(async () => {
      await getLayoutData();
    });
    await call(v2({ event: 'menu_save', scope: 'all' }));
    expect(navigation()).toBe(menuReads + 1);
    expect(types()).toBe(typeReads + 1);
  });
});
