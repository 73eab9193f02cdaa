/** @jest-environment node */
/**
 * Issue 10 §3 "every instance learns of it": each accepted webhook call's cache invalidation is
 * broadcast on Redis pub/sub (src/lib/site/invalidation.ts) and every other process clears its
 * per-process caches. Over a real redis-server (Debian's `redis-server`, started here on a free
 * loopback port); the two-instance browser test (e2e/stateful/several-instances.e2e.ts) proves it
 * between two `next start` processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import handler from '../../pages/api/revalidate';
import { resetConfigForTests } from '@/config';
import { createRedisConnection, sharedRedisConnection, type RedisConnection } from '@/lib/redis/connection.mjs';
import {
  broadcastInvalidation,
  broadcastInvalidationAndWait,
  createInvalidationSubscriber,
  decodeMessage,
  handleMessage,
  invalidationChannel,
  processOrigin,
  type InvalidationScopes,
  type InvalidationSubscriber,
} from '@/lib/site/invalidation';
import { jobsSettled } from '@/lib/site/jobs';
import { purgesSettled } from '@/lib/cache/purgeQueue';
import { NOT_RECORDED } from '@/lib/site/revalidate';
import { clearMenuCache, getMenu } from '@/lib/wordpress/menu';
import { fakeWordPress, recordWordPressRequests } from '../setup/msw';
import { currentSearchEngine, resetSearchIndexForTests, searchIndexSettled, startSearchIndex } from '@/lib/search/siteIndex';
import { stopTestWorker, installTestWorker, v2, webhookRequest, fakeResponse } from '../api/fakeHttp';
import { letLoopbackThrough, startRecordingServer } from '../cache/recordingServer';
import { freePort } from '../../e2e/harness/processes';
import { redisAnswers, redisServerArgs, redisServerBinary } from '../../e2e/helpers/redisServer';

const HOST = '127.0.0.1';
const quiet = () => ({ info: jest.fn(), error: jest.fn(), warn: jest.fn() });

/** Polls `check` until it returns true (no fixed sleeps). */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let redisPort: number;
let redisServer: ChildProcess | null = null;
let redisUrl: string;

async function startRedis(): Promise<void> {
  redisServer = spawn(redisServerBinary(), redisServerArgs(redisPort, HOST), { stdio: 'ignore' });
  await until(() => redisAnswers(redisPort, HOST), 'redis-server to answer');
}

async function stopRedis(): Promise<void> {
  const server = redisServer;
  redisServer = null;
  if (!server) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

const opened: { close(): Promise<void> }[] = [];
function connection(url = redisUrl): RedisConnection {
  const made = createRedisConnection(url, { log: quiet() });
  opened.push(made);
  return made;
}
function subscriber(origin: string, clear: (scopes: InvalidationScopes) => void, url = redisUrl, extra: { reconnected?: () => void; heard?: () => void } = {}): InvalidationSubscriber {
  const made = createInvalidationSubscriber(url, { connection: connection(url), origin, clear, log: quiet(), reconnected: () => undefined, heard: () => undefined, ...extra });
  opened.push(made);
  return made;
}

beforeAll(async () => {
  redisPort = await freePort();
  redisUrl = `redis://${HOST}:${redisPort}`;
  await startRedis();
}, 30_000);

afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await stopRedis();
});

describe('the channel and the message', () => {
  it('the channel is site:invalidate:{database of REDIS_URL} (pub/sub ignores database numbers: sites on /1 and /2 stay apart)', () => {
    expect(invalidationChannel('redis://cache:6379')).toBe('site:invalidate:0');
    expect(invalidationChannel('redis://cache:6379/')).toBe('site:invalidate:0');
    expect(invalidationChannel('redis://cache:6379/3')).toBe('site:invalidate:3');
    expect(invalidationChannel('rediss://user:secret@cache:6380/12')).toBe('site:invalidate:12');
  });

  it('only well-formed messages of this version are acted on; a process ignores its own', () => {
    const clear = jest.fn();
    for (const raw of ['', 'menu', '[]', '{"v":2,"origin":"a","menu":true,"content":false}', '{"v":1,"menu":true,"content":false}', '{"v":1,"origin":"a","menu":"yes","content":false}']) {
      expect(handleMessage(raw, 'me', clear)).toBe('ignored');
    }
    expect(handleMessage('{"v":1,"origin":"me","menu":true,"content":true}', 'me', clear)).toBe('own');
    expect(clear).not.toHaveBeenCalled();
    expect(handleMessage('{"v":1,"origin":"other","menu":true,"content":false,"event":"menu_save"}', 'me', clear)).toBe('cleared');
    expect(clear).toHaveBeenCalledWith({ menu: true, content: false });
    expect(decodeMessage('{"v":1,"origin":"o","menu":false,"content":true,"event":3}')).toBeNull();
  });
});

