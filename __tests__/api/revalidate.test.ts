/** @jest-environment node */
/**
 * The revalidation webhook, payload version 2 (issue 35 §1, docs/reliability.md): the request
 * checks, the one payload shape, and the answer (202 once recorded, before any work). What the
 * worker does after the answer: __tests__/site/jobs.test.ts and revalidatePlugin.test.ts.
 */
import { http, HttpResponse } from 'msw';
import handler, { config as routeConfig } from '../../pages/api/revalidate';
import { resetConfigForTests } from '@/config';
import { getLayoutData } from '@/lib/site/layout';
import { isAuthorized, MAX_BODY_BYTES, NOT_RECORDED, SECRET_HEADER, VERSION_1_REFUSED } from '@/lib/site/revalidate';
import { jobsSettled, RECORD_TIMEOUT_MS, regeneratePaths, REVALIDATE_CONCURRENCY, workerStatus } from '@/lib/site/jobs';
import { LISTING_PATHS, STATIC_PAGES } from '@/lib/site/sitePaths';
import { resetSitemapCacheForTests, sitemapCache } from '@/lib/site/sitemap';
import { feedCache, resetFeedCacheForTests } from '@/lib/site/feeds';
import { contentType } from '@/lib/shared/wordpress/contentTypes';
import { getEveryPageLink } from '@/lib/wordpress/links';
import { clearMenuCache, getMenu } from '@/lib/wordpress/menu';
import { clearPostTypesCache } from '@/lib/wordpress/postTypes';
import { RETRY_DELAY_MS } from '@/lib/shared/wordpress/http';
import { fakeWordPress, server, WORDPRESS_BASE, recordWordPressRequests } from '../setup/msw';
import { fakeRequest, fakeResponse, stopTestWorker, installTestWorker, v2, type FakeRequestInit, type TestWorker } from './fakeHttp';

const SECRET = process.env.REVALIDATE_SECRET as string;
const NEWS_SLUG = 'corvane-opens-regional-office-in-denver';
const NEWS_ITEM = { rest_base: 'news', slug: NEWS_SLUG };

/** Calls the webhook as WordPress would: POST, JSON, the secret header; `init` overrides any of it. */
async function call(body: unknown, init: FakeRequestInit = {}) {
  const req = fakeRequest({
    method: 'POST',
    url: '/api/revalidate',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
    headers: init.headers ?? { 'content-type': 'application/json', [SECRET_HEADER]: SECRET },
  });
  const res = fakeResponse();
  await handler(req, res);
  return res;
}

let recorder: ReturnType<typeof recordWordPressRequests>;
let errorSpy: jest.SpyInstance;
let warnSpy: jest.SpyInstance;
let infoSpy: jest.SpyInstance;
let worker: TestWorker;

beforeEach(() => {
  clearMenuCache();
  clearPostTypesCache();
  resetSitemapCacheForTests();
  resetFeedCacheForTests();
  recorder = recordWordPressRequests();
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  warnSpy = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  infoSpy = jest.spyOn(console, 'info').mockImplementation(() => undefined);
  worker = installTestWorker();
});

afterEach(async () => {
  jest.useRealTimers();
  await stopTestWorker();
  recorder.stop();
  errorSpy.mockRestore();
  warnSpy.mockRestore();
  infoSpy.mockRestore();
});

