/**
 * The live heap of each instance (docs/reliability.md §6–7): the chaos bench starts `next start`
 * under `node --trace-gc`, and reads from its log the heap left after every full (mark-compact)
 * collection. RSS says how much memory the process holds; the heap after a full collection says
 * how much it still uses. A leak shows as that figure rising; V8 sizing its heap shows as RSS
 * rising while it stays flat. Pure, but for `readFullGcs`.
 */
import { readFileSync } from 'node:fs';

export interface FullGc {
  /** When it ended, ms from the bench's t0. */
  at: number;
  /** V8 heap before and after it, MB (the figures outside the parentheses). */
  beforeMb: number;
  afterMb: number;
}

// `[pid:0x…]   12345 ms: Mark-Compact (reduce) 245.3 (260.1) -> 120.5 (250.2) MB, …`
const FULL_GC = /\s(\d+) ms: Mark-Compact(?: \([a-z ]+\))? ([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/;

/** The full collections in `--trace-gc` output; `spawnedAt` (ms from t0) places V8's times (ms from the isolate's start). */
export function parseFullGcs(text: string, spawnedAt: number): FullGc[] {
  const out: FullGc[] = [];
  for (const line of text.split('\n')) {
    const m = FULL_GC.exec(line);
    if (m) out.push({ at: spawnedAt + Number(m[1]), beforeMb: Number(m[2]), afterMb: Number(m[3]) });
  }
  return out;
}

export function readFullGcs(logFile: string, spawnedAt: number): FullGc[] {
  try {
    return parseFullGcs(readFileSync(logFile, 'utf8'), spawnedAt);
  } catch {
    return [];
  }
}

/** One life of an instance (it is restarted after the kill): where its log is and when it was spawned. */
export interface Life {
  instance: string;
  log: string;
  spawnedAt: number;
}

export interface LiveHeap {
  life: string;
  fullGcs: number;
  /** Heap after the first full collection at or after `from`, the highest after any, and after the last; MB. */
  first: number | null;
  highest: number | null;
  last: number | null;
  /** Heap before a full collection, the highest: how far V8 let the heap grow. */
  peakBefore: number | null;
}

/** Per life, the live heap after `from` (the warm-up's end, or a restarted instance's own). */
export function liveHeap(name: string, gcs: readonly FullGc[], from: number): LiveHeap {
  const after = gcs.filter((g) => g.at >= from);
  const values = after.map((g) => g.afterMb);
  return {
    life: name,
    fullGcs: after.length,
    first: values[0] ?? null,
    highest: values.length ? Math.max(...values) : null,
    last: values.at(-1) ?? null,
    peakBefore: after.length ? Math.max(...after.map((g) => g.beforeMb)) : null,
  };
}
