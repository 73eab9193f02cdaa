/** @jest-environment node */
import { cpuMultiplier } from '../../scripts/bench/calibration';
import type { LhrLike } from '../../scripts/bench/lighthouseResult';
import { gatherFigures, pairDifference, pairedVerdict, pairLines, pairMultiplier, pairSchedule, type GatherFigures, type Pair } from '../../scripts/bench/pairs';

const RULES = { performanceMargin: 0.05, tbtFactor: 1.5 };

const figures = (performance: number | null, tbt: number | null, lcp: number | null, benchmarkIndex: number | null = 1500): GatherFigures => ({ benchmarkIndex, performance, tbt, lcp });

/** A pair: the page's and the floor's performance / TBT, at `multiplier`. */
function pair(run: number, page: [number, number], floor: [number, number], multiplier = 4): Pair {
  return { run, floorFirst: run % 2 === 0, multiplier, page: figures(page[0], page[1], 2000), floor: figures(floor[0], floor[1], 1500) };
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
    const p: Pair = { run: 2, floorFirst: true, multiplier: 4.21, page: figures(0.88, 310.4, 2210, 1610), floor: figures(0.93, 200, 1700, 1570) };
    expect(pairDifference(p)).toEqual({ performance: -0.05, tbt: 310.4 - 200, lcp: 510 });
    expect(pairLines([p])).toEqual([
      'pair 2 (floor first): CPU 4.21× from the indexes floor 1570, page 1610; page 0.88 / 310 ms / 2210 ms, floor 0.93 / 200 ms / 1700 ms; page − floor: performance −0.05, TBT +110 ms, LCP +510 ms',
    ]);
  });
});
