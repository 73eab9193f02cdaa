import type { NextApiHandler } from 'next';
import { getConfig } from '../../config';
import { ApiError, jsonApiRoute } from '../api/errors';
import { configuredRateLimit, enforceRateLimit, type RateLimit } from '../api/rateLimit';
import { headerValue, readJsonObject, requireMethod } from '../api/request';
import { SEARCH_KEY, surrogateKeyHeaderName } from '../site/surrogateKeys';
import { MAX_QUERY_LENGTH, normalizeQuery, queryLength, SEARCH_HEADER } from '../shared/search/query';
import type { SearchResult } from '../shared/search/types';
import { searchWordPress } from '../wordpress/search';
import { CONTENT_TYPES, contentType, isContentTypeName } from '../shared/wordpress/contentTypes';
import type { ContentTypeName } from '../shared/types';
import type { SearchEngine, SearchHit } from './engine';
import { currentSearchEngine } from './siteIndex';

/**
 * The site search (`POST /api/search`, spec §7: JSON `{s}`, a header `s`, a JSON list back;
 * issue 34, docs/search-index.md §6).
 *
 * Request: POST, `Content-Type: application/json`, a body of at most 4 KB, `{"s": "…"}` with 1 to
 * 200 characters once trimmed, and the header `s` carrying the same query URL-encoded
 * (`encodeURIComponent`: header values are ASCII). Header and body must agree once trimmed.
 * Optional type filter in the URL: `?type={content-type name}` (`news`, `page`, …; once).
 *
 * Answer: 200 with a JSON list of at most 20 results, `url` a site path. From this process's
 * search index (./siteIndex.ts) once it is built: `{title, url, type, excerpt, date, matches,
 * terms}`, no WordPress request. Until then, WordPress's search (`src/lib/wordpress/search.ts`,
 * the type filter mapped to that type's post type only): `{title, url, type, excerpt}`. A query
 * without a letter or digit answers `[]` at once. Headers: `Cache-Control: public, max-age=0,
 * s-maxage=60, stale-while-revalidate=60`, `Vary: s` and the `search` surrogate key (issue 5, 18):
 * the results are the same for every visitor, and the query is in the `s` header, which must
 * agree with the body, so a shared cache configured to store POST answers keyed by that header and
 * the URL (deploy/varnish/site.vcl, the nginx example in docs/caching.md) can serve repeated
 * searches, and cannot be fed a body's results under another query's key. Browsers never reuse a
 * POST answer (`max-age=0`). Refusals and failures stay `no-store`. No answer cache in the process
 * (the index answers in microseconds, and is updated by the webhook).
 *
 * Refusals are JSON `{error}`: 405 (with `Allow: POST`), 429 (with `Retry-After`; 30 searches per
 * 10 s per client), 415, 413 (over 4 KB), 400 (malformed JSON, `s` missing, not a string, empty,
 * too long; header missing, malformed encoding or different from the body; `type` unknown or
 * repeated). WordPress failing (error status, timeout, unreadable answer) → 502 `{error: "Search
 * is unavailable, please try again."}`; what went wrong is logged, never sent (no WordPress host
 * in the answer).
 */

export const SEARCH_MAX_BODY_BYTES = 4 * 1024;

/** The header may hold 200 characters URL-encoded (up to 12 bytes each for 4-byte UTF-8). */
export const SEARCH_MAX_HEADER_LENGTH = MAX_QUERY_LENGTH * 12;
export const SEARCH_RATE_LIMIT = { points: 30, durationSeconds: 10 } as const;
/** A search answer's lifetime in shared caches (the webhook purges `search` on every publish). */
const SEARCH_CACHE_SECONDS = 60;
export const SEARCH_CACHE_CONTROL = `public, max-age=0, s-maxage=${SEARCH_CACHE_SECONDS}, stale-while-revalidate=${SEARCH_CACHE_SECONDS}`;
export const SEARCH_UNAVAILABLE_MESSAGE = 'Search is unavailable, please try again.';

/** The query of a request (normalized), or the problem with it. */
export function checkSearchRequest(bodyS: unknown, header: string | undefined): { query: string } | { problem: string } {
  if (bodyS === undefined) return { problem: 'The body needs "s": the text to search for, e.g. {"s": "payments"}' };
  if (typeof bodyS !== 'string') return { problem: '"s" must be a string' };
  const trimmed = bodyS.trim();
  if (trimmed === '') return { problem: '"s" must not be empty' };
  if (queryLength(trimmed) > MAX_QUERY_LENGTH) return { problem: `"s" is longer than ${MAX_QUERY_LENGTH} characters` };
  if (header === undefined) return { problem: `The "${SEARCH_HEADER}" header is missing: send the query URL-encoded in it too` };
  if (header.length > SEARCH_MAX_HEADER_LENGTH) return { problem: `The "${SEARCH_HEADER}" header is longer than ${SEARCH_MAX_HEADER_LENGTH} characters` };
  let decoded: string;
  try {
    decoded = decodeURIComponent(header);
  } catch {
    return { problem: `The "${SEARCH_HEADER}" header is not valid URL encoding (use encodeURIComponent)` };
  }
  if (decoded.trim() !== trimmed) return { problem: `The "${SEARCH_HEADER}" header and the body's "s" must be the same query` };
  return { query: normalizeQuery(trimmed) };
}

