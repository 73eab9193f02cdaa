/**
 * Memory over time (issue 35, docs/reliability.md §6): samples the resident set size of processes
 * it is given, and can drive visitors over a site's pages meanwhile. It starts no server: the
 * caller (the chaos bench, or an operator) starts them and passes their pids.
 *
 * Library: `sampleRss(pids, { intervalMs })` → `{ samples(), stop() }`, each sample `{ atMs, rssKb }`
 * per pid (VmRSS of /proc/{pid}/status; a process that has exited reads as null); `childPids(pid)`
 * finds a launcher's children (`next start` serves from a child of the `next` command).
 *
 * CLI (a soak over every page of the sitemap):
 *   tsx scripts/bench/soak.ts --site http://localhost:4310 --pid 1234 [--seconds 180]
 *     [--connections 8] [--interval 5]
 * prints one line per sample (seconds, MB per pid) and the requests' totals.
 */
import autocannon from 'autocannon';
import { childPids, readRssKb } from './chaos/monitor';

export interface RssSample {
  atMs: number;
  /** VmRSS in kB per pid (null: the process is gone or has no status). */
  rssKb: Record<number, number | null>;
}

// The /proc readers are the chaos bench's (./chaos/monitor.ts), exported here for the soak's callers.
export { childPids, readRssKb };

/** Samples the RSS of `pids` now and every `intervalMs` until `stop()`. */
export function sampleRss(pids: readonly number[], { intervalMs = 5000, now = Date.now } = {}): { samples(): RssSample[]; stop(): RssSample[] } {
  const start = now();
  const samples: RssSample[] = [];
  const take = () => samples.push({ atMs: now() - start, rssKb: Object.fromEntries(pids.map((pid) => [pid, readRssKb(pid)])) });
  take();
  const timer = setInterval(take, intervalMs);
  return {
    samples: () => [...samples],
    stop() {
      clearInterval(timer);
      take();
      return [...samples];
    },
  };
}

/** Growth of the last sample over the first sample at or after `warmUpMs`, in percent (the budget: ≤ 5 %). */
export function growthPercent(samples: readonly RssSample[], pid: number, warmUpMs: number): number | null {
  const after = samples.filter((s) => s.atMs >= warmUpMs && s.rssKb[pid] != null);
  if (after.length < 2) return null;
  const first = after[0].rssKb[pid]!;
  return ((after[after.length - 1].rssKb[pid]! - first) / first) * 100;
}

/** The page addresses of a site's sitemap. */
export async function sitemapPaths(site: string): Promise<string[]> {
  const xml = await (await fetch(`${site}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

function flag(argv: readonly string[], name: string, fallback?: string): string {
  const i = argv.indexOf(`--${name}`);
  const value = i >= 0 ? argv[i + 1] : fallback;
  if (value === undefined) throw new Error(`--${name} is required`);
  return value;
}

async function main(argv: readonly string[]): Promise<void> {
  const site = flag(argv, 'site').replace(/\/+$/, '');
  const pids = argv.flatMap((arg, i) => (argv[i - 1] === '--pid' ? [Number(arg)] : []));
  if (pids.length === 0 || pids.some((pid) => !Number.isInteger(pid))) throw new Error('--pid <pid> (one or more) is required');
  const seconds = Number(flag(argv, 'seconds', '180'));
  const paths = await sitemapPaths(site);
  console.log(`${paths.length} pages, ${seconds} s, pids ${pids.join(' ')}`);
  const sampler = sampleRss(pids, { intervalMs: Number(flag(argv, 'interval', '5')) * 1000 });
  const print = setInterval(() => {
    const last = sampler.samples().at(-1)!;
    console.log(`${Math.round(last.atMs / 1000)} s\t${pids.map((pid) => `${((last.rssKb[pid] ?? 0) / 1024).toFixed(0)} MB`).join('\t')}`);
  }, Number(flag(argv, 'interval', '5')) * 1000);
  const result = await autocannon({
    url: site,
    connections: Number(flag(argv, 'connections', '8')),
    duration: seconds,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  clearInterval(print);
  const samples = sampler.stop();
  console.log(`requests ${result.requests.total} (${result.requests.average}/s), non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`);
  console.log(JSON.stringify(samples.map((s) => [Math.round(s.atMs / 1000), ...pids.map((pid) => Math.round((s.rssKb[pid] ?? 0) / 1024))])));
  for (const pid of pids) console.log(`pid ${pid}: growth after 60 s warm-up ${growthPercent(samples, pid, 60_000)?.toFixed(1)} %`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error((error as Error)?.message ?? error);
    process.exit(1);
  });
}