describe('over a real redis-server', () => {
  it('a broadcast from instance A makes instance B clear the scopes it names; A ignores its own message', async () => {
    const clearA = jest.fn();
    const clearB = jest.fn();
    const a = subscriber('A', clearA);
    const b = subscriber('B', clearB);
    await until(() => a.isSubscribed() && b.isSubscribed(), 'both subscribers');

    const sender = connection();
    await until(() => sender.isReady(), 'the sender to connect');
    expect(await broadcastInvalidation(redisUrl, { menu: true, content: false }, 'menu_save', { connection: sender, origin: 'A', log: quiet() })).toBe(true);
    await until(() => clearB.mock.calls.length === 1, 'B to clear its menu caches');
    expect(clearB).toHaveBeenLastCalledWith({ menu: true, content: false });

    expect(await broadcastInvalidation(redisUrl, { menu: false, content: true }, 'update', { connection: sender, origin: 'A', log: quiet() })).toBe(true);
    await until(() => clearB.mock.calls.length === 2, 'B to clear its content caches');
    expect(clearB).toHaveBeenLastCalledWith({ menu: false, content: true });
    expect(clearA).not.toHaveBeenCalled();
  });

  it('issue 18: broadcastInvalidationAndWait resolves once every instance has cleared (each acks after clearing, the sender included)', async () => {
    const order: string[] = [];
    const a = subscriber('A', () => order.push('A'));
    const b = subscriber('B', () => order.push('B cleared'));
    const c = subscriber('C', () => order.push('C cleared'));
    await until(() => a.isSubscribed() && b.isSubscribed() && c.isSubscribed(), 'three subscribers');
    const sender = connection();
    await until(() => sender.isReady(), 'the sender to connect');
    // The server counts exactly these three: the last test's subscribers, closed after it, may
    // still be counted on a busy host, and would acknowledge in C's place.
    const channel = invalidationChannel(redisUrl);
    await until(async () => (await sender.client.pubSubNumSub(channel))[channel] === 3, 'the server to count three subscribers');
    const result = await broadcastInvalidationAndWait(redisUrl, { menu: false, content: true }, 'update', { connection: sender, origin: 'A', log: quiet() });
    order.push('resolved');
    // A (the sender) does not clear again but acknowledges; B and C clear, then acknowledge.
    expect(result).toEqual({ receivers: 3, acknowledged: 3 });
    expect(order.slice(-1)).toEqual(['resolved']);
    expect(order.filter((o) => o !== 'resolved').sort()).toEqual(['B cleared', 'C cleared']);
  });

  it("issue 34: a receiver reads the message's items into its search index before it acknowledges", async () => {
    const logs = [jest.spyOn(console, 'info').mockImplementation(() => undefined), jest.spyOn(console, 'error').mockImplementation(() => undefined)];
    resetSearchIndexForTests();
    try {
      await startSearchIndex();
      const model = fakeWordPress().collections.posts[0];
      fakeWordPress().collections.posts.push({ ...structuredClone(model), id: 9200, slug: 'zebraquartz-redis', title: { raw: 'Zebraquartz over Redis', rendered: 'Zebraquartz over Redis' } });
      // B uses the default `clear` (clearAndReload): the process's caches and its search index.
      const b = createInvalidationSubscriber(redisUrl, { connection: connection(), origin: 'B', log: quiet() });
      opened.push(b);
      await until(() => b.isSubscribed(), 'the subscriber');
      const sender = connection();
      await until(() => sender.isReady(), 'the sender');
      // The sender's own subscriber hears the acks (as instrumentation.ts's does).
      const own = createInvalidationSubscriber(redisUrl, { connection: sender, origin: 'A', clear: () => undefined, log: quiet() });
      opened.push(own);
      await until(() => own.isSubscribed(), 'the sender\'s subscriber');
      const items = [{ type: 'blog' as const, slug: 'zebraquartz-redis', section: 'pages' }];
      const result = await broadcastInvalidationAndWait(redisUrl, { menu: false, content: true, items }, 'update', { connection: sender, origin: 'A', log: quiet() });
      expect(result).toEqual({ receivers: 2, acknowledged: 2 });
      // Acknowledged: B's index (this process's, here) has the item already.
      expect(currentSearchEngine()?.search('zebraquartz').map((hit) => hit.url)).toEqual(['/resources/blogs/zebraquartz-redis']);
    } finally {
      await searchIndexSettled();
      resetSearchIndexForTests();
      logs.forEach((spy) => spy.mockRestore());
    }
  });

  it('issue 18: an instance that never acknowledges makes the wait end at its timeout, with the count', async () => {
    const a = subscriber('A', () => undefined);
    await until(() => a.isSubscribed(), 'the sender\'s subscriber');
    // A bare subscriber on the channel that receives but never acks (an old build, a stuck process).
    const mute = connection().client.duplicate();
    opened.push({ close: async () => mute.destroy() });
    mute.on('error', () => undefined);
    await mute.connect();
    await mute.subscribe('site:invalidate:0', () => undefined);
    const sender = connection();
    await until(() => sender.isReady(), 'the sender to connect');
    const result = await broadcastInvalidationAndWait(redisUrl, { menu: true, content: false }, 'menu_save', { connection: sender, origin: 'A', log: quiet(), timeoutMs: 300 });
    expect(result).toEqual({ receivers: 2, acknowledged: 1 });
  });

  it('a site on another database of the same Redis is not cleared', async () => {
    const otherSite = jest.fn();
    const sameSite = jest.fn();
    const other = subscriber('other', otherSite, `${redisUrl}/1`);
    const same = subscriber('same', sameSite);
    await until(() => other.isSubscribed() && same.isSubscribed(), 'both subscribers');
    const sender = connection();
    await until(() => sender.isReady(), 'the sender to connect');
    await broadcastInvalidation(redisUrl, { menu: true, content: true }, 'update', { connection: sender, origin: 'A', log: quiet() });
    await until(() => sameSite.mock.calls.length === 1, 'the same site to clear');
    expect(otherSite).not.toHaveBeenCalled();
  });

  it('by default a message clears the real per-process caches: the next menu read goes to WordPress', async () => {
    const recorder = recordWordPressRequests();
    try {
      const navigation = () => recorder.urls.filter((u) => u.pathname === '/wp-json/wp/v2/navigation/3').length;
      clearMenuCache();
      await getMenu();
      await getMenu();
      expect(navigation()).toBe(1);
      const listening = createInvalidationSubscriber(redisUrl, { connection: connection(), origin: 'B', log: quiet() });
      opened.push(listening);
      await until(() => listening.isSubscribed(), 'the subscriber');
      const sender = connection();
      await until(() => sender.isReady(), 'the sender');
      await broadcastInvalidation(redisUrl, { menu: true, content: false }, 'menu_save', { connection: sender, origin: 'A', log: quiet() });
      await until(async () => {
        await getMenu();
        return navigation() === 2;
      }, 'the menu cache to be cleared by the message');
    } finally {
      recorder.stop();
    }
  });

  it('after losing Redis, the subscriber subscribes again and clears every cache (messages sent meanwhile are lost); issue 35: and catches up with WordPress, once per reconnection', async () => {
    const clear = jest.fn();
    const reconnected = jest.fn();
    const heard = jest.fn();
    const b = subscriber('B', clear, redisUrl, { reconnected, heard });
    await until(() => b.isSubscribed(), 'the subscriber');
    // The first connection is not a reconnection: the start-up catch-up covers it.
    expect(reconnected).not.toHaveBeenCalled();
    await stopRedis();
    await until(() => !b.isSubscribed(), 'the subscriber to notice');
    await startRedis();
    await until(() => clear.mock.calls.length === 1, 'the subscriber to reconnect and clear everything', 20_000);
    // Issue 33: the redirect table too (reloaded from Redis).
    expect(clear).toHaveBeenCalledWith({ menu: true, content: true, redirects: true });
    expect(reconnected).toHaveBeenCalledTimes(1);
    await until(() => b.isSubscribed(), 'the subscriber to subscribe again');
    const sender = connection();
    await until(() => sender.isReady(), 'the sender');
    await broadcastInvalidation(redisUrl, { menu: false, content: true }, 'update', { connection: sender, origin: 'A', log: quiet() });
    await until(() => clear.mock.calls.length === 2, 'a message after the reconnection');
    expect(clear).toHaveBeenLastCalledWith({ menu: false, content: true });
    // A message from another instance counts as hearing from the site (issue 35's last-heard time).
    expect(heard).toHaveBeenCalledTimes(1);
    expect(reconnected).toHaveBeenCalledTimes(1);
  }, 30_000);
});

