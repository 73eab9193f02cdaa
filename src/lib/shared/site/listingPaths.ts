/**
 * Paths of listing pages, browser-safe (the Pagination component uses them; `listing.ts`, which
 * reads WordPress, is server-only). Page 1 is the listing path itself, page n is
 * `{listingPath}/page/{n}`.
 */
export function listingPagePath(basePath: string, page: number): string {
  return page <= 1 ? basePath : `${basePath}/page/${page}`;
}
