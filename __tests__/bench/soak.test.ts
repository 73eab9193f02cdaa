/** @jest-environment node */
import { childPids, growthPercent, readRssKb, sampleRss, type RssSample } from '../../scripts/bench/soak';

/** Issue 35 §6: the soak sampler reads each pid's RSS over time; the budget is growth after warm-up. */
describe('the RSS sampler (scripts/bench/soak.ts)', () => {
  afterEach(() => jest.useRealTimers());

  it("reads a live process's VmRSS in kB, and null for a pid that does not exist", () => {
    expect(readRssKb(process.pid)).toBeGreaterThan(1000);
    expect(readRssKb(2 ** 22 + 1)).toBeNull();
    expect(childPids(2 ** 22 + 1)).toEqual([]);
  });

  it('samples now, every interval, and once more when stopped', () => {
    jest.useFakeTimers({ now: 0 });
    const sampler = sampleRss([process.pid, 2 ** 22 + 1], { intervalMs: 5000 });
    jest.advanceTimersByTime(15_000);
    expect(sampler.samples().map((s) => s.atMs)).toEqual([0, 5000, 10_000, 15_000]);
    jest.advanceTimersByTime(2000);
    const samples = sampler.stop();
    expect(samples.map((s) => s.atMs)).toEqual([0, 5000, 10_000, 15_000, 17_000]);
    expect(samples[0].rssKb[process.pid]).toBeGreaterThan(1000);
    expect(samples[0].rssKb[2 ** 22 + 1]).toBeNull();
    jest.advanceTimersByTime(10_000);
    expect(sampler.samples()).toHaveLength(5); // stopped
  });

  it('growth is the last sample over the first one after warm-up, in percent', () => {
    const at = (atMs: number, kb: number): RssSample => ({ atMs, rssKb: { 7: kb } });
    const samples = [at(0, 100), at(30_000, 300), at(60_000, 400), at(90_000, 410), at(120_000, 420)];
    expect(growthPercent(samples, 7, 60_000)).toBeCloseTo(5);
    expect(growthPercent(samples, 7, 0)).toBeCloseTo(320);
    expect(growthPercent(samples, 7, 120_000)).toBeNull(); // one sample: no growth to tell
  });
});
