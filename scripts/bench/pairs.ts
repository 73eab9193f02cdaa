import { cpuMultiplier } from './calibration';
import { medianOrNull, type LhrLike } from './lighthouseResult';

/**
 * Issue 35: the Lighthouse budget on paired differences. Each page's gather and a gather of the
 * floor are made back to back (a pair), both audited at one CPU multiplier computed for the pair,
 * and the budgets hold on the median over a page's pairs of (page − floor). Before, every run was
 * calibrated with its own index, so a page and the floor could meet the host at different speeds
 * (the floor audited at ×1.7–2.6, our pages at ×4.4–6.3 in one run) and the same code passed or
 * failed with the host. Pure: the runner is lighthouse.ts, the table index.ts.
 */

/** One pair of the schedule: the page, its run number (1…), and which of the two is gathered first. */
export interface PairSlot<T> {
  page: T;
  run: number;
  floorFirst: boolean;
}

/**
 * The order of the pairs: round 1 (a pair for every page), then round 2…, so every page meets
 * the whole run's host. Within a pair, the order alternates: from one page to the next within a
 * round, and from one round to the next for the same page (floor first when run + page index is
 * even), so neither the floor nor a page is always the one gathered on a host that has just
 * changed.
 */
export function pairSchedule<T>(pages: readonly T[], runs: number): PairSlot<T>[] {
  const order: PairSlot<T>[] = [];
  for (let run = 1; run <= runs; run++) pages.forEach((page, i) => order.push({ page, run, floorFirst: (run + i) % 2 === 0 }));
  return order;
}

/**
 * The multiplier both gathers of a pair are audited with: calibration.ts's line at the mean of
 * the benchmark indexes Lighthouse measured at the start of each of the pair's gathers (just
 * before each page load). Throws without an index: such a pair cannot be calibrated.
 */
export function pairMultiplier(indexes: readonly number[]): number {
  if (indexes.length === 0) throw new Error('a pair needs at least one benchmarkIndex');
  for (const index of indexes) if (!Number.isFinite(index) || index <= 0) throw new Error(`benchmarkIndex must be a positive number, got ${index}`);
  return cpuMultiplier(indexes.reduce((sum, index) => sum + index, 0) / indexes.length);
}

/**
 * A pair is **lopsided** when its two gathers' benchmark indexes differ by more than 25% (the
 * larger over the smaller above 1.25). Why 25%: a gather's trace records the host's own task
 * durations, which scale with 1 / index, and one multiplier for the pair does not undo that; so
 * with indexes 25% apart the host alone can make one half's main-thread work 25% longer than the
 * other's, half of the TBT budget's margin (a page may cost 1.5 × its floor), and TBT, which
 * counts only each task's part above 50 ms, moves more than in proportion. Beyond that the host,
 * not the code, can fill the margin. Tighter would remake most pairs on this host: three runs had
 * 13, 7 and 5 of their 18 pairs beyond 25% (docs/performance.md, "Verdict stability").
 */
export const LOPSIDED_RATIO = 1.25;
/**
 * A lopsided pair is made again, both gathers back to back, at most this many more times (as a
 * trace failure is, lighthouse.ts); still lopsided then, it is kept and marked. Each remake costs
 * two gathers (about 20–40 s on this host); 3 bounds a page's worst case at 4 × its pairs.
 */
export const MAX_LOPSIDED_REMAKES = 3;
/** The verdict leaves lopsided pairs out only when at least this many even pairs are left: with fewer, one pair decides. */
export const MIN_EVEN_PAIRS = 3;

/** The larger of the indexes over the smaller (1 for a single index); throws on a missing or non-positive one. */
export function indexRatio(indexes: readonly number[]): number {
  if (indexes.length === 0) throw new Error('a pair needs at least one benchmarkIndex');
  for (const index of indexes) if (!Number.isFinite(index) || index <= 0) throw new Error(`benchmarkIndex must be a positive number, got ${index}`);
  return Math.max(...indexes) / Math.min(...indexes);
}

/** Whether a pair's gathers met host speeds more than LOPSIDED_RATIO apart (their indexes, in any order). */
export function isLopsided(indexes: readonly number[]): boolean {
  return indexRatio(indexes) > LOPSIDED_RATIO;
}

