import { getConfig } from '../../config';
import { processShared } from '../server/processShared';
import { sharedRedisConnection, type RedisConnection } from '../redis/connection.mjs';
import { CONTENT_TYPES, DEFAULT_PAGE_SECTION, type ContentTypeDef } from '../shared/wordpress/contentTypes';
import { walkCollection } from '../wordpress/content';
import type { SearchItem } from '../search/siteIndex';

/**
 * Issue 35 §4 (docs/reliability.md): the safety net. An instance that was down, or cut off from
 * Redis, may have missed webhook calls and broadcasts. It asks WordPress what changed since the site
 * last heard, and submits that as one job to the worker (src/lib/site/jobs.ts), instead of waiting
 * for its copies to expire.
 *
 * - **Last heard** (`site:last-heard`, milliseconds since the epoch): with REDIS_URL, in Redis (the
 *   worker sets it when a batch is done, for every instance); in the process too (`markHeard`,
 *   also on every broadcast received), which is what counts without Redis or when Redis lost it.
 *   Nothing known at all (a first start, a process without Redis): the last 10 minutes.
 * - **The read**: for every content type, `GET /wp-json/wp/v2/{rest_base}?modified_after={last
 *   heard − 2 min}&_fields=id,slug(,acf.section)&orderby=id&order=asc&per_page=100`, page by page
 *   (WordPress 5.7+; it compares `post_modified` in the site's time zone with the value converted
 *   to it, so the site sends UTC with `Z`: `2026-03-01T11:58:00Z`). The 2 minutes cover clocks that
 *   differ and publishes in flight. Only published items are listed: an item trashed or unpublished
 *   meanwhile renews on its ISR lifetime.
 * - **The job**: `{event: "catch_up", items, scope: "items", redirects: false}`; more than 100
 *   items: `scope: "all"` (and the read stops: every page is regenerated anyway). Nothing found:
 *   no job, and last heard moves to when the read began.
 * - **Triggers**: at start (instrumentation.ts) and when the invalidation subscriber connects to
 *   Redis again after losing it (src/lib/site/invalidation.ts). One run at a time per process (a
 *   trigger during a run runs it again after). It never throws: a WordPress that does not answer
 *   is logged, and the catch-up is tried again after 60 s and at the next trigger (last heard has
 *   not moved, so nothing is skipped).
 * - One log line per run, with how many items it found.
 */

export const LAST_HEARD_KEY = 'site:last-heard';
export const CATCH_UP_MARGIN_MS = 2 * 60_000;
/** How far back a catch-up looks when no last-heard time is known. */
export const UNKNOWN_LOOKBACK_MS = 10 * 60_000;
export const CATCH_UP_MAX_ITEMS = 100;
export const CATCH_UP_RETRY_MS = 60_000;

export interface CatchUpJob {
  event: 'catch_up';
  items: SearchItem[];
  scope: 'items' | 'all';
  redirects: false;
}

/** The worker's `submitJob` (injected: src/lib/site/jobs.ts). May return a promise; a rejection is a failed catch-up. */
export type SubmitJob = (job: CatchUpJob) => unknown;

type Log = Pick<Console, 'info' | 'error'>;
type Connection = Pick<RedisConnection, 'client' | 'isReady'>;

export interface CatchUpDeps {
  submit: SubmitJob;
  /** Redis (default: REDIS_URL's shared connection; null without). */
  redis?: () => Connection | null;
  /** One type's items modified after `since` (ISO 8601, UTC); at most `limit` are needed. Default: WordPress's REST collection. */
  listModified?: (type: ContentTypeDef, since: string, limit: number) => Promise<{ items: SearchItem[]; total: number }>;
  now?: () => number;
  log?: Log;
}

export interface CatchUpOutcome {
  ok: boolean;
  /** The `modified_after` sent (ISO 8601, UTC). */
  since: string;
  /** Items found (or, past 100, at least that many). */
  found: number;
  job: CatchUpJob | null;
  error?: string;
}

