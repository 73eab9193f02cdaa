/** @jest-environment node */
/**
 * Issue 34 §6 (docs/search-index.md): `POST /api/search` answers from the process's index once it
 * is built (no WordPress request), else from WordPress's search; the `?type=` filter; a query of
 * punctuation only. About the route, not about ranking (the engine at merge ranks).
 */
import type { NextApiHandler } from 'next';
import handler from '../../pages/api/search';
import { memoryRateLimit } from '@/lib/api/rateLimit';
import type { SearchDocument } from '@/lib/search/document';
import { createSearchEngine, type SearchEngine } from '@/lib/search/engine';
import { createSearchHandler, SEARCH_CACHE_CONTROL, type SearchHandlerOptions } from '@/lib/search/handler';
import { resetSearchIndexForTests, startSearchIndex } from '@/lib/search/siteIndex';
import type { SearchResult } from '@/lib/shared/search/types';
import { SEARCH_KEY, surrogateKeyHeaderName } from '@/lib/site/surrogateKeys';
import { CONTENT_TYPES } from '@/lib/shared/wordpress/contentTypes';
import { clearPostTypesCache } from '@/lib/wordpress/postTypes';
import type { ContentTypeName } from '@/lib/shared/types';
import { prefixedPostTypeNames } from '../../__mocks__/wordpress/postTypes';
import { createSeedStore } from '../../__mocks__/wordpress/store';
import { fakeWordPress, recordWordPressRequests } from '../setup/msw';
import { fakeRequest, fakeResponse } from './fakeHttp';

const JSON_TYPE = { 'content-type': 'application/json' };
let recorder: ReturnType<typeof recordWordPressRequests>;

const doc = (type: ContentTypeName, n: number, title: string, date = '2025-01-06T09:00:00'): SearchDocument => ({
  id: `${type}:${n}`,
  type,
  slug: `item-${n}`,
  url: type === 'news' ? `/about-us/news/item-${n}` : `/resources/blogs/item-${n}`,
  title,
  headings: '',
  excerpt: `An excerpt about ${title.toLowerCase()}.`,
  body: '',
  date,
});

/** Calls a route as the browser client does: POST to `url`, JSON `{s}`, the header `s`. */
async function call(route: NextApiHandler, s: string, url = '/api/search') {
  const req = fakeRequest({ method: 'POST', url, headers: { ...JSON_TYPE, s: encodeURIComponent(s) }, body: JSON.stringify({ s }) });
  Object.defineProperty(req, 'socket', { value: { remoteAddress: '203.0.113.9' } });
  const res = fakeResponse();
  await route(req, res);
  return res;
}

const route = (options: SearchHandlerOptions = {}) =>
  createSearchHandler({ trustProxy: () => false, rateLimit: memoryRateLimit({ points: 1000, durationSeconds: 10, keyPrefix: 'search-index-test' }), ...options });
const withEngine = (engine: SearchEngine | null, options: SearchHandlerOptions = {}) => route({ engine: () => engine, ...options });
const wordPressSearches = () => recorder.urls.filter((u) => u.pathname === '/wp-json/wp/v2/search');

beforeEach(() => {
  clearPostTypesCache();
  recorder = recordWordPressRequests();
});
afterEach(() => {
  recorder.stop();
  resetSearchIndexForTests();
  jest.useRealTimers();
});

describe('the index answers when ready: no WordPress request', () => {
  it('each hit becomes {title, url, type (the label), excerpt, date, matches, terms}', async () => {
    const engine = createSearchEngine([doc('news', 1, 'Zebraquartz opens an office', '2025-02-03T10:00:00')]);
    const res = await call(withEngine(engine), 'zebraquartz');
    expect(res.statusCode).toBe(200);
    const [hit] = engine.search('zebraquartz');
    expect(res.sent.json).toEqual([
      { title: 'Zebraquartz opens an office', url: '/about-us/news/item-1', type: 'News', excerpt: 'An excerpt about zebraquartz opens an office.', date: '2025-02-03T10:00:00', matches: hit.matches, terms: hit.terms },
    ]);
    expect(wordPressSearches()).toEqual([]);
    expect(recorder.urls).toEqual([]);
  });

  it('keeps Cache-Control, Vary: s and the search surrogate key', async () => {
    const { headers } = (await call(withEngine(createSearchEngine([doc('blog', 1, 'Zebraquartz')])), 'zebraquartz')).sent;
    expect(headers['cache-control']).toBe(SEARCH_CACHE_CONTROL);
    expect(SEARCH_CACHE_CONTROL).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    expect(headers['vary']).toBe('s');
    expect(headers[surrogateKeyHeaderName(process.env.CACHE_PURGE).toLowerCase()]).toBe(SEARCH_KEY);
  });

  it('at most 20 results', async () => {
    const engine = createSearchEngine(Array.from({ length: 30 }, (_, i) => doc('blog', i + 1, `Zebraquartz number ${i + 1}`)));
    expect((await call(withEngine(engine), 'zebraquartz')).sent.json).toHaveLength(20);
  });

  it('the default route answers from the index of the process once its first build is done', async () => {
    await startSearchIndex();
    recorder.stop();
    recorder = recordWordPressRequests();
    const res = await call(handler, 'orchestration');
    expect(res.statusCode).toBe(200);
    const list = res.sent.json as SearchResult[];
    expect(list.map((r) => r.url)).toContain('/resources/blogs/what-payment-orchestration-means-for-multi-site-merchants');
    expect(list[0]).toEqual(expect.objectContaining({ date: expect.any(String), matches: expect.any(Object), terms: expect.any(Array) }));
    expect(recorder.urls).toEqual([]);
  });

  it('no index yet (null) → WordPress answers, {title, url, type, excerpt} as before', async () => {
    const res = await call(withEngine(null), 'orchestration');
    expect(res.statusCode).toBe(200);
    expect(wordPressSearches()).toHaveLength(1);
    for (const result of res.sent.json as SearchResult[]) expect(Object.keys(result).sort()).toEqual(['excerpt', 'title', 'type', 'url']);
  });

  it('an engine that throws (its contract says never) is not a 500: WordPress answers', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const engine = createSearchEngine();
    jest.spyOn(engine, 'search').mockImplementation(() => {
      throw new Error('boom');
    });
    const res = await call(withEngine(engine), 'orchestration');
    expect(res.statusCode).toBe(200);
    expect(wordPressSearches()).toHaveLength(1);
    expect(error).toHaveBeenCalledWith('[search] the index failed, asking WordPress: boom');
    error.mockRestore();
  });
});

