import { randomUUID } from 'node:crypto';
import { getConfig } from '../../config';
import { isRecord } from '../shared/isRecord';
import { processShared } from '../server/processShared';
import { redisErrorMessage, sharedRedisConnection, type RedisConnection } from '../redis/connection.mjs';
import { reloadRedirectsFromWordPress, type ReloadReport } from '../redirects/store';
import { parseSearchItems, rebuildSearchIndex, updateSearchItems, type SearchItem } from '../search/siteIndex';
import { contentType, sitePath } from '../shared/wordpress/contentTypes';
import { getEveryPageLink } from '../wordpress/links';
import { urgentReads, wordpressAnswering } from '../wordpress/recovery';
import { broadcastInvalidationAndWait, clearProcessCaches, processOrigin, type InvalidationScopes } from './invalidation';
import { payloadKeys, queuePurgeAfterRegeneration, redirectKeys } from './purgeOnPublish';
import { LAST_HEARD_KEY, markHeard } from './catchUp';
import { regeneratePage } from './regenerate';
import { LISTING_PATHS, STATIC_PAGES } from './sitePaths';
import { unique } from './surrogateKeys';

/**
 * Issue 35 §2 (docs/reliability.md, docs/revalidation.md): the worker, one per instance.
 *
 * The webhook (./revalidate.ts) validates a payload, *records* it as a job (`acceptJob`) and
 * answers 202; the work happens here, after the answer:
 *
 * - every job waiting when the worker starts a batch is merged into it (items de-duplicated,
 *   `scope: "all"` wins, `redirects` if any);
 * - a batch: (1) the redirect table from WordPress into Redis; (2) this process's caches cleared,
 *   the change broadcast on pub/sub and the other instances' acks awaited (≤ 2 s); (3) the search
 *   index's items read again (rebuilt for `scope: "all"`); (4) every affected page regenerated
 *   through ./regenerate.ts, REVALIDATE_CONCURRENCY at a time; (5) the surrogate keys and the pages
 *   to warm handed to the purge (`handOffPurge`); (6) the jobs deleted and `site:last-heard` set;
 * - with REDIS_URL a job is a field of the hash `site:jobs` (its id → its JSON), written with its
 *   lease `site:jobs:lease:{id}` = this process's origin, PX 30 s, in one transaction; the lease
 *   is renewed every 10 s while this worker holds the job, and deleted with it. Every worker looks
 *   at start and every 15 s for jobs without a lease (their instance died), claims each with
 *   `SET NX` and runs it. A job done twice is harmless (regeneration and purges are idempotent);
 * - without REDIS_URL the jobs are kept in the process only;
 * - a page whose regeneration failed (or a redirect table WordPress could not give) keeps its job,
 *   narrowed to what is left, for the next batch: the next job, or a retry RETRY_FIRST_MS after
 *   the failure, then every RETRY_MS (the 15 s tick too). A WordPress outage therefore loses
 *   nothing, and its publishes land within seconds of its end (the chaos bench's budget: 10 s).
 *   A job still failing GIVE_UP_MS after it was accepted is logged and dropped (the page's ISR
 *   lifetime still renews it).
 */

/** Pages regenerated at the same time (each regeneration reads WordPress). */
export const REVALIDATE_CONCURRENCY = 8;
export const JOBS_KEY = 'site:jobs';
export const LEASE_PREFIX = 'site:jobs:lease:';
export { LAST_HEARD_KEY };
export const LEASE_MS = 30_000;
export const LEASE_RENEW_MS = 10_000;
export const RECOVER_MS = 15_000;
/**
 * Recording a job in Redis before the 202: at most this long, else 503 (the sender sends it again).
 * Below the plugin's 5 s timeout; 1 s refused deliveries while an instance was busy (the chaos
 * bench, issue 35), each a retry and seconds of lag for nothing.
 */
export const RECORD_TIMEOUT_MS = 3000;
/** A failed job's first retry, then the next ones (issue 35: a retry by the 15 s tick alone came up to 15 s after WordPress was back). */
export const RETRY_FIRST_MS = 2000;
export const RETRY_MS = 5000;
/** A job still failing this long after it was accepted is dropped (counted from then, not in attempts: an outage of WordPress must not use them up). */
export const GIVE_UP_MS = 60 * 60_000;
const JOB_VERSION = 1;

