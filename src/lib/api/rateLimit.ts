import type { IncomingMessage } from 'node:http';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { getConfig } from '../../config';
import { createLru } from '../cache/lru';
import { sharedRedisConnection } from '../redis/connection.mjs';
import { clientId } from './clientId';
import { ApiError } from './errors';

/**
 * Per-client rate limits for the API routes, on `rate-limiter-flexible`.
 *
 * Each route has its own limiter (a fixed window of `points` requests per `durationSeconds` per
 * client key, see `clientId`). Every request counts, refused ones too, and the count happens
 * before the body is read, so a flood costs little. Over the limit: 429 JSON `{error}` with
 * `Retry-After` (whole seconds until the window ends).
 *
 * Where the counts live (`configuredRateLimit`, issue 5 §4): with REDIS_URL set, in Redis
 * (`RateLimiterRedis`), so the limit holds across every instance behind the load balancer; while
 * Redis is unreachable, in a memory `insuranceLimiter` of the instance (each instance then counts
 * on its own, and a client may get N × the limit for the outage's duration). Without REDIS_URL,
 * in the process's memory. When the store fails anyway (not a refusal), the request is let
 * through and the failure logged: a broken limiter must not take the site down.
 */

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimit {
  /** Counts one request of `key`. */
  consume(key: string): Promise<RateLimitDecision>;
}

export interface RateLimitOptions {
  /** Requests allowed per window and client. */
  points: number;
  /** The window, in seconds. */
  durationSeconds: number;
  /** Names the limiter's keys (one per route), e.g. `search`. */
  keyPrefix: string;
}

/** Wraps any `rate-limiter-flexible` limiter (memory, Redis, …). */
export function rateLimitFrom(limiter: Pick<RateLimiterAbstract, 'consume'>, name: string): RateLimit {
  return {
    async consume(key) {
      try {
        await limiter.consume(key, 1);
        return { allowed: true };
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
        }
        console.error(`[rate-limit] ${name}: the limiter failed, letting the request through: ${(error as Error)?.message ?? String(error)}`);
        return { allowed: true };
      }
    },
  };
}

/**
 * Clients counted at most per route in memory (issue 35, docs/reliability.md §6): the distinct
 * clients of one window (10–60 s) are far fewer on any day; an entry is about 150 bytes (≤ 3 MB a
 * route). Past it, a flood of new addresses evicts the least recently seen client, whose count
 * starts again: per-client limits are no defence against such a flood anyway, and the memory
 * stays bounded.
 */
export const MEMORY_RATE_LIMIT_CLIENTS = 20_000;

/**
 * A limiter counting in this process's memory: the same fixed window as `rate-limiter-flexible`'s
 * memory store (a client's window starts at its first request; every request counts), kept in the
 * process's bounded LRU (src/lib/cache/lru.ts) instead of a map with a timer per client.
 */
export function memoryRateLimit(
  { points, durationSeconds, keyPrefix }: RateLimitOptions,
  { maxClients = MEMORY_RATE_LIMIT_CLIENTS }: { maxClients?: number } = {},
): RateLimit {
  const windows = createLru<string, { count: number; endsAt: number }>(`rate-limit:${keyPrefix}`, maxClients);
  return {
    async consume(key) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || now >= window.endsAt) {
        window = { count: 0, endsAt: now + durationSeconds * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= points) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.endsAt - now) / 1000)) };
    },
  };
}

/** What `redisRateLimit` needs of the connection (src/lib/redis/connection.mjs). */
export interface RateLimitRedisConnection {
  client: unknown;
}

/** Key prefix of the rate limits in Redis (`site:rl:search:{client}`). */
export const REDIS_RATE_LIMIT_PREFIX = 'site:rl:';

/**
 * A limiter counting in Redis (node-redis client, `useRedisPackage`), shared by every instance.
 * While the client is not connected (`rejectIfRedisNotReady`: no waiting on a dead Redis) or a
 * command fails, the memory insurance limiter of this instance counts instead.
 */
export function redisRateLimit({ points, durationSeconds, keyPrefix }: RateLimitOptions, connection: RateLimitRedisConnection): RateLimit {
  const insuranceLimiter = new RateLimiterMemory({ points, duration: durationSeconds, keyPrefix });
  const limiter = new RateLimiterRedis({
    storeClient: connection.client,
    useRedisPackage: true,
    rejectIfRedisNotReady: true,
    points,
    duration: durationSeconds,
    keyPrefix: `${REDIS_RATE_LIMIT_PREFIX}${keyPrefix}`,
    // rate-limiter-flexible's own memory store (it must be one of its limiters): used only while
    // Redis is unreachable, each record deleted by its timer when its window ends.
    insuranceLimiter,
  });
  return rateLimitFrom(limiter, keyPrefix);
}

export interface ConfiguredRateLimitDeps {
  /** REDIS_URL (default: from the configuration). */
  redisUrl?: () => string | null;
  /** This process's connection to it (default: the shared one, src/lib/redis/connection.mjs). */
  connect?: (url: string) => RateLimitRedisConnection;
}

/**
 * The route's limiter in the configured store: Redis when REDIS_URL is set, else memory. Chosen
 * on the first request, not when the route module loads (`next build` loads it too, and must not
 * connect anywhere).
 */
export function configuredRateLimit(options: RateLimitOptions, deps: ConfiguredRateLimitDeps = {}): RateLimit & { store(): 'redis' | 'memory' } {
  const redisUrl = deps.redisUrl ?? (() => getConfig().redisUrl);
  const connect = deps.connect ?? sharedRedisConnection;
  let chosen: { limit: RateLimit; store: 'redis' | 'memory' } | null = null;
  const choose = () => {
    if (chosen) return chosen;
    const url = redisUrl();
    chosen = url ? { limit: redisRateLimit(options, connect(url)), store: 'redis' } : { limit: memoryRateLimit(options), store: 'memory' };
    return chosen;
  };
  return {
    consume: (key) => choose().limit.consume(key),
    store: () => choose().store,
  };
}

/** Counts the request under its client's key; 429 with `Retry-After` when over the limit. */
export async function enforceRateLimit(limit: RateLimit, req: IncomingMessage, trustProxy: boolean): Promise<void> {
  const decision = await limit.consume(clientId(req, trustProxy));
  if (decision.allowed) return;
  const seconds = decision.retryAfterSeconds;
  throw new ApiError(429, `Too many requests: please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, {
    'Retry-After': String(seconds),
  });
}