/**
 * Whether the runner makes a just-gathered pair again (before auditing it): it is lopsided and
 * has been remade fewer than MAX_LOPSIDED_REMAKES times. Otherwise it is kept, lopsided or not.
 */
export function remakeLopsided(indexes: readonly number[], remakes: number): boolean {
  return isLopsided(indexes) && remakes < MAX_LOPSIDED_REMAKES;
}

/** The figures of one audited gather that the paired budgets read. */
export interface GatherFigures {
  benchmarkIndex: number | null;
  performance: number | null;
  tbt: number | null;
  lcp: number | null;
}

export function gatherFigures(lhr: LhrLike): GatherFigures {
  return {
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    performance: lhr.categories.performance?.score ?? null,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? null,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? null,
  };
}

/** One measured pair: the page's and the floor's figures, both audited at `multiplier`. */
export interface Pair {
  run: number;
  floorFirst: boolean;
  multiplier: number;
  /** How many times the pair was made again because it was lopsided (0…MAX_LOPSIDED_REMAKES). */
  remakes: number;
  page: GatherFigures;
  floor: GatherFigures;
}

/** The ratio of a pair's two benchmark indexes (larger / smaller); null when either is missing. */
export function pairIndexRatio(pair: Pair): number | null {
  const { benchmarkIndex: a } = pair.page;
  const { benchmarkIndex: b } = pair.floor;
  if (a === null || b === null || !(a > 0) || !(b > 0)) return null;
  return indexRatio([a, b]);
}

/** A kept pair that is still lopsided (a pair without both indexes cannot be told, and counts as even). */
export function isLopsidedPair(pair: Pair): boolean {
  const ratio = pairIndexRatio(pair);
  return ratio !== null && ratio > LOPSIDED_RATIO;
}

/**
 * The pairs the verdict reads: those that are not lopsided, when at least MIN_EVEN_PAIRS of them
 * are left; otherwise all of them, the lopsided ones included (a verdict on one or two pairs would
 * be noisier than one on lopsided pairs).
 */
export function verdictPairs<P extends Pair>(pairs: readonly P[]): { used: P[]; lopsided: number; leftOut: boolean } {
  const even = pairs.filter((pair) => !isLopsidedPair(pair));
  const lopsided = pairs.length - even.length;
  const leftOut = lopsided > 0 && even.length >= MIN_EVEN_PAIRS;
  return { used: leftOut ? even : [...pairs], lopsided, leftOut };
}

/** page − floor; null when either is missing. */
const minus = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

/** A pair's differences (page − floor): performance rounded to 2 decimals as scores are shown, TBT and LCP in ms. */
export function pairDifference(pair: Pair): { performance: number | null; tbt: number | null; lcp: number | null } {
  const performance = minus(pair.page.performance, pair.floor.performance);
  return {
    performance: performance === null ? null : Math.round(performance * 100) / 100,
    tbt: minus(pair.page.tbt, pair.floor.tbt),
    lcp: minus(pair.page.lcp, pair.floor.lcp),
  };
}

/**
 * Issue 19's budgets beside the floor, re-expressed on the pairs (issue 35):
 * - performance ≥ the floor's − `performanceMargin` becomes: the median of the paired differences
 *   (page − floor) ≥ −`performanceMargin`;
 * - TBT ≤ `tbtFactor` × the floor's becomes: the median of the paired differences ≤
 *   (`tbtFactor` − 1) × the median TBT of the floor gathers of the same pairs (a page exactly at
 *   `tbtFactor` × its floor in every pair sits exactly on the limit), rounded to 1 ms.
 */
export interface PairRules {
  performanceMargin: number;
  tbtFactor: number;
}

export interface PairedVerdict {
  /** The pairs the medians are over (verdictPairs: the lopsided ones left out when enough are left). */
  pairs: number;
  /** How many of all the pairs are lopsided, and whether they were left out of the medians. */
  lopsided: number;
  lopsidedLeftOut: boolean;
  /** Medians of the paired differences (page − floor); null when a pair lacks the figure. */
  performanceDifference: number | null;
  tbtDifference: number | null;
  lcpDifference: number | null;
  /** The median TBT of the floor gathers of these pairs, the TBT limit's basis. */
  floorTbt: number | null;
  performanceLimit: number;
  tbtLimit: number | null;
  /** Whether each budget holds; null when it cannot be judged (a figure is missing). */
  performancePass: boolean | null;
  tbtPass: boolean | null;
}

