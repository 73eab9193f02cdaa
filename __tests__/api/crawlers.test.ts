/** @jest-environment node */
import { http, HttpResponse } from 'msw';
import sitemapRoute from '../../pages/api/sitemap';
import robotsRoute from '../../pages/api/robots';
import feedRoute from '../../pages/api/feeds/[feed]';
import { clearSitemapCache, resetSitemapCacheForTests } from '@/lib/site/sitemap';
import { clearFeedCache, resetFeedCacheForTests } from '@/lib/site/feeds';
import { CONTENT_TYPES } from '@/lib/shared/wordpress/contentTypes';
import { RETRY_DELAY_MS } from '@/lib/shared/wordpress/http';
import { fakeWordPress, server, WORDPRESS_BASE, recordWordPressRequests } from '../setup/msw';
import { fakeRequest, fakeResponse, type FakeRequestInit } from './fakeHttp';

const SITE = 'https://www.example.com';
const CACHE_CONTROL = 'public, s-maxage=60, stale-while-revalidate=86400';

async function get(route: (req: never, res: never) => unknown, init: FakeRequestInit = {}) {
  const res = fakeResponse();
  await route(fakeRequest({ method: 'GET', ...init }) as never, res as never);
  return res;
}

const failIdLists = () =>
  server.use(http.get(`${WORDPRESS_BASE}/wp-json/custom-api/v1/:list`, () => HttpResponse.json({ code: 'down' }, { status: 503 })));
const failCollections = () =>
  server.use(http.get(`${WORDPRESS_BASE}/wp-json/wp/v2/:base`, () => HttpResponse.json({ code: 'down' }, { status: 503 })));

let recorder: ReturnType<typeof recordWordPressRequests>;
let errorSpy: jest.SpyInstance;
const idListRequests = () => recorder.urls.filter((u) => u.pathname.startsWith('/wp-json/custom-api/v1/')).length;

beforeEach(() => {
  resetSitemapCacheForTests();
  resetFeedCacheForTests();
  recorder = recordWordPressRequests();
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  recorder.stop();
  errorSpy.mockRestore();
  jest.useRealTimers();
});

describe('/sitemap.xml (pages/api/sitemap.ts)', () => {
  it('answers application/xml with Cache-Control s-maxage={REVALIDATE_SECONDS}, stale-while-revalidate=86400', async () => {
    const res = await get(sitemapRoute);
    expect(res.statusCode).toBe(200);
    expect(res.sent.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.sent.headers['cache-control']).toBe(CACHE_CONTROL);
    expect(res.sent.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(res.sent.text).toContain(`<loc>${SITE}/about-us/news/corvane-opens-regional-office-in-denver</loc>`);
  });

  it('a burst of crawler hits costs one WordPress round (one request per id list)', async () => {
    const perRound = CONTENT_TYPES.length; // every type of the table: one id list each
    const responses = await Promise.all(Array.from({ length: 10 }, () => get(sitemapRoute)));
    await get(sitemapRoute);
    expect(responses.every((r) => r.statusCode === 200 && r.sent.text === responses[0].sent.text)).toBe(true);
    expect(idListRequests()).toBe(perRound);
  });

  it('is rebuilt after REVALIDATE_SECONDS: the expired copy is served while one rebuild runs (ISR semantics)', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const first = await get(sitemapRoute);
    fakeWordPress().collections.news.find((p) => p.slug === 'corvane-joins-campus-payments-alliance')!.slug = 'renamed-item';
    jest.setSystemTime(Date.now() + 61_000);
    const stale = await get(sitemapRoute);
    expect(stale.sent.text).toBe(first.sent.text);
    await jest.advanceTimersByTimeAsync(0);
    const fresh = await get(sitemapRoute);
    expect(fresh.sent.text).toContain('/about-us/news/renamed-item</loc>');
  });

  it('on WordPress failure serves the last good copy', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const good = await get(sitemapRoute);
    failIdLists();
    clearSitemapCache();
    const pending = get(sitemapRoute);
    await jest.advanceTimersByTimeAsync(3 * RETRY_DELAY_MS);
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.sent.text).toBe(good.sent.text);
  });

  it('on WordPress failure with no earlier copy answers 503 with Retry-After', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    failIdLists();
    const pending = get(sitemapRoute);
    await jest.advanceTimersByTimeAsync(3 * RETRY_DELAY_MS);
    const res = await pending;
    expect(res.statusCode).toBe(503);
    expect(res.sent.headers['retry-after']).toBe('60');
    expect(res.sent.headers['cache-control']).toBe('no-store');
    expect(res.sent.json).toEqual({ error: expect.stringContaining('sitemap') });
  });

  it('answers 304 to a matching If-None-Match, and 405 with Allow to a POST', async () => {
    const first = await get(sitemapRoute);
    const etag = first.sent.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(sitemapRoute, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.sent.text).toBeUndefined();
    const post = await get(sitemapRoute, { method: 'POST' });
    expect(post.statusCode).toBe(405);
    expect(post.sent.headers.allow).toBe('GET, HEAD');
  });
});

