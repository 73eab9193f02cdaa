import { lanternInput, readGather, type SavedGather } from './savedGather';

/**
 * Issue 19, a diagnostic beside Lighthouse's TBT: the same Lantern simulation with the page's
 * main-thread tasks at their *thread* (CPU) time instead of their wall time.
 *
 * Why: Lantern multiplies each main-thread task's wall duration, as gathered, by the calibrated CPU
 * slowdown (×8–×10 here), as if all of it were CPU work. On this host it is not. The gathers show
 * the renderer's main thread waiting inside its tasks:
 * - the first render waits on synchronous font look-ups: one IPC per font strike (size, weight,
 *   style), 15–43 ms of a 40–65 ms task, of which 9–17 ms is CPU. These look-ups are Linux's.
 *   Android, the phone Lighthouse simulates, answers them in-process. The floor (no CSS, the
 *   default font) makes almost none;
 * - the navigation's commit task waits 10–30 ms when the shared host is busy.
 *
 * Multiplied, that waiting is 150–300 ms of simulated TBT that moves with the host's load, not
 * with the page. The figure computed here leaves it out, so it follows the page's own work far
 * more than the host (one binary step remains: whether Next's main.js falls inside Lantern's
 * optimistic TTI). It is reported, not budgeted: the budgets are the issue's, on Lighthouse's own
 * figure (docs/performance.md, "Issue 19: fourth session").
 */

/** A trace event, as far as the rewrite reads it. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Chromium's name for a renderer's main thread (the `thread_name` metadata event). */
const RENDERER_MAIN = 'CrRendererMain';

/**
 * The phases that happen inside a task and move with it: complete events, begin/end pairs and
 * instants (a task's requests, timers and invalidations, which Lantern links to it). Marks (`R`:
 * navigationStart, firstContentfulPaint, largestContentfulPaint::Candidate) stay where the browser
 * put them: they are the observed timeline Lantern's graphs are cut at, as the network's is.
 */
const MOVED_PHASES = new Set(['X', 'B', 'E', 'I', 'i', 'n']);

/** Key of a thread: a pid and a tid. */
const threadKey = (event: Pick<TraceEvent, 'pid' | 'tid'>) => `${event.pid}:${event.tid}`;

/**
 * The trace with every top-level task (`RunTask`) of every renderer main thread shortened to its
 * thread time (`tdur`) when that is less than its wall time (`dur`). The events inside a shortened
 * task are moved and shortened in proportion, so they stay inside it in the same order (Lantern
 * reads a task's layouts, paints and script evaluations from them); marks stay (MOVED_PHASES).
 * Other threads, other processes and tasks without a thread time are left as they are. Pure:
 * returns new events.
 */
export function toThreadTime<T extends TraceEvent>(events: readonly T[]): T[] {
  const rendererMains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === RENDERER_MAIN).map(threadKey));
  const out = events.map((e) => ({ ...e }));
  const byThread = new Map<string, T[]>();
  for (const e of out) {
    if (!rendererMains.has(threadKey(e)) || !MOVED_PHASES.has(e.ph)) continue;
    const list = byThread.get(threadKey(e)) ?? [];
    list.push(e);
    byThread.set(threadKey(e), list);
  }
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts);
    for (const task of list.filter(waited)) {
      const start = task.ts;
      const end = start + task.dur!;
      const ratio = task.tdur! / task.dur!;
      // The events inside the task are the contiguous run of the sorted list from its start (tasks
      // do not overlap, so moving them keeps the order of the rest).
      for (let i = firstAtOrAfter(list, start); i < list.length && list[i].ts < end; i++) {
        const inner = list[i];
        if (inner === task) continue;
        inner.ts = start + (inner.ts - start) * ratio;
        if (typeof inner.dur === 'number') inner.dur *= ratio;
      }
      task.dur = task.tdur;
    }
  }
  return out;
}

/** A top-level task whose thread time is less than its wall time: it waited. */
function waited(event: TraceEvent): boolean {
  return event.ph === 'X' && event.name === 'RunTask' && typeof event.dur === 'number' && typeof event.tdur === 'number' && event.tdur < event.dur;
}

/** The index of the first event of a list sorted by `ts` at or after `ts` (binary search). */
function firstAtOrAfter(list: readonly TraceEvent[], ts: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid].ts < ts) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The Lantern computation Lighthouse's `total-blocking-time` audit uses (lighthouse 13, pinned). */
const LANTERN_TBT_MODULE = 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

interface LanternTbt {
  request(data: object, context: object): Promise<{ timing: number }>;
}

/**
 * Lantern's TBT for a saved gather, audited as the bench audits it (simulated throttling at
 * `multiplier`), on the trace as gathered or with its main-thread tasks at thread time.
 */
async function lanternTbt(gather: SavedGather, multiplier: number, threadTime: boolean): Promise<number> {
  const { data, context } = lanternInput(gather, multiplier, threadTime ? toThreadTime(gather.trace.traceEvents) : undefined);
  const { LanternTotalBlockingTime } = (await import(LANTERN_TBT_MODULE)) as { LanternTotalBlockingTime: LanternTbt };
  const result = await LanternTotalBlockingTime.request(data, context);
  return result.timing;
}

/**
 * The thread-time TBT of the run whose gather is saved in `workDir` (artifacts.json, trace.json,
 * devtoolslog.json), or null when this computation does not reproduce the report's own TBT on the
 * unchanged trace (within 1 ms): then it is not Lighthouse's simulation, and its thread-time
 * figure would mean nothing. Also null when the gather cannot be read or simulated: a diagnostic
 * never costs the run it sits beside (its report is already made).
 */
export async function threadTimeTbt(workDir: string, multiplier: number, reportedTbt: number | undefined): Promise<number | null> {
  if (typeof reportedTbt !== 'number') return null;
  try {
    const gather = readGather(workDir);
    const asGathered = await lanternTbt(gather, multiplier, false);
    if (Math.abs(asGathered - reportedTbt) > 1) return null;
    return await lanternTbt(gather, multiplier, true);
  } catch {
    return null;
  }
}
