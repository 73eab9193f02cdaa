/** @jest-environment node */
import { failingAudits, highest, lowest, medianPerformance, medianRun, runLines, shiftedElements, summarizeRuns, type LhrLike } from '../../scripts/bench/lighthouseResult';
import { phoneImageShare } from '../../scripts/bench/phoneImages';

function report(performance: number, cls: number, extra: Partial<LhrLike['audits']> = {}): LhrLike {
  return {
    categories: {
      performance: {
        score: performance,
        auditRefs: [
          { id: 'largest-contentful-paint', weight: 25 },
          { id: 'total-blocking-time', weight: 30 },
          { id: 'cumulative-layout-shift', weight: 25 },
          { id: 'unused-javascript', weight: 0 },
          { id: 'diagnostics', weight: 0 },
        ],
      },
      accessibility: { score: 0.96, auditRefs: [{ id: 'color-contrast', weight: 7 }, { id: 'label', weight: 7 }, { id: 'skip-link', weight: 3 }] },
      'best-practices': { score: 1, auditRefs: [{ id: 'errors-in-console', weight: 1 }] },
      seo: { score: 1, auditRefs: [] },
    },
    audits: {
      'largest-contentful-paint': { id: 'largest-contentful-paint', score: 0.8, scoreDisplayMode: 'numeric' },
      'total-blocking-time': { id: 'total-blocking-time', score: 0.4, scoreDisplayMode: 'numeric' },
      'cumulative-layout-shift': { id: 'cumulative-layout-shift', score: cls === 0 ? 1 : 0.9, scoreDisplayMode: 'numeric', numericValue: cls },
      'unused-javascript': { id: 'unused-javascript', score: 0, scoreDisplayMode: 'metricSavings' },
      diagnostics: { id: 'diagnostics', score: null, scoreDisplayMode: 'informative' },
      'color-contrast': { id: 'color-contrast', score: 0, scoreDisplayMode: 'binary' },
      label: { id: 'label', score: 1, scoreDisplayMode: 'binary' },
      'skip-link': { id: 'skip-link', score: null, scoreDisplayMode: 'notApplicable' },
      'errors-in-console': { id: 'errors-in-console', score: 1, scoreDisplayMode: 'binary' },
      ...extra,
    } as LhrLike['audits'],
  };
}

describe('Lighthouse results', () => {
  it('lists the audits of a category that did not pass, weightiest first, with their scores', () => {
    expect(failingAudits(report(0.8, 0), 'performance')).toEqual(['total-blocking-time (0.40)', 'largest-contentful-paint (0.80)', 'unused-javascript (0.00)']);
    expect(failingAudits(report(0.8, 0), 'accessibility')).toEqual(['color-contrast (0.00)']);
    expect(failingAudits(report(0.8, 0), 'seo')).toEqual([]);
    expect(failingAudits({ categories: {}, audits: {} }, 'seo')).toEqual([]);
  });

  it('takes the median performance and that run’s other scores; CLS is the largest of all runs', () => {
    const runs = [report(0.9, 0), report(0.7, 0.02), report(0.8, 0)];
    expect(medianPerformance(runs)).toBe(0.8);
    expect(medianRun(runs)).toBe(runs[2]);
    const summary = summarizeRuns(runs);
    expect(summary.runs).toBe(3);
    expect(summary.scores).toEqual({ performance: 0.8, accessibility: 0.96, 'best-practices': 1, seo: 1 });
    expect(summary.cls).toBe(0.02);
    expect(summary.clsPerRun).toEqual([0, 0.02, 0]);
    expect(summary.medianIndex).toBe(2);
    expect(summary.failing.accessibility).toEqual(['color-contrast (0.00)']);
  });

  it('a single run is its own median; no runs is an error', () => {
    const one = report(0.93, 0);
    expect(summarizeRuns([one]).scores.performance).toBe(0.93);
    expect(summarizeRuns([one]).cls).toBe(0);
    expect(() => summarizeRuns([])).toThrow('no Lighthouse runs');
    expect(medianPerformance([])).toBeNull();
  });

  it('names the elements that shifted, from the layout-shifts audit of every run', () => {
    const shifting = report(0.9, 0.004, {
      'layout-shifts': {
        id: 'layout-shifts',
        score: null,
        details: { items: [{ node: { selector: 'body > main > h1', nodeLabel: 'Title' }, score: 0.0041 }, { node: { nodeLabel: 'Banner' } }] },
      },
    });
    expect(shiftedElements(shifting)).toEqual(['body > main > h1 (0.004)', 'Banner']);
    expect(shiftedElements(report(0.9, 0))).toEqual([]);
    expect(summarizeRuns([report(0.9, 0), shifting, shifting]).shifted).toEqual(['body > main > h1 (0.004)', 'Banner']);
  });
});

describe('issue 13: budgets that hold on every run', () => {
  const withRun = (performance: number, lcp: number, tbt: number, benchmarkIndex: number): LhrLike => {
    const lhr = report(performance, 0);
    lhr.audits['largest-contentful-paint'] = { ...lhr.audits['largest-contentful-paint'], numericValue: lcp };
    lhr.audits['total-blocking-time'] = { ...lhr.audits['total-blocking-time'], numericValue: tbt };
    return { ...lhr, environment: { benchmarkIndex } };
  };

  it('every run is listed with its benchmarkIndex, its CPU multiplier, performance, TBT and LCP; the slowest LCP is kept for the large-photo budget', () => {
    const summary = summarizeRuns([withRun(0.99, 1200, 20, 1500), withRun(0.93, 2600, 310, 640), withRun(0.98, 1300, 40, 1400)]);
    expect(summary.scores.performance).toBe(0.98);
    expect(summary.performancePerRun).toEqual([0.99, 0.93, 0.98]);
    expect(highest(summary.lcpPerRun)).toBe(2600);
    expect(runLines(summary)[1]).toBe('run 2: benchmarkIndex 640, CPU n/a, performance 0.93, TBT 310 ms, LCP 2600 ms');
  });

  it('a run without a score or a value makes the lowest and highest unknown (a failed run is no pass)', () => {
    expect(lowest([0.99, null])).toBeNull();
    expect(highest([1200, null])).toBeNull();
    expect(lowest([])).toBeNull();
  });

  it("the phone image share is the page's image bytes over the main image's original bytes", () => {
    expect(phoneImageShare({ images: [], totalBytes: 80_000, withoutSrcsetBytes: 520_000, mainOriginalBytes: 500_000 })).toBe(0.16);
    expect(phoneImageShare({ images: [], totalBytes: 80_000, withoutSrcsetBytes: 80_000, mainOriginalBytes: null })).toBeNull();
  });
});
