import { median, type Metric } from './report';
import { formatParts, type TbtParts } from './tbtParts';

/**
 * What the bench takes from Lighthouse reports (LHR JSON). Pure: the runner is lighthouse.ts.
 * Only the few fields read here are typed, so a report from the real `lighthouse` package and a
 * hand-written one in a test both fit.
 */

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof CATEGORIES)[number];

export interface LhrLike {
  categories: Partial<Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>>;
  audits: Record<string, { id: string; score: number | null; scoreDisplayMode?: string; numericValue?: number; details?: { items?: unknown[] } }>;
  runtimeError?: { code: string; message: string };
  /** Lighthouse's measure of the host's CPU speed during the run (lower: a slower or busier machine). */
  environment?: { benchmarkIndex?: number };
  /** The settings the run was audited with: the CPU slowdown the calibration chose is in `throttling`. */
  configSettings?: { throttlingMethod?: string; throttling?: { cpuSlowdownMultiplier?: number } };
  /**
   * Written by the bench, not by Lighthouse: the run's TBT with the main thread's waiting left out
   * (threadTime.ts), and its TBT split by what the blocking tasks did (tbtParts.ts); null when it
   * could not be computed.
   */
  bench?: { threadTimeTbt?: number | null; tbtParts?: TbtParts | null };
}

export interface PageSummary {
  runs: number;
  /** The median performance score of the runs (issue 19: the budgets hold on the medians); the other scores are those of the median performance run. */
  scores: Record<CategoryId, number | null>;
  /** The largest CLS of all runs (any shift in any run counts). */
  cls: number | null;
  /** Each run's CLS, in run order. */
  clsPerRun: (number | null)[];
  /** The index of the run the scores come from (the median performance run). */
  medianIndex: number;
  /** The elements Lighthouse says shifted, in any run (`selector (score)`). */
  shifted: string[];
  /** Each run's benchmarkIndex (host CPU speed; null when not reported). */
  benchmarkIndex: (number | null)[];
  /** Each run's CPU slowdown multiplier, as its report's configSettings.throttling records it (issue 19: calibrated per run). */
  multiplierPerRun: (number | null)[];
  /** Each run's performance score, in run order. */
  performancePerRun: (number | null)[];
  /** Each run's Largest Contentful Paint (simulated, ms) and Total Blocking Time (ms). */
  lcpPerRun: (number | null)[];
  tbtPerRun: (number | null)[];
  /** Each run's TBT in thread time (threadTime.ts): a diagnostic, not a budget. */
  threadTimeTbtPerRun: (number | null)[];
  /** Each run's TBT split by the tasks that make it (tbtParts.ts): a diagnostic, not a budget. */
  tbtPartsPerRun: (TbtParts | null)[];
  /** The medians of the runs' TBT and LCP (null when a run has no value: a failed run is no pass). */
  medianTbt: number | null;
  /** The median of the runs' TBT in thread time (null when a run has none). */
  medianThreadTimeTbt: number | null;
  medianLcp: number | null;
  /** Per category: the failing audits of the median run, worst first (see failingAudits). */
  failing: Record<CategoryId, string[]>;
}

const SCORED_MODES = new Set(['binary', 'numeric', 'metricSavings']);

/**
 * The audits of a category that did not score 1, most weighty first, then lowest score: what to
 * fix to raise that category. Audits that are informative, manual or not applicable are left out.
 */
export function failingAudits(lhr: LhrLike, category: CategoryId): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1 && SCORED_MODES.has(audit.scoreDisplayMode ?? 'binary'))
    .sort((a, b) => b.ref.weight - a.ref.weight || (a.audit.score ?? 0) - (b.audit.score ?? 0) || a.ref.id.localeCompare(b.ref.id))
    .map(({ ref, audit }) => `${ref.id} (${(audit.score ?? 0).toFixed(2)})`);
}

/** The elements of the `layout-shifts` audit: what moved, as `selector (shift score)`. */
export function shiftedElements(lhr: LhrLike): string[] {
  const items = lhr.audits['layout-shifts']?.details?.items ?? [];
  return items.map((item) => {
    const { node, score } = (item ?? {}) as { node?: { selector?: string; nodeLabel?: string }; score?: number };
    const what = node?.selector || node?.nodeLabel || 'unknown element';
    return typeof score === 'number' ? `${what} (${score.toFixed(3)})` : what;
  });
}

/** The run whose performance score is the median (the lower middle for an even count). */
export function medianRun(runs: readonly LhrLike[]): LhrLike {
  if (runs.length === 0) throw new Error('no Lighthouse runs');
  const withScore = runs.map((lhr) => ({ lhr, score: lhr.categories.performance?.score ?? -1 })).sort((a, b) => a.score - b.score);
  return withScore[Math.floor((withScore.length - 1) / 2)].lhr;
}

