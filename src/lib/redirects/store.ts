import { getConfig } from '../../config';
import { sharedRedisConnection, type RedisConnection } from '../redis/connection.mjs';
import { CUSTOM_PREFIX, fetchJson, wpUrl } from '../shared/wordpress/http';
import { changedPlainSources, compileRedirects, EMPTY_TABLE, type CompiledRedirects } from './compile';
import { PERMANENT_REDIRECTS } from './permanent';
import { currentRedirects, emptyRedirects, redirectState as state } from './state';
import { parseRedirectTable, type RedirectTable } from './table';

export { currentRedirects };

/**
 * Issue 33: where the redirect table lives (docs/seo-and-redirects.md §5 "Redirects").
 *
 * - One compiled table per server process (processShared: the proxy, the API routes and
 *   instrumentation are separate bundles of one process), swapped whole when a new version comes.
 * - Shared through Redis (REDIS_URL) so every instance serves the same table: `site:redirects`
 *   holds the table as JSON (`{version, redirects}` in the contract's shape, already validated),
 *   `site:redirects:version` its version (an instance told to reload reads the version first and
 *   the table only when it differs).
 * - Read: at start (instrumentation.ts) from Redis, else from WordPress (then written to Redis);
 *   on the webhook's `redirects: true` from WordPress by the instance that received it (written to
 *   Redis, then the pub/sub message tells the others to reload from Redis, ./invalidation.ts);
 *   every REFRESH_MS from WordPress as a safety net (a change found then is written and broadcast
 *   the same way). Never per visit.
 * - WordPress down, or an answer that is not a table: the last table stays, and the failure is
 *   logged once until a read works again. A WordPress without the route (404: no companion plugin)
 *   has no redirects. Redis down: each instance reads WordPress itself.
 */

export const REDIS_KEY = 'site:redirects';
export const REDIS_VERSION_KEY = 'site:redirects:version';
export const REFRESH_MS = 5 * 60_000;
/** Until a first table is installed, how often WordPress is asked again. */
export const RETRY_WITHOUT_TABLE_MS = 30_000;
/** At start, how long to wait for the Redis connection before reading WordPress instead. */
export const REDIS_WAIT_MS = 1500;
export const REDIRECTS_ROUTE = 'redirects';
/** At start, how long the server waits for WordPress's table before it answers without one. */
export const START_WAIT_MS = 5000;

type Log = Pick<Console, 'info' | 'warn' | 'error'>;

function compile(table: RedirectTable, log: Pick<Log, 'warn'>): CompiledRedirects {
  const { wordpressUrl, siteUrl } = getConfig();
  return compileRedirects(table, { wordpressUrl, siteUrl, aliases: PERMANENT_REDIRECTS, warn: (message) => log.warn(message) });
}

export interface InstallReport {
  version: string;
  /** Rules served (after dropping bad ones). */
  rules: number;
  /** Whether the version differs from the one this process had. */
  changed: boolean;
  /** Site paths of plain sources whose rules changed (their cached pages must be purged). */
  changedSources: string[];
}

/** Makes `table` this process's table (compiled once; the same version again changes nothing). */
export function installRedirects(table: RedirectTable, log: Pick<Log, 'warn'> = console): InstallReport {
  const before = state.compiled;
  if (before.version === table.version) return { version: table.version, rules: before.size, changed: false, changedSources: [] };
  const compiled = compile(table, log);
  state.compiled = compiled;
  return { version: table.version, rules: compiled.size, changed: true, changedSources: changedPlainSources(before.table, table) };
}

/** For tests: back to no table. */
export function resetRedirectsForTests(): void {
  state.compiled = emptyRedirects();
  state.failing = false;
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
}

/* ------------------------------------------------------------------------------------------ */
/* WordPress                                                                                   */
/* ------------------------------------------------------------------------------------------ */