export type Scope = 'items' | 'all';

/** What a job asks for: the webhook's payload (or the safety net's catch-up). */
export interface JobSpec {
  event: string;
  items: readonly SearchItem[];
  scope: Scope;
  redirects?: boolean;
  /** The sender's delivery id (the payload's `id`), for logs. */
  delivery?: string;
  /** Pages still to regenerate, on their own (a job narrowed after a failure). */
  paths?: readonly string[];
}

export interface Job {
  v: typeof JOB_VERSION;
  id: string;
  delivery: string | null;
  event: string;
  items: SearchItem[];
  scope: Scope;
  redirects: boolean;
  paths: string[];
  /** When it was accepted (ms since epoch). */
  acceptedAt: number;
  /** Batches that ran it and left something undone. */
  attempts: number;
}

/** The merge of the jobs of one batch. */
export interface Batch {
  event: string;
  items: SearchItem[];
  scope: Scope;
  redirects: boolean;
  paths: string[];
}

export interface WorkerStatus {
  /** Jobs waiting (the next batch's, and those kept after a failure). */
  pending: number;
  /** Jobs in the batch under way. */
  running: number;
  /** Jobs kept after a failure, waiting for the next batch, or waiting for a failing WordPress to answer again. */
  retrying: number;
  /** Age of the oldest job this worker holds, or null. */
  oldestAgeMs: number | null;
}

/**
 * Recording failed: the webhook answers 503 (the sender sends it again). Recognised by its name
 * (`isJobNotRecorded`), not `instanceof`: this process's worker may have been created by another
 * bundle (instrumentation), whose copy of this class is not the webhook's.
 */
export class JobNotRecordedError extends Error {
  override readonly name = 'JobNotRecordedError';
}

export function isJobNotRecorded(error: unknown): error is Error {
  return error instanceof Error && error.name === 'JobNotRecordedError';
}

type Log = Pick<Console, 'info' | 'error' | 'warn'>;
type Connection = Pick<RedisConnection, 'client' | 'isReady'>;

export interface WorkerDeps {
  /** REDIS_URL, or null for an instance of its own (default: the configuration's). */
  redisUrl?: string | null;
  /** The Redis connection (default: the process's shared one for `redisUrl`). */
  connection?: Connection;
  /** This worker, as the holder of its leases (default: the process's origin). */
  origin?: string;
  /** Regenerates one page (default: ./regenerate.ts). */
  regenerate?: (path: string) => Promise<void>;
  /** Reads the redirect table from WordPress (default: the store's). */
  reloadRedirects?: () => Promise<Pick<ReloadReport, 'changed' | 'changedSources' | 'version' | 'rules'>>;
  /** Reads the changed items again into this process's search index (default: the index's `updateSearchItems`). */
  updateSearch?: (items: readonly SearchItem[]) => Promise<void>;
  /** Resolves when WordPress is not known to be failing (default: recovery.ts's `wordpressAnswering`). */
  wordpressAnswering?: () => Promise<void>;
  /** Every page's path, for `scope: "all"` (default: `everyPagePath`). */
  everyPage?: () => Promise<{ paths: string[]; error?: string }>;
  /** Tells the other instances, and waits for their acks (default: pub/sub, ./invalidation.ts). */
  broadcast?: (scopes: InvalidationScopes, event: string) => Promise<unknown>;
  /** The purge of the cache in front (default: `handOffPurge`). */
  purge?: (keys: readonly string[], paths: readonly string[]) => Promise<unknown> | void;
  now?: () => number;
  log?: Log;
}

/* ------------------------------------------------------------------------------------------ */
/* Paths                                                                                       */
/* ------------------------------------------------------------------------------------------ */

/** One item's pages: its detail page and its type's listing page. */
export function itemPaths({ type, slug, section }: SearchItem): string[] {
  const { listingPath } = contentType(type);
  return [sitePath(type, slug, section), ...(listingPath ? [listingPath] : [])];
}

/** The pages of `scope: "items"`: each item's pages and `/` (when there are items), and any paths of its own. */
export function itemsPaths(items: readonly SearchItem[], paths: readonly string[] = []): string[] {
  return unique([...items.flatMap(itemPaths), ...(items.length ? ['/'] : []), ...paths]);
}

/**
 * Every page (`scope: "all"`): static pages, listing pages, every content page. When WordPress
 * cannot list the content pages, the others are still given, with `error`.
 */
