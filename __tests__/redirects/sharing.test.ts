/** @jest-environment node */
/**
 * Issue 33 §5: one table per process, shared through Redis, never a WordPress request per visit
 * (src/lib/redirects/store.ts, the `redirects` scope of src/lib/site/invalidation.ts). Over a real
 * redis-server (Debian's, on a free loopback port) and the fake WordPress (msw).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { http, HttpResponse } from 'msw';
import { resetConfigForTests } from '@/config';
import { matchRedirect } from '@/lib/redirects/compile';
import {
  currentRedirects,
  loadRedirectsAtStart,
  readRedirectsFromRedis,
  REDIS_KEY,
  REDIS_VERSION_KEY,
  reloadRedirectsFromRedis,
  reloadRedirectsFromWordPress,
  resetRedirectsForTests,
  startRedirectRefresh,
} from '@/lib/redirects/store';
import { sharedRedisConnection } from '@/lib/redis/connection.mjs';
import { broadcastInvalidation, createInvalidationSubscriber, decodeMessage, encodeMessage, handleMessage } from '@/lib/site/invalidation';
import { fakeWordPress, recordWordPressRequests, server, WORDPRESS_BASE } from '../setup/msw';
import { createWordPressHandlers } from '../../__mocks__/wordpress/msw';
import { freePort } from '../../e2e/harness/processes';
import { redisAnswers, redisServerArgs, redisServerBinary } from '../../e2e/helpers/redisServer';

const HOST = '127.0.0.1';
const quiet = () => ({ info: jest.fn(), error: jest.fn(), warn: jest.fn() });
const NEWS_OLD = '/about-us/news/denver-office-draft';
const NEWS_NOW = '/about-us/news/corvane-opens-regional-office-in-denver';

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let redisServer: ChildProcess | null = null;
let redisUrl: string;
const env = { ...process.env };

beforeAll(async () => {
  const port = await freePort();
  redisUrl = `redis://${HOST}:${port}`;
  redisServer = spawn(redisServerBinary(), redisServerArgs(port, HOST), { stdio: 'ignore' });
  await until(() => redisAnswers(port, HOST), 'redis-server to answer');
  process.env.REDIS_URL = redisUrl;
  resetConfigForTests();
  await until(() => sharedRedisConnection(redisUrl).isReady(), 'the shared connection');
}, 30_000);

beforeEach(async () => {
  resetRedirectsForTests();
  await sharedRedisConnection(redisUrl).client.flushDb();
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  resetRedirectsForTests();
  jest.restoreAllMocks();
});

afterAll(async () => {
  await sharedRedisConnection(redisUrl).close();
  process.env = env;
  resetConfigForTests();
  const exited = new Promise((resolve) => redisServer?.once('exit', resolve));
  redisServer?.kill('SIGTERM');
  await exited;
});

const served = (path: string, search = '') => matchRedirect(currentRedirects(), path, search);

test('reading WordPress installs the table and writes it to Redis (site:redirects and its version)', async () => {
  const report = await reloadRedirectsFromWordPress(quiet());
  expect(report).toMatchObject({ changed: true, shared: true });
  expect(report.rules).toBeGreaterThan(10);
  expect(served(NEWS_OLD)).toEqual({ status: 301, location: NEWS_NOW, external: false });
  const redis = sharedRedisConnection(redisUrl).client;
  expect(await redis.get(REDIS_VERSION_KEY)).toBe(report.version);
  expect(JSON.parse((await redis.get(REDIS_KEY)) as string)).toMatchObject({ version: report.version });
});

test('another instance reloads from Redis without asking WordPress; the same version is not read again', async () => {
  const { version } = await reloadRedirectsFromWordPress(quiet());
  resetRedirectsForTests();
  const recorder = recordWordPressRequests();
  try {
    expect(await reloadRedirectsFromRedis(redisUrl, quiet())).toMatchObject({ version, changed: true });
    expect(served(NEWS_OLD)).toMatchObject({ location: NEWS_NOW });
    expect(await reloadRedirectsFromRedis(redisUrl, quiet())).toMatchObject({ version, changed: false });
    expect(await readRedirectsFromRedis(redisUrl, version)).toBe('same');
    expect(recorder.urls).toEqual([]);
  } finally {
    recorder.stop();
  }
});

test('at start: Redis first (no WordPress request), else WordPress', async () => {
  const recorder = recordWordPressRequests();
  try {
    await loadRedirectsAtStart(quiet());
    expect(recorder.urls.map((u) => u.pathname)).toEqual(['/wp-json/custom-api/v1/redirects']);
    const version = currentRedirects().version;
    resetRedirectsForTests();
    await loadRedirectsAtStart(quiet());
    expect(currentRedirects().version).toBe(version);
    expect(recorder.urls).toHaveLength(1);
  } finally {
    recorder.stop();
  }
});

test('WordPress down: the last table stays, logged once until a read works again', async () => {
  await reloadRedirectsFromWordPress(quiet());
  const version = currentRedirects().version;
  server.use(http.get(`${WORDPRESS_BASE}/wp-json/custom-api/v1/redirects`, () => HttpResponse.json({ code: 'boom' }, { status: 500 })));
  const log = quiet();
  await expect(reloadRedirectsFromWordPress(log)).rejects.toThrow();
  await expect(reloadRedirectsFromWordPress(log)).rejects.toThrow();
  expect(log.error).toHaveBeenCalledTimes(1);
  expect(currentRedirects().version).toBe(version);
  expect(served(NEWS_OLD)).toMatchObject({ location: NEWS_NOW });
  server.resetHandlers();
}, 30_000);

test('an answer that is not a table is refused whole; a WordPress without the route (404) has no redirects', async () => {
  await reloadRedirectsFromWordPress(quiet());
  server.use(http.get(`${WORDPRESS_BASE}/wp-json/custom-api/v1/redirects`, () => HttpResponse.json({ version: 'x', redirects: 'nope' })));
  await expect(reloadRedirectsFromWordPress(quiet())).rejects.toThrow(/unusable/);
  expect(served(NEWS_OLD)).not.toBeNull();
  server.use(http.get(`${WORDPRESS_BASE}/wp-json/custom-api/v1/redirects`, () => HttpResponse.json({ code: 'rest_no_route' }, { status: 404 })));
  expect(await reloadRedirectsFromWordPress(quiet())).toMatchObject({ rules: 0, changed: true });
  expect(served(NEWS_OLD)).toBeNull();
});

test('the pub/sub message names the redirects scope; a subscriber reloads from Redis before it acks', async () => {
  expect(decodeMessage(encodeMessage({ v: 1, origin: 'a', menu: false, content: false, redirects: true }))).toMatchObject({ redirects: true });
  expect(decodeMessage('{"v":1,"origin":"a","menu":false,"content":false,"redirects":"yes"}')).toBeNull();
  const clear = jest.fn();
  handleMessage('{"v":1,"origin":"a","menu":false,"content":false}', 'b', clear);
  expect(clear).toHaveBeenLastCalledWith({ menu: false, content: false });

  // Instance A wrote a table; instance B (this process, emptied) hears of it.
  const { version } = await reloadRedirectsFromWordPress(quiet());
  resetRedirectsForTests();
  const subscriber = createInvalidationSubscriber(redisUrl, { origin: 'B', log: quiet() });
  try {
    await until(() => subscriber.isSubscribed(), 'B to subscribe');
    const recorder = recordWordPressRequests();
    expect(await broadcastInvalidation(redisUrl, { menu: false, content: false, redirects: true }, 'slug_change', { origin: 'A', log: quiet() })).toBe(true);
    await until(() => currentRedirects().version === version, 'B to reload the table from Redis');
    recorder.stop();
    expect(recorder.urls).toEqual([]);
  } finally {
    await subscriber.close();
  }
});

test('the safety net reads WordPress on its interval and reports a change', async () => {
  await reloadRedirectsFromWordPress(quiet());
  const onChange = jest.fn();
  startRedirectRefresh(onChange, 50, quiet());
  fakeWordPress().collections.news.find((p) => p.slug === 'corvane-opens-regional-office-in-denver')!.oldSlugs!.push('denver-renamed-again');
  await until(() => onChange.mock.calls.length > 0, 'the refresh to find the change');
  expect(onChange.mock.calls[0][0]).toMatchObject({ changed: true, changedSources: ['/about-us/news/denver-renamed-again'], shared: true });
  expect(served('/about-us/news/denver-renamed-again')).toMatchObject({ location: NEWS_NOW });
});

test('without any table yet (WordPress down at start), the refresh retries sooner than its interval', async () => {
  server.use(http.get(`${WORDPRESS_BASE}/wp-json/custom-api/v1/redirects`, () => HttpResponse.json({ code: 'boom' }, { status: 500 })));
  const onChange = jest.fn();
  startRedirectRefresh(onChange, 60_000, quiet(), 50);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(currentRedirects().version).toBe('none');
  server.resetHandlers(...createWordPressHandlers(WORDPRESS_BASE, fakeWordPress));
  // The table is installed, then written to Redis, then reported.
  await until(() => onChange.mock.calls.length > 0, 'the table to be read once WordPress is back', 15_000);
  expect(currentRedirects().version).not.toBe('none');
  expect(onChange).toHaveBeenCalledTimes(1);
  expect(served(NEWS_OLD)).toMatchObject({ location: NEWS_NOW });
}, 30_000);

test('a visit never reads WordPress or Redis: matching is in memory', async () => {
  await reloadRedirectsFromWordPress(quiet());
  const recorder = recordWordPressRequests();
  const redis = sharedRedisConnection(redisUrl).client;
  const get = jest.spyOn(redis, 'get');
  for (let i = 0; i < 100; i++) {
    served(NEWS_OLD);
    served('/no/such/page');
  }
  recorder.stop();
  expect(recorder.urls).toEqual([]);
  expect(get).not.toHaveBeenCalled();
});
