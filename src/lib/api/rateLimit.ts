import type { IncomingMessage } from 'node:http';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
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
 * The limiters here keep their counts in the server process's memory: with several instances each
 * counts on its own (a client may get N × the limit). `rateLimitFrom` accepts any limiter of the
 * library, so a shared store (`RateLimiterRedis`, with a memory `insuranceLimiter`) is a one-line
 * change when the site runs on several instances. When the store fails (not a refusal), the
 * request is let through and the failure logged: a broken limiter must not take the site down.
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

/** A limiter counting in this process's memory. */
export function memoryRateLimit({ points, durationSeconds, keyPrefix }: RateLimitOptions): RateLimit {
  return rateLimitFrom(new RateLimiterMemory({ points, duration: durationSeconds, keyPrefix }), keyPrefix);
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
