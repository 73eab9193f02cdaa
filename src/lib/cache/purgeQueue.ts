import { getConfig, type CachePurgeConfig } from '../../config';
import { processShared } from '../server/processShared';
import { sharedRedisConnection, type RedisConnection } from '../redis/connection.mjs';
import { purgeKeys, warmPaths, type PurgeDeps, type PurgeOutcome } from './purge';

/**
 * Issue 35 §3 (docs/reliability.md): purges until done. A publish's purge no longer goes out once
 * (and, failing twice, is dropped): its surrogate keys join this process's queue, and one purger
 * per process sends every pending key, merged, through the configured back end (./purge.ts)
 * until the cache acknowledges.
 *
 * - **Pending keys** are a set in the process, mirrored in Redis (`SADD site:purges`, with
 *   REDIS_URL), so a restarted instance carries on what a dead one left: at start
 *   (instrumentation.ts, `startPurgeQueue`) the purger takes every key of `site:purges` into its
 *   own queue. The mirror is best effort: a Redis that is down or slow never delays or fails a
 *   purge (commands are sent only when the connection is ready, and not awaited by the purger).
 *   A key leaves the set (`SREM`) once a purge sent after it was queued went through: any purge
 *   after a regeneration is a good purge for it, whichever instance sent it.
 * - **One purger per process** (processShared: every bundle's copy of this module shares it). Each
 *   round takes every pending key; a key queued again during a round stays for the next round.
 * - **Retries**: a failed round keeps its keys and tries again after 1, 2, 4, 8 s, then every 10 s,
 *   until the back end acknowledges. The failure is logged once per outage, and the recovery once.
 * - **Warming**: after a round that went through, the pages queued with its keys are requested
 *   through the cache (in the background: the next round does not wait for them). A warm failure
 *   is logged, not retried: the next visitor fills the cache.
 * - Without a configured back end (CACHE_PURGE / VARNISH_URL unset) `queuePurge` does nothing.
 */

export const PURGES_KEY = 'site:purges';
/** Waits after the 1st, 2nd, 3rd, 4th failed round; every later one waits RETRY_EVERY_MS. */
export const RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000];
export const RETRY_EVERY_MS = 10_000;

export interface PurgeQueueStatus {
  /** Keys waiting to be purged in this process. */
  pending: number;
  /** Age of the oldest of them (since it was first queued), or null when none. */
  oldestAgeMs: number | null;
}

type Log = Pick<Console, 'info' | 'warn' | 'error'>;
type Connection = Pick<RedisConnection, 'client' | 'isReady'>;

export interface PurgeQueueDeps {
  /** The back end (default: the configuration's CACHE_PURGE; null: no purging). */
  config?: () => CachePurgeConfig | null;
  /** The Redis connection that mirrors the queue (default: REDIS_URL's shared one; null: no mirror). */
  redis?: () => Connection | null;
  /** One purge attempt (default: purgeKeys with one attempt). */
  purge?: (config: CachePurgeConfig, keys: readonly string[]) => Promise<PurgeOutcome>;
  /** Warming (default: warmPaths). */
  warm?: (config: CachePurgeConfig, paths: readonly string[]) => Promise<{ warmed: number; failed: number }>;
  /** Passed to the default purge and warm (tests). */
  http?: PurgeDeps;
  now?: () => number;
  log?: Log;
}

export interface PurgeQueue {
  queue(keys: readonly string[], warmPaths: readonly string[]): void;
  status(): PurgeQueueStatus;
  /** Resolves when nothing is pending and no round or warm is under way (retries included: with fake timers, advance them). */
  settled(): Promise<void>;
  /** Takes the keys left in `site:purges` (by a dead instance) into this queue: now, or when Redis is ready. */
  adoptLeft(): Promise<number>;
  /** Stops the retry timer (tests, shutdown); what is pending stays pending. */
  stop(): void;
}

const message = (error: unknown) => (error as Error)?.message ?? String(error);

/** The wait before the next round after `failures` consecutive failed rounds. */
export const retryDelay = (failures: number): number => RETRY_DELAYS_MS[failures - 1] ?? RETRY_EVERY_MS;

function defaultRedis(): Connection | null {
  const { redisUrl } = getConfig();
  return redisUrl ? sharedRedisConnection(redisUrl) : null;
}