describe('authentication', () => {
  it('refuses a call without the x-revalidate-secret header with 401 JSON, revalidating nothing', async () => {
    const res = await call(v2({ event: 'update', items: [NEWS_ITEM] }), { headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(401);
    expect(res.sent.json).toEqual({ error: expect.stringContaining(SECRET_HEADER) });
    await jobsSettled();
    expect(worker.regenerated).toEqual([]);
  });

  it('refuses a wrong secret (same length, and a prefix of the right one) with 401', async () => {
    const sameLength = SECRET.replace(/.$/, (c) => (c === 'x' ? 'y' : 'x'));
    for (const wrong of [sameLength, SECRET.slice(0, -1), `${SECRET}x`]) {
      const res = await call(v2({ event: 'update', items: [NEWS_ITEM] }), { headers: { 'content-type': 'application/json', [SECRET_HEADER]: wrong } });
      expect(res.statusCode).toBe(401);
      await jobsSettled();
    expect(worker.regenerated).toEqual([]);
    }
  });

  it('never reads the secret from the query string: ?secret= alone is still 401', async () => {
    const res = await call(
      v2({ event: 'update', items: [NEWS_ITEM] }),
      {
        url: `/api/revalidate?secret=${SECRET}`,
        query: { secret: SECRET },
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(res.statusCode).toBe(401);
    await jobsSettled();
    expect(worker.regenerated).toEqual([]);
  });

  it('refuses every call with 401 when REVALIDATE_SECRET is not configured', async () => {
    const saved = process.env.REVALIDATE_SECRET;
    process.env.REVALIDATE_SECRET = '';
    resetConfigForTests();
    try {
      const res = await call(v2({ event: 'update', items: [NEWS_ITEM] }));
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
    const res = await call('v=2', { headers: { 'content-type': 'application/x-www-form-urlencoded', [SECRET_HEADER]: SECRET } });
    expect(res.statusCode).toBe(415);
    expect(res.sent.json).toEqual({ error: expect.stringContaining('JSON') });
  });

  it('answers 400 with its own JSON message to malformed JSON (never Next\'s text, never 500)', async () => {
    const res = await call('{"v": 2, "id": ');
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
    const big = JSON.stringify(v2({ event: 'update', items: [NEWS_ITEM], padding: 'x'.repeat(MAX_BODY_BYTES) }));
    const undeclared = await call(big);
    expect(undeclared.statusCode).toBe(413);
    expect(undeclared.sent.json).toEqual({ error: expect.stringContaining(String(MAX_BODY_BYTES)) });
    const declared = await call('{}', {
      headers: { 'content-type': 'application/json', 'content-length': String(MAX_BODY_BYTES + 1), [SECRET_HEADER]: SECRET },
    });
    expect(declared.statusCode).toBe(413);
  });
});

describe('payload version 2 is the only shape', () => {
  it.each([
    ['the plugin\'s version 1', { event: 'update', items: [NEWS_ITEM], menu: false }],
    ['{type, slug}', { type: 'news', slug: NEWS_SLUG }],
    ['{paths}', { paths: ['/about-us/news'] }],
    ['{type: "menu"}', { type: 'menu' }],
    ['v: 1', { v: 1, id: 'wp-1', event: 'update', items: [NEWS_ITEM] }],
    ['v: "2" (a string)', { v: '2', id: 'wp-1', event: 'update', items: [NEWS_ITEM] }],
    ['v: 3', { v: 3, id: 'wp-1', event: 'update', items: [NEWS_ITEM] }],
  ])('%s is refused with 400 saying version 1 is no longer accepted; nothing is recorded', async (_, body) => {
    const res = await call(body);
    expect(res.statusCode).toBe(400);
    expect(res.sent.json).toEqual({ error: 'payload version 1 is no longer accepted: send {"v": 2, ...} (docs/revalidation.md)' });
    expect(VERSION_1_REFUSED).toBe((res.sent.json as { error: string }).error);
    expect(workerStatus().pending).toBe(0);
  });

  it.each([
    [{ event: 'update', items: [NEWS_ITEM] }, '"id"'],
    [{ id: '', event: 'update', items: [NEWS_ITEM] }, '"id"'],
    [{ id: 'x'.repeat(65), event: 'update', items: [NEWS_ITEM] }, '"id"'],
    [{ id: 'wp 1', event: 'update', items: [NEWS_ITEM] }, '"id"'],
    [{ id: 'wp-1', items: [NEWS_ITEM] }, '"event"'],
    [{ id: 'wp-1', event: 'Update!', items: [NEWS_ITEM] }, '"event"'],
    [{ id: 'wp-1', event: 'update', items: [NEWS_ITEM], scope: 'menu' }, '"scope" must be "items" or "all"'],
    [{ id: 'wp-1', event: 'update', items: [NEWS_ITEM], redirects: 'yes' }, '"redirects" must be true or false'],
    [{ id: 'wp-1', event: 'update', items: [NEWS_ITEM], menu: true }, '"menu" is a field of version 1: use "scope": "all"'],
    [{ id: 'wp-1', event: 'update', items: 'news' }, '"items" must be a list'],
    [{ id: 'wp-1', event: 'update', items: Array.from({ length: 101 }, (_, i) => ({ rest_base: 'news', slug: `n${i}` })) }, '"items" must be a list of 0 to 100'],
    [{ id: 'wp-1', event: 'update', items: [{ rest_base: 'product', slug: 'x' }] }, 'items[0].rest_base "product" is not a content type'],
    [{ id: 'wp-1', event: 'update', items: [{ rest_base: 'news', slug: '../etc/passwd' }] }, 'items[0].slug'],
    [{ id: 'wp-1', event: 'update', items: [{ rest_base: 'news', slug: 'x'.repeat(201) }] }, 'items[0].slug is longer than 200'],
    [{ id: 'wp-1', event: 'update', items: [{ rest_base: 'fp_page', slug: 'x', section: 'A B' }] }, 'items[0].section'],
    [{ id: 'wp-1', event: 'update' }, 'Nothing to do'],
    [{ id: 'wp-1', event: 'update', items: [], scope: 'items', redirects: false }, 'Nothing to do'],
  ] as [Record<string, unknown>, string][])('answers 400 naming the problem (case %#)', async (fields, problem) => {
    const res = await call({ v: 2, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.sent.json).toEqual({ error: expect.stringContaining(problem) });
  });

  it('the test event alone answers 200 {"test": true} and records and regenerates nothing', async () => {
    const res = await call(v2({ event: 'test' }));
    expect(res.statusCode).toBe(200);
    expect(res.sent.json).toEqual({ test: true });
    expect(workerStatus()).toEqual({ pending: 0, running: 0, retrying: 0, oldestAgeMs: null });
    await jobsSettled();
    expect(worker.regenerated).toEqual([]);
    expect(recorder.urls).toEqual([]);
  });

  it('scope "all" alone, and redirects alone, are accepted (202)', async () => {
    expect((await call(v2({ event: 'menu_save', scope: 'all' }))).statusCode).toBe(202);
    expect((await call(v2({ event: 'redirects', redirects: true }))).statusCode).toBe(202);
  });
});

describe('the answer: 202 at once, the work after it', () => {
  it('answers 202 {accepted, job} before any regeneration, WordPress read or purge: a regeneration that never ends does not hold it', async () => {
    await stopTestWorker();
    const events: string[] = [];
    worker = installTestWorker((path) => {
      events.push(`regenerating ${path}`);
      return new Promise<void>(() => undefined);
    });
    const res = fakeResponse();
    const json = res.json.bind(res);
    const reads = recorder.urls.length;
    const answered = new Promise<void>((resolve) => {
      res.json = ((body: unknown) => {
        events.push(`answered ${res.statusCode} after ${recorder.urls.length - reads} WordPress reads`);
        resolve();
        return json(body);
      }) as typeof res.json;
    });
    try {
      const handled = handler(
        fakeRequest({ method: 'POST', url: '/api/revalidate', body: JSON.stringify(v2({ id: 'wp-1764331200-8f3a', event: 'update', items: [NEWS_ITEM] })), headers: { 'content-type': 'application/json', [SECRET_HEADER]: SECRET } }),
        res,
      );
      await answered;
      await handled;
      expect(res.statusCode).toBe(202);
      expect(res.sent.json).toEqual({ accepted: 'wp-1764331200-8f3a', job: expect.stringMatching(/^[a-z0-9]+-[0-9a-f]{8}$/) });
      // Then the worker regenerates (and never finishes here).
      for (let i = 0; i < 200 && events.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      // The answer came first, before any WordPress read; then the regenerations started.
      expect(events[0]).toBe('answered 202 after 0 WordPress reads');
      expect(events.slice(1)).toEqual(expect.arrayContaining([`regenerating /about-us/news/${NEWS_SLUG}`]));
    } finally {
      // The hanging worker is left behind: the next test gets a fresh one.
      worker = installTestWorker();
    }
  });

  it('without REDIS_URL the job is kept in the process: the health status counts it until it is done', async () => {
    const res = await call(v2({ event: 'update', items: [NEWS_ITEM] }));
    expect(res.statusCode).toBe(202);
    await jobsSettled();
    expect(workerStatus()).toEqual({ pending: 0, running: 0, retrying: 0, oldestAgeMs: null });
    expect(worker.regenerated).toHaveLength(3);
  });

  it('answers 503 with Retry-After: 5 when Redis cannot record the job (not connected), and runs nothing', async () => {
    await stopTestWorker();
    worker = installTestWorker(async () => undefined, { redisUrl: 'redis://127.0.0.1:1', connection: { isReady: () => false, client: {} as never } });
    const res = await call(v2({ event: 'update', items: [NEWS_ITEM] }));
    expect(res.statusCode).toBe(503);
    expect(res.sent.headers['retry-after']).toBe('5');
    expect(res.sent.json).toEqual({ error: NOT_RECORDED });
    expect(NOT_RECORDED).toBe('The change could not be recorded (Redis is unreachable); send it again');
    await jobsSettled();
    expect(worker.regenerated).toEqual([]);
  });

  it('answers 503 (not 500) when the worker comes from another bundle\'s copy of jobs.ts (instrumentation creates it at next start)', async () => {
    await stopTestWorker();
    // A second copy of the module, as another Next bundle has: its worker, its error class.
    let other!: typeof import('@/lib/site/jobs');
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      other = require('@/lib/site/jobs');
    });
    other.setJobWorkerForTests({ redisUrl: 'redis://127.0.0.1:1', connection: { isReady: () => false, client: {} as never } });
    try {
      const res = await call(v2({ event: 'update', items: [NEWS_ITEM] }));
      expect(res.statusCode).toBe(503);
      expect(res.sent.json).toEqual({ error: NOT_RECORDED });
    } finally {
      other.setJobWorkerForTests(null);
      worker = installTestWorker();
    }
  });

  it('answers 503 when Redis does not answer the recording within RECORD_TIMEOUT_MS (3 s: below the plugin\'s 5 s timeout)', async () => {
    await stopTestWorker();
    const hanging = { multi: () => ({ hSet: () => hanging.multi(), set: () => hanging.multi(), exec: () => new Promise(() => undefined) }) };
    worker = installTestWorker(async () => undefined, { redisUrl: 'redis://127.0.0.1:1', connection: { isReady: () => true, client: hanging as never } });
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const pending = call(v2({ event: 'update', items: [NEWS_ITEM] }));
    expect(RECORD_TIMEOUT_MS).toBe(3000);
    await jest.advanceTimersByTimeAsync(RECORD_TIMEOUT_MS - 1);
    let done = false;
    void pending.then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const res = await pending;
    expect(res.statusCode).toBe(503);
    expect(res.sent.headers['retry-after']).toBe('5');
  });
});

describe('what the worker regenerates', () => {
  it('a news item: exactly the detail page, the news listing and /', async () => {
    await call(v2({ event: 'update', items: [NEWS_ITEM] }));
    await jobsSettled();
    const news = contentType('news');
    expect([...worker.regenerated].sort()).toEqual([`${news.routePrefix}/${NEWS_SLUG}`, news.listingPath, '/'].sort());
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

    await call(v2({ event: 'slug_change', items: [{ rest_base: 'news', slug: 'corvane-opens-denver-office' }] }));
    await jobsSettled();
    const sitemapAfter = (await sitemapCache().get()).document.body;
    const feedAfter = (await feedCache('news')!.get()).document.body;
    expect(sitemapAfter).toContain('/about-us/news/corvane-opens-denver-office</loc>');
    expect(sitemapAfter).not.toContain(NEWS_SLUG);
    expect(feedAfter).toContain('Corvane opens its Denver office');
  });

  it('scope "all" clears the menu cache: one new navigation/3 request serves every regenerated page', async () => {
    const navigation = () => recorder.urls.filter((u) => u.pathname === '/wp-json/wp/v2/navigation/3').length;
    await getMenu();
    await getMenu();
    expect(navigation()).toBe(1); // cached
    await stopTestWorker();
    // Each regeneration builds the page's layout data, as getStaticProps does.
    worker = installTestWorker(async () => {
      await getLayoutData();
    });
    expect((await call(v2({ event: 'menu_save', scope: 'all' }))).statusCode).toBe(202);
    await jobsSettled();
    expect(navigation()).toBe(2);
    await getMenu();
    expect(navigation()).toBe(2); // cached again
  });

  it('scope "all" regenerates every page: static pages, listing pages and every content page', async () => {
    const links = await getEveryPageLink();
    await call(v2({ event: 'styles', scope: 'all' }));
    await jobsSettled();
    const expected = new Set([...STATIC_PAGES.map((p) => p.path), ...LISTING_PATHS, ...links.map((l) => l.path)]);
    expect(new Set(worker.regenerated)).toEqual(expected);
    expect(worker.regenerated).toHaveLength(expected.size);
    // Case studies and insights are not in the all-links builder, but they show the menu too.
    expect(worker.regenerated).toEqual(
      expect.arrayContaining(['/resources/case-studies/marlow-market-weekend-switch', '/resources/insights/contactless-share-passes-80-percent', `/about-us/news/${NEWS_SLUG}`]),
    );
  });

  it('when WordPress cannot list the pages, scope "all" still regenerates fixed and listing pages, logs the reason and keeps the job', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    server.use(http.get(`${WORDPRESS_BASE}/wp-json/custom-api/v1/:list`, () => HttpResponse.json({ code: 'boom' }, { status: 500 })));
    expect((await call(v2({ event: 'menu_save', scope: 'all' }))).statusCode).toBe(202);
    const settled = jobsSettled();
    await jest.advanceTimersByTimeAsync(5 * RETRY_DELAY_MS);
    await settled;
    // The first batch (the job's retry, 2 s later, may have begun while the clock was advanced).
    const fixed = [...STATIC_PAGES.map((p) => p.path), ...LISTING_PATHS];
    expect(worker.regenerated.slice(0, fixed.length)).toEqual(fixed);
    expect(errorSpy).toHaveBeenCalledWith(expect.stringMatching(/could not be listed.*1 job\(s\) kept/));
    const status = workerStatus();
    expect(status.pending + status.running).toBe(1);
  });
});

describe('regeneratePaths', () => {
  it(`regenerates at most ${REVALIDATE_CONCURRENCY} pages at a time and keeps the paths' order in its answer`, async () => {
    let running = 0;
    let peak = 0;
    const paths = Array.from({ length: 30 }, (_, i) => `/p${i}`);
    const result = await regeneratePaths(paths, async (path) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, Number(path.slice(2)) % 3));
      running -= 1;
      if (path === '/p7') throw new Error('nope');
    });
    expect(peak).toBe(REVALIDATE_CONCURRENCY);
    expect(result.regenerated).toEqual(paths.filter((p) => p !== '/p7'));
    expect(result.failed).toEqual([{ path: '/p7', error: 'nope' }]);
  });
});
