/**
 * Issue 34: the search index's build time and memory at a given size, measured in a process of
 * its own (run with `node --expose-gc`, so the heap can be measured after a full collection).
 * Documents come from the fake WordPress's seed plus `--items N` generated items per content type
 * (the bench's content: 213 → about 2,000 items; 2213 → about 20,000), through the same
 * `toSearchDocument` the site uses. Prints one JSON line:
 * `{documents, documentsMs, buildMs, heapMB, rssMB, queryP50Ms, queryP99Ms, queries}`.
 *
 *   node --expose-gc --import tsx scripts/search/scale.ts --items 213
 */
import { performance } from 'node:perf_hooks';
import { createSeedStore } from '../../__mocks__/wordpress/store';
import { createSearchEngine } from '../../src/lib/search/engine';
import { SCALE_QUERIES } from './scaleQueries';
import { storeDocuments } from './seedDocuments';


function argument(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
};

function main(): void {
  const items = argument('--items', 213);
  const rounds = argument('--rounds', 20);
  let store: ReturnType<typeof createSeedStore> | null = createSeedStore({ items });
  const t0 = performance.now();
  const documents = storeDocuments(store);
  const documentsMs = performance.now() - t0;
  store = null;

  const before = heap();
  const t1 = performance.now();
  const engine = createSearchEngine(documents);
  const buildMs = performance.now() - t1;
  documents.length = 0;
  const heapBytes = heap() - before;

  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const query of SCALE_QUERIES) {
      const start = performance.now();
      engine.search(query);
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  const line = {
    items,
    documents: engine.size,
    documentsMs: Math.round(documentsMs),
    buildMs: Math.round(buildMs),
    heapMB: Math.round((heapBytes / 1048576) * 10) / 10,
    rssMB: Math.round(process.memoryUsage().rss / 1048576),
    queryP50Ms: Math.round(percentile(times, 50) * 100) / 100,
    queryP99Ms: Math.round(percentile(times, 99) * 100) / 100,
    queries: times.length,
    gc: Boolean(gc),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

main();
