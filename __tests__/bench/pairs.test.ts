/** @jest-environment node */
import { cpuMultiplier } from '../../scripts/bench/calibration';
import type { LhrLike } from '../../scripts/bench/lighthouseResult';
import {
  gatherFigures,
  indexRatio,
  isLopsided,
  isLopsidedPair,
  LOPSIDED_RATIO,
  MAX_LOPSIDED_REMAKES,
  MIN_EVEN_PAIRS,
  pairDifference,
  pairedVerdict,
  pairIndexRatio,
  pairLines,
  pairMultiplier,
  pairSchedule,
  remakeLopsided,
  verdictPairs,
  verdictPairsLabel,
  type GatherFigures,
  type Pair,
} from '../../scripts/bench/pairs';

const RULES = { performanceMargin: 0.05, tbtFactor: 1.5 };

const figures = (performance: number | null, tbt: number | null, lcp: number | null, benchmarkIndex: number | null = 1500): GatherFigures => ({ benchmarkIndex, performance, tbt, lcp });

/** A pair: the page's and the floor's performance / TBT, at `multiplier`. */
function pair(run: number, page: [number, number], floor: [number, number], multiplier = 4): Pair {
  return { run, floorFirst: run % 2 === 0, multiplier, remakes: 0, page: figures(page[0], page[1], 2000), floor: figures(floor[0], floor[1], 1500) };
}

describe('issue 35: the pairs are made round by round, the order within a pair alternating', () => {
  it('every page gets one pair per round, round 1 for every page before round 2', () => {
    expect(pairSchedule(['home', 'article'], 2).map(({ page, run }) => `${page}${run}`)).toEqual(['home1', 'article1', 'home2', 'article2']);
    expect(pairSchedule(['a', 'b', 'c', 'd', 'e', 'f'], 5)).toHaveLength(30);
  });

  it("a page's pairs alternate which is gathered first, round after round, whatever the number of pages", () => {
    for (const count of [1, 2, 5, 6]) {
      const pages = Array.from({ length: count }, (_, i) => `p${i}`);
      const schedule = pairSchedule(pages, 4);
      for (const page of pages) {
        expect(schedule.filter((slot) => slot.page === page).map((slot) => slot.floorFirst)).toEqual(
          schedule.filter((slot) => slot.page === page)[0].floorFirst ? [true, false, true, false] : [false, true, false, true],
        );
      }
    }
  });

  it('within a round, neighbouring pairs alternate too (the floor is not always gathered right after a page)', () => {
    expect(pairSchedule(['a', 'b', 'c'], 1).map((slot) => slot.floorFirst)).toEqual([false, true, false]);
  });
});

describe("issue 35: both gathers of a pair are audited at one multiplier, from the mean of the pair's indexes", () => {
  it('the multiplier of the mean of the two benchmark indexes, not of either one', () => {
    // The run the issue names: the floor's host at ×1.7-2.6, the page's at ×4.4-6.3; the pair gets one figure between.
    expect(pairMultiplier([1000, 2000])).toBe(cpuMultiplier(1500));
    expect(pairMultiplier([2000, 1000])).toBe(cpuMultiplier(1500));
    expect(pairMultiplier([1533, 1533])).toBe(4);
    expect(pairMultiplier([1000, 2000])).not.toBe(cpuMultiplier(1000));
    expect(pairMultiplier([1000, 2000])).not.toBe(cpuMultiplier(2000));
  });

  it('refuses a pair without a usable index: it cannot be calibrated', () => {
    expect(() => pairMultiplier([])).toThrow(/benchmarkIndex/);
    expect(() => pairMultiplier([1500, 0])).toThrow(/benchmarkIndex/);
    expect(() => pairMultiplier([1500, Number.NaN])).toThrow(/benchmarkIndex/);
  });
});

