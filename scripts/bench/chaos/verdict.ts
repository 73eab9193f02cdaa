import { isFault, type Window } from './schedule';
import { cutByWindow, medianBetween, summarize, type VisitorRecord } from './stats';

/**
 * The chaos bench's budgets (issue 35 "What it reports, and the budgets"; docs/reliability.md §7)
 * and its verdict. Pure; times in milliseconds from the start of the run.
 *
 * - Visitors: 0 errors (5xx, timeouts, refused connections) through Varnish in every window but
 *   the Varnish restart.
 * - Publishes: every one visible through Varnish, at most 10 s after the end of the last fault
 *   window it met on its way (or 10 s after it was made, when it met none).
 * - Memory: each instance's RSS grows at most 5% from where it settled after its warm-up (the
 *   first window that rose at most 1% over the window a minute before it, at the earliest the
 *   baseline; for an instance restarted later, after its own warm-up) to the end.
 */

export const BUDGETS = {
  visitorErrors: 0,
  publishLagMs: 10_000,
  rssGrowth: 0.05,
} as const;

/** Visitor errors are allowed here only. */
export const ERRORS_ALLOWED_IN: Window['kind'] = 'varnish-restart';

export interface Publish {
  n: number;
  /** The site path published, and the marker its title got. */
  path: string;
  marker: string;
  /** When the title was changed at the content server. */
  madeAt: number;
  /** When the site acknowledged the webhook (2xx), null if never. */
  ackAt: number | null;
  /** When the marker was first seen through Varnish, null if never. */
  visibleAt: number | null;
  /** Webhook deliveries tried, and the last failure (status or error). */
  attempts: number;
  lastFailure?: string;
}

export interface ResourceSample {
  at: number;
  instance: string;
  pid: number | null;
  rssKb: number | null;
  fds: number | null;
  sockets: number | null;
  /** CPU it used since the previous sample, percent of one core (null for the first sample of a process). */
  cpuPct?: number | null;
}

export interface Check {
  name: string;
  pass: boolean;
  /** What was measured, in words and numbers. */
  detail: string;
}

/** The fault windows a publish met on its way: those open at some moment between when it was made and when it became visible (or the end, if never). */
export function faultsMet(publish: Pick<Publish, 'madeAt' | 'visibleAt'>, windows: readonly Window[]): Window[] {
  const until = publish.visibleAt ?? Infinity;
  return windows.filter((w) => isFault(w.kind) && w.start < until && w.end > publish.madeAt);
}

/** A publish's deadline: 10 s after the end of the last fault it met, or after it was made when it met none. */
export function publishDeadline(publish: Pick<Publish, 'madeAt' | 'visibleAt'>, windows: readonly Window[], lagMs: number = BUDGETS.publishLagMs): number {
  return Math.max(publish.madeAt, ...faultsMet(publish, windows).map((w) => w.end)) + lagMs;
}

/** The last fault a publish met (its "after the fault" lag is counted from its end), or null. */
export function faultOf(publish: Pick<Publish, 'madeAt' | 'visibleAt'>, windows: readonly Window[]): Window | null {
  const met = faultsMet(publish, windows);
  return met.length ? met[met.length - 1] : null;
}

export function visitorChecks(records: readonly VisitorRecord[], windows: readonly Window[]): Check[] {
  return cutByWindow(records, windows)
    .filter(({ window }) => window.kind !== ERRORS_ALLOWED_IN)
    .map(({ window, records: list }) => {
      const s = summarize(list);
      return {
        name: `visitor errors, ${window.name}`,
        pass: s.errors <= BUDGETS.visitorErrors && s.requests > 0,
        detail: s.requests === 0 ? 'no requests were made' : `${s.errors} of ${s.requests} (${s.status5xx} 5xx, ${s.timeouts} timeouts, ${s.connectionErrors} refused)`,
      };
    });
}

export function publishChecks(publishes: readonly Publish[], windows: readonly Window[]): Check[] {
  const late = publishes.filter((p) => p.visibleAt === null || p.visibleAt > publishDeadline(p, windows));
  const never = publishes.filter((p) => p.visibleAt === null);
  const worst = late
    .slice(0, 5)
    .map((p) => `#${p.n} ${p.visibleAt === null ? 'never visible' : `${((p.visibleAt - publishDeadline(p, windows)) / 1000).toFixed(1)} s late`}`);
  return [
    {
      name: 'publishes visible through Varnish within 10 s of their fault',
      pass: publishes.length > 0 && late.length === 0,
      detail: publishes.length === 0 ? 'no publish was made' : `${publishes.length - late.length} of ${publishes.length} in time; ${never.length} never visible${worst.length ? `; ${worst.join(', ')}` : ''}`,
    },
  ];
}

