/** @jest-environment node */
import { http, HttpResponse } from 'msw';
import handler, { config as routeConfig } from '../../pages/api/revalidate';
import { resetConfigForTests } from '@/config';
import { getLayoutData } from '@/lib/site/layout';
import {
  checkSitePath,
  isAuthorized,
  MAX_BODY_BYTES,
  revalidatePaths,
  REVALIDATE_CONCURRENCY,
  SECRET_HEADER,
} from '@/lib/site/revalidate';
import { LISTING_PATHS, STATIC_PAGES } from '@/lib/site/sitePaths';
import { resetSitemapCacheForTests, sitemapCache } from '@/lib/site/sitemap';
import { feedCache, resetFeedCacheForTests } from '@/lib/site/feeds';
import { contentType, sitePath } from '@/lib/wordpress/contentTypes';
import { getEveryPageLink } from '@/lib/wordpress/links';
import { clearMenuCache, getMenu } from '@/lib/wordpress/menu';
import { clearPostTypesCache } from '@/lib/wordpress/postTypes';
import { RETRY_DELAY_MS } from '@/lib/wordpress/http';
import { fakeWordPress, server, WORDPRESS_BASE, recordWordPressRequests } from '../setup/msw';
import { fakeRequest, fakeResponse, type FakeRequestInit } from './fakeHttp';

const SECRET = process.env.REVALIDATE_SECRET as string;
const NEWS_SLUG = 'corvane-opens-regional-office-in-denver';

/** Calls the webhook as WordPress would: POST, JSON, the secret header; `init` overrides any of it. */
async function call(body: unknown, init: FakeRequestInit = {}, revalidate?: (path: string) => Promise<void>) {
  const req = fakeRequest({
    method: 'POST',
    url: '/api/revalidate',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
    headers: init.headers ?? { 'content-type': 'application/json', [SECRET_HEADER]: SECRET },
  });
  const res = fakeResponse(revalidate);
  await handler(req, res);
  return res;
}

let recorder: ReturnType<typeof recordWordPressRequests>;
let errorSpy: jest.SpyInstance;
let warnSpy: jest.SpyInstance;

beforeEach(() => {
  clearMenuCache();
  clearPostTypesCache();
  resetSitemapCacheForTests();
  resetFeedCacheForTests();
  recorder = recordWordPressRequests();
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  warnSpy = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  recorder.stop();
  errorSpy.mockRestore();
  warnSpy.mockRestore();
  jest.useRealTimers();
});

