import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Budget, Metric } from './report';
import { measure, searchTarget, type LoadSettings } from './serving';
import { SCALE_QUERIES } from '../search/scaleQueries';

/**
 * Issue 34, the search phase of `npm run bench` (`--only search` runs it alone after the build):
 * - the index's build time and memory for the bench's content (about 2,000 items) and for about
 *   20,000, each in a process of its own (scripts/search/scale.ts, `node --expose-gc`);
 * - `POST /api/search` on `next start` at 1 and at 20 concurrent requests, p50 and p99, over
 *   queries a visitor types (exact words, prefixes, misspellings, several words), once the site's
 *   index is ready (an answer with `matches` comes from the index, never from WordPress's search);
 * - WordPress requests per search during those loads (budget 0: the index answers alone).
 */

export const WORDPRESS_REQUESTS_PER_SEARCH: Budget = { op: '==', limit: 0 };
/** The sizes measured: the bench's generated content per type (213 ≈ 2,000 items) and ten times it. */
export const SCALE_ITEMS = [213, 2213] as const;
/** How long to wait for the site's index after `next start` (it builds in the background). */
const READY_TIMEOUT_MS = 180_000;

export interface SearchPhaseDeps {
  siteUrl: string;
  root: string;
  /** The `next start` log, where the site says how long its index took to build from WordPress. */
  siteLog: string;
  settings: LoadSettings;
  /** The content server's WordPress request count (`/__fake/stats`), reset when asked. */
  wordpressRequests: (reset?: boolean) => Promise<{ wpJsonRequests: number; byRoute: Record<string, number> }>;
  log: (line: string) => void;
}

interface ScaleLine {
  items: number;
  documents: number;
  documentsMs: number;
  buildMs: number;
  heapMB: number;
  rssMB: number;
  queryP50Ms: number;
  queryP99Ms: number;
  queries: number;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 200);

/** Runs scripts/search/scale.ts in a Node of its own with the collector exposed. */
function scale(root: string, items: number): Promise<ScaleLine> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', path.join('scripts', 'search', 'scale.ts'), '--items', String(items)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        if (code !== 0) throw new Error(`exit ${code}: ${err.trim().split('\n').slice(-3).join(' ')}`);
        resolve(JSON.parse(line) as ScaleLine);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

async function search(siteUrl: string, s: string): Promise<unknown> {
  const response = await fetch(`${siteUrl}/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', s: encodeURIComponent(s), 'x-forwarded-for': '10.255.0.1' },
    body: JSON.stringify({ s }),
  });
  return response.ok ? response.json() : null;
}

/** Waits until the site answers from its index (a misspelling found, with `matches`); the milliseconds waited. */
export async function waitForIndex(siteUrl: string, timeoutMs = READY_TIMEOUT_MS): Promise<number> {
  const started = Date.now();
  for (;;) {
    const answer = await search(siteUrl, 'orchestraton').catch(() => null);
    if (Array.isArray(answer) && answer.some((hit) => hit && typeof hit === 'object' && 'matches' in hit)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`the site's search index was not ready after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function searchPhase(deps: SearchPhaseDeps): Promise<{ metrics: Metric[]; details: string[] }> {
  const metrics: Metric[] = [];
  const details: string[] = [];
  for (const items of SCALE_ITEMS) {
    deps.log(`[bench] search: the index over the seed + ${items} generated items per type, in a process of its own`);
    try {
      const line = await scale(deps.root, items);
      const label = `${line.documents.toLocaleString('en')} items`;
      metrics.push(
        { name: `search: index build, ${label}`, value: line.buildMs + line.documentsMs, unit: 'ms', note: `documents ${line.documentsMs} ms + engine ${line.buildMs} ms` },
        { name: `search: index memory (heap after GC), ${label}`, value: line.heapMB, unit: 'MB' },
        { name: `search: one query in process, ${label}, p99`, value: line.queryP99Ms, unit: 'ms', note: `p50 ${line.queryP50Ms} ms, p99 ${line.queryP99Ms} ms over ${line.queries} queries` },
      );
    } catch (error) {
      metrics.push({ name: `search: index build, seed + ${items} items per type`, value: null, unit: 'ms', note: errorText(error) });
    }
  }

  try {
    await waitForIndex(deps.siteUrl);
    // "[search] search index built: 1996 items in 1.0 s" (src/lib/search/siteIndex.ts), the first build after `next start`.
    // The log keeps earlier runs (it is appended to): this run's line is the last one.
    const built = existsSync(deps.siteLog) ? [...readFileSync(deps.siteLog, 'utf8').matchAll(/search index built: (\d+) items in ([\d.]+) s/g)].pop() : undefined;
    metrics.push({
      name: "search: the site's index built from WordPress at next start",
      value: built ? Number(built[2]) : null,
      unit: 's',
      note: built ? `${Number(built[1]).toLocaleString('en')} items read over HTTP from the content server, in the background` : `no "search index built" line in ${deps.siteLog}`,
    });
  } catch (error) {
    metrics.push({ name: 'search: POST /api/search, 1 connection, p50', value: null, unit: 'ms', note: errorText(error) });
    return { metrics, details };
  }
  let wordpress = 0;
  let searches = 0;
  for (const connections of [1, 20]) {
    deps.log(`[bench] search: POST /api/search, ${connections} connection(s), ${deps.settings.warmup} s warm-up + ${deps.settings.duration} s`);
    await deps.wordpressRequests(true);
    try {
      const result = await measure(searchTarget(deps.siteUrl, SCALE_QUERIES), { ...deps.settings, connections });
      const stats = await deps.wordpressRequests();
      wordpress += stats.wpJsonRequests;
      searches += result.total;
      if (stats.wpJsonRequests) details.push(`search: WordPress requests during ${connections} connection(s): ${JSON.stringify(stats.byRoute)}`);
      const bad = result.non2xx + result.errors;
      metrics.push(
        { name: `search: POST /api/search, ${connections} connection(s), p50`, value: result.p50, unit: 'ms' },
        { name: `search: POST /api/search, ${connections} connection(s), p99`, value: result.p99, unit: 'ms', note: `${Math.round(result.requestsPerSecond)} req/s${bad ? `; ${bad} answers not 2xx or errors` : ''}` },
      );
    } catch (error) {
      metrics.push({ name: `search: POST /api/search, ${connections} connection(s), p50`, value: null, unit: 'ms', note: errorText(error) });
    }
  }
  // Counted over the warm-ups too, so the budget of 0 per search is a budget of 0 in all.
  metrics.push({
    name: 'search: WordPress requests during the search loads',
    value: searches ? wordpress : null,
    unit: 'count',
    budget: WORDPRESS_REQUESTS_PER_SEARCH,
    note: `${searches.toLocaleString('en')} searches measured: ${searches ? (wordpress / searches).toFixed(3) : 'n/a'} per search`,
  });
  return { metrics, details };
}