export async function everyPagePath(): Promise<{ paths: string[]; error?: string }> {
  const fixed = [...STATIC_PAGES.map((p) => p.path), ...LISTING_PATHS];
  try {
    const links = await getEveryPageLink();
    return { paths: unique([...fixed, ...links.map((l) => l.path)]) };
  } catch (error) {
    return { paths: unique(fixed), error: `The content pages could not be listed, only fixed and listing pages were regenerated: ${(error as Error)?.message ?? String(error)}` };
  }
}

export interface RegenerationResult {
  regenerated: string[];
  failed: { path: string; error: string }[];
}

/** Regenerates every path, `concurrency` at a time; a failure does not stop the others. Lists keep the paths' order. */
export async function regeneratePaths(paths: readonly string[], regenerate: (path: string) => Promise<void>, concurrency: number = REVALIDATE_CONCURRENCY): Promise<RegenerationResult> {
  const outcome: (string | null)[] = new Array(paths.length).fill(null);
  let next = 0;
  const run = async () => {
    while (next < paths.length) {
      const i = next++;
      try {
        await regenerate(paths[i]);
      } catch (error) {
        outcome[i] = (error as Error)?.message ?? String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, paths.length) }, run));
  return {
    regenerated: paths.filter((_, i) => outcome[i] === null),
    failed: paths.flatMap((path, i) => (outcome[i] === null ? [] : [{ path, error: outcome[i] as string }])),
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Jobs                                                                                        */
/* ------------------------------------------------------------------------------------------ */

export const leaseKey = (id: string) => `${LEASE_PREFIX}${id}`;

export function newJob(spec: JobSpec, now: number): Job {
  return {
    v: JOB_VERSION,
    id: `${now.toString(36)}-${randomUUID().slice(0, 8)}`,
    delivery: spec.delivery ?? null,
    event: spec.event,
    items: spec.items.map(({ type, slug, section }) => ({ type, slug, section })),
    scope: spec.scope,
    redirects: spec.redirects ?? false,
    paths: [...(spec.paths ?? [])],
    acceptedAt: now,
    attempts: 0,
  };
}

/** A job read from Redis, or null when it is not one. */
export function decodeJob(raw: string): Job | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.v !== JOB_VERSION) return null;
  const { id, delivery, event, scope, redirects, paths, acceptedAt, attempts } = value;
  const items = parseSearchItems(value.items);
  if (typeof id !== 'string' || id === '' || typeof event !== 'string' || (scope !== 'items' && scope !== 'all') || typeof redirects !== 'boolean') return null;
  if (items === null || !Array.isArray(paths) || !paths.every((p) => typeof p === 'string' && p.startsWith('/'))) return null;
  if (typeof acceptedAt !== 'number' || typeof attempts !== 'number') return null;
  return { v: JOB_VERSION, id, delivery: typeof delivery === 'string' ? delivery : null, event, items, scope, redirects, paths: paths as string[], acceptedAt, attempts };
}

const itemId = (item: SearchItem) => `${item.type}\n${item.slug}\n${item.section}`;

/** Merges the jobs of one batch: items de-duplicated, `scope: "all"` wins, `redirects` if any. */
export function mergeJobs(jobs: readonly Job[]): Batch {
  const items = new Map<string, SearchItem>();
  for (const job of jobs) for (const item of job.items) if (!items.has(itemId(item))) items.set(itemId(item), item);
  return {
    event: unique(jobs.map((j) => j.event)).join(',').slice(0, 200),
    items: [...items.values()],
    scope: jobs.some((j) => j.scope === 'all') ? 'all' : 'items',
    redirects: jobs.some((j) => j.redirects),
    paths: unique(jobs.flatMap((j) => j.paths)),
  };
}

/* ------------------------------------------------------------------------------------------ */
/* The purge (issue 35 §3)                                                                     */
/* ------------------------------------------------------------------------------------------ */

/**
 * Hands the surrogate keys and the pages to warm to this process's purge queue
 * (src/lib/cache/purgeQueue.ts), which sends them until the cache in front acknowledges (the other
 * instances have already acknowledged the broadcast: the batch waited before regenerating).
 * Resolves once they are queued (the queue's own `purgesSettled()` says when they are purged);
 * never rejects.
 */
