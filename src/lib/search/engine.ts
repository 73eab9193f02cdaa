import SearchableMap from 'minisearch/SearchableMap';
import type { ContentTypeName } from '../shared/types';
import type { SearchDocument } from './document';
import type { MatchRange } from '../shared/search/types';
import { maxEdits, stemWord, withinEditDistance, wordsOf, wordsWithOffsets } from './words';

/**
 * Part A of the site's search index (docs/search-index.md §2, §3): a pure, in-memory index over
 * `SearchDocument`s, server only, no I/O.
 *
 * The term dictionary is MiniSearch's radix tree (`SearchableMap`: exact, prefix and fuzzy
 * look-ups of terms without scanning them all); the postings and the scoring are this module's
 * own, in flat arrays, because MiniSearch's own `search()` builds an object per matching document
 * and took 100–500 ms for a word found in every document at 20,000 items (docs/search-index.md §7).
 *
 * - Every word is indexed twice when its stem differs: its stem (`tables` → `tabl`, so word forms
 *   meet) and the word itself (so prefixes and misspellings are measured on what was written).
 * - A query word matches the index terms equal to it or to its stem (exact), starting with it
 *   (prefix), and, from 4 letters, within 1 edit of it (2 from 8 letters) (fuzzy).
 * - Each query word a document matches counts `FIELD_WEIGHT × KIND_WEIGHT` of its best match
 *   there (title 8 > headings 4 > excerpt 2 > body 1; exact 1 > prefix 0.5 > fuzzy 0.25). BM25
 *   only breaks ties between equal tiers: it adds less than the smallest step between two sums.
 * - Order: the number of query words matched, then that score, then the newer date, then the title.
 *
 * Only what a hit returns is kept (id, type, url, title, excerpt, date, slug): the body and
 * headings are indexed, never stored.
 */

export interface SearchHit {
  id: string;
  type: ContentTypeName;
  url: string;
  title: string;
  excerpt: string;
  date: string;
  score: number;
  matches: { title: MatchRange[]; excerpt: MatchRange[] };
  terms: string[];
}

export interface SearchOptions {
  type?: ContentTypeName;
  /** Default 20 (the route's). */
  limit?: number;
}

export interface SearchEngine {
  readonly size: number;
  /** Adds, or replaces the document with the same id. */
  add(doc: SearchDocument): void;
  /** Removes by id; false when absent. */
  remove(id: string): boolean;
  /** The id of the document of `type` with `slug`, if any (a trashed item is known only by its slug). */
  idOf(type: ContentTypeName, slug: string): string | undefined;
  /** Ranked hits; [] for a query without a letter or digit. Never throws. */
  search(query: string, options?: SearchOptions): SearchHit[];
}

export const DEFAULT_SEARCH_LIMIT = 20;
/** Words of a query beyond this many are ignored (a 200-character query has at most 100). */
export const MAX_QUERY_WORDS = 12;

const FIELDS = ['title', 'headings', 'excerpt', 'body'] as const;
const FIELD_WEIGHT = [8, 4, 2, 1] as const;
const FIELD_COUNT = FIELDS.length;

const EXACT = 1;
const PREFIX = 0.5;
const FUZZY = 0.25;
const NONE = 0;
/** BM25's share: always below the smallest difference between two sums of tiers (0.25). */
const TIE_BREAK = 0.2;
/** A query word's tiers never reach this: `matched × WORD_STEP + score` orders by matched words first. */
const WORD_STEP = 1000;
const BM25_K1 = 1.2;
const BM25_B = 0.75;
const MAX_TF = 255;
/** Removed documents stay in the postings until they are this many and a quarter of the live ones. */
const VACUUM_MIN = 500;

/** What the engine keeps of a document: what a hit returns, and the slug (for `idOf`). */
type Stored = Omit<SearchHit, 'score' | 'matches' | 'terms'> & Pick<SearchDocument, 'slug'>;

interface QueryWord {
  /** As typed, lower-cased (what `terms` reports). */
  typed: string;
  /** Folded. */
  word: string;
  stem: string;
  edits: number;
}

/** Query words: folded, deduplicated, at most MAX_QUERY_WORDS; `typed` keeps the visitor's spelling. */
function queryWords(query: string): QueryWord[] {
  const seen = new Set<string>();
  const out: QueryWord[] = [];
  for (const { word, start, end } of wordsWithOffsets(query)) {
    if (seen.has(word)) continue;
    seen.add(word);
    out.push({ typed: query.slice(start, end).toLowerCase(), word, stem: stemWord(word), edits: maxEdits(word) });
    if (out.length === MAX_QUERY_WORDS) break;
  }
  return out;
}

/** How an index term (or a word of a text) matches a query word: EXACT, PREFIX, FUZZY or NONE. */
function kindOf(term: string, q: QueryWord): number {
  if (term === q.word || term === q.stem) return EXACT;
  if (term.startsWith(q.word)) return PREFIX;
  if (q.edits > 0 && withinEditDistance(term, q.word, q.edits)) return FUZZY;
  return NONE;
}

