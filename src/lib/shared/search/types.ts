/** [start, end): UTF-16 offsets (JavaScript string indices) into the answered string. */
export type MatchRange = readonly [start: number, end: number];

/**
 * One result of the site search, as `POST /api/search` answers it (a JSON list of these) and the
 * browser client returns it. Shared by the server and the browser: no WordPress shape here.
 */
export interface SearchResult {
  /** Plain text, character references decoded. */
  title: string;
  /** The item's path on this site (`/resources/blogs/some-slug`), never a WordPress URL. */
  url: string;
  /** The content type's label for visitors (`News`, `Blog post`, `Page`, …). */
  type: string;
  /** Plain text, at most 30 words (an ellipsis marks a cut); may be empty. */
  excerpt: string;
  /**
   * Added (issue 34), data only, never HTML. Absent on answers from the WordPress fallback.
   * WordPress's `date` of the item (ISO 8601, site time: "2025-01-06T09:00:00").
   */
  date?: string;
  /** Where the query's words are in `title` and `excerpt`: sorted, not overlapping. */
  matches?: { title: MatchRange[]; excerpt: MatchRange[] };
  /** The query's words that matched (as the visitor typed them, lower-cased), for screen readers and logs. */
  terms?: string[];
}
