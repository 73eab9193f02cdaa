import { FAULT_DESCRIPTIONS, isFault, type Window } from './schedule';
import { cutByWindow, summarize, type LoadSummary, type VisitorRecord } from './stats';
import type { LiveHeap } from './gcTrace';
import type { HostSample } from './monitor';
import { faultOf, publishDeadline, type Check, type Publish, type ResourceSample } from './verdict';

/**
 * The chaos bench's report (bench/results/chaos-{stamp}.md, beside its .json and .svg): per fault
 * window the visitors' numbers, every publish and its lags, the resources of each instance and of
 * Redis, and the budgets' verdict. Pure.
 */

export interface RedisSample {
  at: number;
  usedMemory: number | null;
}

export interface ChaosResult {
  startedAt: string;
  command: string;
  form: 'short' | 'full';
  items: number;
  pages: number;
  /** Visitors' overall rate, req/s. */
  rate: number;
  /** Length of the run, ms (visitors from 0). */
  endMs: number;
  /** The windows as performed, ms. */
  windows: Window[];
  records: VisitorRecord[];
  publishes: Publish[];
  samples: ResourceSample[];
  redis: RedisSample[];
  /** The machine's busy share over time (all its cores). */
  host: HostSample[];
  /** Each instance's life (B has two): its heap after full collections, from its warm-up's end. */
  liveHeap: LiveHeap[];
  checks: Check[];
  pass: boolean;
  /** What went wrong in the bench itself (a fault that could not be applied…). */
  notes: string[];
}

const s = (ms: number | null) => (ms === null ? '—' : (ms / 1000).toFixed(1));
const ms = (value: number | null) => (value === null ? '—' : value.toFixed(0));
const mb = (kb: number | null | undefined) => (kb === null || kb === undefined ? '—' : (kb / 1024).toFixed(0));

function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

export function windowRows(result: Pick<ChaosResult, 'records' | 'windows'>): { window: Window; summary: LoadSummary }[] {
  return cutByWindow(result.records, result.windows).map(({ window, records }) => ({ window, summary: summarize(records) }));
}

export function windowsTable(result: Pick<ChaosResult, 'records' | 'windows'>): string {
  return table(
    ['window', 'from–to (s)', 'requests', '5xx', 'timeouts', 'refused', 'p50 (ms)', 'p99 (ms)'],
    windowRows(result).map(({ window, summary }) => [
      isFault(window.kind) ? `**${window.name}**` : window.name,
      `${s(window.start)}–${s(window.end)}`,
      String(summary.requests),
      String(summary.status5xx),
      String(summary.timeouts),
      String(summary.connectionErrors),
      ms(summary.p50),
      ms(summary.p99),
    ]),
  );
}

export function publishesTable(result: Pick<ChaosResult, 'publishes' | 'windows'>): string {
  return table(
    ['#', 'page', 'made (s)', 'fault met', 'attempts', 'acknowledged after (s)', 'visible after (s)', 'visible after its fault ended (s)', 'in time'],
    result.publishes.map((p) => {
      const fault = faultOf(p, result.windows);
      const deadline = publishDeadline(p, result.windows);
      return [
        String(p.n),
        `\`${p.path}\``,
        s(p.madeAt),
        fault?.name ?? '—',
        `${p.attempts}${p.lastFailure ? ` (last failure: ${p.lastFailure})` : ''}`,
        p.ackAt === null ? 'never' : s(p.ackAt - p.madeAt),
        p.visibleAt === null ? 'never' : s(p.visibleAt - p.madeAt),
        p.visibleAt === null || !fault ? '—' : s(p.visibleAt - fault.end),
        p.visibleAt !== null && p.visibleAt <= deadline ? 'yes' : '**no**',
      ];
    }),
  );
}