export function summarizeRuns(runs: readonly LhrLike[]): PageSummary {
  const chosen = medianRun(runs);
  const scores = {} as Record<CategoryId, number | null>;
  const failing = {} as Record<CategoryId, string[]>;
  for (const category of CATEGORIES) {
    scores[category] = chosen.categories[category]?.score ?? null;
    failing[category] = failingAudits(chosen, category);
  }
  scores.performance = medianPerformance(runs);
  const clsPerRun = runs.map((lhr) => lhr.audits['cumulative-layout-shift']?.numericValue ?? null);
  const shifts = clsPerRun.filter((v): v is number => typeof v === 'number');
  const shifted = [...new Set(runs.flatMap(shiftedElements))];
  const performancePerRun = runs.map((lhr) => lhr.categories.performance?.score ?? null);
  const numeric = (id: string) => runs.map((lhr) => lhr.audits[id]?.numericValue ?? null);
  const tbtPerRun = numeric('total-blocking-time');
  const lcpPerRun = numeric('largest-contentful-paint');
  const threadTimeTbtPerRun = runs.map((lhr) => lhr.bench?.threadTimeTbt ?? null);
  const tbtPartsPerRun = runs.map((lhr) => lhr.bench?.tbtParts ?? null);
  return {
    runs: runs.length,
    scores,
    cls: shifts.length ? Math.max(...shifts) : null,
    clsPerRun,
    medianIndex: runs.indexOf(chosen),
    shifted,
    benchmarkIndex: runs.map((lhr) => lhr.environment?.benchmarkIndex ?? null),
    multiplierPerRun: runs.map((lhr) => lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? null),
    performancePerRun,
    lcpPerRun,
    tbtPerRun,
    threadTimeTbtPerRun,
    tbtPartsPerRun,
    medianTbt: medianOrNull(tbtPerRun),
    medianThreadTimeTbt: medianOrNull(threadTimeTbtPerRun),
    medianLcp: medianOrNull(lcpPerRun),
    failing,
  };
}

/** The smallest of some values; null when any is missing (a run without a value is a failed run). */
export function lowest(values: readonly (number | null)[]): number | null {
  return values.length && values.every((v): v is number => typeof v === 'number') ? Math.min(...(values as number[])) : null;
}

/** The largest of some values; null when any is missing. */
export function highest(values: readonly (number | null)[]): number | null {
  return values.length && values.every((v): v is number => typeof v === 'number') ? Math.max(...(values as number[])) : null;
}

/** The median of some values; null when there are none or any is missing (a failed run is no pass). */
export function medianOrNull(values: readonly (number | null)[]): number | null {
  return values.length && values.every((v): v is number => typeof v === 'number') ? median(values as number[]) : null;
}

/**
 * One line per run: the host's benchmarkIndex during it, the CPU multiplier it was audited with,
 * its performance, TBT (and its TBT in thread time, when the run has one) and LCP, then what the
 * TBT is made of (the blocking tasks by part, largest first), when the run has the split.
 */
export function runLines(summary: PageSummary): string[] {
  const ms = (v: number | null) => (v === null ? 'n/a' : `${Math.round(v)} ms`);
  const threadTime = (v: number | null | undefined) => (typeof v === 'number' ? ` (in thread time ${ms(v)})` : '');
  const parts = (v: TbtParts | null | undefined) => {
    const text = v ? formatParts(v) : '';
    return text ? `; TBT by task: ${text}` : '';
  };
  return summary.performancePerRun.map((score, i) => {
    const index = summary.benchmarkIndex[i];
    const multiplier = summary.multiplierPerRun[i];
    return `run ${i + 1}: benchmarkIndex ${index === null ? 'n/a' : Math.round(index)}, CPU ${multiplier === null ? 'n/a' : `${multiplier.toFixed(2)}×`}, performance ${score === null ? 'n/a' : score.toFixed(2)}, TBT ${ms(summary.tbtPerRun[i])}${threadTime(summary.threadTimeTbtPerRun[i])}, LCP ${ms(summary.lcpPerRun[i])}${parts(summary.tbtPartsPerRun[i])}`;
  });
}

/**
 * The benchmarkIndex Lighthouse measured while gathering (`BenchmarkIndex` of a `-G` run's
 * artifacts.json, set by core/gather/base-artifacts.js). Throws when it is missing or not a
 * positive number: such a run cannot be calibrated.
 */
export function benchmarkIndexFromArtifacts(artifacts: unknown): number {
  const index = (artifacts as { BenchmarkIndex?: unknown } | null)?.BenchmarkIndex;
  if (typeof index !== 'number' || !Number.isFinite(index) || index <= 0) {
    throw new Error(`The saved artifacts have no usable BenchmarkIndex (${JSON.stringify(index)})`);
  }
  return index;
}

/**
 * The saved artifacts with the CPU multiplier recorded in their settings. Lighthouse's audit mode
 * refuses settings that differ from those the artifacts were gathered with; under simulated
 * throttling the CPU slowdown is applied only when auditing (the gather ran the page unthrottled),
 * so the saved settings are brought to the multiplier the audit uses. Pure: returns a copy.
 */
export function withCpuMultiplier<T extends { settings?: { throttling?: object } }>(artifacts: T, multiplier: number): T {
  if (!artifacts.settings) throw new Error('The saved artifacts have no settings');
  return { ...artifacts, settings: { ...artifacts.settings, throttling: { ...artifacts.settings.throttling, cpuSlowdownMultiplier: multiplier } } };
}

/** The median performance score of the runs (null when none has one). */
export function medianPerformance(runs: readonly LhrLike[]): number | null {
  const scores = runs.map((lhr) => lhr.categories.performance?.score).filter((s): s is number => typeof s === 'number');
  return scores.length ? median(scores) : null;
}

/**
 * The metric row of a page's median TBT in thread time (threadTime.ts): reported beside the
 * budgeted TBT, with no budget of its own.
 */
export function threadTimeMetric(prefix: string, summary: Pick<PageSummary, 'runs' | 'medianThreadTimeTbt'>): Metric {
  return {
    name: `${prefix}, TBT in thread time (median of ${summary.runs})`,
    value: summary.medianThreadTimeTbt,
    unit: 'ms',
    note: 'not a budget: the main thread\'s waiting left out (docs/performance.md)',
  };
}