/** The table WordPress serves now (validated; bad rules dropped and warned about). Throws when there is none to use. */
export async function fetchRedirectTable(log: Pick<Log, 'warn'> = console): Promise<RedirectTable> {
  const url = wpUrl(getConfig().wordpressUrl, CUSTOM_PREFIX, REDIRECTS_ROUTE);
  // Two attempts: a webhook waits on this, and the safety net comes back in 5 minutes anyway.
  const { status, data } = await fetchJson<unknown>(url, { attempts: 2, isAnswer: (code) => code === 404 });
  if (status === 404) return { version: 'no-route', redirects: [] };
  // Warnings about single rules only when the version is new: the same table is read every 5 minutes.
  const known = state.compiled.version;
  const parsed = parseRedirectTable(data, (message) => {
    if (!isRecord(data) || data.version !== known) log.warn(message);
  });
  if ('problem' in parsed) throw new Error(`WordPress's redirect table is unusable: ${parsed.problem}`);
  return parsed.table;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/* ------------------------------------------------------------------------------------------ */
/* Redis                                                                                       */
/* ------------------------------------------------------------------------------------------ */

type Connection = Pick<RedisConnection, 'client' | 'isReady' | 'failed' | 'succeeded'>;

const connectionFor = (redisUrl: string, connection?: Connection): Connection => connection ?? sharedRedisConnection(redisUrl);

/** Writes the table to Redis; false when Redis is not there (never throws). */
export async function writeRedirectsToRedis(redisUrl: string, table: RedirectTable, connection?: Connection): Promise<boolean> {
  const redis = connectionFor(redisUrl, connection);
  if (!redis.isReady()) return false;
  try {
    await redis.client.multi().set(REDIS_KEY, JSON.stringify(table)).set(REDIS_VERSION_KEY, table.version).exec();
    redis.succeeded();
    return true;
  } catch (error) {
    redis.failed(error);
    return false;
  }
}

/**
 * The table in Redis, or null (none stored, Redis down, or not a table). `knownVersion`: when Redis
 * holds that version, `'same'` without reading the table.
 */
export async function readRedirectsFromRedis(redisUrl: string, knownVersion?: string, connection?: Connection, log: Pick<Log, 'warn'> = console): Promise<RedirectTable | 'same' | null> {
  const redis = connectionFor(redisUrl, connection);
  if (!redis.isReady()) return null;
  try {
    if (knownVersion !== undefined && (await redis.client.get(REDIS_VERSION_KEY)) === knownVersion) return 'same';
    const raw = await redis.client.get(REDIS_KEY);
    redis.succeeded();
    if (raw === null) return null;
    // Written by an instance (maybe of another build): checked like WordPress's answer.
    const parsed = parseRedirectTable(JSON.parse(raw), (message) => log.warn(`${message} (in Redis)`));
    return 'table' in parsed ? parsed.table : null;
  } catch (error) {
    if (!(error instanceof SyntaxError)) redis.failed(error);
    return null;
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Loading                                                                                     */
/* ------------------------------------------------------------------------------------------ */

export interface ReloadReport extends InstallReport {
  /** Whether the table went to Redis (null: no REDIS_URL). */
  shared: boolean | null;
}

/**
 * Reads WordPress's table, installs it, and (when it is new) writes it to Redis. Throws when
 * WordPress has no usable table (the last one stays); logs that once per outage.
 */
export async function reloadRedirectsFromWordPress(log: Log = console): Promise<ReloadReport> {
  let table: RedirectTable;
  try {
    table = await fetchRedirectTable(log);
  } catch (error) {
    if (!state.failing) {
      state.failing = true;
      log.error(`[redirects] could not read the redirect table from WordPress (${(error as Error)?.message ?? String(error)}): keeping the last one (version ${state.compiled.version}, ${state.compiled.size} rules); logged once until a read works`);
    }
    throw error;
  }
  if (state.failing) log.info('[redirects] reading the redirect table from WordPress again');
  state.failing = false;
  const report = installRedirects(table, log);
  const { redisUrl } = getConfig();
  let shared: boolean | null = null;
  if (redisUrl) shared = report.changed || !(await redisHas(redisUrl, table.version)) ? await writeRedirectsToRedis(redisUrl, table) : true;
  if (report.changed) log.info(`[redirects] table ${report.version}: ${report.rules} rules from WordPress`);
  return { ...report, shared };
}

async function redisHas(redisUrl: string, version: string): Promise<boolean> {
  const redis = sharedRedisConnection(redisUrl);
  if (!redis.isReady()) return false;
  try {
    return (await redis.client.get(REDIS_VERSION_KEY)) === version;
  } catch {
    return false;
  }
}

/** What another instance's message asks (./invalidation.ts): the table in Redis, when its version is new. Never throws. */
export async function reloadRedirectsFromRedis(redisUrl: string, log: Log = console): Promise<InstallReport | null> {
  const table = await readRedirectsFromRedis(redisUrl, state.compiled.version, undefined, log);
  if (table === 'same') return { version: state.compiled.version, rules: state.compiled.size, changed: false, changedSources: [] };
  if (table === null) {
    // Redis lost it or is down: WordPress has the table.
    return reloadRedirectsFromWordPress(log).catch(() => null);
  }
  const report = installRedirects(table, log);
  if (report.changed) log.info(`[redirects] table ${report.version}: ${report.rules} rules from Redis`);
  return report;
}

async function redisReady(redisUrl: string, waitMs: number): Promise<boolean> {
  const redis = sharedRedisConnection(redisUrl);
  const deadline = Date.now() + waitMs;
  while (!redis.isReady() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  return redis.isReady();
}

/** At start: the table in Redis, else WordPress's. Never throws (no table: the safety net tries again). */
export async function loadRedirectsAtStart(log: Log = console): Promise<void> {
  const { redisUrl } = getConfig();
  if (redisUrl && (await redisReady(redisUrl, REDIS_WAIT_MS))) {
    const table = await readRedirectsFromRedis(redisUrl, undefined, undefined, log);
    if (table && table !== 'same') {
      const report = installRedirects(table, log);
      log.info(`[redirects] table ${report.version}: ${report.rules} rules from Redis`);
      return;
    }
  }
  // A WordPress that is slow or down must not hold the start for its retries: the read goes on in
  // the background and installs the table when it comes.
  const read = reloadRedirectsFromWordPress(log).catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([read, new Promise<void>((resolve) => (timer = setTimeout(resolve, START_WAIT_MS)))]);
  clearTimeout(timer);
}

/**
 * The safety net: every REFRESH_MS, WordPress's table; `onChange` is told when it changed (the
 * caller broadcasts and purges, as the webhook does). While this process has never had a table
 * (WordPress and Redis were both unavailable at start), it tries every `retryMs` instead: a
 * visitor should not wait 5 minutes for the redirects once WordPress is back. Once per process;
 * the timer does not keep the process alive.
 */
export function startRedirectRefresh(onChange: (report: ReloadReport) => void | Promise<void>, intervalMs = REFRESH_MS, log: Log = console, retryMs = RETRY_WITHOUT_TABLE_MS): void {
  if (state.timer) return;
  let last = Date.now();
  let reading = false;
  const tick = () => {
    const never = state.compiled.version === EMPTY_TABLE.version;
    // One read at a time: a slow WordPress is not asked again while it has not answered.
    if (reading || (!never && Date.now() - last < intervalMs)) return;
    last = Date.now();
    reading = true;
    reloadRedirectsFromWordPress(log)
      .then((report) => (report.changed ? onChange(report) : undefined))
      .catch(() => undefined)
      .finally(() => {
        reading = false;
      });
  };
  state.timer = setInterval(tick, Math.min(intervalMs, retryMs));
  state.timer.unref?.();
}