const state = processShared('catch-up', () => ({
  lastHeard: null as number | null,
  submit: null as SubmitJob | null,
  running: null as Promise<CatchUpOutcome | null> | null,
  again: null as string | null,
  retry: null as ReturnType<typeof setTimeout> | null,
}));

const message = (error: unknown) => (error as Error)?.message ?? String(error);

function defaultRedis(): Connection | null {
  const { redisUrl } = getConfig();
  return redisUrl ? sharedRedisConnection(redisUrl) : null;
}

/** ISO 8601 in UTC, to the second (WordPress compares seconds): `2026-03-01T11:58:00Z`. */
export const wordpressTime = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/**
 * Records that the site has heard of every change up to `at` (default now): in the process, and
 * (best effort, not awaited by the caller unless it wants) in Redis. The worker calls it when a
 * batch is done; the subscriber on every broadcast received (process only).
 */
export function markHeard(at: number = Date.now(), options: { redis?: (() => Connection | null) | null } = {}): Promise<void> {
  if (state.lastHeard === null || at > state.lastHeard) state.lastHeard = at;
  if (options.redis === null) return Promise.resolve();
  try {
    const connection = (options.redis ?? defaultRedis)();
    if (!connection?.isReady()) return Promise.resolve();
    return connection.client.set(LAST_HEARD_KEY, String(at)).then(
      () => undefined,
      () => undefined,
    );
  } catch {
    return Promise.resolve();
  }
}

/** The last-heard time: Redis's when it has one, else this process's, else null. Never rejects. */
export async function lastHeard(redis: () => Connection | null = defaultRedis): Promise<number | null> {
  try {
    const connection = redis();
    if (connection?.isReady()) {
      const value = Number(await connection.client.get(LAST_HEARD_KEY));
      if (Number.isFinite(value) && value > 0) return value;
    }
  } catch {
    // Redis did not answer: the process's own.
  }
  return state.lastHeard;
}

interface IdRecord {
  id?: unknown;
  slug?: unknown;
  acf?: { section?: unknown } | unknown[];
}

/** WordPress's REST collection of `type`, modified after `since`: ids and slugs (and pages' sections), page by page (content.ts's walker). */
export async function listModifiedInWordPress(type: ContentTypeDef, since: string, limit: number): Promise<{ items: SearchItem[]; total: number }> {
  const fields = type.name === 'page' ? 'id,slug,acf.section' : 'id,slug';
  // One attempt a page: the catch-up is retried as a whole (60 s later, and at the next trigger).
  const { records, total } = await walkCollection(
    type.restBase,
    { modified_after: since, _fields: fields, orderby: 'id', order: 'asc' },
    { attempts: 1, stop: (read, reported) => Math.max(read, reported ?? 0) > limit },
  );
  const items: SearchItem[] = [];
  for (const record of records as IdRecord[]) {
    if (typeof record?.slug !== 'string' || record.slug === '') continue;
    const acf = record.acf && !Array.isArray(record.acf) ? record.acf : {};
    const section = type.name === 'page' && typeof acf.section === 'string' && acf.section !== '' ? acf.section : DEFAULT_PAGE_SECTION;
    items.push({ type: type.name, slug: record.slug, section });
  }
  // walkCollection's total already counts every record read, so it is never below items.length.
  return { items, total };
}

