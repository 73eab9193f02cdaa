import type { NextApiHandler } from 'next';
import { getConfig } from '../../config';
import { jsonApiRoute } from '../api/errors';
import { purgeQueueStatus, type PurgeQueueStatus } from '../cache/purgeQueue';
import { requireMethod } from '../api/request';
import { sharedRedisConnection } from '../redis/connection.mjs';
import { searchIndexStarted, searchIndexStatus, type SearchIndexStatus } from '../search/siteIndex';
import { workerStatus, type WorkerStatus } from '../site/jobs';

/**
 * `GET /api/health` (issue 12 §3), for a load balancer and for Kubernetes probes.
 *
 * - `GET /api/health`: liveness. `200 {"status":"ok"}` at once, with no call to WordPress or Redis:
 *   the process is up and answers. WordPress being down does not fail it (pages still serve from
 *   the cache).
 * - `GET /api/health?ready`: readiness detail, as JSON, still `200` while the process serves:
 *   `{"status":"ok"|"degraded","wordpress":{"ok":true,"status":200,"ms":12},"redis":{"configured":true,"connected":true},"checkedAt":"…"}`.
 *   `status` is `degraded` when WordPress does not answer 2xx within 2 s or a configured Redis is
 *   not connected. Issue 34: in a process that runs the search index (`next start`), `"search":
 *   {"ready", "size", "builtAt", "building"}` too (src/lib/search/siteIndex.ts); it never makes the
 *   status `degraded` (until the index is ready, searches ask WordPress). Issue 35: `"worker":
 *   {"pending", "running", "retrying", "oldestAgeMs"}`, the webhook's jobs this process holds
 *   (src/lib/site/jobs.ts), and, with a cache in front to purge (CACHE_PURGE / VARNISH_URL),
 *   `"purges": {"pending", "oldestAgeMs"}`: the keys this process's purge queue still has to send
 *   (src/lib/cache/purgeQueue.ts); neither makes the status `degraded` (the cache serves the old
 *   copies meanwhile). The WordPress check (`GET {WORDPRESS_URL}/wp-json/?_fields=name`, no retry) runs at most once
 *   per 5 s per process, however many probes arrive: a probe flood cannot flood WordPress.
 * - `GET /api/health?ready&strict`: the same, but `503` when degraded, for a monitor that alerts
 *   on a status code. Not for a Kubernetes readiness probe or a load balancer: with WordPress down,
 *   every instance would leave the pool while the pages could still be served.
 * Always `Cache-Control: no-store`; `HEAD` as `GET` without a body; other methods 405.
 */

export const WORDPRESS_PROBE_TIMEOUT_MS = 2000;
export const WORDPRESS_PROBE_TTL_MS = 5000;

export type WordPressHealth = { ok: true; status: number; ms: number } | { ok: false; status?: number; ms: number; error: string };
export type RedisHealth = { configured: false } | { configured: true; connected: boolean };

export interface Readiness {
  status: 'ok' | 'degraded';
  wordpress: WordPressHealth;
  redis: RedisHealth;
  /** Issue 34: this process's search index, when it runs one. */
  search?: SearchIndexStatus;
  /** Issue 35: this process's purge queue, when a purge back end is configured. */
  purges?: PurgeQueueStatus;
  /** Issue 35: this process's webhook worker (src/lib/site/jobs.ts). */
  worker: WorkerStatus;
  checkedAt: string;
}

export interface HealthOptions {
  /** Checks WordPress (default: GET {WORDPRESS_URL}/wp-json/?_fields=name with a 2 s timeout). */
  probeWordPress?: () => Promise<WordPressHealth>;
  /** Redis's state (default: this process's shared connection when REDIS_URL is set). */
  redis?: () => RedisHealth;
  /** The search index's state, or null when the process runs none (default: this process's, once started). */
  searchIndex?: () => SearchIndexStatus | null;
  /** The purge queue's state, or null without a purge back end (default: this process's queue when CACHE_PURGE is configured). */
  purges?: () => PurgeQueueStatus | null;
  /** The webhook worker's state (default: this process's). */
  worker?: () => WorkerStatus;
  now?: () => number;
}

export async function probeWordPress(wordpressUrl: string, timeoutMs = WORDPRESS_PROBE_TIMEOUT_MS): Promise<WordPressHealth> {
  const started = Date.now();
  try {
    // The REST index, cut down to the site's name (`_fields`): a few bytes instead of every route.
    const response = await fetch(`${wordpressUrl}/wp-json/?_fields=name`, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual', headers: { accept: 'application/json' } });
    await response.text();
    const ms = Date.now() - started;
    if (response.ok) return { ok: true, status: response.status, ms };
    return { ok: false, status: response.status, ms, error: `WordPress answered ${response.status}` };
  } catch (error) {
    const timedOut = (error as Error)?.name === 'TimeoutError';
    return { ok: false, ms: Date.now() - started, error: timedOut ? `WordPress gave no answer within ${timeoutMs} ms` : 'WordPress is unreachable' };
  }
}

function configuredRedis(): RedisHealth {
  const { redisUrl } = getConfig();
  if (!redisUrl) return { configured: false };
  return { configured: true, connected: sharedRedisConnection(redisUrl).isReady() };
}

/** The readiness check of one process: WordPress probed at most once per WORDPRESS_PROBE_TTL_MS, concurrent callers share one probe. */
export function createReadiness(options: HealthOptions = {}): () => Promise<Readiness> {
  const probe = options.probeWordPress ?? (() => probeWordPress(getConfig().wordpressUrl));
  const redis = options.redis ?? configuredRedis;
  const now = options.now ?? Date.now;
  const searchIndex = options.searchIndex ?? (() => (searchIndexStarted() ? searchIndexStatus() : null));
  const purges = options.purges ?? (() => (getConfig().cachePurge ? purgeQueueStatus() : null));
  const worker = options.worker ?? workerStatus;
  let last: { at: number; result: Promise<WordPressHealth> } | null = null;
  return async () => {
    const at = now();
    if (!last || at - last.at >= WORDPRESS_PROBE_TTL_MS) last = { at, result: probe() };
    const wordpress = await last.result;
    const redisState = redis();
    const healthy = wordpress.ok && (!redisState.configured || redisState.connected);
    const search = searchIndex();
    const queue = purges();
    return {
      status: healthy ? 'ok' : 'degraded',
      wordpress,
      redis: redisState,
      ...(search ? { search } : {}),
      worker: worker(),
      ...(queue ? { purges: queue } : {}),
      checkedAt: new Date(at).toISOString(),
    };
  };
}

const flag = (value: string | string[] | undefined): boolean => value !== undefined && value !== '0' && value !== 'false';

export function createHealthHandler(options: HealthOptions = {}): NextApiHandler {
  const readiness = createReadiness(options);
  return jsonApiRoute('health', async (req, res) => {
    requireMethod(req, ['GET', 'HEAD']);
    const query = req.query ?? {};
    if (!flag(query.ready)) {
      res.status(200).json({ status: 'ok' });
      return;
    }
    const result = await readiness();
    if (result.status !== 'ok' && flag(query.strict)) {
      res.status(503).json(result);
      return;
    }
    res.status(200).json(result);
  });
}