export function handOffPurge(keys: readonly string[], paths: readonly string[]): Promise<void> {
  return queuePurgeAfterRegeneration(keys, paths);
}

/* ------------------------------------------------------------------------------------------ */
/* The worker                                                                                  */
/* ------------------------------------------------------------------------------------------ */

export interface JobWorker {
  /** Records a job (Redis, awaited at most RECORD_TIMEOUT_MS); throws JobNotRecordedError when Redis cannot. Does not start it: `kick()`. */
  accept(spec: JobSpec): Promise<Job>;
  /** Records a job as well as it can (in the process when Redis cannot) and starts it. */
  submit(spec: JobSpec): Promise<Job>;
  /** Starts a batch of the waiting jobs, unless one runs (it takes them next). */
  kick(): void;
  /** Claims the jobs in Redis that no worker holds (no lease), and runs them. Resolves with how many. */
  recover(): Promise<number>;
  /** The lease renewal and the 15 s tick (retries, recovery), and a first recovery. */
  start(): void;
  stop(): void;
  /** Resolves when no batch runs or waits to run (jobs kept after a failure do not count) and the purges handed off are done. */
  settled(): Promise<void>;
  status(): WorkerStatus;
}

export function createJobWorker(deps: WorkerDeps = {}): JobWorker {
  const redisUrl = deps.redisUrl === undefined ? getConfig().redisUrl : deps.redisUrl;
  const log = deps.log ?? console;
  const now = deps.now ?? Date.now;
  const origin = deps.origin ?? processOrigin();
  const regenerate = deps.regenerate ?? ((path: string) => regeneratePage(path));
  const reloadRedirects = deps.reloadRedirects ?? (() => reloadRedirectsFromWordPress(log));
  const everyPage = deps.everyPage ?? everyPagePath;
  const updateSearch = deps.updateSearch ?? updateSearchItems;
  const answering = deps.wordpressAnswering ?? wordpressAnswering;
  const purge = deps.purge ?? handOffPurge;
  let connection: Connection | null = deps.connection ?? null;
  const redis = (): Connection | null => {
    if (!redisUrl) return null;
    connection ??= sharedRedisConnection(redisUrl);
    return connection;
  };
  const broadcast =
    deps.broadcast ??
    ((scopes: InvalidationScopes, event: string) => (redisUrl ? broadcastInvalidationAndWait(redisUrl, scopes, event, { connection: redis() as RedisConnection, origin }) : Promise.resolve()));

  const queue: Job[] = [];
  const retrying: Job[] = [];
  let running: Job[] = [];
  // The next batch waits for a failing WordPress (drain): its jobs count as retrying meanwhile.
  let waitingForWordPress = false;
  let loop: Promise<void> | null = null;
  const purges = new Set<Promise<unknown>>();
  let timers: ReturnType<typeof setInterval>[] = [];

  const held = () => [...running, ...queue, ...retrying];
  const message = redisErrorMessage;

  /** A Redis command, or null when there is no usable Redis; throws what Redis threw. */
  const withRedis = async <T>(command: (client: Connection['client']) => Promise<T>): Promise<T | null> => {
    const connection = redis();
    if (!connection || !connection.isReady()) return null;
    return command(connection.client);
  };

  const record = async (job: Job): Promise<void> => {
    const connection = redis();
    if (!connection) return;
    if (!connection.isReady()) throw new JobNotRecordedError('Redis is not connected');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new JobNotRecordedError(`Redis did not answer within ${RECORD_TIMEOUT_MS} ms`)), RECORD_TIMEOUT_MS);
    });
    try {
      const write = connection.client
        .multi()
        .hSet(JOBS_KEY, job.id, JSON.stringify(job))
        .set(leaseKey(job.id), origin, { expiration: { type: 'PX', value: LEASE_MS } })
        .exec();
      write.catch(() => undefined);
      await Promise.race([write, timeout]);
    } catch (error) {
      throw isJobNotRecorded(error) ? error : new JobNotRecordedError(message(error));
    } finally {
      clearTimeout(timer);
    }
  };

  const forget = async (jobs: readonly Job[]) => {
    if (jobs.length === 0) return;
    try {
      await withRedis((client) =>
        client
          .multi()
          .hDel(
            JOBS_KEY,
            jobs.map((j) => j.id),
          )
          .del(jobs.map((j) => leaseKey(j.id)))
          .exec(),
      );
    } catch (error) {
      log.error(`[jobs] could not delete ${jobs.length} done job(s) from Redis (${message(error)}): another instance may run them again when their lease ends (harmless)`);
    }
  };

  const rewrite = async (jobs: readonly Job[]) => {
    if (jobs.length === 0) return;
    try {
      await withRedis((client) => client.hSet(JOBS_KEY, Object.fromEntries(jobs.map((j) => [j.id, JSON.stringify(j)]))));
    } catch (error) {
      log.error(`[jobs] could not keep ${jobs.length} job(s) to retry in Redis: ${message(error)}`);
    }
  };

  // The safety net's one record of when the site last heard (src/lib/site/catchUp.ts).
  const setLastHeard = (at: number) => markHeard(at, { redis: () => (redisUrl ? redis() : null) });

  /**
   * One batch: the steps of the module comment. Resolves with the jobs kept for a retry. Its reads
   * of WordPress are urgent: held by a WordPress that hangs, they are abandoned when it answers
   * again (src/lib/wordpress/recovery.ts), as are those of the regenerations it asks for.
   */
  const runBatch = (jobs: Job[]): Promise<void> => urgentReads(() => runBatchNow(jobs));
  const runBatchNow = async (jobs: Job[]): Promise<void> => {
    const started = now();
    const batch = mergeJobs(jobs);
    const label = `${batch.event} (${jobs.length} job${jobs.length === 1 ? '' : 's'})`;

    // 1. The redirect table first, so the broadcast tells the others to reload a table already in Redis.
    let redirectReport: Awaited<ReturnType<typeof reloadRedirects>> | null = null;
    let redirectFailed = false;
    if (batch.redirects) {
      try {
        redirectReport = await reloadRedirects();
      } catch {
        // The store logs it once per outage; the job is kept for the next batch.
        redirectFailed = true;
      }
    }

    // 2. This process's copies, then every other instance's (their acks awaited, at most 2 s).
    const all = batch.scope === 'all';
    const scopes: InvalidationScopes = {
      menu: all,
      content: all || batch.items.length > 0 || batch.paths.length > 0,
      ...(redirectReport?.changed ? { redirects: true } : {}),
      ...(batch.items.length ? { items: batch.items } : {}),
    };
    if (scopes.menu || scopes.content || scopes.redirects) {
      clearProcessCaches(scopes);
      await broadcast(scopes, batch.event).catch((error: unknown) => log.error(`[jobs] the broadcast failed: ${message(error)}`));
    }

    // 3. The search index: the items read again (every page changed: rebuilt in the background),
    // before the pages, so the purge of `search` (step 5) never lets the cache in front keep results
    // older than the index. Its reads are urgent, as the batch's are: a WordPress that hangs holds
    // them only until it answers again (the chaos bench's run 6 waited 36 s on one, issue 35).
    if (all) void rebuildSearchIndex();
    await updateSearch(batch.items);

    // 4. The pages.
    let listError: string | undefined;
    let paths = itemsPaths(batch.items, batch.paths);
    if (all) {
      const every = await everyPage();
      listError = every.error;
      paths = unique([...every.paths, ...paths]);
    }
    const result = await regeneratePaths(paths, regenerate);

    // 5. The cache in front: the keys of what changed, the regenerated pages warmed.
    const keys = unique([...payloadKeys(batch), ...(redirectReport?.changed ? redirectKeys(redirectReport.changedSources) : [])]);
    if (keys.length) {
      const handed = Promise.resolve(purge(keys, result.regenerated)).catch((error: unknown) => log.error(`[jobs] the purge hand-off failed: ${message(error)}`));
      purges.add(handed);
      void handed.finally(() => purges.delete(handed));
    }

    // 6. Done jobs deleted; a job with pages (or a redirect table) left is kept, narrowed to them.
    const failed = new Set(result.failed.map((f) => f.path));
    const done: Job[] = [];
    const kept: Job[] = [];
    const dropped: Job[] = [];
    for (const job of jobs) {
      const ownPaths = job.scope === 'all' ? paths : itemsPaths(job.items, job.paths);
      const left = {
        redirects: job.redirects && redirectFailed,
        all: job.scope === 'all' && listError !== undefined,
        paths: ownPaths.filter((p) => failed.has(p)),
      };
      if (!left.redirects && !left.all && left.paths.length === 0) {
        done.push(job);
        continue;
      }
      const next: Job = { ...job, items: [], scope: left.all ? 'all' : 'items', redirects: left.redirects, paths: left.all ? [] : left.paths, attempts: job.attempts + 1 };
      if (now() - job.acceptedAt >= GIVE_UP_MS) dropped.push(next);
      else kept.push(next);
    }
    for (const job of dropped) {
      log.error(
        `[jobs] job ${job.id} (${job.event}${job.delivery ? `, delivery ${job.delivery}` : ''}) dropped after ${job.attempts} attempts: ${[...job.paths, ...(job.redirects ? ['the redirect table'] : []), ...(job.scope === 'all' ? ['the list of every page'] : [])].join(', ')} (their ISR lifetime still renews them)`,
      );
    }
    await forget([...done, ...dropped]);
    await rewrite(kept);
    retrying.push(...kept);
    if (kept.length > 0) scheduleRetry(Math.max(...kept.map((job) => (job.attempts <= 1 ? RETRY_FIRST_MS : RETRY_MS))));
    await setLastHeard(now());

    const seconds = ((now() - started) / 1000).toFixed(1);
    if (result.failed.length > 0 || listError || redirectFailed) {
      const sample = result.failed
        .slice(0, 3)
        .map((f) => `${f.path}: ${f.error}`)
        .join('; ');
      log.error(
        `[jobs] ${label}: ${result.failed.length} of ${paths.length} pages failed in ${seconds} s${sample ? ` (${sample})` : ''}${listError ? `; ${listError}` : ''}${redirectFailed ? '; the redirect table could not be read' : ''}; ${kept.length} job(s) kept for the next batch`,
      );
    } else {
      log.info(`[jobs] ${label}: ${paths.length} pages regenerated in ${seconds} s`);
    }
  };

  const drain = async () => {
    while (queue.length > 0) {
      // Not while WordPress is failing: the jobs wait for it together, and run as one batch as soon
      // as it answers again (recovery.ts), not as a batch held by it and then the next.
      const waitStarted = now();
      waitingForWordPress = true;
      try {
        await answering();
      } finally {
        waitingForWordPress = false;
      }
      if (now() - waitStarted >= 1000) log.info(`[jobs] waited ${((now() - waitStarted) / 1000).toFixed(1)} s for WordPress to answer again`);
      // Every job waiting now, and those kept after a failure: one batch.
      const jobs = [...queue.splice(0), ...retrying.splice(0)];
      running = jobs;
      try {
        await runBatch(jobs);
      } catch (error) {
        log.error(`[jobs] a batch stopped: ${message(error)}; its ${jobs.length} job(s) are kept for the next batch`);
        retrying.push(...jobs.map((job) => ({ ...job, attempts: job.attempts + 1 })).filter((job) => now() - job.acceptedAt < GIVE_UP_MS));
        scheduleRetry(RETRY_MS);
      } finally {
        running = [];
      }
    }
  };

  // The retry of the jobs kept after a failure (one timer; the 15 s tick is the fallback).
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  const scheduleRetry = (delayMs: number) => {
    if (retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (retrying.length === 0) return;
      // A batch running now takes them next (its loop sees the queue); else one starts.
      queue.push(...retrying.splice(0));
      kick();
    }, delayMs);
    retryTimer.unref?.();
  };

  const kick = () => {
    if (loop || queue.length === 0) return;
    const current = drain().finally(() => {
      if (loop === current) loop = null;
      // Jobs queued while the last batch finished.
      if (queue.length > 0) kick();
    });
    loop = current;
  };

  const recover = async (): Promise<number> => {
    let claimed = 0;
    try {
      const all = await withRedis((client) => client.hGetAll(JOBS_KEY));
      if (!all) return 0;
      const mine = new Set(held().map((j) => j.id));
      for (const [id, raw] of Object.entries(all)) {
        if (mine.has(id)) continue;
        const won = await withRedis((client) => client.set(leaseKey(id), origin, { expiration: { type: 'PX', value: LEASE_MS }, condition: 'NX' }));
        if (won !== 'OK') continue;
        const job = decodeJob(String(raw));
        if (!job || job.id !== id) {
          log.error(`[jobs] dropped the malformed job ${id} from ${JOBS_KEY}`);
          await forget([{ id } as Job]);
          continue;
        }
        log.info(`[jobs] took over job ${id} (${job.event}, accepted ${Math.round((now() - job.acceptedAt) / 1000)} s ago): its instance no longer holds it`);
        queue.push(job);
        claimed++;
      }
    } catch (error) {
      log.error(`[jobs] could not look for abandoned jobs in Redis: ${message(error)}`);
    }
    if (claimed > 0) kick();
    return claimed;
  };

  const renew = async () => {
    const ids = held().map((j) => j.id);
    if (ids.length === 0) return;
    try {
      await withRedis((client) => {
        const multi = client.multi();
        for (const id of ids) multi.set(leaseKey(id), origin, { expiration: { type: 'PX', value: LEASE_MS } });
        return multi.exec();
      });
    } catch {
      // Redis is down: the shared connection logs it; the leases are renewed on the next tick.
    }
  };

  const tick = async () => {
    if (retrying.length > 0 && !loop) {
      queue.push(...retrying.splice(0));
      kick();
    }
    await recover();
  };

  return {
    async accept(spec) {
      const job = newJob(spec, now());
      await record(job);
      queue.push(job);
      return job;
    },
    async submit(spec) {
      const job = newJob(spec, now());
      try {
        await record(job);
      } catch (error) {
        log.warn(`[jobs] job ${job.id} (${job.event}) is kept in this process only: ${message(error)}`);
      }
      queue.push(job);
      kick();
      return job;
    },
    kick,
    recover,
    start() {
      if (timers.length) return;
      const renewal = setInterval(() => void renew(), LEASE_RENEW_MS);
      const sweep = setInterval(() => void tick(), RECOVER_MS);
      renewal.unref?.();
      sweep.unref?.();
      timers = [renewal, sweep];
      void recover();
    },
    stop() {
      for (const timer of timers) clearInterval(timer);
      timers = [];
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
    },
    async settled() {
      while (loop || purges.size > 0) {
        if (loop) await loop;
        await Promise.all([...purges]);
      }
    },
    status() {
      const jobs = held();
      const oldest = jobs.length ? Math.min(...jobs.map((j) => j.acceptedAt)) : null;
      return {
        pending: queue.length + retrying.length,
        running: running.length,
        retrying: retrying.length + (waitingForWordPress ? queue.length : 0),
        oldestAgeMs: oldest === null ? null : Math.max(0, now() - oldest),
      };
    },
  };
}