describe('issue 35: the budgets hold on the medians of the paired differences (page − floor)', () => {
  it('performance: the median difference must be ≥ −0.05', () => {
    const pairs = [pair(1, [0.9, 300], [0.93, 250]), pair(2, [0.8, 600], [0.9, 400]), pair(3, [0.97, 120], [0.99, 100])];
    const verdict = pairedVerdict(pairs, RULES);
    // differences −0.03, −0.10, −0.02: median −0.03
    expect(verdict.performanceDifference).toBe(-0.03);
    expect(verdict.performanceLimit).toBe(-0.05);
    expect(verdict.performancePass).toBe(true);
    expect(pairedVerdict([pair(1, [0.85, 300], [0.93, 250]), pair(2, [0.8, 600], [0.9, 400]), pair(3, [0.97, 120], [0.99, 100])], RULES).performancePass).toBe(false);
  });

  it('a difference of exactly −0.05 holds (compared as shown, no −0.0500000001)', () => {
    const verdict = pairedVerdict([pair(1, [0.9, 100], [0.95, 100])], RULES);
    expect(verdict.performanceDifference).toBe(-0.05);
    expect(verdict.performancePass).toBe(true);
  });

  it("TBT: the median difference must be ≤ 0.5 × the median of the pairs' floor TBT (the old 1.5 × the floor's)", () => {
    // differences 150, 100, 20: median 100; floors 250, 400, 100: median 250, limit 125
    const pairs = [pair(1, [0.9, 400], [0.93, 250]), pair(2, [0.8, 500], [0.9, 400]), pair(3, [0.97, 120], [0.99, 100])];
    const verdict = pairedVerdict(pairs, RULES);
    expect(verdict.tbtDifference).toBe(100);
    expect(verdict.floorTbt).toBe(250);
    expect(verdict.tbtLimit).toBe(125);
    expect(verdict.tbtPass).toBe(true);
    const worse = pairedVerdict([pair(1, [0.9, 400], [0.93, 250]), pair(2, [0.8, 600], [0.9, 400]), pair(3, [0.97, 300], [0.99, 100])], RULES);
    expect(worse.tbtDifference).toBe(200); // differences 150, 200, 200
    expect(worse.tbtPass).toBe(false);
  });

  it('a page at exactly 1.5 × its floor in every pair sits on the limit and holds', () => {
    const verdict = pairedVerdict([pair(1, [0.9, 300], [0.95, 200]), pair(2, [0.9, 600], [0.95, 400]), pair(3, [0.9, 150], [0.95, 100])], RULES);
    expect(verdict.tbtDifference).toBe(100);
    expect(verdict.tbtLimit).toBe(100);
    expect(verdict.tbtPass).toBe(true);
  });

  it("the verdict follows the pairs, not the host: a page that costs the same beside its floor passes whether the host was fast or slow", () => {
    // The same code on a fast host (low multipliers, small TBT) and a slow one (everything ×3).
    const fast = [pair(1, [0.95, 150], [0.97, 110], 2), pair(2, [0.96, 130], [0.98, 100], 2.2), pair(3, [0.94, 170], [0.97, 120], 1.8)];
    const slow = fast.map((p) => ({ ...p, multiplier: p.multiplier * 3, page: { ...p.page, tbt: p.page.tbt! * 3 }, floor: { ...p.floor, tbt: p.floor.tbt! * 3 } }));
    expect(pairedVerdict(fast, RULES).tbtPass).toBe(true);
    expect(pairedVerdict(slow, RULES).tbtPass).toBe(true);
  });

  it('the median, not the worst pair: one pair at a stalled moment is outvoted', () => {
    const verdict = pairedVerdict([pair(1, [0.9, 200], [0.93, 180]), pair(2, [0.55, 2400], [0.93, 190]), pair(3, [0.91, 210], [0.94, 170])], RULES);
    expect(verdict.tbtDifference).toBe(40);
    expect(verdict.performanceDifference).toBe(-0.03);
    expect(verdict.tbtPass).toBe(true);
    expect(verdict.performancePass).toBe(true);
  });

  it('an even number of pairs takes the mean of the middle two differences', () => {
    const verdict = pairedVerdict([pair(1, [0.9, 300], [0.9, 200]), pair(2, [0.9, 400], [0.9, 200])], RULES);
    expect(verdict.tbtDifference).toBe(150);
  });

  it('a pair without a figure leaves the verdict unknown: never a pass', () => {
    const broken: Pair = { ...pair(2, [0.9, 300], [0.9, 200]), floor: figures(null, null, null) };
    const verdict = pairedVerdict([pair(1, [0.9, 300], [0.9, 200]), broken], RULES);
    expect(verdict.performancePass).toBeNull();
    expect(verdict.tbtPass).toBeNull();
    expect(verdict.tbtLimit).toBeNull();
    expect(pairedVerdict([], RULES).performancePass).toBeNull();
  });

  it('the LCP difference is reported (median), with no budget of its own', () => {
    const verdict = pairedVerdict([pair(1, [0.9, 300], [0.9, 200]), pair(2, [0.9, 300], [0.9, 200])], RULES);
    expect(verdict.lcpDifference).toBe(500);
  });
});

