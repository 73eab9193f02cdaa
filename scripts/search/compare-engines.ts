/**
 * Compares search libraries for the site's index (docs/search-index.md §7): for each library and
 * each content size (the fake WordPress's seed, then `createSeedStore({items: 213})` ≈ 2,000 items
 * and `{items: 2130}` ≈ 20,000), the quality on the query set (found in the first 3), the build
 * time, the heap the index keeps, and the query latency (p50/p99 over the query set, and the worst
 * of a few as-you-type queries that match nearly every item).
 *
 *   npx tsx scripts/search/compare-engines.ts            # prints the markdown table
 *
 * Each (library, size) runs in a child process started with `--expose-gc`, so one index's heap
 * does not weigh on the next measurement.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import MiniSearch from 'minisearch';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { Charset, Document } from 'flexsearch';
import { QUERY_SET } from '../../__tests__/search/querySet';
import type { SearchDocument } from '../../src/lib/search/document';
import { createSearchEngine } from '../../src/lib/search/engine';
import { maxEdits, stemWord, wordsOf } from '../../src/lib/search/words';
import { seedDocuments } from './seedDocuments';

const LIBRARIES = ['ours (MiniSearch radix tree + own postings)', 'minisearch 7.2.0', '@orama/orama 3.1.18', 'flexsearch 0.8.212'] as const;
const SIZES = [0, 213, 2130];
/** As-you-type and everywhere words: the slow end of each library. */
const HEAVY = ['c', 'pay', 'generated', 'terminal estate', 'corvane payments'];
const ROUNDS = 15;

type Search = (query: string, type?: string) => Promise<string[]> | string[];

interface Built {
  search: Search;
  /** What must stay reachable for the heap measurement. */
  keep: unknown;
}

async function build(library: string, docs: SearchDocument[]): Promise<Built> {
  if (library.startsWith('ours')) {
    const engine = createSearchEngine(docs);
    return { keep: engine, search: (q, type) => engine.search(q, { type: type as SearchDocument['type'] }).slice(0, 3).map((h) => h.url) };
  }
  if (library.startsWith('minisearch')) {
    const index = new MiniSearch<SearchDocument>({
      fields: ['title', 'headings', 'excerpt', 'body'],
      storeFields: ['url', 'type'],
      tokenize: wordsOf,
      processTerm: (term) => stemWord(term),
      searchOptions: {
        boost: { title: 8, headings: 4, excerpt: 2 },
        prefix: true,
        fuzzy: (term, i, terms) => maxEdits(terms[i]) || false,
        weights: { prefix: 0.5, fuzzy: 0.25 },
      },
    });
    index.addAll(docs);
    return {
      keep: index,
      search: (q, type) =>
        index
          .search(q, type ? { filter: (r) => r.type === type } : {})
          .slice(0, 3)
          .map((r) => String(r.url)),
    };
  }
  if (library.startsWith('@orama')) {
    const db = create({
      schema: { title: 'string', headings: 'string', excerpt: 'string', body: 'string', type: 'enum', url: 'string' } as const,
      components: { tokenizer: { stemming: true, language: 'english' } },
    });
    await insertMultiple(db, docs.map(({ id, title, headings, excerpt, body, type, url }) => ({ id, title, headings, excerpt, body, type, url })));
    return {
      keep: db,
      search: async (q, type) => {
        const result = await oramaSearch(db, {
          term: q,
          properties: ['title', 'headings', 'excerpt', 'body'],
          boost: { title: 8, headings: 4, excerpt: 2 },
          tolerance: 1,
          limit: 3,
          ...(type ? { where: { type: { eq: type } } } : {}),
        });
        return result.hits.map((h) => String(h.document.url));
      },
    };
  }
  // FlexSearch: no edit-distance fuzzy (a phonetic encoder stands in), no BM25; fields are searched
  // separately and merged in the order given (title first).
  const index = new Document({
    document: { id: 'id', index: ['title', 'headings', 'excerpt', 'body'], store: ['url', 'type'] },
    tokenize: 'forward',
    encoder: { ...Charset.LatinAdvanced, finalize: (terms: string[]) => terms.map(stemWord) },
  });
  for (const doc of docs) index.add(doc as unknown as Parameters<typeof index.add>[0]);
  return {
    keep: index,
    search: (q, type) => {
      const found = index.search(q, { limit: type ? 500 : 50, suggest: true, enrich: true, merge: true }) as unknown as {
        id: string;
        doc: { url: string; type: string } | null;
      }[];
      return found
        .filter((r) => r.doc && (!type || r.doc.type === type))
        .slice(0, 3)
        .map((r) => r.doc?.url ?? '');
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Row {
  library: string;
  items: number;
  found: number;
  of: number;
  buildMs: number;
  heapMb: number;
  p50: number;
  p99: number;
  heavyMs: number;
}

async function measure(library: string, items: number): Promise<Row> {
  const docs = seedDocuments(items);
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  gc();
  const before = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const built = await build(library, docs);
  const buildMs = performance.now() - t0;
  gc();
  const heapMb = (process.memoryUsage().heapUsed - before) / 2 ** 20;

  let found = 0;
  for (const q of QUERY_SET) if ((await built.search(q.query, q.type)).includes(q.expect)) found++;
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of QUERY_SET) {
      const start = performance.now();
      await built.search(q.query, q.type);
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  let heavyMs = 0;
  for (const q of HEAVY) {
    const start = performance.now();
    for (let round = 0; round < 3; round++) await built.search(q);
    heavyMs = Math.max(heavyMs, (performance.now() - start) / 3);
  }
  if (built.keep === null) throw new Error('unreachable');
  return { library, items: docs.length, found, of: QUERY_SET.length, buildMs, heapMb, p50: percentile(times, 50), p99: percentile(times, 99), heavyMs };
}

const f = (n: number, digits = 1) => n.toFixed(digits);

async function main(): Promise<void> {
  const [, , flag, library, items] = process.argv;
  if (flag === '--one') {
    process.stdout.write(JSON.stringify(await measure(library, Number(items))));
    return;
  }
  const self = fileURLToPath(import.meta.url);
  const rows: Row[] = [];
  for (const items of SIZES) {
    for (const lib of LIBRARIES) {
      const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, '--one', lib, String(items)], { encoding: 'utf8', maxBuffer: 1 << 20 });
      rows.push(JSON.parse(out) as Row);
    }
  }
  const lines = [
    '| Library | Items | Found in top 3 | Build (ms) | Index heap (MB) | Query p50 (ms) | Query p99 (ms) | Worst as-you-type (ms) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.library} | ${r.items.toLocaleString('en')} | ${r.found}/${r.of} | ${f(r.buildMs, 0)} | ${f(r.heapMb)} | ${f(r.p50, 2)} | ${f(r.p99, 2)} | ${f(r.heavyMs, 1)} |`),
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
