import type { ContentTypeName } from '../types';
import { normalizeQuery, SEARCH_HEADER } from './query';
import type { SearchResult } from './types';

/**
 * The browser's side of the site search (spec §7: `POST /api/search` with JSON `{s}` and a
 * header `s`).
 *
 * - An empty or white-space-only query returns `[]` and makes no call (spec §5).
 * - Otherwise the query, trimmed and with white space collapsed, is sent as `{"s": …}` and,
 *   URL-encoded (header values are ASCII), in the header `s`.
 * - `type` (a content-type name of the table) filters by type: `POST /api/search?type=news`
 *   (docs/search-index.md §6). The URL, not the body, carries it, so caches in front key on it.
 * - A non-OK answer throws an `Error` with the server's message (`{error}`), e.g. "Search is
 *   unavailable, please try again."; a network failure or an abort (`signal`) rejects as fetch does.
 */
export const SEARCH_ENDPOINT = '/api/search';

/** The address a search is sent to: `/api/search`, or `/api/search?type=news` with a type filter. */
export function searchUrl(type?: ContentTypeName | null): string {
  return type ? `${SEARCH_ENDPOINT}?${new URLSearchParams({ type }).toString()}` : SEARCH_ENDPOINT;
}

export async function searchSite(s: string, signal?: AbortSignal, type?: ContentTypeName | null): Promise<SearchResult[]> {
  const query = normalizeQuery(s);
  if (query === '') return [];
  const response = await fetch(searchUrl(type), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', [SEARCH_HEADER]: encodeURIComponent(query) },
    body: JSON.stringify({ s: query }),
    signal,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : null;
    throw new Error(message ?? `Search failed with status ${response.status}`);
  }
  if (!Array.isArray(body)) throw new Error('Search answered something other than a list');
  return body as SearchResult[];
}