export interface RssWindows {
  /** The baseline window (after the warm-up): the first life's memory warm-up ends at its start at the earliest. */
  baseline: Pick<Window, 'start' | 'end'>;
  /** End of the run. */
  endAt: number;
  /** Length of the base and end windows (medians of the samples in them). */
  windowMs: number;
  /** A restarted instance's own warm-up: its memory warm-up ends this long after it is ready at the earliest. */
  restartWarmMs: number;
  /** At least this much of the run is judged after the RSS settled; a life still rising later fails. */
  minJudgedMs: number;
  /**
   * Whether the growth is judged (the full form) or only reported (the short form: in 3 minutes V8
   * is still sizing its heap, so the same code read +0.4% to +14.9% in CI-form runs; docs/reliability.md §8).
   */
  judged?: boolean;
}

/** RSS has settled when the median of a window rose at most this much over the same window a minute earlier. */
export const SETTLED_RISE = 0.01;
const SETTLE_LOOKBACK_MS = 60_000;

/**
 * Where a life's RSS settled: the first window, at or after `earliest`, whose median rose at most
 * SETTLED_RISE over the window a minute before it (both within the life), leaving `minJudgedMs` to
 * the end; null when there is none.
 */
export function settledAt(own: readonly ResourceSample[], lifeStart: number, earliest: number, w: Pick<RssWindows, 'endAt' | 'windowMs' | 'minJudgedMs'>): number | null {
  const first = Math.max(earliest, lifeStart + SETTLE_LOOKBACK_MS);
  for (const { at } of own) {
    if (at < first) continue;
    if (at > w.endAt - w.minJudgedMs) break;
    const now = medianBetween(own, (s) => s.rssKb, at, at + w.windowMs);
    const before = medianBetween(own, (s) => s.rssKb, at - SETTLE_LOOKBACK_MS, at - SETTLE_LOOKBACK_MS + w.windowMs);
    if (now !== null && before !== null && now <= before * (1 + SETTLED_RISE)) return at;
  }
  return null;
}

/**
 * Each instance's RSS growth after its warm-up, to the end window. The memory warm-up lasts until
 * RSS stops rising (V8 sizing its heap to the load: docs/reliability.md §6), at the earliest at the
 * baseline (a restarted instance: its own warm-up after it is ready); what follows, at least
 * `minJudgedMs`, is judged.
 */
export function rssChecks(samples: readonly ResourceSample[], readyAt: Record<string, number>, w: RssWindows): Check[] {
  const judged = w.judged ?? true;
  const note = judged ? '' : '; reported, not judged in the short form (too short for the heap to settle; the full form judges it)';
  return Object.entries(readyAt).map(([instance, ready]) => {
    const restarted = ready > w.baseline.start;
    const lifeStart = restarted ? ready : 0;
    const own = samples.filter((s) => s.instance === instance && s.at >= lifeStart);
    const name = `RSS growth, instance ${instance}`;
    const from = settledAt(own, lifeStart, restarted ? ready + w.restartWarmMs : w.baseline.start, w);
    if (from === null) {
      return {
        name,
        pass: !judged,
        detail: `RSS never settled (rising more than ${SETTLED_RISE * 100}% a minute) with ${(w.minJudgedMs / 1000).toFixed(0)} s of the run left to judge${restarted ? ' after its restart' : ''}${note}`,
      };
    }
    const base = medianBetween(own, (s) => s.rssKb, from, from + w.windowMs);
    const end = medianBetween(own, (s) => s.rssKb, w.endAt - w.windowMs, w.endAt);
    if (base === null || end === null) return { name, pass: false, detail: `no RSS samples in the ${base === null ? 'base' : 'end'} window` };
    const growth = end / base - 1;
    return {
      name,
      pass: !judged || growth <= BUDGETS.rssGrowth,
      detail: `${(base / 1024).toFixed(0)} → ${(end / 1024).toFixed(0)} MB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%, settled at ${(from / 1000).toFixed(0)} s${restarted ? ', after its restart' : ''}; ${((w.endAt - from) / 1000).toFixed(0)} s judged)${note}`,
    };
  });
}

export const allPass = (checks: readonly Check[]) => checks.length > 0 && checks.every((c) => c.pass);
