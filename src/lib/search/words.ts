import porter2 from 'wink-porter2-stemmer';

/**
 * The words of the site search (docs/search-index.md §3), shared by the index and the query so
 * both sides always agree: runs of Unicode letters and digits (combining marks stay with their
 * letter), an apostrophe inside a word joining its two halves (`aren't` → `arent`), lower-cased,
 * diacritics folded (`Café` → `cafe`). Pure code, server only.
 */

/** One word of a text, with where it stands in the ORIGINAL string (UTF-16 offsets). */
export interface Word {
  /** Lower-cased, diacritics folded, apostrophes dropped. */
  word: string;
  start: number;
  end: number;
}

/** A word: letters/digits (and their marks), inner apostrophes (' and ’) joining runs. */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:['’ʼ][\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*/gu;
const APOSTROPHES = /['’ʼ]/g;
const MARKS = /\p{M}+/gu;
const ASCII_WORD = /^[a-z0-9]*$/;

/** The folded form of one word as matched by WORD. */
export function foldWord(raw: string): string {
  const lower = raw.toLowerCase();
  if (ASCII_WORD.test(lower)) return lower;
  return lower.normalize('NFD').replace(MARKS, '').replace(APOSTROPHES, '').normalize('NFC');
}

/** Every word of `text` with its place in it. */
export function wordsWithOffsets(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(WORD)) {
    const word = foldWord(m[0]);
    if (word) out.push({ word, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** Every (folded) word of `text`, in order, repeats kept. */
export function wordsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WORD)) {
    const word = foldWord(m[0]);
    if (word) out.push(word);
  }
  return out;
}

const LATIN_LETTERS = /^[a-z]{3,}$/;
const STEM_CACHE_LIMIT = 200_000;
let stems = new Map<string, string>();

/**
 * The English (Porter2) stem of a folded word: `tables` → `tabl`, `payments` → `payment`,
 * `declined` → `declin`. Words with digits, other scripts or of fewer than 3 letters stay as they are.
 */
export function stemWord(word: string): string {
  if (!LATIN_LETTERS.test(word)) return word;
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = porter2(word) || word;
    if (stems.size >= STEM_CACHE_LIMIT) stems = new Map();
    stems.set(word, stem);
  }
  return stem;
}

/** Letters counted as a visitor sees them (code points, not UTF-16 units). */
export function letterCount(word: string): number {
  let n = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

/**
 * The edit distance a query word may be off by (§3): 1 from 4 letters, 2 from 8 letters, none
 * below 4. Counted on the word as typed (folded, before stemming). A word with a digit (a year, a
 * version, `q3`) is never fuzzy: `1999` must not find `1899`.
 */
export function maxEdits(word: string): number {
  if (/\p{N}/u.test(word)) return 0;
  const n = letterCount(word);
  return n >= 8 ? 2 : n >= 4 ? 1 : 0;
}

/** Whether the Levenshtein distance of `a` and `b` is at most `max` (small strings; early exit). */
export function withinEditDistance(a: string, b: string, max: number): boolean {
  if (a === b) return true;
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return false;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return false;
    prev = cur;
  }
  return prev[y.length] <= max;
}
