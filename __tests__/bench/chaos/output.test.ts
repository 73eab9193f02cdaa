import { renderSvg, niceCeiling, escapeXml } from '../../../scripts/bench/chaos/plot';
import { formatMarkdown, publishesTable, windowsTable, type ChaosResult } from '../../../scripts/bench/chaos/report';
import { buckets } from '../../../scripts/bench/chaos/stats';
import type { Window } from '../../../scripts/bench/chaos/schedule';

/** The chaos bench's picture and report (issue 35): well-formed SVG, the tables' rows. Runs in jsdom for its XML parser. */

const windows: Window[] = [
  { kind: 'warmup', name: 'warmup', start: 0, end: 20_000 },
  { kind: 'instance-kill', name: 'instance-kill', start: 20_000, end: 35_000 },
  { kind: 'varnish-restart', name: 'varnish-restart', start: 35_000, end: 42_000 },
  { kind: 'tail', name: 'tail <end> & "quiet"', start: 42_000, end: 60_000 },
];
const records = [
  { start: 1000, status: 200, latencyMs: 12, timeout: false },
  { start: 21_000, status: 200, latencyMs: 40, timeout: false },
  { start: 36_000, status: 0, latencyMs: 0, timeout: false },
  { start: 50_000, status: 503, latencyMs: 9, timeout: false },
];
const samples = [0, 5000, 25_000, 40_000, 55_000].flatMap((at) => [
  { at, instance: 'A', pid: 10, rssKb: 200_000 + at, fds: 40, sockets: 12, cpuPct: at ? at / 1000 : null },
  { at, instance: 'B', pid: at >= 20_000 && at < 35_000 ? null : 11, rssKb: at >= 20_000 && at < 35_000 ? null : 180_000, fds: 38, sockets: 11 },
]);

function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed: ${error.textContent}`);
  return doc;
}

describe('chaos bench plot and report (issue 35)', () => {
  it('writes well-formed SVG: a line per instance, the p99 line, an error bar per bucket with errors, the faults shaded and named', () => {
    const svg = renderSvg({ endMs: 60_000, windows, buckets: buckets(records, 60_000), samples, title: 'run <1> & co' });
    const doc = parseXml(svg);
    const root = doc.documentElement;
    expect(root.tagName).toBe('svg');
    expect(root.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    // A: one line; B: two (a gap while it was down); p99: one.
    expect(doc.getElementsByTagName('polyline').length).toBe(4);
    const texts = Array.from(doc.getElementsByTagName('text')).map((t) => t.textContent);
    expect(texts).toEqual(expect.arrayContaining(['run <1> & co', 'instance-kill', 'varnish-restart', 'instance A', 'instance B']));
    // Errors in two buckets (35–40 s and 50–55 s): two red bars.
    expect(Array.from(doc.getElementsByTagName('rect')).filter((r) => r.getAttribute('fill') === '#d62728').length).toBe(2);
    for (const el of Array.from(doc.getElementsByTagName('*'))) for (const attr of ['x', 'y', 'width', 'height']) if (el.hasAttribute(attr)) expect(Number.isFinite(Number(el.getAttribute(attr)))).toBe(true);
  });

  it('stays well-formed with no data at all', () => {
    expect(() => parseXml(renderSvg({ endMs: 0, windows: [], buckets: [], samples: [], title: '' }))).not.toThrow();
  });

  it('rounds axes up to 1, 2 or 5 × a power of ten, and escapes text', () => {
    expect([0, 0.3, 7, 10, 11, 180, 4999].map(niceCeiling)).toEqual([1, 0.5, 10, 10, 20, 200, 5000]);
    expect(escapeXml('<a & "b">')).toBe('&lt;a &amp; &quot;b&quot;&gt;');
  });

  it('reports each window and each publish with its lags', () => {
    const table = windowsTable({ records, windows });
    expect(table.split('\n')).toContain('| **instance-kill** | 20.0–35.0 | 1 | 0 | 0 | 0 | 40 | 40 |');
    expect(table.split('\n')).toContain('| **varnish-restart** | 35.0–42.0 | 1 | 0 | 0 | 1 | — | — |');
    const publishes = publishesTable({
      windows,
      publishes: [
        { n: 1, path: '/a', marker: 'm1', madeAt: 25_000, ackAt: 36_000, visibleAt: 40_000, attempts: 3, lastFailure: '502' },
        { n: 2, path: '/b', marker: 'm2', madeAt: 50_000, ackAt: null, visibleAt: null, attempts: 4, lastFailure: 'timeout' },
      ],
    });
    expect(publishes).toContain('| 1 | `/a` | 25.0 | varnish-restart | 3 (last failure: 502) | 11.0 | 15.0 | -2.0 | yes |');
    expect(publishes).toContain('| 2 | `/b` | 50.0 | — | 4 (last failure: timeout) | never | never | — | **no** |');
    const result: ChaosResult = {
      startedAt: '2025-01-01T00:00:00.000Z',
      command: 'npm run bench -- --chaos --chaos-short',
      form: 'short',
      items: 0,
      pages: 86,
      rate: 40,
      endMs: 60_000,
      windows,
      records,
      publishes: [],
      samples,
      redis: [{ at: 0, usedMemory: 2 * 1024 * 1024 }],
      host: [{ at: 0, busyPct: null }, { at: 5000, busyPct: 50 }, { at: 10_000, busyPct: 90 }],
      liveHeap: [{ life: 'B (start 2)', fullGcs: 3, first: 101.4, highest: 120.6, last: 110.2, peakBefore: 301 }],
      checks: [{ name: 'x', pass: false, detail: 'y' }],
      pass: false,
      notes: ['a note'],
    };
    const md = formatMarkdown(result, { svg: 'c.svg', json: 'c.json' });
    expect(md).toContain('![RSS, p99 latency and errors over time](c.svg)');
    expect(md).toContain('| x | **FAIL** | y |');
    expect(md).toContain('| Redis used_memory | 2.0 / 2.0 / 2.0 MB | — | — |');
    expect(md).toContain('- a note');
    expect(md).toContain('| B (start 2) | 3 | 101 / 121 / 110 | 301 |');
    // CPU: A's samples at 5, 25, 40 and 55 s used 5–55% of a core; the machine was 50% then 90% busy.
    expect(md).toMatch(/\| instance A \| .* \| 31 \/ 55% of a core \|/);
    expect(md).toContain('| the machine (all its cores) | — | — | — | 70 / 90% busy |');
  });
});