describe('authentication', () => {
  it('refuses a call without the x-revalidate-secret header with 401 JSON, revalidating nothing', async () => {
    const res = await call({ type: 'news', slug: NEWS_SLUG }, { headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(401);
    expect(res.sent.json).toEqual({ error: expect.stringContaining(SECRET_HEADER) });
    expect(res.revalidateCalls).toEqual([]);
  });

  it('refuses a wrong secret (same length, and a prefix of the right one) with 401', async () => {
    const sameLength = SECRET.replace(/.$/, (c) => (c === 'x' ? 'y' : 'x'));
    for (const wrong of [sameLength, SECRET.slice(0, -1), `${SECRET}x`]) {
      const res = await call({ type: 'news', slug: NEWS_SLUG }, { headers: { 'content-type': 'application/json', [SECRET_HEADER]: wrong } });
      expect(res.statusCode).toBe(401);
      expect(res.revalidateCalls).toEqual([]);
    }
  });

  it('never reads the secret from the query string: ?secret= alone is still 401', async () => {
    const res = await call(
      { type: 'news', slug: NEWS_SLUG },
      {
        url: `/api/revalidate?secret=${SECRET}`,
        query: { secret: SECRET },
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(res.statusCode).toBe(401);
    expect(res.revalidateCalls).toEqual([]);
  });

  it('refuses every call with 401 when REVALIDATE_SECRET is not configured', async () => {
    const saved = process.env.REVALIDATE_SECRET;
    process.env.REVALIDATE_SECRET = '';
    resetConfigForTests();
    try {
      const res = await call({ type: 'news', slug: NEWS_SLUG });
      expect(res.statusCode).toBe(401);
      expect(res.sent.json).toEqual({ error: expect.any(String) });
      expect(warnSpy).toHaveBeenCalledWith(expect.stringContaining('REVALIDATE_SECRET is not set'));
    } finally {
      process.env.REVALIDATE_SECRET = saved;
      resetConfigForTests();
    }
  });

  it('isAuthorized compares digests: only the exact secret passes; empty, array or missing headers fail', () => {
    expect(isAuthorized(SECRET, SECRET)).toBe(true);
    expect(isAuthorized(`${SECRET} `, SECRET)).toBe(false);
    expect(isAuthorized('', SECRET)).toBe(false);
    expect(isAuthorized([SECRET], SECRET)).toBe(false);
    expect(isAuthorized(undefined, SECRET)).toBe(false);
    expect(isAuthorized(SECRET, null)).toBe(false);
  });
});

describe('request checks: every refusal is a JSON message', () => {
  it('answers 405 with Allow: POST to any other method', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await call('', { method });
      expect(res.statusCode).toBe(405);
      expect(res.sent.headers.allow).toBe('POST');
      expect(res.sent.json).toEqual({ error: expect.stringContaining(method) });
    }
  });

  it('answers 415 when the body is not declared as JSON', async () => {
    const res = await call('type=news', { headers: { 'content-type': 'application/x-www-form-urlencoded', [SECRET_HEADER]: SECRET } });
    expect(res.statusCode).toBe(415);
    expect(res.sent.json).toEqual({ error: expect.stringContaining('JSON') });
  });

  it('answers 400 with its own JSON message to malformed JSON (never Next\'s text, never 500)', async () => {
    const res = await call('{"type": "news", "slug": ');
    expect(res.statusCode).toBe(400);
    expect(res.sent.json).toEqual({ error: expect.stringMatching(/^The body is not valid JSON/) });
  });

  it('answers 400 to an empty body and to a body that is not an object', async () => {
    for (const body of ['', '[]', '"news"', 'null']) {
      const res = await call(body);
      expect(res.statusCode).toBe(400);
      expect(res.sent.json).toEqual({ error: expect.any(String) });
    }
  });

  it('disables Next\'s body parser so the handler reads (and limits) the body itself', () => {
    expect(routeConfig).toEqual({ api: { bodyParser: false } });
  });

  it('answers 413 to a body over 16 KB, whether declared by Content-Length or not', async () => {
    const big = JSON.stringify({ paths: ['/'], padding: 'x'.repeat(MAX_BODY_BYTES) });
    const undeclared = await call(big);
    expect(undeclared.statusCode).toBe(413);
    expect(undeclared.sent.json).toEqual({ error: expect.stringContaining(String(MAX_BODY_BYTES)) });
    const declared = await call('{}', {
      headers: { 'content-type': 'application/json', 'content-length': String(MAX_BODY_BYTES + 1), [SECRET_HEADER]: SECRET },
    });
    expect(declared.statusCode).toBe(413);
    expect(undeclared.revalidateCalls).toEqual([]);
  });

  it('answers 400 naming an unknown type', async () => {
    const res = await call({ type: 'product', slug: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.sent.json).toEqual({ error: expect.stringContaining('Unknown type "product"') });
  });

  it.each([
    ['Uppercase-Slug'],
    ['../etc/passwd'],
    ['a/b'],
    ['with space'],
    ['x'.repeat(201)],
    [''],
    [42],
  ])('answers 400 to the unsafe slug %j', async (slug) => {
    const res = await call({ type: 'news', slug });
    expect(res.statusCode).toBe(400);
    expect(res.sent.json).toEqual({ error: expect.stringContaining('slug') });
    expect(res.revalidateCalls).toEqual([]);
  });

  it.each([
    ['//evil.com', 'must not start with "//"'],
    ['/../x', '".."'],
    ['/a/%2e%2e/b', '".."'],
    ['http://x', 'starting with "/"'],
    ['about-us', 'starting with "/"'],
    ['/search?q=x', 'query or fragment'],
    ['/a#b', 'query or fragment'],
    ['/a\\b', 'URL path characters'],
    ['/a b', 'URL path characters'],
    ['/api/revalidate', 'not a page'],
    [`/${'a'.repeat(300)}`, 'longer than 300'],
  ])('answers 400 to the bad path %j', async (path, problem) => {
    const res = await call({ paths: ['/', path] });
    expect(res.statusCode).toBe(400);
    expect(res.sent.json).toEqual({ error: expect.stringContaining(problem) });
    expect((res.sent.json as { error: string }).error).toMatch(/^paths\[1\]/);
    expect(res.revalidateCalls).toEqual([]);
  });

  it('answers 400 to an empty list of paths and to more than 100', async () => {
    for (const paths of [[], Array.from({ length: 101 }, (_, i) => `/p${i}`), '/']) {
      const res = await call({ paths });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('what gets revalidated', () => {
  it('a {type: "news", slug} change revalidates exactly the detail page, the news listing and /', async () => {
    const res = await call({ type: 'news', slug: NEWS_SLUG });
    const news = contentType('news');
    const expected = [`${news.routePrefix}/${NEWS_SLUG}`, news.listingPath, '/'];
    expect(expected).toEqual([`/about-us/news/${NEWS_SLUG}`, '/about-us/news', '/']);
    expect(res.statusCode).toBe(200);
    expect(res.sent.json).toEqual({ revalidated: expected, failed: [] });
    expect(res.revalidateCalls.sort()).toEqual([...expected].sort());
  });

  it('a page change revalidates /{section}/{slug} (default section "pages") and /: pages have no listing', async () => {
    const res = await call({ type: 'page', slug: 'secure-switching' });
    expect(res.sent.json).toEqual({ revalidated: ['/pages/secure-switching', '/'], failed: [] });
    const other = await call({ type: 'page', slug: 'our-story', section: 'about-us' });
    expect(other.sent.json).toEqual({ revalidated: ['/about-us/our-story', '/'], failed: [] });
  });

  it('every type of the table maps to its detail route and listing page', async () => {
    for (const type of ['blog', 'pressRelease', 'whitePaper', 'caseStudy', 'insight', 'event', 'partnerInterview'] as const) {
      const res = await call({ type, slug: 'a-slug' });
      expect(res.sent.json).toEqual({
        revalidated: [sitePath(type, 'a-slug'), contentType(type).listingPath, '/'],
        failed: [],
      });
    }
  });

  it('a {paths} call revalidates the given paths once each, trailing slashes dropped', async () => {
    const res = await call({ paths: ['/about-us/news/', '/about-us/news', '/pages/caf%C3%A9', '/'] });
    expect(res.statusCode).toBe(200);
    expect(res.sent.json).toEqual({ revalidated: ['/about-us/news', '/pages/caf%C3%A9', '/'], failed: [] });
  });

  it('one failing path is reported in failed (502) while the others are still revalidated', async () => {
    const res = await call({ type: 'news', slug: NEWS_SLUG }, {}, async (path) => {
      if (path === '/about-us/news') throw new Error('Failed to revalidate /about-us/news: Invalid response 500');
    });
    expect(res.statusCode).toBe(502);
    expect(res.sent.json).toEqual({
      revalidated: [`/about-us/news/${NEWS_SLUG}`, '/'],
      failed: [{ path: '/about-us/news', error: 'Failed to revalidate /about-us/news: Invalid response 500' }],
    });
  });

  it('a content change marks the sitemap and the feeds outdated: the next request shows the new item', async () => {
    const sitemapBefore = (await sitemapCache().get()).document.body;
    const feedBefore = (await feedCache('news')!.get()).document.body;
    const item = fakeWordPress().collections.news.find((p) => p.slug === NEWS_SLUG)!;
    item.slug = 'corvane-opens-denver-office';
    item.title = { ...item.title, rendered: 'Corvane opens its Denver office', raw: 'Corvane opens its Denver office' };

    // Without the webhook, the copies are still fresh.
    expect((await sitemapCache().get()).document.body).toBe(sitemapBefore);
    expect((await feedCache('news')!.get()).document.body).toBe(feedBefore);

    await call({ type: 'news', slug: 'corvane-opens-denver-office' });
    const sitemapAfter = (await sitemapCache().get()).document.body;
    const feedAfter = (await feedCache('news')!.get()).document.body;
    expect(sitemapAfter).toContain('/about-us/news/corvane-opens-denver-office</loc>');
    expect(sitemapAfter).not.toContain(NEWS_SLUG);
    expect(feedAfter).toContain('Corvane opens its Denver office');
  });

  it('the menu payload clears the menu cache: one new navigation/3 request serves every regenerated page', async () => {
    const navigation = () => recorder.urls.filter((u) => u.pathname === '/wp-json/wp/v2/navigation/3').length;
    await getMenu();
    await getMenu();
    expect(navigation()).toBe(1); // cached

    // Each regeneration builds the page's layout data, as getStaticProps does.
    const res = await call({ type: 'menu' }, {}, async () => {
      await getLayoutData();
    });
    expect(res.statusCode).toBe(200);
    expect(navigation()).toBe(2);
    await getMenu();
    expect(navigation()).toBe(2); // cached again
  });

  it('issue 9 §3: the menu payload clears the post types with the menu: a renamed post type is read anew, and the menu link to it still maps', async () => {
    const types = () => recorder.urls.filter((u) => u.pathname === '/wp-json/wp/v2/types').length;
    const denver = async () =>
      (await getMenu()).flatMap((t) => t.submenus.flatMap((s) => s.items)).find((i) => i.label === 'Our Denver office')?.href;
    expect(await denver()).toBe('/about-us/news/corvane-opens-regional-office-in-denver');
    expect(types()).toBe(1);
    // WordPress's post types are renamed (a new plugin version); the menu now names ph_news.
    const news = fakeWordPress().collections.news;
    for (const post of news) Object.assign(post, { type: 'ph_news', link: post.link.replace('/news/', '/ph_news/') });
    fakeWordPress().postTypeNames = { ...fakeWordPress().postTypeNames, news: 'ph_news' };
    for (const item of fakeWordPress().menus[3]) if (item.object === 'news') item.object = 'ph_news';

    const res = await call({ type: 'menu' }, {}, async () => {
      await getLayoutData();
    });
    expect(res.statusCode).toBe(200);
    expect(types()).toBe(2);
    expect(await denver()).toBe('/about-us/news/corvane-opens-regional-office-in-denver');
  });

  it('the menu payload revalidates every page showing the menu: static pages, listing pages and every content page', async () => {
    const links = await getEveryPageLink();
    const res = await call({ type: 'menu' });
    const { revalidated, failed } = res.sent.json as { revalidated: string[]; failed: unknown[] };
    const expected = new Set([...STATIC_PAGES.map((p) => p.path), ...LISTING_PATHS, ...links.map((l) => l.path)]);
    expect(failed).toEqual([]);
    expect(new Set(revalidated)).toEqual(expected);
    expect(revalidated).toHaveLength(expected.size);
    expect(revalidated).toEqual(expect.arrayContaining(['/', '/contact-us', '/about-us/news', '/pages/secure-switching', `/about-us/news/${NEWS_SLUG}`]));
    // Case studies and insights are not in the all-links builder, but they show the menu too.
    expect(revalidated).toEqual(
      expect.arrayContaining(['/resources/case-studies/marlow-market-weekend-switch', '/resources/insights/contactless-share-passes-80-percent']),
    );
  });

  it('when WordPress cannot list the pages, the menu payload still revalidates fixed and listing pages and answers 502 with the reason', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    server.use(http.get(`${WORDPRESS_BASE}/wp-json/custom-api/v1/:list`, () => HttpResponse.json({ code: 'boom' }, { status: 500 })));
    const pending = call({ type: 'menu' });
    await jest.advanceTimersByTimeAsync(3 * RETRY_DELAY_MS);
    const res = await pending;
    expect(res.statusCode).toBe(502);
    const body = res.sent.json as { revalidated: string[]; failed: unknown[]; error: string };
    expect(body.revalidated).toEqual([...STATIC_PAGES.map((p) => p.path), ...LISTING_PATHS]);
    expect(body.error).toMatch(/could not be listed/);
  });
});

describe('revalidatePaths', () => {
  it(`regenerates at most ${REVALIDATE_CONCURRENCY} pages at a time and keeps the paths' order in its answer`, async () => {
    let running = 0;
    let peak = 0;
    const paths = Array.from({ length: 30 }, (_, i) => `/p${i}`);
    const result = await revalidatePaths(paths, async (path) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, Number(path.slice(2)) % 3));
      running -= 1;
      if (path === '/p7') throw new Error('nope');
    });
    expect(peak).toBe(REVALIDATE_CONCURRENCY);
    expect(result.revalidated).toEqual(paths.filter((p) => p !== '/p7'));
    expect(result.failed).toEqual([{ path: '/p7', error: 'nope' }]);
  });

  it('checkSitePath keeps a percent-encoded path and refuses encoded traversal', () => {
    expect(checkSitePath('/pages/caf%C3%A9')).toEqual({ path: '/pages/caf%C3%A9' });
    expect(checkSitePath('/')).toEqual({ path: '/' });
    expect(checkSitePath('/a/%2E%2E/b')).toHaveProperty('problem');
    expect(checkSitePath('/a/%zz')).toHaveProperty('problem');
  });
});
