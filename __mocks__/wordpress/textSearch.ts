/**
 * WP_Query's `search`: the string is split into terms (quoted phrases kept whole), stopwords and
 * single letters dropped, a leading '-' excludes a term; every term must match the title, excerpt
 * or content (case-insensitive LIKE). Relevance ordering follows `WP_Query::parse_search_order`.
 */

const STOPWORDS = new Set(
  'about,an,are,as,at,be,by,com,for,from,how,in,is,it,of,on,or,that,the,this,to,was,what,when,where,who,will,with,www'.split(','),
);

/** The searchable text of an item, as stored. */
export interface SearchText {
  title: string;
  excerpt: string;
  content: string;
}

interface Term {
  text: string;
  exclude: boolean;
}

export interface ParsedSearch {
  terms: Term[];
  /** The whole search string, for sentence matches in relevance ordering (null when it has exclusions). */
  sentence: string | null;
  /** How many raw terms the string had (relevance ordering differs for one term). */
  rawCount: number;
}

export function parseSearch(search: string): ParsedSearch {
  const raw = search.match(/".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g) ?? [];
  const terms: Term[] = [];
  for (const match of raw) {
    let term = match.replace(/^[\s"']+|[\s"']+$/g, '');
    const exclude = term.startsWith('-');
    if (exclude) term = term.slice(1);
    if (!term || (term.length === 1 && /^[a-z-]$/i.test(term))) continue;
    if (STOPWORDS.has(term.toLowerCase())) continue;
    terms.push({ text: term.toLowerCase(), exclude });
  }
  const whole = terms.length === 0 || terms.length > 9 ? [{ text: search.toLowerCase(), exclude: false }] : terms;
  return { terms: whole, sentence: /(?:\s|^)-/.test(search) ? null : search.toLowerCase(), rawCount: raw.length };
}

function lower(text: SearchText): SearchText {
  return { title: text.title.toLowerCase(), excerpt: text.excerpt.toLowerCase(), content: text.content.toLowerCase() };
}

export function matchesSearch(search: ParsedSearch, text: SearchText): boolean {
  const t = lower(text);
  return search.terms.every(({ text: term, exclude }) => {
    const found = t.title.includes(term) || t.excerpt.includes(term) || t.content.includes(term);
    return exclude ? !found : found;
  });
}

/** Lower ranks first: WordPress's `CASE ... THEN 1..6` (one term: title matches first). */
export function relevanceRank(search: ParsedSearch, text: SearchText): number {
  const t = lower(text);
  const included = search.terms.filter((term) => !term.exclude).map((term) => term.text);
  if (search.rawCount <= 1) return included.some((term) => t.title.includes(term)) ? 0 : 1;
  const { sentence } = search;
  if (sentence && t.title.includes(sentence)) return 1;
  if (included.length < 7) {
    if (included.every((term) => t.title.includes(term))) return 2;
    if (included.length > 1 && included.some((term) => t.title.includes(term))) return 3;
  }
  if (sentence && t.excerpt.includes(sentence)) return 4;
  if (sentence && t.content.includes(sentence)) return 5;
  return 6;
}
