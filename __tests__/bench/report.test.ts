/** @jest-environment node */
import {
  allPass,
  checkMetric,
  formatBudget,
  formatMarkdownTable,
  formatTextTable,
  formatValue,
  median,
  replaceResultsSection,
  RESULTS_END,
  RESULTS_START,
  type Metric,
} from '../../scripts/bench/report';

describe('bench report: budgets', () => {
  it('checks ≤, ≥ and = budgets', () => {
    expect(checkMetric({ name: 'a', value: 1.1, unit: 'req/page', budget: { op: '<=', limit: 1.1 } })).toBe('pass');
    expect(checkMetric({ name: 'a', value: 1.2, unit: 'req/page', budget: { op: '<=', limit: 1.1 } })).toBe('FAIL');
    expect(checkMetric({ name: 'a', value: 0.95, unit: 'score', budget: { op: '>=', limit: 0.95 } })).toBe('pass');
    expect(checkMetric({ name: 'a', value: 0.94, unit: 'score', budget: { op: '>=', limit: 0.95 } })).toBe('FAIL');
    expect(checkMetric({ name: 'a', value: 0, unit: 'cls', budget: { op: '==', limit: 0 } })).toBe('pass');
    expect(checkMetric({ name: 'a', value: 0.02, unit: 'cls', budget: { op: '==', limit: 0 } })).toBe('FAIL');
  });

  it('compares at the precision shown, so a value never reads as its limit and fails', () => {
    // 1.1049 is shown as 1.10 req/page: it passes ≤ 1.10; 1.106 is shown as 1.11 and fails.
    expect(checkMetric({ name: 'a', value: 1.1049, unit: 'req/page', budget: { op: '<=', limit: 1.1 } })).toBe('pass');
    expect(checkMetric({ name: 'a', value: 1.106, unit: 'req/page', budget: { op: '<=', limit: 1.1 } })).toBe('FAIL');
    // A CLS of 0.0004 is shown as 0.000 and passes "= 0"; 0.0006 is shown as 0.001 and fails.
    expect(checkMetric({ name: 'a', value: 0.0004, unit: 'cls', budget: { op: '==', limit: 0 } })).toBe('pass');
    expect(checkMetric({ name: 'a', value: 0.0006, unit: 'cls', budget: { op: '==', limit: 0 } })).toBe('FAIL');
  });

  it('a missing value is an ERROR and fails the run; a metric without budget never does', () => {
    const error: Metric = { name: 'a', value: null, unit: 'ms', note: 'timed out' };
    const unbudgeted: Metric = { name: 'b', value: 12, unit: 'ms' };
    expect(checkMetric(error)).toBe('ERROR');
    expect(checkMetric({ name: 'n', value: Number.NaN, unit: 'ms' })).toBe('ERROR');
    expect(checkMetric(unbudgeted)).toBe('');
    expect(allPass([unbudgeted])).toBe(true);
    expect(allPass([unbudgeted, error])).toBe(false);
    expect(allPass([unbudgeted, { name: 'c', value: 2, unit: 'count', budget: { op: '==', limit: 0 } }])).toBe(false);
    expect(allPass([])).toBe(true);
  });
});

describe('bench report: formatting', () => {
  it('formats values by unit', () => {
    expect(formatValue(172.44, 'kB')).toBe('172.4 kB');
    expect(formatValue(1234.4, 'req/s')).toBe('1,234 req/s');
    expect(formatValue(0.9, 'score')).toBe('0.90');
    expect(formatValue(3.314, 'ratio')).toBe('3.31');
    expect(formatValue(0.00012, 'cls')).toBe('0.000');
    expect(formatValue(2013, 'count')).toBe('2,013');
    expect(formatValue(61.04, 's')).toBe('61.0 s');
    expect(formatValue(null, 'ms')).toBe('n/a');
    expect(formatBudget({ op: '<=', limit: 130 }, 'kB')).toBe('≤ 130.0 kB');
    expect(formatBudget({ op: '>=', limit: 1 }, 'score')).toBe('≥ 1.00');
    expect(formatBudget(undefined, 'ms')).toBe('');
  });

  const metrics: Metric[] = [
    { name: 'build: requests per page', value: 1.25, unit: 'req/page', budget: { op: '<=', limit: 1.1 } },
    { name: 'revalidation', value: 135, unit: 'ms', note: 'median of 3' },
    { name: 'x | y', value: null, unit: 'ms', note: 'failed' },
  ];

  it('prints one aligned text table with a header rule', () => {
    const lines = formatTextTable(metrics).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^Metric\s+Value\s+Budget\s+Result$/);
    expect(lines[1]).toMatch(/^-+ {2}-+ {2}-+ {2}-+$/);
    expect(lines[2]).toMatch(/^build: requests per page\s+1\.25 req\/page\s+≤ 1\.10 req\/page\s+FAIL$/);
    expect(lines[3]).toMatch(/^revalidation\s+135 ms \(median of 3\)$/);
    expect(lines[4]).toMatch(/ERROR$/);
    // Columns line up: every row's value starts where the header's does.
    const valueColumn = lines[0].indexOf('Value');
    for (const line of lines.slice(2)) expect(line.slice(valueColumn - 2, valueColumn)).toBe('  ');
  });

  it('writes the same rows as Markdown, escaping pipes', () => {
    const table = formatMarkdownTable(metrics);
    expect(table.split('\n')).toEqual([
      '| Metric | Value | Budget | Result |',
      '|---|---:|---|---|',
      '| build: requests per page | 1.25 req/page | ≤ 1.10 req/page | FAIL |',
      '| revalidation | 135 ms (median of 3) |  |  |',
      '| x \\| y | n/a (failed) |  | ERROR |',
    ]);
  });

  it('replaces only the marked results section of a document', () => {
    const doc = `# Performance\n\nintro\n\n${RESULTS_START}\nold table\n${RESULTS_END}\n\nafter\n`;
    const updated = replaceResultsSection(doc, '| new |\n');
    expect(updated).toBe(`# Performance\n\nintro\n\n${RESULTS_START}\n| new |\n${RESULTS_END}\n\nafter\n`);
    expect(replaceResultsSection(updated, 'again')).toContain(`${RESULTS_START}\nagain\n${RESULTS_END}`);
    expect(() => replaceResultsSection('# no markers', 'x')).toThrow('no <!-- bench:results:start -->');
  });

  it('median of odd and even lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow('empty');
  });
});

describe('issue 19: an aim is reported, never gates', () => {
  const aim: Metric = { name: 'lighthouse: home, performance (median of 5), absolute aim', value: 0.67, unit: 'score', budget: { op: '>=', limit: 0.9 }, aim: true };

  it('a missed aim reads "aim missed" beside "aim ≥ 0.90" and does not fail the run', () => {
    expect(checkMetric(aim)).toBe('aim missed');
    expect(formatBudget(aim.budget, aim.unit, aim.aim)).toBe('aim ≥ 0.90');
    expect(allPass([aim])).toBe(true);
    expect(formatTextTable([aim])).toContain('aim ≥ 0.90  aim missed');
  });

  it('a met aim reads "aim met"', () => {
    expect(checkMetric({ ...aim, value: 0.9 })).toBe('aim met');
  });

  it('the same budget without the aim flag fails the run', () => {
    expect(allPass([{ ...aim, aim: undefined }])).toBe(false);
  });
});
