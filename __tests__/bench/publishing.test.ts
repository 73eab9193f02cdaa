/** @jest-environment node */
import { quantile } from '../../scripts/bench/publishing';

describe('issue 10 §4: publish-to-live percentiles', () => {
  it('p95 of 10 edits is the slowest (nearest rank); the median comes from report.median', () => {
    const times = [900, 1200, 800, 1000, 950, 3000, 1100, 1050, 990, 1010];
    expect(quantile(times, 0.95)).toBe(3000);
    expect(quantile(times, 0.5)).toBe(1000);
    expect(quantile([5], 0.95)).toBe(5);
    expect(() => quantile([], 0.5)).toThrow('empty');
  });
});
