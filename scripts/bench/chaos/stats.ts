import { quantile } from '../publishing';
import type { Window } from './schedule';

/**
 * The chaos bench's numbers: every visitor request, cut by fault window and by 5-s bucket. Pure.
 * Times are milliseconds from the start of the run.
 */

export interface VisitorRecord {
  /** When the request was sent (its answer's time minus its latency; a timeout's, minus the timeout). */
  start: number;
  /** HTTP status, or 0 for no answer (connection refused or reset, timeout). */
  status: number;
  latencyMs: number;
  timeout: boolean;
}

export interface LoadSummary {
  requests: number;
  /** Answers 500–599. */
  status5xx: number;
  timeouts: number;
  /** No answer and no timeout: connection refused, reset. */
  connectionErrors: number;
  /** 5xx + timeouts + connection errors: what the budget counts. */
  errors: number;
  /** Latency of the answered requests, ms (null when none). */
  p50: number | null;
  p99: number | null;
}

export function summarize(records: readonly VisitorRecord[]): LoadSummary {
  let status5xx = 0;
  let timeouts = 0;
  let connectionErrors = 0;
  const latencies: number[] = [];
  for (const r of records) {
    if (r.timeout) timeouts++;
    else if (r.status === 0) connectionErrors++;
    else {
      if (r.status >= 500) status5xx++;
      latencies.push(r.latencyMs);
    }
  }
  return {
    requests: records.length,
    status5xx,
    timeouts,
    connectionErrors,
    errors: status5xx + timeouts + connectionErrors,
    p50: latencies.length ? quantile(latencies, 0.5) : null,
    p99: latencies.length ? quantile(latencies, 0.99) : null,
  };
}

/** The window a moment falls in (windows are back to back; end exclusive), or null. */
export function windowAt<W extends Pick<Window, 'start' | 'end'>>(windows: readonly W[], at: number): W | null {
  return windows.find((w) => at >= w.start && at < w.end) ?? null;
}

/** Each window's requests (by the time each was sent), in the windows' order. */
export function cutByWindow<W extends Pick<Window, 'start' | 'end'>>(records: readonly VisitorRecord[], windows: readonly W[]): { window: W; records: VisitorRecord[] }[] {
  const cut = windows.map((window) => ({ window, records: [] as VisitorRecord[] }));
  for (const record of records) {
    const index = windows.findIndex((w) => record.start >= w.start && record.start < w.end);
    if (index >= 0) cut[index].records.push(record);
  }
  return cut;
}

export interface Bucket extends LoadSummary {
  /** Start of the bucket, ms. */
  at: number;
}

/** The requests in buckets of `sizeMs` from 0 to `endMs` (every bucket present, empty ones too). */
export function buckets(records: readonly VisitorRecord[], endMs: number, sizeMs = 5000): Bucket[] {
  const count = Math.max(1, Math.ceil(endMs / sizeMs));
  const lists: VisitorRecord[][] = Array.from({ length: count }, () => []);
  for (const record of records) {
    const index = Math.floor(record.start / sizeMs);
    if (index >= 0 && index < count) lists[index].push(record);
  }
  return lists.map((list, i) => ({ at: i * sizeMs, ...summarize(list) }));
}

/** The median of the values of samples taken in [from, to), or null when there are none. */
export function medianBetween<S extends { at: number }>(samples: readonly S[], value: (s: S) => number | null, from: number, to: number): number | null {
  const values = samples.filter((s) => s.at >= from && s.at < to).map(value).filter((v): v is number => v !== null);
  return values.length ? quantile(values, 0.5) : null;
}