/** Where the words of `text` that match a query word (themselves or by their stem) stand. */
function matchRanges(text: string, words: readonly QueryWord[]): MatchRange[] {
  const ranges: MatchRange[] = [];
  if (!text) return ranges;
  for (const { word, start, end } of wordsWithOffsets(text)) {
    const stem = stemWord(word);
    if (words.some((q) => kindOf(word, q) !== NONE || (stem !== word && kindOf(stem, q) !== NONE))) ranges.push([start, end]);
  }
  return ranges;
}

/** One term's postings: document numbers and their term counts per field (8 bits each, title lowest). */
interface Postings {
  docs: number[];
  tfs: number[];
}

export function createSearchEngine(docs: Iterable<SearchDocument> = []): SearchEngine {
  /** Term → its number; the postings by that number. */
  const dictionary = new SearchableMap<number>();
  const postings: Postings[] = [];
  /** By document number (a replaced or removed document's number is never reused). */
  const stored: (Stored | null)[] = [];
  const fieldLengths: number[] = [];
  const numberOf = new Map<string, number>();
  const bySlug = new Map<string, string>();
  const lengthSums = new Array<number>(FIELD_COUNT).fill(0);
  let live = 0;
  let dead = 0;

  // Per-query scratch, reused (the engine is synchronous): indexed by document number.
  let wordTier = new Float64Array(0);
  let wordBm25 = new Float64Array(0);
  let tiers = new Float64Array(0);
  let bm25 = new Float64Array(0);
  let matchedWords = new Int32Array(0);
  let seen = new Uint8Array(0);

  const slugKey = (type: string, slug: string) => `${type}\u0000${slug}`;

  function drop(n: number): void {
    const doc = stored[n];
    if (!doc) return;
    stored[n] = null;
    for (let f = 0; f < FIELD_COUNT; f++) lengthSums[f] -= fieldLengths[n * FIELD_COUNT + f];
    numberOf.delete(doc.id);
    const key = slugKey(doc.type, doc.slug);
    if (bySlug.get(key) === doc.id) bySlug.delete(key);
    live--;
    dead++;
    if (dead >= VACUUM_MIN && dead * 4 >= live) vacuum();
  }

  /** Removes the postings of removed documents, and terms left without any. */
  function vacuum(): void {
    const emptied: string[] = [];
    for (const [term, t] of dictionary) {
      const p = postings[t];
      let w = 0;
      for (let i = 0; i < p.docs.length; i++) {
        if (stored[p.docs[i]] === null) continue;
        p.docs[w] = p.docs[i];
        p.tfs[w++] = p.tfs[i];
      }
      p.docs.length = w;
      p.tfs.length = w;
      if (w === 0) emptied.push(term);
    }
    for (const term of emptied) dictionary.delete(term);
    dead = 0;
  }

  function add(doc: SearchDocument): void {
    const old = numberOf.get(doc.id);
    if (old !== undefined) drop(old);
    const n = stored.length;
    stored.push({ id: doc.id, type: doc.type, url: doc.url, title: doc.title, excerpt: doc.excerpt, date: doc.date, slug: doc.slug });
    const counts = new Map<string, number>();
    FIELDS.forEach((field, f) => {
      const words = wordsOf(String(doc[field] ?? ''));
      fieldLengths[n * FIELD_COUNT + f] = words.length;
      lengthSums[f] += words.length;
      const shift = 8 * f;
      for (const word of words) {
        const stem = stemWord(word);
        for (const term of stem === word ? [word] : [stem, word]) {
          const packed = counts.get(term) ?? 0;
          if (((packed >>> shift) & 0xff) < MAX_TF) counts.set(term, packed + 2 ** shift);
        }
      }
    });
    for (const [term, packed] of counts) {
      let t = dictionary.get(term);
      if (t === undefined) {
        t = postings.length;
        postings.push({ docs: [], tfs: [] });
        dictionary.set(term, t);
      }
      postings[t].docs.push(n);
      postings[t].tfs.push(packed);
    }
    numberOf.set(doc.id, n);
    bySlug.set(slugKey(doc.type, doc.slug), doc.id);
    live++;
  }

  function remove(id: string): boolean {
    const n = numberOf.get(id);
    if (n === undefined) return false;
    drop(n);
    return true;
  }

  function scratch(size: number): void {
    if (seen.length >= size) return;
    const capacity = Math.max(size, seen.length * 2, 1024);
    wordTier = new Float64Array(capacity);
    wordBm25 = new Float64Array(capacity);
    tiers = new Float64Array(capacity);
    bm25 = new Float64Array(capacity);
    matchedWords = new Int32Array(capacity);
    seen = new Uint8Array(capacity);
  }

  /** The index terms one query word reaches, each with how (EXACT, PREFIX or FUZZY). */
  function termsOf(q: QueryWord): Map<number, number> {
    const found = new Map<number, number>();
    const note = (t: number | undefined, kind: number) => {
      if (t !== undefined && (found.get(t) ?? NONE) < kind) found.set(t, kind);
    };
    note(dictionary.get(q.word), EXACT);
    note(dictionary.get(q.stem), EXACT);
    for (const [term, t] of dictionary.atPrefix(q.word)) note(t, term === q.word ? EXACT : PREFIX);
    if (q.edits > 0) {
      for (const [term, [t]] of dictionary.fuzzyGet(q.word, q.edits)) note(t, kindOf(term, q));
    }
    return found;
  }

  function run(query: string, options: SearchOptions): SearchHit[] {
    const words = queryWords(query);
    const limit = Math.max(0, Math.floor(options.limit ?? DEFAULT_SEARCH_LIMIT));
    if (words.length === 0 || !(limit > 0) || live === 0) return [];
    scratch(stored.length);
    const averages = lengthSums.map((sum) => Math.max(sum / live, 1));
    const touched: number[] = [];

    words.forEach((q, i) => {
      const hitThisWord: number[] = [];
      for (const [t, kind] of termsOf(q)) {
        const { docs: ds, tfs } = postings[t];
        const idf = Math.log(1 + (live - ds.length + 0.5) / (ds.length + 0.5));
        for (let j = 0; j < ds.length; j++) {
          const n = ds[j];
          if (stored[n] === null) continue;
          const packed = tfs[j];
          let tier = 0;
          let relevance = 0;
          for (let f = 0; f < FIELD_COUNT; f++) {
            const tf = (packed >>> (8 * f)) & 0xff;
            if (tf === 0) continue;
            if (tier === 0) tier = FIELD_WEIGHT[f] * kind;
            const norm = 1 - BM25_B + (BM25_B * fieldLengths[n * FIELD_COUNT + f]) / averages[f];
            relevance += (FIELD_WEIGHT[f] * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm);
          }
          relevance *= idf * kind;
          if (wordTier[n] === 0) hitThisWord.push(n);
          if (tier > wordTier[n]) wordTier[n] = tier;
          if (relevance > wordBm25[n]) wordBm25[n] = relevance;
        }
      }
      for (const n of hitThisWord) {
        if (!seen[n]) {
          seen[n] = 1;
          touched.push(n);
        }
        tiers[n] += wordTier[n];
        bm25[n] += wordBm25[n];
        matchedWords[n] |= 1 << i;
        wordTier[n] = 0;
        wordBm25[n] = 0;
      }
    });

    // The best `limit` of the touched documents (of the type asked for), then reset the scratch.
    const type = options.type;
    const best: { n: number; key: number; doc: Stored }[] = [];
    const before = (a: { key: number; doc: Stored }, b: { key: number; doc: Stored }) =>
      a.key !== b.key ? a.key > b.key : a.doc.date !== b.doc.date ? a.doc.date > b.doc.date : a.doc.title !== b.doc.title ? a.doc.title < b.doc.title : a.doc.id < b.doc.id;
    for (const n of touched) {
      const doc = stored[n] as Stored;
      if (!type || doc.type === type) {
        const mask = matchedWords[n];
        let matched = 0;
        for (let m = mask; m; m &= m - 1) matched++;
        const entry = { n, key: matched * WORD_STEP + tiers[n] + (TIE_BREAK * bm25[n]) / (bm25[n] + 10), doc };
        if (best.length < limit || before(entry, best[best.length - 1])) {
          let at = Math.min(best.length, limit - 1);
          while (at > 0 && before(entry, best[at - 1])) at--;
          best.splice(at, 0, entry);
          if (best.length > limit) best.pop();
        }
      }
    }
    const masks = best.map(({ n }) => matchedWords[n]);
    for (const n of touched) {
      seen[n] = 0;
      tiers[n] = 0;
      bm25[n] = 0;
      matchedWords[n] = 0;
    }

    return best.map(({ key, doc }, h) => ({
      id: doc.id,
      type: doc.type,
      url: doc.url,
      title: doc.title,
      excerpt: doc.excerpt,
      date: doc.date,
      score: key,
      matches: { title: matchRanges(doc.title, words), excerpt: matchRanges(doc.excerpt, words) },
      terms: words.filter((_, i) => masks[h] & (1 << i)).map((q) => q.typed),
    }));
  }

  for (const doc of docs) add(doc);

  return {
    get size() {
      return live;
    },
    add,
    remove,
    idOf: (type, slug) => bySlug.get(slugKey(type, slug)),
    search(query, options = {}) {
      try {
        return run(typeof query === 'string' ? query : '', options ?? {});
      } catch (error) {
        console.error('[search] the index could not answer a query', error);
        return [];
      }
    },
  };
}