describe("issue 35: the report shows each pair's multiplier and its differences", () => {
  it('reads the figures from a report', () => {
    const lhr: LhrLike = {
      categories: { performance: { score: 0.91, auditRefs: [] } },
      audits: {
        'total-blocking-time': { id: 'total-blocking-time', score: 0.5, numericValue: 240.4 },
        'largest-contentful-paint': { id: 'largest-contentful-paint', score: 0.5, numericValue: 2100 },
      },
      environment: { benchmarkIndex: 1620.2 },
    };
    expect(gatherFigures(lhr)).toEqual({ benchmarkIndex: 1620.2, performance: 0.91, tbt: 240.4, lcp: 2100 });
    expect(gatherFigures({ categories: {}, audits: {} })).toEqual({ benchmarkIndex: null, performance: null, tbt: null, lcp: null });
  });

  it('one line per pair: order, multiplier and the indexes it came from, both sides, the differences', () => {
    const p: Pair = { run: 2, floorFirst: true, multiplier: 4.21, remakes: 0, page: figures(0.88, 310.4, 2210, 1610), floor: figures(0.93, 200, 1700, 1570) };
    expect(pairDifference(p)).toEqual({ performance: -0.05, tbt: 310.4 - 200, lcp: 510 });
    expect(pairLines([p])).toEqual([
      'pair 2 (floor first): CPU 4.21× from the indexes floor 1570, page 1610; page 0.88 / 310 ms / 2210 ms, floor 0.93 / 200 ms / 1700 ms; page − floor: performance −0.05, TBT +110 ms, LCP +510 ms',
    ]);
  });
});

