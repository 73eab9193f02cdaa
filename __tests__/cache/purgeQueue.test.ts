/** @jest-environment node */
/**
 * Issue 35 §3 "purges until done" (docs/reliability.md): the purge queue (src/lib/cache/purgeQueue.ts)
 * keeps every key until the cache acknowledges it, retrying after 1, 2, 4, 8 s and then every
 * 10 s, logs an outage once, warms after the purge, and mirrors its keys in Redis (`site:purges`)
 * so that a restarted instance carries on. The back end here is a function that fails as told
 * (fake timers: no waiting); the Redis part runs against a real redis-server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { CachePurgeConfig } from '@/config';
import type { PurgeOutcome } from '@/lib/cache/purge';
import { createPurgeQueue, PURGES_KEY, retryDelay, type PurgeQueueDeps } from '@/lib/cache/purgeQueue';
import { createRedisConnection, type RedisConnection } from '@/lib/redis/connection.mjs';
import { freePort } from '../../e2e/harness/processes';
import { redisAnswers, redisServerArgs, redisServerBinary } from '../../e2e/helpers/redisServer';
import { letLoopbackThrough, startRecordingServer } from './recordingServer';

const VARNISH: CachePurgeConfig = { backend: 'varnish', urls: ['http://varnish.test'], secret: null };
const quiet = () => ({ info: jest.fn(), error: jest.fn(), warn: jest.fn() });

/** A back end that fails its first `failures` calls, recording each call's keys and time. */
function flakyBackend(failures: number, now: () => number) {
  const calls: { at: number; keys: string[] }[] = [];
  let left = failures;
  const purge = async (config: CachePurgeConfig, keys: readonly string[]): Promise<PurgeOutcome> => {
    calls.push({ at: now(), keys: [...keys] });
    if (left > 0) {
      left--;
      return { backend: config.backend, keys: [...keys], ok: false, attempts: 1, error: 'Varnish http://varnish.test: connect ECONNREFUSED' };
    }
    return { backend: config.backend, keys: [...keys], ok: true, attempts: 1 };
  };
  return { calls, purge, fail: (n: number) => (left = n) };
}

