/**
 * PLACEHOLDER (replaced at merge by the real part A of docs/search-index.md): the contract's
 * `SearchEngine` with a naive substring match, so the index's life in a process and the route can
 * be built and tested. No stemming, prefix, fuzzy or field weights worth the name.
 */
import type { ContentTypeName } from '../types';
import type { SearchDocument } from './document';
import type { MatchRange } from './types';

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
  limit?: number;
}

export interface SearchEngine {
  readonly size: number;
  add(doc: SearchDocument): void;
  remove(id: string): boolean;
  idOf(type: ContentTypeName, slug: string): string | undefined;
  search(query: string, options?: SearchOptions): SearchHit[];
}

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function ranges(text: string, terms: readonly string[]): MatchRange[] {
  const lower = text.toLowerCase();
  const found: MatchRange[] = [];
  for (const term of terms) {
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + term.length)) found.push([at, at + term.length]);
  }
  found.sort((a, b) => a[0] - b[0]);
  return found.filter((r, i) => i === 0 || r[0] >= found[i - 1][1]);
}

export function createSearchEngine(docs: Iterable<SearchDocument> = []): SearchEngine {
  const byId = new Map<string, SearchDocument>();
  const engine: SearchEngine = {
    get size() {
      return byId.size;
    },
    add(doc) {
      byId.set(doc.id, doc);
    },
    remove(id) {
      return byId.delete(id);
    },
    idOf(type, slug) {
      for (const doc of byId.values()) if (doc.type === type && doc.slug === slug) return doc.id;
      return undefined;
    },
    search(query, options = {}) {
      const terms = [...new Set(words(query))];
      if (terms.length === 0) return [];
      const hits: SearchHit[] = [];
      for (const doc of byId.values()) {
        if (options.type && doc.type !== options.type) continue;
        const fields = [doc.title, doc.headings, doc.excerpt, doc.body].map((f) => f.toLowerCase());
        const matched = terms.filter((t) => fields.some((f) => f.includes(t)));
        if (matched.length === 0) continue;
        const score = matched.length * 10 + matched.filter((t) => fields[0].includes(t)).length;
        const { id, type, url, title, excerpt, date } = doc;
        hits.push({ id, type, url, title, excerpt, date, score, matches: { title: ranges(title, matched), excerpt: ranges(excerpt, matched) }, terms: matched });
      }
      hits.sort((a, b) => b.score - a.score || b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
      return hits.slice(0, options.limit ?? 20);
    },
  };
  for (const doc of docs) engine.add(doc);
  return engine;
}