describe('issue 35: a lopsided pair (its two benchmark indexes more than 25% apart)', () => {
  /** A pair whose gathers measured `pageIndex` and `floorIndex`, with the page `tbt` ms of TBT over a 200 ms floor. */
  const measured = (run: number, pageIndex: number, floorIndex: number, tbt: number, remakes = 0): Pair => ({
    run,
    floorFirst: false,
    multiplier: pairMultiplier([pageIndex, floorIndex]),
    remakes,
    page: figures(0.9, 200 + tbt, 2000, pageIndex),
    floor: figures(0.92, 200, 1800, floorIndex),
  });

  it('is the larger index over the smaller, in either order, above 1.25', () => {
    expect(LOPSIDED_RATIO).toBe(1.25);
    expect(indexRatio([1000, 1250])).toBe(1.25);
    expect(indexRatio([1250, 1000])).toBe(1.25);
    expect(isLopsided([1000, 1250])).toBe(false); // exactly 25% apart: still even
    expect(isLopsided([1250, 1000])).toBe(false);
    expect(isLopsided([1000, 1251])).toBe(true);
    expect(isLopsided([1251, 1000])).toBe(true);
    // The worst pair: floor 175, page 867.
    expect(indexRatio([867, 175])).toBeCloseTo(4.95, 2);
    expect(isLopsided([867, 175])).toBe(true);
    expect(isLopsided([1500])).toBe(false);
  });

  it('refuses indexes that cannot be compared', () => {
    expect(() => indexRatio([])).toThrow(/benchmarkIndex/);
    expect(() => isLopsided([1500, 0])).toThrow(/benchmarkIndex/);
    expect(() => isLopsided([1500, Number.NaN])).toThrow(/benchmarkIndex/);
  });

  it('is made again, at most 3 more times; then it is kept', () => {
    expect(MAX_LOPSIDED_REMAKES).toBe(3);
    expect([0, 1, 2, 3, 4].map((remakes) => remakeLopsided([800, 1600], remakes))).toEqual([true, true, true, false, false]);
    expect(remakeLopsided([1500, 1300], 0)).toBe(false); // even: kept at once
  });

  it("is read from a kept pair's two figures; a pair without both indexes cannot be told and counts as even", () => {
    expect(isLopsidedPair(measured(1, 1600, 1000, 0))).toBe(true);
    expect(isLopsidedPair(measured(1, 1000, 1200, 0))).toBe(false);
    expect(pairIndexRatio(measured(1, 1000, 1600, 0))).toBe(1.6);
    const unknown: Pair = { ...measured(1, 1600, 1000, 0), floor: figures(0.9, 200, 1800, null) };
    expect(pairIndexRatio(unknown)).toBeNull();
    expect(isLopsidedPair(unknown)).toBe(false);
  });

  it(`the verdict leaves lopsided pairs out when at least ${MIN_EVEN_PAIRS} even ones are left`, () => {
    // Five pairs: three even ones at +50 ms, two lopsided ones at +900 ms (the page met a slow host).
    const pairs = [measured(1, 1500, 1450, 50), measured(2, 800, 1600, 900, 3), measured(3, 1400, 1500, 50), measured(4, 1550, 1500, 50), measured(5, 700, 1500, 900, 3)];
    expect(verdictPairs(pairs)).toEqual({ used: [pairs[0], pairs[2], pairs[3]], lopsided: 2, leftOut: true });
    const verdict = pairedVerdict(pairs, RULES);
    expect(verdict.pairs).toBe(3);
    expect(verdict.lopsided).toBe(2);
    expect(verdict.lopsidedLeftOut).toBe(true);
    expect(verdict.tbtDifference).toBe(50);
    expect(verdict.tbtPass).toBe(true);
    expect(verdictPairsLabel(verdict)).toBe('median of 3 pairs, 2 lopsided left out');
  });

  it('with fewer than 3 even pairs left, it keeps every pair, lopsided ones included, and says so', () => {
    const pairs = [measured(1, 1500, 1450, 50), measured(2, 800, 1600, 900, 3), measured(3, 700, 1500, 900, 3)];
    expect(verdictPairs(pairs)).toEqual({ used: pairs, lopsided: 2, leftOut: false });
    const verdict = pairedVerdict(pairs, RULES);
    expect(verdict.pairs).toBe(3);
    expect(verdict.lopsidedLeftOut).toBe(false);
    expect(verdict.tbtDifference).toBe(900);
    expect(verdict.tbtPass).toBe(false);
    expect(verdictPairsLabel(verdict)).toBe('median of 3 pairs, 2 of them lopsided (fewer than 3 even)');
  });

  it('the floor TBT the limit is based on comes from the pairs used, not the lopsided ones', () => {
    const slowFloor: Pair = { ...measured(2, 1500, 700, 0, 3), floor: figures(0.7, 2000, 3000, 700), page: figures(0.7, 2000, 3000, 1500) };
    const verdict = pairedVerdict([measured(1, 1500, 1450, 50), slowFloor, measured(3, 1400, 1500, 50), measured(4, 1550, 1500, 50)], RULES);
    expect(verdict.floorTbt).toBe(200);
    expect(verdict.tbtLimit).toBe(100);
  });

  it('no lopsided pair: every pair is used and the label is the plain one', () => {
    const pairs = [measured(1, 1500, 1450, 50), measured(2, 1500, 1300, 60, 1), measured(3, 1400, 1500, 70)];
    const verdict = pairedVerdict(pairs, RULES);
    expect(verdict.pairs).toBe(3);
    expect(verdict.lopsided).toBe(0);
    expect(verdictPairsLabel(verdict)).toBe('median of 3 pairs');
    expect(verdictPairsLabel({ pairs: 1, lopsided: 0, lopsidedLeftOut: false })).toBe('median of 1 pair');
  });

  it("a pair's line says it was made again, or that it is still lopsided", () => {
    const [remade, still, never] = pairLines([measured(1, 1500, 1300, 60, 2), measured(2, 800, 1600, 900, 3), measured(3, 1500, 1450, 50)]);
    expect(remade).toMatch(/^pair 1 \(page first, made again 2× as lopsided\): CPU /);
    expect(still).toMatch(/^pair 2 \(page first, LOPSIDED: indexes 2\.00× apart, still after 3 remakes\): CPU /);
    expect(never).toMatch(/^pair 3 \(page first\): CPU /);
  });
});