describe('retries until the cache acknowledges (fake back end, fake timers)', () => {
  let start: number;
  beforeEach(() => {
    jest.useFakeTimers();
    start = Date.now();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const queueWith = (backend: ReturnType<typeof flakyBackend>, extra: Partial<PurgeQueueDeps> = {}) => {
    const log = quiet();
    const warm = jest.fn(async (_c: CachePurgeConfig, paths: readonly string[]) => ({ warmed: paths.length, failed: 0 }));
    const queue = createPurgeQueue({ config: () => VARNISH, redis: () => null, purge: backend.purge, warm, log, ...extra });
    return { queue, log, warm };
  };

  test('the waits are 1, 2, 4, 8 s, then every 10 s', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  test('a back end that fails 5 times: sent again at +1, +3, +7, +15, +25 s; lands the 6th time; logged once down and once back; warmed after', async () => {
    const backend = flakyBackend(5, Date.now);
    const { queue, log, warm } = queueWith(backend);
    queue.queue(['item:news:a', 'list:news'], ['/about-us/news/a', '/about-us/news']);
    await jest.advanceTimersByTimeAsync(0);
    expect(queue.status()).toEqual({ pending: 2, oldestAgeMs: 0 });
    await jest.advanceTimersByTimeAsync(20_000);
    expect(queue.status()).toEqual({ pending: 2, oldestAgeMs: 20_000 });
    expect(warm).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(5_000);
    await queue.settled();
    expect(backend.calls.map((c) => (c.at - start) / 1000)).toEqual([0, 1, 3, 7, 15, 25]);
    expect(backend.calls.every((c) => c.keys.join(' ') === 'item:news:a list:news')).toBe(true);
    expect(queue.status()).toEqual({ pending: 0, oldestAgeMs: null });
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0][0]).toMatch(/purging 2 keys failed \(Varnish http:\/\/varnish\.test: connect ECONNREFUSED\).*until the cache acknowledges/);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info.mock.calls[0][0]).toMatch(/acknowledged the purge again after 6 attempts in 25 s/);
    expect(warm).toHaveBeenCalledTimes(1);
    expect(warm.mock.calls[0][1]).toEqual(['/about-us/news/a', '/about-us/news']);
    // Nothing else is sent once it is done.
    await jest.advanceTimersByTimeAsync(60_000);
    expect(backend.calls).toHaveLength(6);
  });

  test('keys queued while the cache is down join the next retry: one request carries them all', async () => {
    const backend = flakyBackend(2, Date.now);
    const { queue } = queueWith(backend);
    queue.queue(['item:news:a'], []);
    await jest.advanceTimersByTimeAsync(500);
    queue.queue(['item:blog:b', 'item:news:a'], []);
    await jest.advanceTimersByTimeAsync(500);
    queue.queue(['layout'], []);
    await jest.advanceTimersByTimeAsync(10_000);
    await queue.settled();
    expect(backend.calls.map((c) => [(c.at - start) / 1000, c.keys])).toEqual([
      [0, ['item:news:a']],
      [1, ['item:news:a', 'item:blog:b']],
      [3, ['item:news:a', 'item:blog:b', 'layout']],
    ]);
    expect(queue.status().pending).toBe(0);
  });

  test('a key queued again while its purge is on the way stays queued for the next round (its regeneration came after)', async () => {
    let release: (() => void) | null = null;
    const calls: string[][] = [];
    const { queue } = queueWith(flakyBackend(0, Date.now), {
      purge: (config, keys) => {
        calls.push([...keys]);
        return new Promise<PurgeOutcome>((resolve) => {
          release = () => resolve({ backend: config.backend, keys: [...keys], ok: true, attempts: 1 });
        });
      },
    });
    queue.queue(['item:news:a'], []);
    await jest.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([['item:news:a']]);
    queue.queue(['item:news:a'], []);
    release!();
    await jest.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([['item:news:a'], ['item:news:a']]);
    release!();
    await queue.settled();
    expect(queue.status().pending).toBe(0);
  });

  test('a warm that fails is logged and not retried; the purge counts as done', async () => {
    const backend = flakyBackend(0, Date.now);
    const warm = jest.fn(async () => ({ warmed: 1, failed: 2 }));
    const { queue, log } = queueWith(backend, { warm });
    queue.queue(['item:news:a'], ['/a', '/b', '/c']);
    await jest.advanceTimersByTimeAsync(0);
    await queue.settled();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(warm).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0][0]).toMatch(/2 of 3 warm requests failed \(not retried/);
    expect(backend.calls).toHaveLength(1);
  });

  test('a purge that throws (not an outcome) is a failed round, retried like any other', async () => {
    let calls = 0;
    const { queue, log } = queueWith(flakyBackend(0, Date.now), {
      purge: async (config, keys) => {
        calls++;
        if (calls === 1) throw new Error('socket hang up');
        return { backend: config.backend, keys: [...keys], ok: true, attempts: 1 };
      },
    });
    queue.queue(['layout'], []);
    await jest.advanceTimersByTimeAsync(1000);
    await queue.settled();
    expect(calls).toBe(2);
    expect(log.error.mock.calls[0][0]).toMatch(/socket hang up/);
  });

  test('without a purge back end nothing is queued', async () => {
    const backend = flakyBackend(0, Date.now);
    const { queue } = queueWith(backend, { config: () => null });
    queue.queue(['layout'], ['/']);
    await jest.advanceTimersByTimeAsync(1000);
    expect(queue.status()).toEqual({ pending: 0, oldestAgeMs: null });
    expect(backend.calls).toEqual([]);
  });
});