/** The most results an answer holds. */
export const SEARCH_LIMIT = 20;
/** The URL parameter of the type filter. */
export const TYPE_PARAMETER = 'type';

/** The type filter of a request URL (`?type=news`): absent → null; or the problem with it. */
export function checkTypeFilter(url: string | undefined): { type: ContentTypeName | null } | { problem: string } {
  let values: string[];
  try {
    values = new URL(url ?? '/', 'http://site.invalid').searchParams.getAll(TYPE_PARAMETER);
  } catch {
    values = [];
  }
  const valid = CONTENT_TYPES.map((def) => def.name).join(', ');
  if (values.length === 0) return { type: null };
  if (values.length > 1) return { problem: `Give "${TYPE_PARAMETER}" at most once in the URL: one of ${valid}` };
  const [value] = values;
  if (!isContentTypeName(value)) {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return { problem: `Unknown ${TYPE_PARAMETER} ${JSON.stringify(shown)} in the URL: expected one of ${valid}` };
  }
  return { type: value };
}

/** Whether a query has something to search for: a letter or a digit (else the answer is `[]`). */
export const hasSearchableText = (query: string): boolean => /[\p{L}\p{N}]/u.test(query);

/** An index hit as the route answers it: the type's label, and the data for marks. */
export function toSearchResultFromHit(hit: SearchHit): SearchResult {
  return { title: hit.title, url: hit.url, type: contentType(hit.type).label, excerpt: hit.excerpt, date: hit.date, matches: hit.matches, terms: hit.terms };
}

export interface SearchHandlerOptions {
  /** The per-client limit (default: 30 per 10 s, in Redis when REDIS_URL is set, else in memory). */
  rateLimit?: RateLimit;
  /** The index answering, or null while there is none (default: this process's, ./siteIndex.ts). */
  engine?: () => SearchEngine | null;
  /** The fallback while there is no index (default: WordPress). Called with the normalized, lower-cased query and the type filter. */
  search?: (query: string, type?: ContentTypeName) => Promise<SearchResult[]>;
  /** Whether to believe `X-Forwarded-For` (default: `TRUST_PROXY` from the configuration). */
  trustProxy?: () => boolean;
}

/** A search route with its own limiter. */
export function createSearchHandler(options: SearchHandlerOptions = {}): NextApiHandler {
  const rateLimit = options.rateLimit ?? configuredRateLimit({ ...SEARCH_RATE_LIMIT, keyPrefix: 'search' });
  const engine = options.engine ?? currentSearchEngine;
  const search = options.search ?? searchWordPress;
  const trustProxy = options.trustProxy ?? (() => getConfig().trustProxy);

  return jsonApiRoute('search', async (req, res) => {
    requireMethod(req, ['POST']);
    await enforceRateLimit(rateLimit, req, trustProxy());
    const body = await readJsonObject(req, SEARCH_MAX_BODY_BYTES, '{"s": "text to search for"}');
    const checked = checkSearchRequest(body.s, headerValue(req, SEARCH_HEADER));
    if ('problem' in checked) throw new ApiError(400, checked.problem);
    const filter = checkTypeFilter(req.url);
    if ('problem' in filter) throw new ApiError(400, filter.problem);
    const type = filter.type ?? undefined;

    let results: SearchResult[] | null = null;
    const index = engine();
    if (!hasSearchableText(checked.query)) results = [];
    else if (index) {
      try {
        results = index.search(checked.query, { type, limit: SEARCH_LIMIT }).map(toSearchResultFromHit);
      } catch (error) {
        // The engine never throws (its contract); were it to, WordPress answers rather than a 500.
        console.error(`[search] the index failed, asking WordPress: ${(error as Error)?.message ?? String(error)}`);
      }
    }
    if (results === null) {
      try {
        results = await search(checked.query.toLowerCase(), type);
      } catch (error) {
        console.error(`[search] the search failed: ${(error as Error)?.message ?? String(error)}`);
        throw new ApiError(502, SEARCH_UNAVAILABLE_MESSAGE);
      }
    }
    res.setHeader('Cache-Control', SEARCH_CACHE_CONTROL);
    res.setHeader('Vary', SEARCH_HEADER);
    // Issue 18: a content change purges every cached search answer (src/lib/site/surrogateKeys.ts).
    res.setHeader(surrogateKeyHeaderName(process.env.CACHE_PURGE), SEARCH_KEY);
    res.status(200).json(results);
  });
}