describe('the type filter in the URL: ?type={content-type name}', () => {
  it('is applied by the engine (inside it, not after the limit)', async () => {
    const docs = [...Array.from({ length: 25 }, (_, i) => doc('blog', i + 1, `Zebraquartz blog ${i + 1}`, '2025-03-01T00:00:00')), doc('news', 100, 'Zebraquartz news', '2020-01-01T00:00:00')];
    const list = (await call(withEngine(createSearchEngine(docs)), 'zebraquartz', '/api/search?type=news')).sent.json as SearchResult[];
    expect(list.map((r) => [r.url, r.type])).toEqual([['/about-us/news/item-100', 'News']]);
  });

  it("while there is no index, WordPress's search is asked for that type's post type only", async () => {
    const res = await call(withEngine(null), 'denver', '/api/search?type=news');
    expect(res.statusCode).toBe(200);
    expect(wordPressSearches()[0].searchParams.get('subtype')).toBe('news');
    for (const result of res.sent.json as SearchResult[]) expect(result.type).toBe('News');
  });

  it("…by this WordPress's name for it (ph_news), and a type WordPress does not have answers [] without a search", async () => {
    Object.assign(fakeWordPress(), createSeedStore({ postTypeNames: prefixedPostTypeNames('ph_') }));
    await call(withEngine(null), 'denver', '/api/search?type=news');
    expect(wordPressSearches()[0].searchParams.get('subtype')).toBe('ph_news');
    const search = jest.fn(async () => [] as SearchResult[]);
    await call(withEngine(null, { search }), 'denver', '/api/search?type=pressRelease');
    expect(search).toHaveBeenCalledWith('denver', 'pressRelease');
  });

  it.each([
    ['an unknown type', '/api/search?type=posts', /Unknown type "posts" in the URL: expected one of blog, news, pressRelease/],
    ['an empty type', '/api/search?type=', /Unknown type "" in the URL/],
    ['a repeated type', '/api/search?type=news&type=blog', /at most once/],
  ])('%s → 400 naming the valid ones, nothing searched', async (_name, url, message) => {
    const engine = createSearchEngine([doc('blog', 1, 'Zebraquartz')]);
    const search = jest.spyOn(engine, 'search');
    const res = await call(withEngine(engine), 'zebraquartz', url);
    expect(res.statusCode).toBe(400);
    expect(res.sent.headers['cache-control']).toBe('no-store');
    expect((res.sent.json as { error: string }).error).toMatch(message);
    expect((res.sent.json as { error: string }).error).toContain(CONTENT_TYPES.map((t) => t.name).join(', '));
    expect(search).not.toHaveBeenCalled();
  });

  it('every content-type name of the table is accepted', async () => {
    for (const { name } of CONTENT_TYPES) expect((await call(withEngine(createSearchEngine()), 'x', `/api/search?type=${name}`)).statusCode).toBe(200);
  });
});

describe('a query of punctuation only answers 200 []', () => {
  it.each(['?!', '—…', '"*"'])('%s → [] from the index and without asking WordPress', async (s) => {
    const search = jest.fn(async () => [] as SearchResult[]);
    for (const route of [withEngine(createSearchEngine([doc('blog', 1, 'Zebraquartz')])), withEngine(null, { search })]) {
      const res = await call(route, s);
      expect(res.statusCode).toBe(200);
      expect(res.sent.json).toEqual([]);
    }
    expect(search).not.toHaveBeenCalled();
    expect(wordPressSearches()).toEqual([]);
  });
});
