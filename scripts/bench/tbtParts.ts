import { lanternInput, readGather } from './savedGather';

/**
 * Issue 19, a diagnostic beside Lighthouse's TBT: which of the page's tasks the run's TBT is made
 * of, read from Lantern's own simulation of the saved gather (twelfth session).
 *
 * Lantern's TBT is the mean of two sums over the full simulation's main-thread tasks: each task of
 * 50 ms or more (simulated) blocks for what of it lies between FCP and TTI, less 50 ms. The two sums
 * differ only in their window (the optimistic one runs from the pessimistic FCP to the optimistic
 * TTI, the pessimistic one the other way round). So the TBT splits exactly into one share per task,
 * the mean of its two blocking times, and the shares are summed here by what the task did.
 *
 * Why it is reported: every session of issue 19 needed this split to know where a run's TBT came
 * from, and rebuilt it by hand. In particular the document's share is not the first render's
 * length: Lantern's FCP is simulated without the navigation's commit task (and later parse chunks),
 * the full simulation with them, so the render blocks for about what those add, as long as it is at
 * least that long (docs/performance.md, "Issue 19: twelfth session").
 */

/** What a blocking task did, in the order the run line lists them. */
export const TBT_PARTS = ['document', 'main.js', 'framework', 'page', '_app', 'timers', 'chunks', 'style', 'other'] as const;
export type TbtPart = (typeof TBT_PARTS)[number];
export type TbtParts = Record<TbtPart, number>;

/** A trace event inside a task, as far as the split reads it. */
export interface ChildEvent {
  name: string;
  args?: { data?: { url?: string } };
}

/**
 * The part a main-thread task belongs to, from the trace events inside it. Pure.
 * - document: the navigation's commit, HTML parsing, and any task that laid the page out (the
 *   first render among them);
 * - main.js, framework, page (the route's own chunk), _app: the evaluation of Next's scripts;
 * - timers: a `setTimeout` firing (the app's deferred work: afterPaint, the consent manager, the
 *   ping, the embed gate);
 * - chunks: the evaluation of a chunk loaded later (`chunks/NNN.hash.js`);
 * - style: a style recalculation or stylesheet parse without layout;
 * - other: the rest (events, microtasks, garbage collection, waiting).
 */
export function taskPart(didLayout: boolean, children: readonly ChildEvent[]): TbtPart {
  const evaluated = (pattern: RegExp) => children.some((c) => c.name === 'EvaluateScript' && pattern.test(c.args?.data?.url ?? ''));
  if (didLayout || children.some((c) => c.name === 'ParseHTML' || c.name === 'DocumentLoader::CommitNavigation')) return 'document';
  if (evaluated(/\/main-[^/]*\.js$/)) return 'main.js';
  if (evaluated(/\/framework-[^/]*\.js$/)) return 'framework';
  if (evaluated(/\/chunks\/pages\/_app-[^/]*\.js$/)) return '_app';
  if (evaluated(/\/chunks\/pages\//)) return 'page';
  if (children.some((c) => c.name === 'TimerFire')) return 'timers';
  if (evaluated(/\/chunks\/[^/]+\.js$/)) return 'chunks';
  if (children.some((c) => c.name === 'UpdateLayoutTree' || c.name === 'ParseAuthorStyleSheet')) return 'style';
  return 'other';
}

/** A task of the full simulation: its simulated start, end and duration (ms), and its part. */
export interface SimulatedTask {
  start: number;
  end: number;
  duration: number;
  part: TbtPart;
}

/** Lantern's blocking time of one task in one window (its `calculateTbtImpactForEvent`, lighthouse 13). */
function blocking(task: SimulatedTask, [from, to]: readonly [number, number]): number {
  const threshold = 50;
  if (task.duration < threshold || task.end < from || task.start > to || to <= from) return 0;
  const clipped = Math.min(task.end, to) - Math.max(task.start, from);
  return clipped < threshold ? 0 : clipped - threshold;
}

/**
 * The TBT split by part: each task's mean blocking time over the two windows (optimistic,
 * pessimistic), summed per part. The parts add up to Lantern's TBT. Pure.
 */
export function blockingByPart(tasks: readonly SimulatedTask[], windows: readonly (readonly [number, number])[]): TbtParts {
  const parts = Object.fromEntries(TBT_PARTS.map((p) => [p, 0])) as TbtParts;
  for (const task of tasks) parts[task.part] += windows.reduce((sum, w) => sum + blocking(task, w), 0) / windows.length;
  return parts;
}

/** The parts that block, largest first, as the run line shows them: `document 177, timers 183`. Pure. */
export function formatParts(parts: TbtParts): string {
  return TBT_PARTS.filter((p) => Math.round(parts[p]) > 0)
    .sort((a, b) => parts[b] - parts[a])
    .map((p) => `${p} ${Math.round(parts[p])}`)
    .join(', ');
}

const METRICS = 'lighthouse/core/computed/metrics/';

interface Estimate {
  timeInMs: number;
}
interface LanternCpuNode {
  type: string;
  didPerformLayout(): boolean;
  childEvents: ChildEvent[];
}
interface LanternResult {
  timing: number;
  optimisticEstimate: Estimate & { nodeTimings?: Map<LanternCpuNode, { startTime: number; endTime: number; duration: number }> };
  pessimisticEstimate: Estimate & { nodeTimings?: Map<LanternCpuNode, { startTime: number; endTime: number; duration: number }> };
}
type Computed = { request(data: object, context: object): Promise<LanternResult> };

/**
 * The TBT split of the run whose gather is saved in `workDir`, audited as the bench audits it, or
 * null when the parts do not add up to the report's TBT (within 1 ms: then this is not
 * Lighthouse's simulation) or the gather cannot be read. A diagnostic never costs its run.
 */
export async function tbtParts(workDir: string, multiplier: number, reportedTbt: number | undefined): Promise<TbtParts | null> {
  if (typeof reportedTbt !== 'number') return null;
  try {
    const { data, context } = lanternInput(readGather(workDir), multiplier);
    const load = async (file: string, name: string) => ((await import(`${METRICS}${file}`)) as Record<string, Computed>)[name];
    const fcp = await (await load('lantern-first-contentful-paint.js', 'LanternFirstContentfulPaint')).request(data, context);
    const tti = await (await load('lantern-interactive.js', 'LanternInteractive')).request(data, context);
    const tbt = await (await load('lantern-total-blocking-time.js', 'LanternTotalBlockingTime')).request(data, context);
    // Both estimates simulate the same full graph; only their windows differ (TotalBlockingTime.getEstimateFromSimulation).
    const timings = tbt.pessimisticEstimate.nodeTimings;
    if (!timings) return null;
    const tasks: SimulatedTask[] = [];
    for (const [node, t] of timings) {
      if (node.type !== 'cpu') continue;
      tasks.push({ start: t.startTime, end: t.endTime, duration: t.duration, part: taskPart(node.didPerformLayout(), node.childEvents) });
    }
    const parts = blockingByPart(tasks, [
      [fcp.pessimisticEstimate.timeInMs, tti.optimisticEstimate.timeInMs],
      [fcp.optimisticEstimate.timeInMs, tti.pessimisticEstimate.timeInMs],
    ]);
    const sum = TBT_PARTS.reduce((s, p) => s + parts[p], 0);
    return Math.abs(sum - reportedTbt) <= 1 ? parts : null;
  } catch {
    return null;
  }
}
