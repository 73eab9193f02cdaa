import type { NextApiHandler } from 'next';
import { getConfig } from '../../config';
import { ApiError, jsonApiRoute } from '../api/errors';
import { configuredRateLimit, enforceRateLimit, type RateLimit } from '../api/rateLimit';
import { headerValue, readJsonObject, requireMethod } from '../api/request';
import { SEARCH_KEY, surrogateKeyHeaderName } from '../site/surrogateKeys';
import { processShared } from '../processShared';
import { MAX_QUERY_LENGTH, normalizeQuery, queryLength, SEARCH_HEADER } from './query';
import type { SearchResult } from './types';
import { searchWordPress } from '../wordpress/search';
import { createTtlCache } from '../wordpress/ttlCache';

/**
 * The site search (`POST /api/search`, spec §7: JSON `{s}`, a header `s`, a JSON list back).
 *
 * Request: POST, `Content-Type: application/json`, a body of at most 4 KB, `{"s": "…"}` with 1 to
 * 200 characters once trimmed, and the header `s` carrying the same query URL-encoded
 * (`encodeURIComponent`: header values are ASCII). Header and body must agree once trimmed.
 *
 * Answer: 200 with a JSON list of `{title, url, type, excerpt}` (see `src/lib/wordpress/search.ts`), at
 * most 20, `url` a site path, with `Cache-Control: public, max-age=0, s-maxage=60,
 * stale-while-revalidate=60` and `Vary: s` (issue 5: a short shared cache lifetime). Results are
 * the same for every visitor, and the query is in the `s` header, which must agree with the body:
 * a shared cache configured to store POST answers keyed by that header (the nginx example in
 * docs/performance.md) can serve repeated searches without reaching the site, and cannot be fed a
 * body's results under another query's key. Browsers never reuse a POST answer (`max-age=0`).
 * Refusals and failures stay `no-store`. Behind no such cache the speed comes from the server's
 * own cache: results are kept 60 s per query (trimmed, white space collapsed, lower-cased;
 * WordPress's search is case-insensitive), at most 500 queries, least recently used evicted
 * first; failures are not kept, and identical searches under way share one WordPress request.
 *
 * Refusals are JSON `{error}`: 405 (with `Allow: POST`), 429 (with `Retry-After`; 30 searches per
 * 10 s per client), 415, 413 (over 4 KB), 400 (malformed JSON, `s` missing, not a string, empty,
 * too long; header missing, malformed encoding or different from the body). WordPress failing
 * (error status, timeout, unreadable answer) → 502 `{error: "Search is unavailable, please try
 * again."}`; what went wrong is logged, never sent (no WordPress host in the answer).
 */

export const SEARCH_MAX_BODY_BYTES = 4 * 1024;

/** The header may hold 200 characters URL-encoded (up to 12 bytes each for 4-byte UTF-8). */
export const SEARCH_MAX_HEADER_LENGTH = MAX_QUERY_LENGTH * 12;
export const SEARCH_RATE_LIMIT = { points: 30, durationSeconds: 10 } as const;
export const SEARCH_CACHE = { maxEntries: 500, ttlMs: 60_000 } as const;
/** A search answer's lifetime in shared caches: as long as the server keeps it (SEARCH_CACHE). */
const SEARCH_CACHE_SECONDS = SEARCH_CACHE.ttlMs / 1000;
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

export interface SearchHandlerOptions {
  /** The per-client limit (default: 30 per 10 s, in Redis when REDIS_URL is set, else in memory). */
  rateLimit?: RateLimit;
  /** The search itself (default: WordPress). It is called with the normalized, lower-cased query. */
  search?: (query: string) => Promise<SearchResult[]>;
  /** Whether to believe `X-Forwarded-For` (default: `TRUST_PROXY` from the configuration). */
  trustProxy?: () => boolean;
}

// One per process: the webhook and the search route are separate bundles (see processShared).
const resultCaches = processShared('search-result-caches', () => new Set<{ clear(): void }>());

/** Forgets every cached search result (the revalidation webhook calls it when content changes). */
export function clearSearchCache(): void {
  for (const cache of resultCaches) cache.clear();
}

/** A search route with its own limiter and result cache. */
export function createSearchHandler(options: SearchHandlerOptions = {}): NextApiHandler {
  const rateLimit = options.rateLimit ?? configuredRateLimit({ ...SEARCH_RATE_LIMIT, keyPrefix: 'search' });
  const search = options.search ?? searchWordPress;
  const trustProxy = options.trustProxy ?? (() => getConfig().trustProxy);
  const cache = createTtlCache<string, SearchResult[]>(SEARCH_CACHE.ttlMs, { maxEntries: SEARCH_CACHE.maxEntries });
  resultCaches.add(cache);

  return jsonApiRoute('search', async (req, res) => {
    requireMethod(req, ['POST']);
    await enforceRateLimit(rateLimit, req, trustProxy());
    const body = await readJsonObject(req, SEARCH_MAX_BODY_BYTES, '{"s": "text to search for"}');
    const checked = checkSearchRequest(body.s, headerValue(req, SEARCH_HEADER));
    if ('problem' in checked) throw new ApiError(400, checked.problem);

    const key = checked.query.toLowerCase();
    let results: SearchResult[];
    try {
      results = await cache.get(key, () => search(key));
    } catch (error) {
      console.error(`[search] the search failed: ${(error as Error)?.message ?? String(error)}`);
      throw new ApiError(502, SEARCH_UNAVAILABLE_MESSAGE);
    }
    res.setHeader('Cache-Control', SEARCH_CACHE_CONTROL);
    res.setHeader('Vary', SEARCH_HEADER);
    // Issue 18: a content change purges every cached search answer (src/lib/site/surrogateKeys.ts).
    res.setHeader(surrogateKeyHeaderName(process.env.CACHE_PURGE), SEARCH_KEY);
    res.status(200).json(results);
  });
}
