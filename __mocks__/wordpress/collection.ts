import { buildPhpQuery, type PhpArray } from './phpQuery';
import { restError, type RestError } from './responses';
import { matchesSearch, parseSearch, relevanceRank, type SearchText } from './textSearch';

/**
 * The one filtering, ordering and paging function behind every collection route (posts of every
 * type, media, search), with WP_Query's semantics and the REST controllers' paging rules.
 */

/** What the collection query reads of an item. */
export interface Listed extends SearchText {
  id: number;
  date: string;
  modified: string;
  slug: string;
}

export interface CollectionQuery {
  page: number;
  perPage: number;
  search?: string;
  slugs?: readonly string[];
  include?: readonly number[];
  exclude?: readonly number[];
  order?: 'asc' | 'desc';
  /** date (default), modified, id, slug, title, include, include_slugs, relevance; others order by date. */
  orderby?: string;
  /**
   * `modified_after` (WordPress 5.7+, milliseconds since the epoch): items whose `modified` (site
   * time, the fake's is UTC) is strictly later, to the second, as WP_Date_Query's
   * `post_modified > 'Y-m-d H:i:s'` compares.
   */
  modifiedAfter?: number;
  /** `modified_before`: strictly earlier, the same way. */
  modifiedBefore?: number;
  /** Items must also pass this (type-specific filters: sticky, meta_query, parent, subtype). */
  where?: (index: number) => boolean;
  /** The error code for a page past the last (`rest_post_invalid_page_number`, `rest_search_invalid_page_number`). */
  invalidPageCode: string;
}

export interface CollectionPage<T> {
  items: T[];
  total: number;
  totalPages: number;
}

type Comparator = (a: Listed, b: Listed) => number;

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byText =
  (key: 'slug' | 'date' | 'modified'): Comparator =>
  (a, b) =>
    compareStrings(a[key], b[key]);
const byTitle: Comparator = (a, b) => compareStrings(a.title.toLowerCase(), b.title.toLowerCase());
const byId: Comparator = (a, b) => a.id - b.id;

function comparator(query: CollectionQuery): Comparator {
  const direction = query.order === 'asc' ? 1 : -1;
  const withTieBreak = (primary: Comparator): Comparator => (a, b) => direction * (primary(a, b) || byId(a, b));
  switch (query.orderby) {
    case 'include': {
      const position = new Map((query.include ?? []).map((id, i) => [id, i]));
      return (a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0);
    }
    case 'include_slugs': {
      if (!query.slugs?.length) return withTieBreak(byText('date'));
      const position = new Map(query.slugs.map((slug, i) => [slug, i]));
      return (a, b) => (position.get(a.slug) ?? 0) - (position.get(b.slug) ?? 0);
    }
    case 'id':
      return withTieBreak(() => 0);
    case 'slug':
      return withTieBreak(byText('slug'));
    case 'title':
      return withTieBreak(byTitle);
    case 'modified':
      return withTieBreak(byText('modified'));
    default:
      return withTieBreak(byText('date'));
  }
}

/** Filters, orders and pages `items`; `view` tells what each item's id, dates, slug and text are. */
export function queryCollection<T>(items: readonly T[], view: (item: T) => Listed, query: CollectionQuery): CollectionPage<T> | RestError {
  const search = query.search ? parseSearch(query.search) : null;
  const slugs = query.slugs?.length ? new Set(query.slugs) : null;
  const include = query.include?.length ? new Set(query.include) : null;
  const exclude = query.exclude?.length ? new Set(query.exclude) : null;

  const matched: { item: T; listed: Listed; rank: number }[] = [];
  // WP_Date_Query formats the bound as 'Y-m-d H:i:s': fractions of a second are dropped.
  const after = query.modifiedAfter === undefined ? null : Math.floor(query.modifiedAfter / 1000) * 1000;
  const before = query.modifiedBefore === undefined ? null : Math.floor(query.modifiedBefore / 1000) * 1000;
  items.forEach((item, index) => {
    const listed = view(item);
    if (after !== null || before !== null) {
      const modified = Date.parse(`${listed.modified.replace(' ', 'T')}Z`);
      if (after !== null && !(modified > after)) return;
      if (before !== null && !(modified < before)) return;
    }
    if (slugs && !slugs.has(listed.slug)) return;
    if (include && !include.has(listed.id)) return;
    if (exclude?.has(listed.id)) return;
    if (query.where && !query.where(index)) return;
    if (search && !matchesSearch(search, listed)) return;
    matched.push({ item, listed, rank: search && query.orderby === 'relevance' ? relevanceRank(search, listed) : 0 });
  });

  const compare = query.orderby === 'relevance' ? withDateDesc : comparator(query);
  matched.sort((a, b) => a.rank - b.rank || compare(a.listed, b.listed));

  const total = matched.length;
  const totalPages = Math.ceil(total / query.perPage);
  if (query.page > totalPages && total > 0) {
    return restError(400, query.invalidPageCode, 'The page number requested is larger than the number of pages available.');
  }
  const start = (query.page - 1) * query.perPage;
  return { items: matched.slice(start, start + query.perPage).map((m) => m.item), total, totalPages };
}

/** Relevance ties are ordered by date, newest first (`post_date DESC`). */
const withDateDesc: Comparator = (a, b) => -(byText('date')(a, b) || byId(a, b));

/**
 * The collection headers: totals, and `Link` rel="prev"/"next" on the collection URL with the
 * request's own query and `page` replaced, as the REST controllers build them.
 */
export function collectionHeaders(collectionUrl: string, query: PhpArray, page: number, totalPages: number, total: number): Record<string, string> {
  const headers: Record<string, string> = { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(totalPages) };
  const link = (rel: string, target: number): string => {
    const params = new Map(query);
    params.set('page', String(target));
    return `<${collectionUrl}?${buildPhpQuery(params)}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(link('prev', Math.min(page - 1, totalPages)));
  if (totalPages > page) links.push(link('next', page + 1));
  if (links.length) headers.Link = links.join(', ');
  return headers;
}
