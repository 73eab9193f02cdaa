import { median } from './report';

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
}

export interface PageSummary {
  runs: number;
  /** The median performance score of the runs; the other scores are those of the run with that median. */
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
  /** Each run's performance score, in run order; the budget holds for each of them. */
  performancePerRun: (number | null)[];
  /** The lowest performance score of the runs (null when a run has none: that run failed). */
  lowestPerformance: number | null;
  /** Each run's Largest Contentful Paint (simulated, ms) and Total Blocking Time (ms). */
  lcpPerRun: (number | null)[];
  tbtPerRun: (number | null)[];
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
  return {
    runs: runs.length,
    scores,
    cls: shifts.length ? Math.max(...shifts) : null,
    clsPerRun,
    medianIndex: runs.indexOf(chosen),
    shifted,
    benchmarkIndex: runs.map((lhr) => lhr.environment?.benchmarkIndex ?? null),
    performancePerRun,
    lowestPerformance: lowest(performancePerRun),
    lcpPerRun: numeric('largest-contentful-paint'),
    tbtPerRun: numeric('total-blocking-time'),
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

/** One line per run: its performance, LCP, TBT and benchmarkIndex (the host's speed during it). */
export function runLines(summary: PageSummary): string[] {
  const ms = (v: number | null) => (v === null ? 'n/a' : `${Math.round(v)} ms`);
  return summary.performancePerRun.map(
    (score, i) =>
      `run ${i + 1}: performance ${score === null ? 'n/a' : score.toFixed(2)}, LCP ${ms(summary.lcpPerRun[i])}, TBT ${ms(summary.tbtPerRun[i])}, benchmarkIndex ${summary.benchmarkIndex[i] ?? 'n/a'}`,
  );
}

/** The median performance score of the runs (null when none has one). */
export function medianPerformance(runs: readonly LhrLike[]): number | null {
  const scores = runs.map((lhr) => lhr.categories.performance?.score).filter((s): s is number => typeof s === 'number');
  return scores.length ? median(scores) : null;
}
