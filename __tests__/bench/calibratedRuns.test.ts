/** @jest-environment node */
import {
  benchmarkIndexFromArtifacts,
  threadTimeMetric,
  medianOrNull,
  runLines,
  summarizeRuns,
  withCpuMultiplier,
  type LhrLike,
} from '../../scripts/bench/lighthouseResult';

/** A calibrated run's report: its scores, TBT and LCP, the host's index and the multiplier it was audited with. */
function run(performance: number, tbt: number, lcp: number, benchmarkIndex: number, multiplier: number): LhrLike {
  return {
    categories: { performance: { score: performance, auditRefs: [] }, accessibility: { score: 1, auditRefs: [] }, 'best-practices': { score: 1, auditRefs: [] }, seo: { score: 1, auditRefs: [] } },
    audits: {
      'total-blocking-time': { id: 'total-blocking-time', score: 0.5, numericValue: tbt },
      'largest-contentful-paint': { id: 'largest-contentful-paint', score: 0.5, numericValue: lcp },
      'cumulative-layout-shift': { id: 'cumulative-layout-shift', score: 1, numericValue: 0 },
    },
    environment: { benchmarkIndex },
    configSettings: { throttlingMethod: 'simulate', throttling: { cpuSlowdownMultiplier: multiplier } },
  };
}

describe('issue 19: the budgets hold on the medians of the calibrated runs', () => {
  it('a page is summarised by the median of its runs, performance and TBT alike, not by its best or worst run', () => {
    const summary = summarizeRuns([run(0.9, 200, 2000, 2000, 6), run(0.6, 1500, 4000, 900, 1.73), run(0.8, 400, 2500, 1600, 4.29)]);
    expect(summary.scores.performance).toBe(0.8);
    expect(summary.medianTbt).toBe(400);
    expect(summary.medianLcp).toBe(2500);
  });

  it('an even number of runs takes the mean of the middle two', () => {
    expect(medianOrNull([300, 100])).toBe(200);
  });

  it('a run without a value leaves the median unknown: a failed run is never a pass', () => {
    expect(medianOrNull([300, null, 100])).toBeNull();
    expect(medianOrNull([])).toBeNull();
  });

  it("each run's benchmarkIndex and the multiplier its report was audited with are reported, with its score, TBT and LCP", () => {
    const summary = summarizeRuns([run(0.72, 1286, 3100.4, 2310.6, 7.33)]);
    expect(summary.multiplierPerRun).toEqual([7.33]);
    expect(runLines(summary)).toEqual(['run 1: benchmarkIndex 2311, CPU 7.33×, performance 0.72, TBT 1286 ms, LCP 3100 ms']);
  });

  it("each run's TBT in thread time (the bench's diagnostic) is reported beside its TBT, and its median is a row with no budget", () => {
    const withThreadTime = (lhr: LhrLike, threadTimeTbt: number | null): LhrLike => ({ ...lhr, bench: { threadTimeTbt } });
    const summary = summarizeRuns([
      withThreadTime(run(0.86, 488, 2300, 2900, 9.85), 182),
      withThreadTime(run(0.9, 349, 2313, 2741, 9.17), 162),
      withThreadTime(run(0.93, 265, 2156, 2888, 9.8), 159),
    ]);
    expect(summary.threadTimeTbtPerRun).toEqual([182, 162, 159]);
    expect(summary.medianThreadTimeTbt).toBe(162);
    expect(runLines(summary)[0]).toBe('run 1: benchmarkIndex 2900, CPU 9.85×, performance 0.86, TBT 488 ms (in thread time 182 ms), LCP 2300 ms');
    const metric = threadTimeMetric('lighthouse: home', summary);
    expect(metric).toMatchObject({ name: 'lighthouse: home, TBT in thread time (median of 3)', value: 162, unit: 'ms' });
    expect(metric.budget).toBeUndefined();
    // A run whose figure could not be computed leaves the median unknown, as a failed run does.
    expect(summarizeRuns([withThreadTime(run(0.9, 300, 2000, 2000, 6), null), withThreadTime(run(0.9, 300, 2000, 2000, 6), 120)]).medianThreadTimeTbt).toBeNull();
  });
});

describe('issue 19: each run is calibrated from the artifacts it gathered', () => {
  it("reads the BenchmarkIndex Lighthouse saved with the run's artifacts (-G)", () => {
    expect(benchmarkIndexFromArtifacts({ BenchmarkIndex: 1826.5, settings: {} })).toBe(1826.5);
  });

  it('refuses artifacts without a usable BenchmarkIndex: such a run cannot be calibrated', () => {
    expect(() => benchmarkIndexFromArtifacts({})).toThrow(/BenchmarkIndex/);
    expect(() => benchmarkIndexFromArtifacts({ BenchmarkIndex: 0 })).toThrow(/BenchmarkIndex/);
    expect(() => benchmarkIndexFromArtifacts({ BenchmarkIndex: '1500' })).toThrow(/BenchmarkIndex/);
    expect(() => benchmarkIndexFromArtifacts(null)).toThrow(/BenchmarkIndex/);
  });

  it("records the calibrated multiplier in the saved settings, the rest of the throttling untouched (audit mode refuses settings that differ from the gather's)", () => {
    const artifacts = { BenchmarkIndex: 2000, settings: { formFactor: 'mobile', throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4 } } };
    const calibrated = withCpuMultiplier(artifacts, 6);
    expect(calibrated.settings.throttling).toEqual({ rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 6 });
    expect(calibrated.settings.formFactor).toBe('mobile');
    expect(artifacts.settings.throttling.cpuSlowdownMultiplier).toBe(4);
    expect(() => withCpuMultiplier({}, 6)).toThrow(/settings/);
  });
});
