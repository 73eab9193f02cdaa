import { liveHeap, parseFullGcs } from '../../../scripts/bench/chaos/gcTrace';
import { parseCpuTicks, parseHostTicks } from '../../../scripts/bench/chaos/monitor';

// Lines as Node 22's `--trace-gc` prints them (a scavenge, a full collection, the memory reducer's).
const LOG = [
  '[41:0x6b1e000]     1200 ms: Scavenge 40.1 (52.3) -> 38.9 (53.1) MB, pooled: 0 MB, 1.20 / 0.00 ms  (average mu = 1.000, current mu = 1.000) allocation failure;',
  '[41:0x6b1e000]     5000 ms: Mark-Compact 245.3 (260.1) -> 120.5 (250.2) MB, pooled: 0 MB, 23.45 / 0.00 ms  (+ 12.3 ms in 34 steps since start of marking) (average mu = 0.95, current mu = 0.9) finalize incremental marking via task; GC in old space requested',
  'ready on 127.0.0.1:4710',
  '[41:0x6b1e000]    90000 ms: Mark-Compact (reduce) 180.0 (200.0) -> 118.2 (150.0) MB, pooled: 0 MB, 9.1 / 0.00 ms  (average mu = 0.97, current mu = 0.96) memory reducer',
].join('\n');

describe('the chaos bench reads the live heap from --trace-gc (docs/reliability.md §6)', () => {
  it('keeps only the full collections, placed on the bench clock from the spawn', () => {
    expect(parseFullGcs(LOG, -20_000)).toEqual([
      { at: -15_000, beforeMb: 245.3, afterMb: 120.5 },
      { at: 70_000, beforeMb: 180, afterMb: 118.2 },
    ]);
  });

  it('summarizes a life from its warm-up on: first, highest and last heap after a full collection', () => {
    const gcs = [
      { at: 10, beforeMb: 300, afterMb: 90 },
      { at: 100, beforeMb: 250, afterMb: 120 },
      { at: 200, beforeMb: 260, afterMb: 130 },
      { at: 300, beforeMb: 240, afterMb: 125 },
    ];
    expect(liveHeap('A', gcs, 50)).toEqual({ life: 'A', fullGcs: 3, first: 120, highest: 130, last: 125, peakBefore: 260 });
    expect(liveHeap('B', gcs, 1_000)).toEqual({ life: 'B', fullGcs: 0, first: null, highest: null, last: null, peakBefore: null });
  });
});

describe('the chaos bench reads CPU from /proc (its resources table)', () => {
  it("reads a process's user + system ticks past a command name with spaces and parentheses", () => {
    const stat = '4242 (next-server (v16.0.1)) S 1 4242 4242 0 -1 4194560 9000 0 0 0 1234 567 0 0 20 0 11 0 100 0 0';
    expect(parseCpuTicks(stat)).toBe(1234 + 567);
    expect(parseCpuTicks('garbage')).toBeNull();
  });

  it("reads the machine's busy and total ticks (idle and iowait are not busy)", () => {
    expect(parseHostTicks('cpu  100 5 50 800 20 0 5 0 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\n')).toEqual({ busy: 160, total: 980 });
    expect(parseHostTicks('intr 1 2 3')).toBeNull();
  });
});
