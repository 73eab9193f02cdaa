import { CONTENT_TYPES } from '../shared/wordpress/contentTypes';

/**
 * The pages of the site as the sitemap and the revalidation webhook know them: fixed pages, the
 * listing pages of the content-type table, and (from `getEveryPageLink`) every content item.
 */

/** Pages that are routes of their own, not content items. Add a route here when you add one. */
export const STATIC_PAGES: readonly { path: string; inSitemap: boolean }[] = [
  { path: '/', inSitemap: true },
  { path: '/contact-us', inSitemap: true },
  // Search results are not for search engines (the page is noindex); it still shows the menu.
  { path: '/search', inSitemap: false },
];

/** The listing page of every type of the table that has one (`/about-us/news`, ...). */
export const LISTING_PATHS: readonly string[] = CONTENT_TYPES.flatMap((t) => (t.listingPath ? [t.listingPath] : []));