/** One catch-up: read what changed since last heard (minus the margin) and submit it as one job. Never throws. */
export async function catchUp(reason: string, deps: CatchUpDeps): Promise<CatchUpOutcome> {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? console;
  const redis = deps.redis ?? defaultRedis;
  const list = deps.listModified ?? listModifiedInWordPress;
  const started = now();
  const heard = await lastHeard(redis);
  const since = wordpressTime(heard === null ? started - UNKNOWN_LOOKBACK_MS : heard - CATCH_UP_MARGIN_MS);
  const fail = (error: unknown): CatchUpOutcome => {
    const text = message(error);
    log.error(`[catch-up] ${reason}: could not ask WordPress what changed since ${since} (${text}); tried again in ${CATCH_UP_RETRY_MS / 1000} s and at the next trigger; pages renew on their ISR lifetime meanwhile`);
    return { ok: false, since, found: 0, job: null, error: text };
  };
  const found: SearchItem[] = [];
  let count = 0;
  try {
    for (const type of CONTENT_TYPES) {
      const { items, total } = await list(type, since, CATCH_UP_MAX_ITEMS - count);
      found.push(...items);
      count += Math.max(total, items.length);
      if (count > CATCH_UP_MAX_ITEMS) break;
    }
  } catch (error) {
    return fail(error);
  }
  const seen = new Set<string>();
  const items = found.filter((i) => {
    const key = `${i.type}|${i.section}|${i.slug}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  const all = count > CATCH_UP_MAX_ITEMS;
  const heardText = heard === null ? 'no last-heard time known: the last 10 minutes' : `last heard ${new Date(heard).toISOString()}`;
  if (!all && items.length === 0) {
    log.info(`[catch-up] ${reason}: 0 items changed in WordPress since ${since} (${heardText}): nothing to submit`);
    await markHeard(started, { redis });
    return { ok: true, since, found: 0, job: null };
  }
  const job: CatchUpJob = { event: 'catch_up', items: all ? [] : items, scope: all ? 'all' : 'items', redirects: false };
  try {
    await deps.submit(job);
  } catch (error) {
    return fail(new Error(`the job could not be submitted: ${message(error)}`));
  }
  log.info(
    `[catch-up] ${reason}: ${all ? `more than ${CATCH_UP_MAX_ITEMS}` : items.length} items changed in WordPress since ${since} (${heardText}): submitted as one job (scope ${job.scope})`,
  );
  return { ok: true, since, found: all ? count : items.length, job };
}

/* ------------------------------------------------------------------------------------------ */
/* This process's triggers                                                                     */
/* ------------------------------------------------------------------------------------------ */

/**
 * Runs a catch-up in this process with the registered `submit` (see `startCatchUp`); one at a
 * time (a trigger during a run runs it once more after); a failed run is tried again after 60 s.
 * Resolves with the outcome (null when no worker is registered). Never rejects.
 */
export function triggerCatchUp(reason: string, overrides: Partial<CatchUpDeps> = {}): Promise<CatchUpOutcome | null> {
  const submit = overrides.submit ?? state.submit;
  if (!submit) return Promise.resolve(null);
  if (state.running) {
    state.again = reason;
    return state.running;
  }
  if (state.retry) {
    clearTimeout(state.retry);
    state.retry = null;
  }
  const run = catchUp(reason, { ...overrides, submit })
    .catch((error: unknown): CatchUpOutcome => ({ ok: false, since: '', found: 0, job: null, error: message(error) }))
    .then((outcome) => {
      state.running = null;
      if (state.again) {
        const next = state.again;
        state.again = null;
        void triggerCatchUp(next, overrides);
      } else if (!outcome.ok) {
        state.retry = setTimeout(() => {
          state.retry = null;
          void triggerCatchUp(`retry (${reason})`, overrides);
        }, CATCH_UP_RETRY_MS);
        state.retry.unref?.();
      }
      return outcome;
    });
  state.running = run;
  return run;
}

/**
 * At `next start` (instrumentation.ts): registers the worker's `submit` for every trigger of this
 * process, and runs the start-up catch-up once the current start-up work is done (the next turn
 * of the event loop; the worker regenerates through this instance's own server). Once per process.
 */
export function startCatchUp(submit: SubmitJob): void {
  const first = state.submit === null;
  state.submit = submit;
  if (!first) return;
  setTimeout(() => void triggerCatchUp('start'), 0).unref?.();
}

/** Forgets this process's state (tests). */
export function resetCatchUpForTests(): void {
  if (state.retry) clearTimeout(state.retry);
  Object.assign(state, { lastHeard: null, submit: null, running: null, again: null, retry: null });
}
