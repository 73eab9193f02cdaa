/**
 * The chaos bench's schedule (issue 35, docs/reliability.md §7): the windows of a run, back to
 * back from 0 to its length, each a fault or a quiet stretch. Pure.
 *
 *   warm-up → baseline → instance killed → gap → Redis stopped → gap → WordPress 500 → WordPress
 *   hanging → gap → Varnish restarted → gap → site unreachable from WordPress → quiet tail
 *
 * The full form (default 10 minutes) holds each fault for the 30 s and the site
 * unreachable for 3 minutes; the short form (CI, about 3 minutes) runs the same faults in shorter
 * windows. A longer run (`--chaos-minutes`) lengthens the quiet tail: the soak.
 */

export const FAULT_KINDS = ['instance-kill', 'redis-stop', 'wordpress-500', 'wordpress-hang', 'varnish-restart', 'site-unreachable'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export type QuietKind = 'warmup' | 'baseline' | 'gap' | 'tail';
export type WindowKind = FaultKind | QuietKind;

export interface Window {
  kind: WindowKind;
  /** Unique label in the report, e.g. `gap 2`. */
  name: string;
  /** Seconds (planned) or milliseconds (performed) from the start of the run; end exclusive. */
  start: number;
  end: number;
}

export const isFault = (kind: WindowKind): kind is FaultKind => (FAULT_KINDS as readonly string[]).includes(kind);

export interface ScheduleSettings {
  /** Length of the whole run, seconds. */
  totalS: number;
  warmupS: number;
  /** Quiet stretch after the warm-up: the RSS baseline and the fault-free latency. */
  baselineS: number;
  /** Each of: instance down, Redis down, WordPress 500, WordPress hanging. */
  faultS: number;
  /** Varnish stopped and started, and its refill. */
  varnishS: number;
  /** The site unreachable from WordPress while editors publish. */
  unreachableS: number;
  /** Quiet time between faults (publishes of one fault settle before the next). */
  gapS: number;
  /** The quiet tail is at least this long (the RSS end window is cut from it). */
  minTailS: number;
}

export interface ScheduleInput {
  /** `--chaos-minutes` (ignored by the short form). */
  minutes: number;
  short: boolean;
  /** Pages the visitors cycle over, and their overall rate (req/s): the warm-up visits every page once. */
  pages: number;
  rate: number;
}

/** The warm-up: every page visited once at the rate, plus a margin, and never less than `floorS`. */
export function warmupSeconds(pages: number, rate: number, floorS: number): number {
  return Math.max(floorS, Math.ceil((pages / Math.max(rate, 1)) * 1.2) + 5);
}

/** The windows' lengths for one form. */
export function scheduleSettings({ minutes, short, pages, rate }: ScheduleInput): ScheduleSettings {
  if (short) {
    const warmupS = warmupSeconds(pages, rate, 20);
    const parts = { warmupS, baselineS: 10, faultS: 12, varnishS: 6, unreachableS: 40, gapS: 8, minTailS: 20 };
    return { ...parts, totalS: minimumSeconds({ ...parts, totalS: 0 }) };
  }
  // `minutes` is the run after the warm-up (faults and soak): a bigger site's longer warm-up does not eat into it.
  const warmupS = warmupSeconds(pages, rate, 45);
  return { totalS: warmupS + Math.round(minutes * 60), warmupS, baselineS: 30, faultS: 30, varnishS: 10, unreachableS: 180, gapS: 20, minTailS: 60 };
}

/** The shortest run that holds every window of these settings. */
export function minimumSeconds(s: ScheduleSettings): number {
  return s.warmupS + s.baselineS + 4 * s.faultS + s.varnishS + s.unreachableS + 4 * s.gapS + s.minTailS;
}

/** The planned windows, in seconds; throws when the run is too short for them. */
export function buildSchedule(s: ScheduleSettings): Window[] {
  const minimum = minimumSeconds(s);
  if (s.totalS < minimum) {
    const after = (seconds: number) => seconds - s.warmupS;
    throw new RangeError(`a chaos run needs at least ${Math.ceil(after(minimum) / 60)} minutes after its warm-up (${after(minimum)} s) for these windows; got ${after(s.totalS)} s`);
  }
  const windows: Window[] = [];
  let at = 0;
  let gaps = 0;
  const add = (kind: WindowKind, seconds: number) => {
    const name = kind === 'gap' ? `gap ${++gaps}` : kind;
    windows.push({ kind, name, start: at, end: at + seconds });
    at += seconds;
  };
  add('warmup', s.warmupS);
  add('baseline', s.baselineS);
  add('instance-kill', s.faultS);
  add('gap', s.gapS);
  add('redis-stop', s.faultS);
  add('gap', s.gapS);
  add('wordpress-500', s.faultS);
  add('wordpress-hang', s.faultS);
  add('gap', s.gapS);
  add('varnish-restart', s.varnishS);
  add('gap', s.gapS);
  add('site-unreachable', s.unreachableS);
  add('tail', s.totalS - at);
  return windows;
}

/** What each fault does, for the report. */
export const FAULT_DESCRIPTIONS: Record<WindowKind, string> = {
  warmup: 'visitors visit every page once; no publishes',
  baseline: 'quiet: the RSS baseline and the fault-free latency',
  'instance-kill': 'instance B SIGKILLed, restarted when the window ends (the window lasts until it is ready)',
  'redis-stop': 'redis-server stopped (SIGTERM, saves its data), restarted on the same port at the end',
  'wordpress-500': 'the content server answers 500 to the site',
  'wordpress-hang': 'the content server never answers the site (its requests time out)',
  'varnish-restart': 'varnishd stopped and started again (cache emptied): the one window where visitor errors are allowed',
  'site-unreachable': 'WordPress cannot reach the site (the webhook link refuses connections) while editors publish',
  gap: 'quiet: what the last fault left settles',
  tail: 'quiet: the soak and the RSS end window',
};
