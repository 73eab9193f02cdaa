import type { ContentTypeName } from './types';
import { CONTENT_TYPES, contentType, DEFAULT_PAGE_SECTION, PAGE_ADDRESSES, sitePath } from './wordpress/contentTypes';

/**
 * Issue 36: the site's routes, read one way from the content-type table
 * (src/lib/shared/wordpress/contentTypes.ts). Forward (an item → its path: `sitePath`), backward (a path →
 * what it shows: `parseSitePath`, which the surrogate keys are made from), the crawler documents'
 * addresses (`feedPath`, `feedOfPath`), the old addresses that redirect (`PERMANENT_REDIRECTS`) and
 * the exact addresses the proxy must match (`PROXY_ROUTED_ADDRESSES`: proxy.ts's `config.matcher`
 * is a literal Next reads without running the file, so __tests__/routes/routes.test.ts holds it to
 * this list). The plugin's PHP copy (wordpress-plugin/includes/Site/SiteRoutes.php) is held to
 * `pluginRouteTable()` by the same test. Browser-safe: no server imports.
 */

export { sitePath };

/** What a site path shows. */
export type SiteRoute =
  /** An item's page: `/about-us/news/{slug}`, a frame page `/{section}/{slug}`, `/`, `/contact-us`. `slug` is the path segment as written. */
  | { kind: 'item'; type: ContentTypeName; slug: string }
  /** A listing page, any page of it (`/about-us/news`, `/about-us/news/page/2`). */
  | { kind: 'listing'; type: ContentTypeName }
  /** Anything else (`/search`, `/api/…`, an unknown shape): `path` without trailing slashes. */
  | { kind: 'other'; path: string };

const PAGE_FOR_ADDRESS = new Map(Object.entries(PAGE_ADDRESSES).map(([slug, address]) => [address, slug]));

/** First segments that are never a frame page's section. */
const NOT_SECTIONS = ['api', '_next'];

/**
 * What `pathname` shows, by its shape alone (no WordPress read: the proxy calls it on every
 * request). Trailing slashes are ignored. Page addresses first, then listings (every type's, before
 * any item route), then item routes by prefix, then `/{section}/{slug}` as a frame page.
 */
export function parseSitePath(pathname: string): SiteRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const special = PAGE_FOR_ADDRESS.get(path);
  if (special) return { kind: 'item', type: 'page', slug: special };
  for (const type of CONTENT_TYPES) {
    if (type.listingPath && (path === type.listingPath || path.startsWith(`${type.listingPath}/page/`))) return { kind: 'listing', type: type.name };
  }
  const segments = path.split('/').slice(1);
  for (const type of CONTENT_TYPES) {
    if (!type.routePrefix) continue;
    const prefix = type.routePrefix.split('/').slice(1);
    if (segments.length === prefix.length + 1 && prefix.every((s, i) => segments[i] === s)) return { kind: 'item', type: type.name, slug: segments[prefix.length] };
  }
  // `/{section}/{slug}`: a frame page (the section route; sections are WordPress's).
  if (segments.length === 2 && segments.every(Boolean) && !NOT_SECTIONS.includes(segments[0])) return { kind: 'item', type: 'page', slug: segments[1] };
  return { kind: 'other', path };
}

/* Crawler documents ------------------------------------------------------------------------- */

export const SITEMAP_PATH = '/sitemap.xml';
export const ROBOTS_PATH = '/robots.txt';

/** The site path of a feed: `/feeds/news.xml`. */
export const feedPath = (name: string): string => `/feeds/${name}.xml`;

const FEED_PATH = /^\/feeds\/([^/]+)\.xml$/;

/** The feed name at `pathname` (`/feeds/news.xml` → `news`), or null. Any name: the feed route answers 404 for unknown ones. */
export function feedOfPath(pathname: string): string | null {
  return FEED_PATH.exec(pathname)?.[1] ?? null;
}

/* Old addresses ------------------------------------------------------------------------------ */

/**
 * Old and fallback-menu listing addresses (spec §2 "Menu links used as fallback": /news,
 * /press-releases) and the type whose listing now serves each.
 */
const OLD_LISTING_ADDRESSES: readonly (readonly [string, ContentTypeName])[] = [
  ['/news', 'news'],
  ['/press-releases', 'pressRelease'],
];

/**
 * Permanent redirects (308, query kept) answered by proxy.ts: the old listing addresses, and the
 * `/pages/{slug}` addresses of the frame pages served at an address of their own (PAGE_ADDRESSES).
 * The redirect table (src/lib/redirects/compile.ts) sends a target that is one of these sources
 * straight to where it leads: one hop, not two.
 */
export const PERMANENT_REDIRECTS: ReadonlyMap<string, string> = new Map([
  ...OLD_LISTING_ADDRESSES.map(([from, type]) => [from, contentType(type).listingPath as string] as const),
  ...Object.entries(PAGE_ADDRESSES).map(([slug, address]) => [`/${DEFAULT_PAGE_SECTION}/${slug}`, address] as const),
]);

/**
 * The addresses proxy.ts must match besides every page (Next's path-to-regexp syntax), in the
 * order of its `config.matcher`: the crawler documents it rewrites, then the redirect sources.
 */
export const PROXY_ROUTED_ADDRESSES: readonly string[] = [SITEMAP_PATH, ROBOTS_PATH, '/feeds/:feed*', ...PERMANENT_REDIRECTS.keys()];

/* The plugin's copy -------------------------------------------------------------------------- */

/**
 * What the plugin's SiteRoutes.php must hold (its constants PREFIXES, PAGE_BASE, DEFAULT_SECTION,
 * PAGE_ADDRESSES): the same routes keyed by REST base, the key the plugin knows an item's type by.
 */
export function pluginRouteTable(): { prefixes: Record<string, string>; pageBase: string; defaultSection: string; pageAddresses: Record<string, string> } {
  const page = contentType('page');
  return {
    prefixes: Object.fromEntries(CONTENT_TYPES.filter((t) => t.routePrefix).map((t) => [t.restBase, t.routePrefix])),
    pageBase: page.restBase,
    defaultSection: DEFAULT_PAGE_SECTION,
    pageAddresses: { ...PAGE_ADDRESSES },
  };
}