/** Per instance: RSS, descriptors and sockets at the start, at their highest and at the end; Redis's used_memory the same. */
export function resourcesTable(result: Pick<ChaosResult, 'samples' | 'redis' | 'host'>): string {
  const pct = (values: (number | null | undefined)[]) => {
    const v = values.filter((x): x is number => typeof x === 'number');
    return v.length ? `${(v.reduce((a, b) => a + b, 0) / v.length).toFixed(0)} / ${Math.max(...v).toFixed(0)}%` : '—';
  };
  const rows: string[][] = [];
  for (const instance of [...new Set(result.samples.map((x) => x.instance))].sort()) {
    const own = result.samples.filter((x) => x.instance === instance && x.rssKb !== null);
    const first = own[0];
    const last = own[own.length - 1];
    const max = (pick: (x: ResourceSample) => number | null) => Math.max(...own.map((x) => pick(x) ?? 0));
    rows.push([
      `instance ${instance}`,
      `${mb(first?.rssKb)} / ${own.length ? mb(max((x) => x.rssKb)) : '—'} / ${mb(last?.rssKb)} MB`,
      `${first?.fds ?? '—'} / ${own.length ? max((x) => x.fds) : '—'} / ${last?.fds ?? '—'}`,
      `${first?.sockets ?? '—'} / ${own.length ? max((x) => x.sockets) : '—'} / ${last?.sockets ?? '—'}`,
      `${pct(own.map((x) => x.cpuPct))} of a core`,
    ]);
  }
  const redis = result.redis.filter((r) => r.usedMemory !== null);
  if (redis.length) {
    const mem = (b: number | null) => (b === null ? '—' : (b / 1024 / 1024).toFixed(1));
    rows.push(['Redis used_memory', `${mem(redis[0].usedMemory)} / ${mem(Math.max(...redis.map((r) => r.usedMemory as number)))} / ${mem(redis[redis.length - 1].usedMemory)} MB`, '—', '—', '—']);
  }
  if (result.host.some((h) => h.busyPct !== null)) rows.push(['the machine (all its cores)', '—', '—', '—', `${pct(result.host.map((h) => h.busyPct))} busy`]);
  return table(['process', 'RSS first / highest / last', 'open fds first / highest / last', 'sockets first / highest / last', 'CPU mean / highest 5-s'], rows);
}

/** The heap after each full collection (`--trace-gc`): flat means no leak, whatever RSS does. */
export function liveHeapTable(heaps: readonly LiveHeap[]): string {
  const f = (v: number | null) => (v === null ? '—' : v.toFixed(0));
  return table(
    ['life', 'full collections after its warm-up', 'heap after a full collection: first / highest / last (MB)', 'heap before one, highest (MB)'],
    heaps.map((h) => [h.life, String(h.fullGcs), `${f(h.first)} / ${f(h.highest)} / ${f(h.last)}`, f(h.peakBefore)]),
  );
}

export function checksTable(checks: readonly Check[]): string {
  return table(['budget', 'result', 'measured'], checks.map((c) => [c.name, c.pass ? 'pass' : '**FAIL**', c.detail]));
}

export function formatMarkdown(result: ChaosResult, files: { svg: string; json: string }): string {
  const windowsList = result.windows.filter((w) => isFault(w.kind)).map((w) => `- **${w.name}** (${s(w.start)}–${s(w.end)} s): ${FAULT_DESCRIPTIONS[w.kind]}`);
  return [
    `# Chaos bench, ${result.startedAt}`,
    '',
    `\`${result.command}\`: the ${result.form} form, ${(result.endMs / 60_000).toFixed(1)} minutes; ${result.pages} pages (--items ${result.items}); visitors at ${result.rate} req/s through Varnish; a publish every 5 s. Verdict: **${result.pass ? 'every budget met' : 'a budget was missed'}**.`,
    '',
    `![RSS, p99 latency and errors over time](${files.svg})`,
    '',
    '## Faults',
    '',
    ...windowsList,
    '',
    '## Budgets',
    '',
    checksTable(result.checks),
    '',
    '## Visitors by window',
    '',
    windowsTable(result),
    '',
    '## Resources',
    '',
    resourcesTable(result),
    '',
    'The live heap (V8, after each full collection, from each life\'s warm-up on; `node --trace-gc`):',
    '',
    liveHeapTable(result.liveHeap),
    '',
    `## Publishes (${result.publishes.length})`,
    '',
    publishesTable(result),
    ...(result.notes.length ? ['', '## Notes', '', ...result.notes.map((n) => `- ${n}`)] : []),
    '',
    `Raw numbers: ${files.json}.`,
    '',
  ].join('\n');
}
