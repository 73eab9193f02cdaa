/** @jest-environment node */
import { http, HttpResponse } from 'msw';
import type { NextApiHandler } from 'next';
import handler, { config as routeConfig } from '../../pages/api/search';
import { memoryRateLimit, type RateLimit } from '@/lib/api/rateLimit';
import {
  createSearchHandler,
  SEARCH_MAX_BODY_BYTES,
  SEARCH_RATE_LIMIT,
  SEARCH_UNAVAILABLE_MESSAGE,
  type SearchHandlerOptions,
} from '@/lib/search/handler';
import type { SearchResult } from '@/lib/shared/search/types';
import { clearPostTypesCache } from '@/lib/wordpress/postTypes';
import { prefixedPostTypeNames } from '../../__mocks__/wordpress/postTypes';
import { createSeedStore } from '../../__mocks__/wordpress/store';
import { fakeWordPress, server, WORDPRESS_BASE, recordWordPressRequests } from '../setup/msw';
import { fakeRequest, fakeResponse, type FakeRequestInit } from './fakeHttp';

const SEARCH_PATH = '/wp-json/wp/v2/search';
const TYPES_PATH = '/wp-json/wp/v2/types';
const JSON_TYPE = { 'content-type': 'application/json' };

let search: NextApiHandler;
let recorder: ReturnType<typeof recordWordPressRequests>;
let errorSpy: jest.SpyInstance;

/** A fresh handler per test: its own limiter. */
function freshHandler(options: SearchHandlerOptions = {}) {
  search = createSearchHandler({ trustProxy: () => false, ...options });
}

/** The WordPress search requests made since the test started. */
const wordPressSearches = () => recorder.urls.filter((u) => u.pathname === SEARCH_PATH);
/** The post type reads (`/wp/v2/types`) made since the test started. */
const typeReads = () => recorder.urls.filter((u) => u.pathname === TYPES_PATH);

/** Calls the route as the browser client does: POST, JSON `{s}`, header `s` URL-encoded; `init` overrides any of it. */
async function call(s: unknown, init: FakeRequestInit = {}, ip = '203.0.113.7') {
  const headers = init.headers ?? { ...JSON_TYPE, ...(typeof s === 'string' ? { s: encodeURIComponent(s) } : {}) };
  const body = init.body ?? JSON.stringify({ s });
  const req = fakeRequest({ method: 'POST', url: '/api/search', ...init, headers, body });
  Object.defineProperty(req, 'socket', { value: { remoteAddress: ip } });
  const res = fakeResponse();
  await search(req, res);
  return res;
}

const results = (res: ReturnType<typeof fakeResponse>) => res.sent.json as SearchResult[];

/** A refusal: a 4xx with a JSON `{error}` message, and WordPress not asked. */
function expectRefusal(res: ReturnType<typeof fakeResponse>, status: number, message?: RegExp) {
  expect(res.statusCode).toBe(status);
  expect(res.sent.json).toEqual({ error: expect.any(String) });
  if (message) expect((res.sent.json as { error: string }).error).toMatch(message);
  expect(wordPressSearches()).toEqual([]);
}

beforeEach(() => {
  // The post types are cached per process: each test reads its own fake WordPress's.
  clearPostTypesCache();
  freshHandler();
  recorder = recordWordPressRequests();
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  recorder.stop();
  errorSpy.mockRestore();
  jest.useRealTimers();
});