describe('/robots.txt (pages/api/robots.ts)', () => {
  it('allows everything but /api/ and names the sitemap with SITE_URL', async () => {
    const res = await get(robotsRoute);
    expect(res.statusCode).toBe(200);
    expect(res.sent.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.sent.text).toBe(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${SITE}/sitemap.xml\n`);
  });
});

describe('/feeds/{feed}.xml (pages/api/feeds/[feed].ts)', () => {
  it.each(['blogs', 'news', 'press-releases'])('serves the %s feed as RSS with the sitemap\'s caching', async (feed) => {
    const res = await get(feedRoute, { query: { feed } });
    expect(res.statusCode).toBe(200);
    expect(res.sent.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.sent.headers['cache-control']).toBe(CACHE_CONTROL);
    expect(res.sent.text).toContain(`<atom:link href="${SITE}/feeds/${feed}.xml" rel="self" type="application/rss+xml"/>`);
  });

  it('answers 404 JSON to an unknown feed, naming the feeds there are', async () => {
    for (const feed of ['events', 'nope', '../sitemap']) {
      const res = await get(feedRoute, { query: { feed } });
      expect(res.statusCode).toBe(404);
      expect(res.sent.json).toEqual({ error: expect.stringContaining('/feeds/news.xml') });
    }
    expect(recorder.urls).toEqual([]);
  });

  it('accepts the feed name with its .xml suffix too', async () => {
    const res = await get(feedRoute, { query: { feed: 'news.xml' } });
    expect(res.statusCode).toBe(200);
  });

  it('a burst of hits costs one WordPress request per feed; clearFeedCache makes the next hit rebuild', async () => {
    await Promise.all(Array.from({ length: 5 }, () => get(feedRoute, { query: { feed: 'news' } })));
    const newsRequests = () => recorder.urls.filter((u) => u.pathname === '/wp-json/wp/v2/news').length;
    expect(newsRequests()).toBe(1);
    expect(recorder.urls[0].searchParams.get('per_page')).toBe('20');
    clearFeedCache();
    await get(feedRoute, { query: { feed: 'news' } });
    expect(newsRequests()).toBe(2);
  });

  it('on WordPress failure serves the last good copy, or 503 with Retry-After when there is none', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const good = await get(feedRoute, { query: { feed: 'news' } });
    failCollections();
    clearFeedCache();
    let pending = get(feedRoute, { query: { feed: 'news' } });
    await jest.advanceTimersByTimeAsync(3 * RETRY_DELAY_MS);
    const kept = await pending;
    expect(kept.statusCode).toBe(200);
    expect(kept.sent.text).toBe(good.sent.text);

    pending = get(feedRoute, { query: { feed: 'blogs' } });
    await jest.advanceTimersByTimeAsync(3 * RETRY_DELAY_MS);
    const none = await pending;
    expect(none.statusCode).toBe(503);
    expect(none.sent.headers['retry-after']).toBe('60');
  });
});
