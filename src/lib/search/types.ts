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
}