/* ------------------------------------------------------------------------------------------ */
/* This process's worker                                                                       */
/* ------------------------------------------------------------------------------------------ */

// One per process, whichever bundle asks (the webhook, the health route, instrumentation).
const slot = processShared('site-jobs-worker', () => ({ worker: null as JobWorker | null }));

/** This process's worker (created on first use, from the configuration). */
export function jobWorker(): JobWorker {
  slot.worker ??= createJobWorker();
  return slot.worker;
}

/** At `next start` (instrumentation.ts): the lease renewal, the 15 s tick and a first look for abandoned jobs. */
export function startJobWorker(): void {
  jobWorker().start();
}

/** The webhook's recording: throws JobNotRecordedError when Redis cannot record it (503). */
export function acceptJob(spec: JobSpec): Promise<Job> {
  return jobWorker().accept(spec);
}

/** Starts this process's worker on the jobs waiting (not awaited: the webhook has answered). */
export function kickJobWorker(): void {
  jobWorker().kick();
}

/** Submits a job from inside the site (the safety net's `{event: "catch_up", items, scope: "items"}`): recorded as well as Redis allows, and started. */
export function submitJob(spec: JobSpec): Promise<Job> {
  return jobWorker().submit(spec);
}

/** Resolves when this process's worker has nothing running or waiting (tests, the bench). */
export function jobsSettled(): Promise<void> {
  return slot.worker ? slot.worker.settled() : Promise.resolve();
}

/** For /api/health?ready. */
export function workerStatus(): WorkerStatus {
  return slot.worker ? slot.worker.status() : { pending: 0, running: 0, retrying: 0, oldestAgeMs: null };
}

/** Tests: this process's worker replaced by one with these dependencies (null: the default, created on next use). */
export function setJobWorkerForTests(deps: WorkerDeps | null): JobWorker | null {
  slot.worker?.stop();
  slot.worker = deps ? createJobWorker(deps) : null;
  return slot.worker;
}
