/** @jest-environment node */
import { configuredRateLimit, redisRateLimit, REDIS_RATE_LIMIT_PREFIX, type RateLimit } from '@/lib/api/rateLimit';
import { resetConfigForTests } from '@/config';

/**
 * Issue 5 §4: the API rate limits count in the Redis of REDIS_URL (one count for every instance),
 * and per instance, in memory, while Redis is unreachable. A real redis-server is used by
 * e2e/stateful/several-instances.e2e.ts; here a fake node-redis client stands in.
 */

const OPTIONS = { points: 3, durationSeconds: 60, keyPrefix: 'test' };

async function allowedOutOf(limit: RateLimit, tries: number, key = 'client-1'): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < tries; i++) if ((await limit.consume(key)).allowed) allowed++;
  return allowed;
}

/** A node-redis v4+ client as rate-limiter-flexible sees it: `isReady` and `eval` of its counting script. */
function fakeNodeRedis({ ready = true, fail = false } = {}) {
  const counts = new Map<string, number>();
  const client = {
    isReady: ready,
    eval: jest.fn(async (_script: string, { keys }: { keys: string[]; arguments: string[] }) => {
      if (fail) throw new Error('Command timed out');
      const count = (counts.get(keys[0]) ?? 0) + 1;
      counts.set(keys[0], count);
      return [count, 60_000];
    }),
  };
  return { client, counts };
}

let errorSpy: jest.SpyInstance;
beforeEach(() => {
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  errorSpy.mockRestore();
  delete process.env.REDIS_URL;
  resetConfigForTests();
});

describe('issue 5 §4: the rate limits use Redis when REDIS_URL is set, memory otherwise', () => {
  it('REDIS_URL unset: memory, and no Redis connection is made', async () => {
    const connect = jest.fn();
    const limit = configuredRateLimit(OPTIONS, { redisUrl: () => null, connect });
    expect(await allowedOutOf(limit, 5)).toBe(3);
    expect(limit.store()).toBe('memory');
    expect(connect).not.toHaveBeenCalled();
  });

  it('REDIS_URL set: the counts go to Redis under site:rl:{route}:, shared by every instance on that Redis', async () => {
    const redis = fakeNodeRedis();
    const connect = jest.fn(() => ({ client: redis.client }));
    // Two instances, one Redis: each has its own limiter object, the count is one.
    const instanceA = configuredRateLimit(OPTIONS, { redisUrl: () => 'redis://127.0.0.1:6379', connect });
    const instanceB = configuredRateLimit(OPTIONS, { redisUrl: () => 'redis://127.0.0.1:6379', connect });
    expect(await allowedOutOf(instanceA, 2)).toBe(2);
    expect(await allowedOutOf(instanceB, 2)).toBe(1);
    expect((await instanceA.consume('client-1')).allowed).toBe(false);
    expect(instanceA.store()).toBe('redis');
    expect(connect).toHaveBeenCalledWith('redis://127.0.0.1:6379');
    expect([...redis.counts.keys()]).toEqual([`${REDIS_RATE_LIMIT_PREFIX}test:client-1`]);
  });

  it('the store is chosen from the configuration (REDIS_URL) on the first request, not when the route module loads', async () => {
    const connect = jest.fn(() => ({ client: fakeNodeRedis().client }));
    const limit = configuredRateLimit(OPTIONS, { connect });
    process.env.REDIS_URL = 'redis://cache.internal:6379/1';
    resetConfigForTests();
    expect(connect).not.toHaveBeenCalled();
    await limit.consume('client-1');
    expect(limit.store()).toBe('redis');
    expect(connect).toHaveBeenCalledWith('redis://cache.internal:6379/1');
  });
});

describe('issue 5 §4: while Redis is unreachable, each instance counts in its own memory (the limit still holds per instance)', () => {
  it('client not connected: Redis is not asked, the memory insurance limiter counts and refuses over the limit', async () => {
    const redis = fakeNodeRedis({ ready: false });
    const limit = redisRateLimit(OPTIONS, { client: redis.client });
    expect(await allowedOutOf(limit, 5)).toBe(3);
    expect(redis.client.eval).not.toHaveBeenCalled();
    // Refusals carry a Retry-After within the window.
    const refused = await limit.consume('client-1');
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(OPTIONS.durationSeconds);
  });

  it('commands failing (timeouts): the insurance limiter counts; no request fails because of Redis', async () => {
    const redis = fakeNodeRedis({ fail: true });
    const limit = redisRateLimit(OPTIONS, { client: redis.client });
    expect(await allowedOutOf(limit, 5)).toBe(3);
    expect(await allowedOutOf(limit, 2, 'client-2')).toBe(2);
    expect(redis.client.eval).toHaveBeenCalled();
  });

  it('when Redis is back, counting returns to Redis', async () => {
    const redis = fakeNodeRedis({ ready: false });
    const limit = redisRateLimit(OPTIONS, { client: redis.client });
    await limit.consume('client-1');
    expect(redis.client.eval).not.toHaveBeenCalled();
    redis.client.isReady = true;
    await limit.consume('client-1');
    expect(redis.client.eval).toHaveBeenCalledTimes(1);
  });
});