export function pairedVerdict(allPairs: readonly Pair[], rules: PairRules): PairedVerdict {
  const { used: pairs, lopsided, leftOut } = verdictPairs(allPairs);
  const differences = pairs.map(pairDifference);
  const performanceDifference = medianOrNull(differences.map((d) => d.performance));
  const tbtDifference = medianOrNull(differences.map((d) => d.tbt));
  const lcpDifference = medianOrNull(differences.map((d) => d.lcp));
  const floorTbt = medianOrNull(pairs.map((p) => p.floor.tbt));
  const performanceLimit = -rules.performanceMargin;
  const tbtLimit = floorTbt === null ? null : Math.round((rules.tbtFactor - 1) * floorTbt);
  // Compared as the table shows them (scores to 2 decimals, ms to 1 ms).
  const round2 = (v: number) => Math.round(v * 100) / 100;
  return {
    pairs: pairs.length,
    lopsided,
    lopsidedLeftOut: leftOut,
    performanceDifference: performanceDifference === null ? null : round2(performanceDifference),
    tbtDifference,
    lcpDifference,
    floorTbt,
    performanceLimit,
    tbtLimit,
    performancePass: performanceDifference === null ? null : round2(performanceDifference) >= round2(performanceLimit),
    tbtPass: tbtDifference === null || tbtLimit === null ? null : Math.round(tbtDifference) <= tbtLimit,
  };
}

/**
 * What the medians are over, for the report line: `median of 5 pairs`; `median of 4 pairs, 1
 * lopsided left out`; `median of 3 pairs, 2 of them lopsided (fewer than 3 even)`.
 */
export function verdictPairsLabel(verdict: Pick<PairedVerdict, 'pairs' | 'lopsided' | 'lopsidedLeftOut'>): string {
  const of = `median of ${verdict.pairs} pair${verdict.pairs === 1 ? '' : 's'}`;
  if (verdict.lopsided === 0) return of;
  if (verdict.lopsidedLeftOut) return `${of}, ${verdict.lopsided} lopsided left out`;
  return `${of}, ${verdict.lopsided} of them lopsided (fewer than ${MIN_EVEN_PAIRS} even)`;
}

const signed = (v: number | null, digits: number, unit = '') => (v === null ? 'n/a' : `${v > 0 ? '+' : v < 0 ? '−' : '±'}${Math.abs(v).toFixed(digits)}${unit}`);
const plain = (v: number | null, digits: number) => (v === null ? 'n/a' : v.toFixed(digits));

/**
 * One line per pair: its order, whether it was remade or is still lopsided, its multiplier (and
 * the two indexes it came from, in gather order), each side's performance / TBT / LCP, and the
 * differences (page − floor).
 */
export function pairLines(pairs: readonly Pair[]): string[] {
  return pairs.map((pair) => {
    const d = pairDifference(pair);
    const side = (f: GatherFigures) => `${plain(f.performance, 2)} / ${plain(f.tbt, 0)} ms / ${plain(f.lcp, 0)} ms`;
    const index = (f: GatherFigures) => (f.benchmarkIndex === null ? 'n/a' : String(Math.round(f.benchmarkIndex)));
    const indexes = pair.floorFirst ? `floor ${index(pair.floor)}, page ${index(pair.page)}` : `page ${index(pair.page)}, floor ${index(pair.floor)}`;
    const ratio = pairIndexRatio(pair);
    const mark = isLopsidedPair(pair)
      ? `, LOPSIDED: indexes ${ratio!.toFixed(2)}× apart${pair.remakes ? `, still after ${pair.remakes} remake${pair.remakes === 1 ? '' : 's'}` : ''}`
      : pair.remakes
        ? `, made again ${pair.remakes}× as lopsided`
        : '';
    return `pair ${pair.run} (${pair.floorFirst ? 'floor first' : 'page first'}${mark}): CPU ${pair.multiplier.toFixed(2)}× from the indexes ${indexes}; page ${side(pair.page)}, floor ${side(pair.floor)}; page − floor: performance ${signed(d.performance, 2)}, TBT ${signed(d.tbt, 0, ' ms')}, LCP ${signed(d.lcp, 0, ' ms')}`;
  });
}