describe('through the real back end: a Varnish that refuses, then answers', () => {
  test('the PURGE lands once the server is back (the default purge, one attempt per round)', async () => {
    letLoopbackThrough();
    // A recording server in Varnish's place that answers 503 until told otherwise.
    let up = false;
    const varnish = await startRecordingServer(() => (up ? {} : { status: 503 }));
    const queue = createPurgeQueue({ config: () => ({ backend: 'varnish', urls: [varnish.url], secret: null }), redis: () => null, log: quiet() });
    try {
      queue.queue(['item:news:a'], []);
      const purges = () => varnish.requests.filter((r) => r.method === 'PURGE').length;
      await until(() => purges() >= 2, 'a second PURGE (the retry after 1 s)');
      expect(queue.status().pending).toBe(1);
      up = true;
      await queue.settled();
      expect(queue.status().pending).toBe(0);
      expect(varnish.requests.filter((r) => r.method === 'PURGE').every((r) => r.headers['xkey-purge'] === 'item:news:a')).toBe(true);
    } finally {
      queue.stop();
      await varnish.close();
    }
  }, 15_000);
});

/* ------------------------------------------------------------------------------------------ */
/* site:purges over a real redis-server                                                        */
/* ------------------------------------------------------------------------------------------ */

const HOST = '127.0.0.1';

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('site:purges: a restarted instance carries on (real redis-server)', () => {
  let server: ChildProcess;
  let url: string;
  const opened: RedisConnection[] = [];
  const connect = async () => {
    const made = createRedisConnection(url, { log: quiet() });
    opened.push(made);
    await until(() => made.isReady(), 'Redis to connect');
    return made;
  };

  beforeAll(async () => {
    const port = await freePort();
    url = `redis://${HOST}:${port}`;
    server = spawn(redisServerBinary(), redisServerArgs(port, HOST), { stdio: 'ignore' });
    await until(() => redisAnswers(port, HOST), 'redis-server to answer');
  }, 30_000);

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()));
  });

  afterAll(async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  });

  test('keys queued by an instance whose purges fail are in site:purges; after its "restart" a new queue takes them, purges them and empties the set', async () => {
    const redis = await connect();
    await redis.client.del(PURGES_KEY);
    const down = flakyBackend(1000, Date.now);
    const first = createPurgeQueue({ config: () => VARNISH, redis: () => redis, purge: down.purge, log: quiet() });
    first.queue(['item:news:a', 'list:news'], ['/about-us/news/a']);
    first.queue(['layout'], []);
    await until(async () => (await redis.client.sCard(PURGES_KEY)) === 3, 'the keys in site:purges');
    await until(() => down.calls.length >= 1, 'a failed purge');
    first.stop(); // the instance dies: its process queue is gone, site:purges is not

    const restarted = await connect();
    const up = flakyBackend(0, Date.now);
    const second = createPurgeQueue({ config: () => VARNISH, redis: () => restarted, purge: up.purge, log: quiet() });
    expect(await second.adoptLeft()).toBe(3);
    await second.settled();
    expect(up.calls.map((c) => [...c.keys].sort())).toEqual([['item:news:a', 'layout', 'list:news']]);
    await until(async () => (await restarted.client.sCard(PURGES_KEY)) === 0, 'site:purges emptied after the purge');
  });

  test('a queue started before Redis is connected takes the left keys once it connects', async () => {
    const redis = await connect();
    await redis.client.sAdd(PURGES_KEY, ['sitemap']);
    const late = createRedisConnection(url, { log: quiet() });
    opened.push(late);
    const backend = flakyBackend(0, Date.now);
    const queue = createPurgeQueue({ config: () => VARNISH, redis: () => late, purge: backend.purge, log: quiet() });
    expect(late.isReady()).toBe(false);
    expect(await queue.adoptLeft()).toBe(1);
    await queue.settled();
    expect(backend.calls.map((c) => c.keys)).toEqual([['sitemap']]);
  });

  test('a Redis that is down never holds a purge back: the keys are purged, the mirror is skipped', async () => {
    const unreachable = createRedisConnection(`redis://${HOST}:${await freePort()}`, { log: quiet() });
    opened.push(unreachable);
    const backend = flakyBackend(0, Date.now);
    const queue = createPurgeQueue({ config: () => VARNISH, redis: () => unreachable, purge: backend.purge, log: quiet() });
    queue.queue(['layout'], []);
    await queue.settled();
    expect(backend.calls.map((c) => c.keys)).toEqual([['layout']]);
  });
});
