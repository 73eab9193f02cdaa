/**
 * A diagnostic beside the bench (issue 35, docs/performance.md "Next's scripts after the largest
 * paint"): one Lighthouse gather of a page and its audit at a CPU multiplier, as the bench makes
 * them (lighthouse.ts `gatherOnce`, `auditGather`), and what Lantern's LCP depends on, printed: LCP, FCP,
 * TBT, the requests with their observed times, size and priority, the observed paint marks, and
 * when each script was first run.
 *
 *   npx tsx scripts/bench/lcpProbe.ts <url> <work dir> [multiplier, default 4] [--audit-only]
 *
 * `--audit-only` audits a gather already in the work dir again (Lantern is deterministic).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { auditGather, gatherOnce } from './lighthouse';

interface Request {
  networkRequestTime: number;
  networkEndTime: number;
  transferSize: number;
  priority: string;
  resourceType?: string;
  url: string;
}
interface Event {
  name: string;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; isLoadingMainFrame?: boolean } };
}

async function main(): Promise<void> {
  const [url, workDir, multiplierArg, mode] = process.argv.slice(2);
  if (!url || !workDir) throw new Error('usage: npx tsx scripts/bench/lcpProbe.ts <url> <work dir> [multiplier] [--audit-only]');
  const multiplier = Number(multiplierArg ?? 4);
  // The bench's own gather (a new browser and profile) and audit (simulated throttling at the multiplier).
  if (mode !== '--audit-only') await gatherOnce(url, workDir);
  const lhr = await auditGather(url, workDir, multiplier);
  const audits = lhr.audits;
  const value = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
  console.log(`LCP ${value('largest-contentful-paint')} ms, FCP ${value('first-contentful-paint')} ms, TBT ${value('total-blocking-time')} ms, performance ${lhr.categories.performance?.score}`);
  const requests = (audits['network-requests']?.details?.items ?? []) as Request[];
  for (const r of requests) {
    console.log(`  ${String(Math.round(r.networkRequestTime)).padStart(5)}–${String(Math.round(r.networkEndTime)).padStart(5)} ms ${String(r.transferSize).padStart(7)} B ${r.priority.padEnd(8)} ${(r.resourceType ?? '').padEnd(10)} ${r.url.slice(0, 110)}`);
  }
  const events = (JSON.parse(readFileSync(path.join(workDir, 'trace.json'), 'utf8')) as { traceEvents: Event[] }).traceEvents;
  const start = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame)?.ts ?? 0;
  const at = (ts: number) => ((ts - start) / 1000).toFixed(0);
  console.log(`marks: ${events.filter((e) => e.name === 'firstContentfulPaint' || e.name === 'largestContentfulPaint::Candidate').map((e) => `${e.name} ${at(e.ts)} ms`).join(', ')}`);
  for (const e of events.filter((e) => e.name === 'EvaluateScript' && e.args?.data?.url)) {
    console.log(`  run at ${at(e.ts)} ms for ${((e.dur ?? 0) / 1000).toFixed(1)} ms: ${String(e.args?.data?.url).split('/').pop()}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