export function createPurgeQueue(deps: PurgeQueueDeps = {}): PurgeQueue {
  const config = deps.config ?? (() => getConfig().cachePurge);
  const redis = deps.redis ?? defaultRedis;
  const purge = deps.purge ?? ((c, keys) => purgeKeys(c, keys, { ...deps.http, attempts: 1 }));
  const warm = deps.warm ?? ((c, paths) => warmPaths(c, paths, deps.http));
  const now = deps.now ?? Date.now;
  const log = deps.log ?? console;

  // key → when it was first queued, and the round counter value when it was last queued.
  const pending = new Map<string, { since: number; seq: number }>();
  const toWarm = new Map<string, number>();
  let seq = 0;
  let running = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let outageStartedAt = 0;
  const warming = new Set<Promise<void>>();
  let idleWaiters: (() => void)[] = [];

  const isIdle = () => pending.size === 0 && !running && timer === null && warming.size === 0;
  const notifyIfIdle = () => {
    if (!isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  /** A Redis command that may fail: sent only when connected, never awaited by the purger, never thrown. */
  const mirror = (command: (client: Connection['client']) => Promise<unknown>): Promise<unknown> => {
    let connection: Connection | null;
    try {
      connection = redis();
      if (!connection?.isReady()) return Promise.resolve(null);
      return command(connection.client).catch(() => null);
    } catch {
      return Promise.resolve(null);
    }
  };

  const schedule = (delay: number) => {
    if (timer !== null || running) return;
    timer = setTimeout(() => {
      timer = null;
      void round();
    }, delay);
    timer.unref?.();
  };

  async function round(): Promise<void> {
    if (running) return;
    const backend = config();
    if (!backend || pending.size === 0) {
      notifyIfIdle();
      return;
    }
    running = true;
    const upTo = seq;
    const keys = [...pending.keys()];
    let outcome: PurgeOutcome;
    try {
      outcome = await purge(backend, keys);
    } catch (error) {
      outcome = { backend: backend.backend, keys, ok: false, attempts: 1, error: message(error) };
    }
    running = false;
    if (!outcome.ok) {
      failures++;
      if (failures === 1) {
        outageStartedAt = now();
        log.error(
          `[purge] ${backend.backend}: purging ${keys.length} keys failed (${outcome.error}); they stay queued and are sent again after 1, 2, 4, 8 s, then every 10 s until the cache acknowledges (the cache serves the old copies meanwhile); logged once until a purge goes through`,
        );
      }
      schedule(retryDelay(failures));
      return;
    }
    if (failures > 0) {
      log.info(`[purge] ${backend.backend}: the cache acknowledged the purge again after ${failures + 1} attempts in ${Math.round((now() - outageStartedAt) / 1000)} s (${keys.length} keys)`);
    }
    failures = 0;
    const done = keys.filter((key) => (pending.get(key)?.seq ?? Infinity) <= upTo);
    for (const key of done) pending.delete(key);
    if (done.length > 0) void mirror((client) => client.sRem(PURGES_KEY, done));
    const paths = [...toWarm].filter(([, at]) => at <= upTo).map(([path]) => path);
    for (const path of paths) toWarm.delete(path);
    if (paths.length > 0) {
      const job: Promise<void> = warm(backend, paths)
        .then(({ warmed, failed }) => {
          if (failed > 0) log.warn(`[purge] ${backend.backend}: ${failed} of ${warmed + failed} warm requests failed (not retried: the next visitor fills the cache)`);
        })
        .catch((error: unknown) => log.warn(`[purge] ${backend.backend}: warming failed (${message(error)}; not retried)`))
        .finally(() => {
          warming.delete(job);
          notifyIfIdle();
        });
      warming.add(job);
    }
    if (pending.size > 0) schedule(0);
    else notifyIfIdle();
  }

  function add(keys: readonly string[], paths: readonly string[], mirrored: boolean): void {
    if (!config()) return;
    const list = [...new Set(keys)].filter((key) => key !== '');
    if (list.length === 0) return;
    seq++;
    const at = now();
    for (const key of list) pending.set(key, { since: pending.get(key)?.since ?? at, seq });
    for (const path of paths) toWarm.set(path, seq);
    if (mirrored) void mirror((client) => client.sAdd(PURGES_KEY, list));
    // While failing, the next retry takes the new keys too (no extra request to a cache that is down).
    if (failures === 0) schedule(0);
  }

  return {
    queue: (keys, paths) => add(keys, paths, true),
    status: () => {
      let oldest: number | null = null;
      for (const { since } of pending.values()) if (oldest === null || since < oldest) oldest = since;
      return { pending: pending.size, oldestAgeMs: oldest === null ? null : Math.max(0, now() - oldest) };
    },
    settled: () => (isIdle() ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    adoptLeft: async () => {
      if (!config()) return 0;
      let connection: Connection | null;
      try {
        connection = redis();
      } catch {
        return 0;
      }
      if (!connection) return 0;
      const ready = connection;
      const take = async (): Promise<number> => {
        const left = (await mirror((client) => client.sMembers(PURGES_KEY))) as string[] | null;
        if (!left?.length) return 0;
        log.info(`[purge] ${left.length} keys left to purge in ${PURGES_KEY} (by an instance that stopped): purging them`);
        add(left, [], false);
        return left.length;
      };
      if (ready.isReady()) return take();
      // Not connected yet at start: take them once it is (a Redis that never comes back leaves nothing to take).
      return new Promise<number>((resolve) => {
        ready.client.once('ready', () => {
          void take().then(resolve);
        });
      });
    },
    stop: () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      notifyIfIdle();
    },
  };
}

const shared = processShared('purge-queue', () => ({ queue: null as PurgeQueue | null, started: false }));

function processQueue(): PurgeQueue {
  return (shared.queue ??= createPurgeQueue());
}

/** Queues `keys` to purge (and `warmPaths` to warm after) in this process's purger. Returns at once; never throws. */
export function queuePurge(keys: readonly string[], warmPaths: readonly string[]): void {
  try {
    processQueue().queue(keys, warmPaths);
  } catch (error) {
    console.error(`[purge] could not queue ${keys.length} keys: ${message(error)}`);
  }
}

/** This process's queue, for /api/health?ready. */
export function purgeQueueStatus(): PurgeQueueStatus {
  return processQueue().status();
}

/** Resolves when this process's queue is empty and idle (tests). */
export function purgesSettled(): Promise<void> {
  return processQueue().settled();
}

/** At `next start` (instrumentation.ts): take the keys a dead instance left in `site:purges`. Once per process; never throws. */
export function startPurgeQueue(): void {
  if (shared.started) return;
  shared.started = true;
  processQueue()
    .adoptLeft()
    .catch((error: unknown) => console.error(`[purge] could not read the keys left in ${PURGES_KEY}: ${message(error)}`));
}

/** Forgets this process's queue (tests: a restarted process). */
export function resetPurgeQueueForTests(): void {
  shared.queue?.stop();
  shared.queue = null;
  shared.started = false;
}
