import { isFault, type Window } from './schedule';
import { cutByWindow, summarize, type VisitorRecord } from './stats';

/**
 * The chaos bench's budgets (issue 35 "What it reports, and the budgets"; docs/reliability.md §7)
 * and its verdict. Pure; times in milliseconds from the start of the run.
 *
 * - Visitors: 0 errors (5xx, timeouts, refused connections) through Varnish in every window but
 *   the Varnish restart.
 * - Publishes: every one visible through Varnish, at most 10 s after the end of the last fault
 *   window it met on its way (or 10 s after it was made, when it met none).
 * - Memory: each instance's RSS high-water mark grows at most 5% from the middle third to the last
 *   third of the run after its warm-up (for an instance restarted later, after its own warm-up).
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
  /** The baseline window (after the warm-up): the first life is judged from its start. */
  baseline: Pick<Window, 'start' | 'end'>;
  /** End of the run. */
  endAt: number;
  /** A restarted instance's own warm-up: it is judged from this long after it is ready. */
  restartWarmMs: number;
  /**
   * Whether the growth is judged (the full form) or only reported (the short form: in 3 minutes V8
   * is still sizing its heap, so the same code read +0.4% to +14.9% in CI-form runs; docs/reliability.md §8).
   */
  judged?: boolean;
}

/** The highest sample between `from` and `to`, or null. */
function peakBetween(samples: readonly ResourceSample[], from: number, to: number): number | null {
  const values = samples.filter((s) => s.at >= from && s.at < to && s.rssKb !== null).map((s) => s.rssKb as number);
  return values.length ? Math.max(...values) : null;
}

/**
 * Each instance's RSS growth after its warm-up: the highest RSS of the last third of what is
 * judged over the highest of the middle third. Why peaks of thirds, not two instants: V8 hands
 * memory back in steps (its memory reducer) and takes it again under load, so one instance's RSS
 * swung 453 → 308 → 410 MB within two minutes while the heap in use stayed at 143–150 MB
 * (docs/reliability.md §8); a leak raises the high-water mark from one third to the next, V8
 * sizing its heap to the run's heaviest load (the faults come in the first half) does not. The
 * first third is the heap being sized, and is not compared.
 */
export function rssChecks(samples: readonly ResourceSample[], readyAt: Record<string, number>, w: RssWindows): Check[] {
  const judged = w.judged ?? true;
  const note = judged ? '' : '; reported, not judged in the short form (too short for the heap to settle; the full form judges it)';
  return Object.entries(readyAt).map(([instance, ready]) => {
    const restarted = ready > w.baseline.start;
    const from = restarted ? ready + w.restartWarmMs : w.baseline.start;
    const own = samples.filter((s) => s.instance === instance && s.at >= from);
    const third = (w.endAt - from) / 3;
    const middle = peakBetween(own, from + third, from + 2 * third);
    const last = peakBetween(own, from + 2 * third, w.endAt + 1);
    const name = `RSS growth, instance ${instance}`;
    if (middle === null || last === null) return { name, pass: false, detail: `no RSS samples in the ${middle === null ? 'middle' : 'last'} third of ${(from / 1000).toFixed(0)}–${(w.endAt / 1000).toFixed(0)} s` };
    const growth = last / middle - 1;
    const s = (ms: number) => (ms / 1000).toFixed(0);
    return {
      name,
      pass: !judged || growth <= BUDGETS.rssGrowth,
      detail: `highest ${(middle / 1024).toFixed(0)} MB (${s(from + third)}–${s(from + 2 * third)} s) → ${(last / 1024).toFixed(0)} MB (${s(from + 2 * third)}–${s(w.endAt)} s): ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%${restarted ? ', after its restart' : ''}${note}`,
    };
  });
}

export const allPass = (checks: readonly Check[]) => checks.length > 0 && checks.every((c) => c.pass);