describe('the worker broadcasts every batch; a Redis that is down makes the webhook answer 503 at once', () => {
  /** Calls the webhook (version 2) and waits for the worker. */
  async function call(fields: Record<string, unknown>) {
    const res = fakeResponse();
    await handler(webhookRequest(v2(fields)), res);
    await jobsSettled();
    // Issue 35 §3: the worker hands its purge to the queue, which sends it after the batch.
    await purgesSettled();
    return res;
  }
  let errorSpy: jest.SpyInstance;
  let infoSpy: jest.SpyInstance;
  beforeEach(() => {
    errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    infoSpy = jest.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    await stopTestWorker();
    errorSpy.mockRestore();
    infoSpy.mockRestore();
    delete process.env.REDIS_URL;
    resetConfigForTests();
  });

  it('each batch is published on the channel with its scopes and this process as origin; the test call is not', async () => {
    process.env.REDIS_URL = redisUrl;
    resetConfigForTests();
    const shared = sharedRedisConnection(redisUrl);
    opened.push(shared);
    await until(() => shared.isReady(), 'the shared connection');
    installTestWorker(async () => undefined, { redisUrl, connection: shared });
    const listener = connection().client.duplicate();
    opened.push({ close: async () => listener.destroy() });
    const received: string[] = [];
    listener.on('error', () => undefined);
    await listener.connect();
    await listener.subscribe('site:invalidate:0', (message) => received.push(message));
    // This process's own subscriber acknowledges (as at next start), so no batch waits 2 s.
    const own = createInvalidationSubscriber(redisUrl, { connection: shared, clear: () => undefined, log: quiet() });
    opened.push(own);
    await until(() => own.isSubscribed(), 'the subscriber');

    expect((await call({ event: 'test' })).statusCode).toBe(200);
    expect((await call({ event: 'update', items: [{ rest_base: 'news', slug: 'a-slug' }] })).statusCode).toBe(202);
    expect((await call({ event: 'menu_save', scope: 'all' })).statusCode).toBe(202);
    await until(() => received.length === 2, 'two messages');
    // Issue 34: with the changed items, which every instance reads again into its search index.
    const item = { type: 'news', slug: 'a-slug', section: 'pages' };
    expect(received.map((m) => JSON.parse(m))).toEqual([
      { v: 1, origin: processOrigin(), menu: false, content: true, items: [item], event: 'update', id: expect.any(String) },
      { v: 1, origin: processOrigin(), menu: true, content: true, event: 'menu_save', id: expect.any(String) },
    ]);
  }, 20_000);

  it('issue 18: with a cache in front, the worker purges it only after every instance has cleared (acks)', async () => {
    const events: string[] = [];
    const varnish = await startRecordingServer((r) => {
      if (r.method === 'PURGE') events.push('purge');
      return {};
    });
    letLoopbackThrough();
    // The same Redis and channel (database 0) under an address of its own: an earlier test closed the shared connection of `redisUrl`.
    const siteRedis = `${redisUrl}/0`;
    process.env.REDIS_URL = siteRedis;
    process.env.VARNISH_URL = varnish.url;
    resetConfigForTests();
    try {
      const shared = sharedRedisConnection(siteRedis);
      opened.push(shared);
      await until(() => shared.isReady(), 'the shared connection');
      installTestWorker(async (path) => void events.push(`regenerate ${path}`), { redisUrl: siteRedis, connection: shared });
      // This process's own subscriber (instrumentation.ts starts it at next start): it hears the acks.
      const own = createInvalidationSubscriber(siteRedis, { connection: shared, clear: () => undefined, log: quiet() });
      opened.push(own);
      const b = subscriber('B', () => events.push('B cleared'));
      await until(() => own.isSubscribed() && b.isSubscribed(), 'the subscribers');

      const res = await call({ event: 'update', items: [{ rest_base: 'news', slug: 'a-slug' }] });
      expect(res.statusCode).toBe(202);
      expect(events[0]).toBe('B cleared');
      expect(events.indexOf('purge')).toBe(4);
      expect(events.slice(1, 4).sort()).toEqual(['regenerate /', 'regenerate /about-us/news', 'regenerate /about-us/news/a-slug']);
    } finally {
      delete process.env.VARNISH_URL;
      await varnish.close();
    }
  });

  it('with Redis unreachable, the webhook answers 503 (Retry-After: 5) at once, without waiting for a connection; a broadcast settles at once and logs once', async () => {
    const deadUrl = `redis://${HOST}:${await freePort()}`;
    process.env.REDIS_URL = deadUrl;
    resetConfigForTests();
    opened.push(sharedRedisConnection(deadUrl));
    installTestWorker(async () => undefined, { redisUrl: deadUrl });
    // The broadcast settles at once (no connect wait, no command timeout): before the next turn of the event loop.
    const settled = await Promise.race([
      broadcastInvalidation(deadUrl, { menu: false, content: true }, 'update'),
      new Promise((resolve) => setImmediate(() => resolve('still waiting'))),
    ]);
    expect(settled).toBe(false);
    await broadcastInvalidation(deadUrl, { menu: true, content: false }, 'menu_save');
    const started = Date.now();
    const res = await call({ event: 'update', items: [{ rest_base: 'news', slug: 'a-slug' }] });
    // Far below the connect timeout (1 s) a waiting webhook would add.
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(503);
    expect(res.sent.headers['retry-after']).toBe('5');
    expect(res.sent.json).toEqual({ error: NOT_RECORDED });
    const lines = errorSpy.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith('[invalidate]'));
    // Two broadcasts failed: one line.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/could not tell the other instances/);
  });
});
