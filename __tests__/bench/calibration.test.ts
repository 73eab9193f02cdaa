import { cpuMultiplier, MIN_MULTIPLIER } from '../../scripts/bench/calibration';

describe('issue 19: the CPU multiplier follows the run\'s benchmarkIndex (Lighthouse\'s calibration)', () => {
  it.each([
    [1300, 3],
    [1533, 4],
    [2000, 6],
    [2467, 8],
  ])('benchmarkIndex %i → about %i×', (index, expected) => {
    expect(cpuMultiplier(index)).toBeCloseTo(expected, 1);
  });

  it('adds about 1× for every 233 points', () => {
    expect(cpuMultiplier(2233) - cpuMultiplier(2000)).toBeCloseTo(1, 1);
  });

  it('never goes below 1× on a host slower than the device', () => {
    expect(cpuMultiplier(400)).toBe(MIN_MULTIPLIER);
  });

  it('refuses an index that is not a positive number', () => {
    expect(() => cpuMultiplier(Number.NaN)).toThrow(/benchmarkIndex/);
    expect(() => cpuMultiplier(0)).toThrow(/benchmarkIndex/);
  });
});
