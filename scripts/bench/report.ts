/**
 * The bench's one table: metrics, their budgets, and the table as plain text (terminal) and
 * Markdown (docs/performance.md). Pure: no I/O.
 */

export type Unit = 's' | 'ms' | 'req/s' | 'kB' | 'MB' | 'score' | 'ratio' | 'count' | 'req/page' | 'cls';

/** A budget: the value must be `<=`, `>=` or `==` the limit. */
export interface Budget {
  op: '<=' | '>=' | '==';
  limit: number;
}

export interface Metric {
  /** What was measured, e.g. `build: WordPress requests per generated page`. */
  name: string;
  /** null when the measurement failed (see `note`): that fails the bench. */
  value: number | null;
  unit: Unit;
  budget?: Budget;
  /** Shown beside the value (e.g. "median of 3", or why it failed). */
  note?: string;
  /**
   * The budget is an aim, not a gate (issue 19: "an absolute 0.90 or better on the median"): the
   * row shows "aim met" or "aim missed" and never fails the run, not even without a value (the
   * gated rows of the same measurement report that).
   */
  aim?: boolean;
}

export type Status = 'pass' | 'FAIL' | 'ERROR' | 'aim met' | 'aim missed' | '';

function withinBudget(value: number, unit: Unit, { op, limit }: Budget): boolean {
  // Compared at the precision the value is shown with, so a row never reads "0.95 ≥ 0.95 FAIL".
  const shown = roundForUnit(value, unit);
  if (op === '<=') return shown <= limit;
  if (op === '>=') return shown >= limit;
  return shown === limit;
}

/** pass/FAIL against the budget (aim met/aim missed for an aim); ERROR when there is no value; '' when there is no budget. */
export function checkMetric(metric: Metric): Status {
  if (metric.value === null || !Number.isFinite(metric.value)) return 'ERROR';
  if (!metric.budget) return '';
  const within = withinBudget(metric.value, metric.unit, metric.budget);
  if (metric.aim) return within ? 'aim met' : 'aim missed';
  return within ? 'pass' : 'FAIL';
}

/** Whether every metric is within budget and measured (aims are reported, never gate). */
export function allPass(metrics: readonly Metric[]): boolean {
  return metrics.every((metric) => {
    if (metric.aim) return true;
    const status = checkMetric(metric);
    return status === 'pass' || status === '';
  });
}

const DECIMALS: Record<Unit, number> = { s: 1, ms: 0, 'req/s': 0, kB: 1, MB: 1, score: 2, ratio: 2, count: 0, 'req/page': 2, cls: 3 };

function roundForUnit(value: number, unit: Unit): number {
  const factor = 10 ** DECIMALS[unit];
  return Math.round(value * factor) / factor;
}

/** A value with its unit, e.g. `172.4 kB`, `0.95`, `1,234 req/s`. */
export function formatValue(value: number | null, unit: Unit): string {
  if (value === null || !Number.isFinite(value)) return 'n/a';
  const text = roundForUnit(value, unit).toLocaleString('en-US', { minimumFractionDigits: DECIMALS[unit], maximumFractionDigits: DECIMALS[unit] });
  if (unit === 'score' || unit === 'ratio' || unit === 'count' || unit === 'cls') return text;
  return `${text} ${unit}`;
}

export function formatBudget(budget: Budget | undefined, unit: Unit, aim = false): string {
  if (!budget) return '';
  const op = budget.op === '<=' ? '≤' : budget.op === '>=' ? '≥' : '=';
  return `${aim ? 'aim ' : ''}${op} ${formatValue(budget.limit, unit)}`;
}

interface Row {
  metric: string;
  value: string;
  budget: string;
  result: string;
}

function rows(metrics: readonly Metric[]): Row[] {
  return metrics.map((metric) => ({
    metric: metric.name,
    value: metric.note ? `${formatValue(metric.value, metric.unit)} (${metric.note})` : formatValue(metric.value, metric.unit),
    budget: formatBudget(metric.budget, metric.unit, metric.aim),
    result: checkMetric(metric),
  }));
}

const HEADERS: Row = { metric: 'Metric', value: 'Value', budget: 'Budget', result: 'Result' };
const COLUMNS = ['metric', 'value', 'budget', 'result'] as const;

/** The table for a terminal: aligned columns separated by two spaces, a rule under the header. */
export function formatTextTable(metrics: readonly Metric[]): string {
  const all = [HEADERS, ...rows(metrics)];
  const widths = COLUMNS.map((column) => Math.max(...all.map((row) => row[column].length)));
  const line = (row: Row) =>
    COLUMNS.map((column, i) => row[column].padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(HEADERS), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|');

/** The table in Markdown. */
export function formatMarkdownTable(metrics: readonly Metric[]): string {
  const line = (row: Row) => `| ${COLUMNS.map((column) => escapeCell(row[column])).join(' | ')} |`;
  return [line(HEADERS), '|---|---:|---|---|', ...rows(metrics).map(line)].join('\n');
}

export const RESULTS_START = '<!-- bench:results:start -->';
export const RESULTS_END = '<!-- bench:results:end -->';

/** Replaces what stands between the two result markers of `document` (markers kept). Throws when they are missing. */
export function replaceResultsSection(document: string, content: string): string {
  const start = document.indexOf(RESULTS_START);
  const end = document.indexOf(RESULTS_END);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`The document has no ${RESULTS_START} … ${RESULTS_END} section to write the results into`);
  }
  return `${document.slice(0, start + RESULTS_START.length)}\n${content.trim()}\n${document.slice(end)}`;
}

/** The median of a non-empty list (the mean of the middle two for an even length). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
