/** @jest-environment node */
import { buckets, cutByWindow, medianBetween, summarize, windowAt, type VisitorRecord } from '../../../scripts/bench/chaos/stats';
import type { Window } from '../../../scripts/bench/chaos/schedule';

const ok = (start: number, latencyMs: number, status = 200): VisitorRecord => ({ start, status, latencyMs, timeout: false });
const timeout = (start: number): VisitorRecord => ({ start, status: 0, latencyMs: 10_000, timeout: true });
const refused = (start: number): VisitorRecord => ({ start, status: 0, latencyMs: 0, timeout: false });

const windows: Window[] = [
  { kind: 'warmup', name: 'warmup', start: 0, end: 1000 },
  { kind: 'redis-stop', name: 'redis-stop', start: 1000, end: 2000 },
  { kind: 'tail', name: 'tail', start: 2000, end: 3000 },
];

describe('chaos bench numbers (issue 35)', () => {
  it('counts 5xx, timeouts and refused connections as errors, and takes percentiles of the answered requests only', () => {
    const latencies = Array.from({ length: 100 }, (_, i) => ok(i, i + 1));
    const s = summarize([...latencies, ok(0, 5000, 503), timeout(0), refused(0), ok(0, 7, 404)]);
    expect(s).toMatchObject({ requests: 104, status5xx: 1, timeouts: 1, connectionErrors: 1, errors: 3 });
    // 102 answered latencies: 1..100, 5000 (the 503) and 7 (the 404): nearest rank.
    expect(s.p50).toBe(50);
    expect(s.p99).toBe(100);
    expect(summarize([])).toMatchObject({ requests: 0, errors: 0, p50: null, p99: null });
  });

  it('cuts requests by the window they were sent in (end exclusive), dropping those outside every window', () => {
    const cut = cutByWindow([ok(0, 1), ok(999, 1), ok(1000, 1), timeout(1999), ok(2500, 1), ok(3000, 1), ok(-5, 1)], windows);
    expect(cut.map((c) => c.records.length)).toEqual([2, 2, 1]);
    expect(windowAt(windows, 1000)?.name).toBe('redis-stop');
    expect(windowAt(windows, 3000)).toBeNull();
  });

  it('puts requests in 5-s buckets, empty ones included', () => {
    const b = buckets([ok(100, 10), ok(4999, 20), refused(5000), ok(12_000, 30)], 15_000);
    expect(b.map((x) => [x.at, x.requests, x.errors])).toEqual([
      [0, 2, 0],
      [5000, 1, 1],
      [10_000, 1, 0],
    ]);
  });

  it('takes the median of the samples of a time window, skipping missing values', () => {
    const samples = [
      { at: 0, v: 100 },
      { at: 5000, v: null },
      { at: 10_000, v: 120 },
      { at: 15_000, v: 110 },
      { at: 20_000, v: 500 },
    ];
    expect(medianBetween(samples, (s) => s.v, 0, 20_000)).toBe(110);
    expect(medianBetween(samples, (s) => s.v, 4000, 6000)).toBeNull();
  });
});