describe('POST /api/search answers a JSON list of {title, url, type, excerpt} with site paths', () => {
  it("searching 'orchestration' finds the blog post at its site path /resources/blogs/{slug}, never a WordPress URL", async () => {
    const res = await call('orchestration');
    expect(res.statusCode).toBe(200);
    const list = results(res);
    expect(list).toContainEqual({
      title: 'What payment orchestration means for multi-site merchants',
      url: '/resources/blogs/what-payment-orchestration-means-for-multi-site-merchants',
      type: 'Blog post',
      excerpt: expect.any(String),
    });
    for (const result of list) {
      expect(Object.keys(result).sort()).toEqual(['excerpt', 'title', 'type', 'url']);
      expect(result.url).toMatch(/^\/(?!\/)/);
      expect(JSON.stringify(result)).not.toContain('wordpress.test');
    }
    // The white paper is found too, at its own route, labelled by the content-type table.
    expect(list.map((r) => [r.url, r.type])).toContainEqual(['/resources/white-papers/the-payment-orchestration-playbook', 'White paper']);
  });

  it("asks WordPress once, with the query, type=post, the post types of the table's content types, per_page=20, _embed=self and t", async () => {
    await call('  Orchestration  ');
    const [url] = wordPressSearches();
    expect(wordPressSearches()).toHaveLength(1);
    expect(url.searchParams.get('search')).toBe('orchestration');
    expect(url.searchParams.get('type')).toBe('post');
    // The fake's own names, which the site read from /wp/v2/types.
    expect(url.searchParams.get('subtype')?.split(',')).toEqual(['post', 'news', 'press-release', 'whitepaper', 'case-study', 'insights', 'events', 'virtual', 'fp_page']);
    expect(url.searchParams.get('per_page')).toBe('20');
    expect(url.searchParams.get('_embed')).toBe('self');
    expect(url.searchParams.get('t')).toMatch(/^\d+$/);
  });

  it('each excerpt is plain text of at most 30 words, and titles are decoded', async () => {
    const list = results(await call('donate'));
    const post = list.find((r) => r.url === '/resources/blogs/tap-and-donate-how-venues-raise-more-at-the-counter');
    expect(post?.title).toBe('Tap & donate: how venues raise more at the counter');
    expect(list.length).toBeGreaterThan(0);
    for (const { excerpt, title } of list) {
      expect(excerpt).not.toMatch(/<|&#?\w+;/);
      expect(title).not.toMatch(/<|&#?\w+;/);
      expect(excerpt.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(30);
    }
    expect(list.some((r) => r.excerpt.length > 0)).toBe(true);
  });

  it('the two test pages of spec §2 are never results (though WordPress finds them)', async () => {
    const found = async (q: string) => JSON.stringify(await (await fetch(`${WORDPRESS_BASE}${SEARCH_PATH}?search=${encodeURIComponent(q)}`)).json());
    expect(await found('media relations')).toContain('get-in-touch-media-relations-salesforce-test-page');
    expect(await found('page test')).toContain('page-test-2');
    for (const q of ['media relations', 'test page', 'page test']) {
      const urls = results(await call(q)).map((r) => r.url);
      expect(urls).not.toContain('/pages/get-in-touch-media-relations-salesforce-test-page');
      expect(urls).not.toContain('/pages/page-test-2');
    }
  });

  it('pages get /{section}/{slug}; results of subtypes the table does not know are dropped; a slug comes from the URL when nothing is embedded', async () => {
    server.use(
      http.get(`${WORDPRESS_BASE}${SEARCH_PATH}`, () =>
        HttpResponse.json([
          { id: 1, title: 'Card services', url: `${WORDPRESS_BASE}/fp_page/card-services/`, type: 'post', subtype: 'fp_page', _embedded: { self: [{ id: 1, slug: 'card-services', title: { rendered: 'Card services' }, excerpt: { rendered: '<p>Cards &amp; more</p>' }, acf: { section: 'solutions' } }] } },
          { id: 2, title: 'A frame', url: `${WORDPRESS_BASE}/frame/a-frame/`, type: 'post', subtype: 'frame' },
          { id: 3, title: 'Denver &#8211; office', url: `${WORDPRESS_BASE}/news/denver-office/`, type: 'post', subtype: 'news', _embedded: { self: [{ code: 'rest_forbidden', message: 'no' }] } },
          { id: 4, title: 'Plain permalink', url: `${WORDPRESS_BASE}/?p=4`, type: 'post', subtype: 'news' },
          { id: 5, title: 'Test', url: `${WORDPRESS_BASE}/fp_page/page-test-2/`, type: 'post', subtype: 'fp_page' },
          'not an object',
        ]),
      ),
    );
    expect(results(await call('anything'))).toEqual([
      { title: 'Card services', url: '/solutions/card-services', type: 'Page', excerpt: 'Cards & more' },
      { title: 'Denver – office', url: '/about-us/news/denver-office', type: 'News', excerpt: '' },
    ]);
  });

  it('the home page is found at /, not at its /pages/home address', async () => {
    const urls = results(await call('orchestration')).map((r) => r.url);
    expect(urls).toContain('/');
    expect(urls).not.toContain('/pages/home');
  });

  it('a search that finds nothing answers []', async () => {
    const res = await call('zzzxqnotfoundanywhere');
    expect(res.statusCode).toBe(200);
    expect(res.sent.json).toEqual([]);
  });

  it('issue 5 §3 a found answer carries a short shared cache lifetime, keyed by the s header; browsers do not reuse it', async () => {
    const { headers } = (await call('orchestration')).sent;
    expect(headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    expect(headers['vary']).toBe('s');
  });

  it('issue 5 §3 refusals are never cached: no-store on a 400', async () => {
    const res = await call('orchestration', { headers: { ...JSON_TYPE, s: 'different' } });
    expect(res.statusCode).toBe(400);
    expect(res.sent.headers['cache-control']).toBe('no-store');
    expect(res.sent.headers['vary']).toBeUndefined();
  });

  it("the route turns Next's body parser off, so every refusal is the handler's JSON", () => {
    expect(routeConfig).toEqual({ api: { bodyParser: false } });
  });

  it('the default route handler answers a search from the fake WordPress', async () => {
    const req = fakeRequest({ method: 'POST', url: '/api/search', headers: { ...JSON_TYPE, s: 'orchestration' }, body: '{"s":"orchestration"}' });
    const res = fakeResponse();
    await handler(req, res);
    expect(res.statusCode).toBe(200);
    expect(results(res).length).toBeGreaterThan(0);
  });
});

describe('issue 34: no answer cache in the process (while there is no index, every search asks WordPress)', () => {
  it('a second identical search asks WordPress again', async () => {
    const first = await call('orchestration');
    const second = await call('orchestration');
    expect(wordPressSearches()).toHaveLength(2);
    expect(second.sent.json).toEqual(first.sent.json);
  });

  it('a new post is found by the very next search (nothing kept 60 s)', async () => {
    const before = results(await call('orchestration')).length;
    const post = fakeWordPress().collections.posts[0];
    fakeWordPress().collections.posts.push({ ...post, id: 9999, slug: 'orchestration-two', link: post.link.replace(post.slug, 'orchestration-two') });
    const after = results(await call('orchestration'));
    expect(after.length).toBeGreaterThan(before);
    expect(after.map((r) => r.url)).toContain('/resources/blogs/orchestration-two');
  });

  it('the removed cache is gone from the module: no SEARCH_CACHE, no clearSearchCache', async () => {
    const exported = await import('@/lib/search/handler');
    expect('SEARCH_CACHE' in exported).toBe(false);
    expect('clearSearchCache' in exported).toBe(false);
  });
});

describe('issue 10 §2: over the plugin with HEADLESS_SITE_URL (results linked at their site address)', () => {
  it('search answers the same site paths, the home page at / and a page in its section', async () => {
    Object.assign(fakeWordPress(), createSeedStore({ siteUrl: 'https://www.example.com', postTypeNames: prefixedPostTypeNames('ph_') }));
    fakeWordPress().collections.fp_page.find((p) => p.slug === 'card-services')!.acf.section = 'solutions';
    const urls = results(await call('orchestration')).map((r) => r.url);
    expect(urls).toContain('/resources/blogs/what-payment-orchestration-means-for-multi-site-merchants');
    expect(urls).toContain('/');
    expect(urls).not.toContain('/pages/home');
    expect(results(await call('denver')).map((r) => r.url)).toContain('/about-us/news/corvane-opens-regional-office-in-denver');
    expect(results(await call('card services')).map((r) => r.url)).toContain('/solutions/card-services');
  });
});

describe('issue 9 §3: the post types are read from /wp/v2/types, never assumed', () => {
  /** The fake WordPress with every post type renamed `ph_…`, as the companion plugin names them (REST bases unchanged). */
  const renameFakePostTypes = () => Object.assign(fakeWordPress(), createSeedStore({ postTypeNames: prefixedPostTypeNames('ph_') }));

  it('on a WordPress whose post types have other names (ph_news, ph_press_release, …), search answers the same site URLs', async () => {
    renameFakePostTypes();
    const res = await call('orchestration');
    expect(res.statusCode).toBe(200);
    const urls = results(res).map((r) => r.url);
    expect(urls).toContain('/resources/blogs/what-payment-orchestration-means-for-multi-site-merchants');
    expect(urls).toContain('/resources/white-papers/the-payment-orchestration-playbook');
    const [url] = wordPressSearches();
    expect(url.searchParams.get('subtype')?.split(',')).toEqual([
      'post', 'ph_news', 'ph_press_release', 'ph_whitepaper', 'ph_case_study', 'ph_insights', 'ph_events', 'ph_virtual', 'ph_fp_page',
    ]);
    // Every content type's results map back to its own route.
    expect(results(await call('denver')).map((r) => [r.url, r.type])).toContainEqual(['/about-us/news/corvane-opens-regional-office-in-denver', 'News']);
    expect(results(await call('card services')).map((r) => r.url)).toContain('/pages/card-services');
  });

  it("the same names the old site guessed would now be refused by such a WordPress: proof the names are not the site's", async () => {
    renameFakePostTypes();
    const guessed = await fetch(`${WORDPRESS_BASE}${SEARCH_PATH}?search=x&subtype=post,news,press-release`);
    expect(guessed.status).toBe(400);
    expect((await call('orchestration')).statusCode).toBe(200);
  });

  it("only the table's types that WordPress actually has are searched: a missing one does not make WordPress refuse the search", async () => {
    const types = (await (await fetch(`${WORDPRESS_BASE}${TYPES_PATH}`)).json()) as Record<string, { rest_base: string }>;
    const withoutInsights = Object.fromEntries(Object.entries(types).filter(([, t]) => t.rest_base !== 'insights'));
    server.use(http.get(`${WORDPRESS_BASE}${TYPES_PATH}`, () => HttpResponse.json(withoutInsights)));
    expect((await call('orchestration')).statusCode).toBe(200);
    expect(wordPressSearches()[0].searchParams.get('subtype')?.split(',')).not.toContain('insights');
    expect(wordPressSearches()[0].searchParams.get('subtype')?.split(',')).toContain('news');
  });

  it('a WordPress with none of the content types answers [] without a search', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(http.get(`${WORDPRESS_BASE}${TYPES_PATH}`, () => HttpResponse.json({ page: { slug: 'page', rest_base: 'pages', rest_namespace: 'wp/v2' } })));
    const res = await call('orchestration');
    expect(res.statusCode).toBe(200);
    expect(results(res)).toEqual([]);
    expect(wordPressSearches()).toEqual([]);
    warn.mockRestore();
  });

  it('the post types are read once per process (5-minute cache), not once per search', async () => {
    await call('orchestration');
    await call('donate');
    await call('denver');
    expect(wordPressSearches()).toHaveLength(3);
    expect(typeReads()).toHaveLength(1);
  });

  it.each([
    ['a 500', () => HttpResponse.json({ code: 'internal_server_error', message: 'at wordpress.test' }, { status: 500 })],
    ['a network error', () => HttpResponse.error()],
    ['an answer that is not an object of post types', () => HttpResponse.json(['post'])],
  ])('post types unreadable (%s) → the 502 of WordPress being down, never a 500; the failure is not cached', async (_name, answer) => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    server.use(http.get(`${WORDPRESS_BASE}${TYPES_PATH}`, answer, { once: true }));
    // Fake timers never advanced: one attempt, as for the search itself (a visitor is waiting).
    const res = await call('orchestration');
    expect(res.statusCode).toBe(502);
    expect(res.sent.json).toEqual({ error: SEARCH_UNAVAILABLE_MESSAGE });
    expect(wordPressSearches()).toEqual([]);
    expect((await call('orchestration')).statusCode).toBe(200);
    expect(typeReads()).toHaveLength(2);
  });
});

describe('WordPress failing → 502 JSON, without the WordPress host or the raw error', () => {
  it.each([
    ['a 500', () => HttpResponse.json({ code: 'internal_server_error', message: 'Database error at wordpress.test' }, { status: 500 })],
    ['an HTML error page', () => new HttpResponse('<html>wordpress.test is down</html>', { status: 200, headers: { 'content-type': 'text/html' } })],
    ['a network error', () => HttpResponse.error()],
    ['an answer that is not a list', () => HttpResponse.json({ unexpected: 'wordpress.test' })],
  ])('%s → 502 {error: "Search is unavailable, please try again."}, after one attempt', async (_name, answer) => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    server.use(http.get(`${WORDPRESS_BASE}${SEARCH_PATH}`, answer));
    // The timers are fake and never advanced: a retry after 3 s would never happen, so one attempt is proven.
    const res = await call('orchestration');
    expect(res.statusCode).toBe(502);
    expect(res.sent.json).toEqual({ error: SEARCH_UNAVAILABLE_MESSAGE });
    expect(JSON.stringify(res.sent.json)).not.toContain('wordpress.test');
    expect(wordPressSearches()).toHaveLength(1);
    expect(errorSpy).toHaveBeenCalled();
  });

  it('a search function that throws is a 502 too (never a 500)', async () => {
    freshHandler({ search: () => Promise.reject(new TypeError('boom at http://wordpress.test')) });
    const res = await call('x1');
    expect(res.statusCode).toBe(502);
    expect(res.sent.json).toEqual({ error: SEARCH_UNAVAILABLE_MESSAGE });
  });
});

describe('POST /api/search refuses bad requests with a 4xx JSON message, never a 500', () => {
  it.each(['GET', 'PUT', 'DELETE', 'OPTIONS'])('method %s → 405 with Allow: POST', async (method) => {
    const res = await call('orchestration', { method });
    expectRefusal(res, 405, /POST/);
    expect(res.sent.headers.allow).toBe('POST');
  });

  it.each([
    ['no content type', { s: 'x' }],
    ['text/plain', { 'content-type': 'text/plain', s: 'x' }],
  ])('a body not declared JSON (%s) → 415', async (_name, headers) => {
    expectRefusal(await call('x', { headers }), 415, /application\/json/);
  });

  it('a body over 4 KB → 413; so is s of 10 KB', async () => {
    const s = 'a'.repeat(10 * 1024);
    expectRefusal(await call(s, { headers: { ...JSON_TYPE, s: 'a' } }), 413, new RegExp(`${SEARCH_MAX_BODY_BYTES} bytes`));
    expectRefusal(await call('x', { headers: { ...JSON_TYPE, s: 'x', 'content-length': '5000' } }), 413);
  });

  it.each([
    ['malformed JSON', '{"s": "x"', /not valid JSON/],
    ['an empty body', '', /empty/],
    ['a JSON list', '["x"]', /JSON object/],
    ['not UTF-8', Buffer.from([0x7b, 0xff, 0x7d]), /UTF-8/],
  ])('%s → 400', async (_name, body, message) => {
    expectRefusal(await call('x', { body, headers: { ...JSON_TYPE, s: 'x' } }), 400, message);
  });

  it.each([
    ['s missing', {}, /needs "s"/],
    ['s a number ({s: 5})', { s: 5 }, /must be a string/],
    ['s a list', { s: ['x'] }, /must be a string/],
    ['s null', { s: null }, /must be a string/],
    ['s empty', { s: '' }, /must not be empty/],
    ['s only white space', { s: ' \t\n ' }, /must not be empty/],
    ['s of 201 characters', { s: 'a'.repeat(201) }, /longer than 200 characters/],
  ])('%s → 400 naming the problem', async (_name, body, message) => {
    expectRefusal(await call(undefined, { body: JSON.stringify(body), headers: { ...JSON_TYPE, s: 'x' } }), 400, message);
  });

  it('200 characters (emoji counted once) are accepted', async () => {
    const s = '😀'.repeat(200);
    expect((await call(s)).statusCode).toBe(200);
  });

  it('a missing s header → 400', async () => {
    expectRefusal(await call('orchestration', { headers: JSON_TYPE }), 400, /"s" header is missing/);
  });

  it('header and body that disagree → 400', async () => {
    expectRefusal(await call('orchestration', { headers: { ...JSON_TYPE, s: 'payments' } }), 400, /same query/);
  });

  it('a malformed URL encoding in the header → 400, not a crash', async () => {
    expectRefusal(await call('100%', { headers: { ...JSON_TYPE, s: '100%' } }), 400, /not valid URL encoding/);
    expectRefusal(await call('x', { headers: { ...JSON_TYPE, s: '%E0%A4%A' } }), 400, /not valid URL encoding/);
  });

  it('an overlong header → 400', async () => {
    expectRefusal(await call('x', { headers: { ...JSON_TYPE, s: 'x'.repeat(5000) } }), 400, /header is longer/);
  });

  it('header and body agree after trimming, and a non-ASCII query round-trips through the URL-encoded header', async () => {
    expect((await call('x', { body: JSON.stringify({ s: '  café orchestration ' }), headers: { ...JSON_TYPE, s: encodeURIComponent('café orchestration') } })).statusCode).toBe(200);
  });
});

describe('POST /api/search is rate limited per client: 429 JSON with Retry-After', () => {
  it(`the default limit is ${SEARCH_RATE_LIMIT.points} searches per ${SEARCH_RATE_LIMIT.durationSeconds} s per client`, async () => {
    const rateLimit: RateLimit = memoryRateLimit({ ...SEARCH_RATE_LIMIT, keyPrefix: 'search-test' });
    freshHandler({ rateLimit, search: async () => [] });
    for (let i = 0; i < SEARCH_RATE_LIMIT.points; i++) expect((await call('orchestration')).statusCode).toBe(200);
    const refused = await call('orchestration');
    expect(refused.statusCode).toBe(429);
    expect(refused.sent.json).toEqual({ error: expect.stringMatching(/Too many requests/) });
    const retryAfter = Number(refused.sent.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(SEARCH_RATE_LIMIT.durationSeconds);
    expect((await call('orchestration', {}, '198.51.100.1')).statusCode).toBe(200);
  });

  it('a refused search does not reach WordPress', async () => {
    freshHandler({ rateLimit: memoryRateLimit({ points: 1, durationSeconds: 10, keyPrefix: 'search-test' }) });
    expect((await call('orchestration')).statusCode).toBe(200);
    expect((await call('loyalty')).statusCode).toBe(429);
    expect(wordPressSearches()).toHaveLength(1);
  });
});
