/**
 * The rules of a search query, shared by the browser client and `POST /api/search` (pure code:
 * safe in either).
 */

/** The request header that repeats the query (URL-encoded: header values are ASCII). */
export const SEARCH_HEADER = 's';

/** A query has 1 to 200 characters once trimmed. */
export const MAX_QUERY_LENGTH = 200;

/** Trimmed, runs of white space made one space: the query as WordPress is asked it. */
export function normalizeQuery(s: string): string {
  return s.trim().replace(/\s+/g, ' ');
}

/** Length in characters (code points, so an emoji counts once). */
export function queryLength(s: string): number {
  return [...s].length;
}
