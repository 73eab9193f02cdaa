import type { ContentTypeName } from '../shared/types';
import { feedOfPath, parseSitePath, ROBOTS_PATH, SITEMAP_PATH } from '../shared/routes';
import { CONTENT_TYPES, HOME_PAGE_SLUG } from '../shared/wordpress/contentTypes';

/**
 * Issue 18: surrogate keys. Every cacheable answer names what it was made from, in one header
 * that a cache in front reads and strips (Varnish's xkey, Fastly's Surrogate-Key, Cloudflare's
 * Cache-Tag); the webhook, once the pages are regenerated, purges the keys of its payload
 * (src/lib/cache/purge.ts). The one place where keys are made: proxy.ts tags pages, their
 * `/_next/data` JSON, the sitemap and feeds; the search handler tags its answers.
 *
 * | Answer | Keys |
 * |---|---|
 * | a detail page `/about-us/news/{slug}` (and its `_next/data`, and its 404 while it does not exist) | `item:news:{slug}` `layout` |
 * | a frame page `/{section}/{slug}`, `/`, `/contact-us` | `item:page:{slug}` (`home`, `contact-us`) `layout` |
 * | a listing page `/about-us/news` (every page of it) | `list:news` `layout` |
 * | `/search`, any other page | `page:{path}` `layout` |
 * | `/sitemap.xml` | `sitemap` |
 * | `/feeds/{feed}.xml` | `feeds` `feed:{feed}` |
 * | `/robots.txt` | `robots` |
 * | `POST /api/search` | `search` |
 * | a redirect, 410 or 404 of WordPress's redirect table | the source path's keys, `redirects` |
 *
 * The frames a page uses are not keys of their own: a page's answer is built by Next's Pages
 * Router from getStaticProps, which cannot set a header, and the proxy that tags it does not read
 * WordPress. The plugin names every frame page a frame change touches in its payload (docs/revalidation.md),
 * so those pages' `item:page:{slug}` keys are purged; the layout key covers the menu.
 */

/** The canonical header (Fastly's name; Varnish copies it into xkey). */
export const SURROGATE_KEY_HEADER = 'Surrogate-Key';
/** Cloudflare reads (and strips) only its own name: with CACHE_PURGE=cloudflare the site sends this one instead. */
export const CLOUDFLARE_TAG_HEADER = 'Cache-Tag';

export const LAYOUT_KEY = 'layout';
export const SITEMAP_KEY = 'sitemap';
export const FEEDS_KEY = 'feeds';
export const SEARCH_KEY = 'search';
export const ROBOTS_KEY = 'robots';
/** Issue 33: every answer of the redirect table (src/lib/redirects/answer.ts). */
export const REDIRECTS_KEY = 'redirects';

export const itemKey = (type: ContentTypeName, slug: string) => `item:${type}:${slug}`;
export const listKey = (type: ContentTypeName) => `list:${type}`;
export const HOME_KEY = itemKey('page', HOME_PAGE_SLUG);

/** The header's name for the configured purge back end (CACHE_PURGE, read as is: src/config.ts validates it). */
export function surrogateKeyHeaderName(cachePurge: string | undefined): string {
  return cachePurge?.trim() === 'cloudflare' ? CLOUDFLARE_TAG_HEADER : SURROGATE_KEY_HEADER;
}

/** The header's value: space-separated (Surrogate-Key, xkey) or comma-separated (Cache-Tag). */
export function formatKeys(keys: readonly string[], headerName: string): string {
  return keys.join(headerName === CLOUDFLARE_TAG_HEADER ? ',' : ' ');
}

// Keys are tokens: no spaces or commas (they separate keys), nothing but URL path characters.
const safe = (value: string) => value.replace(/[^A-Za-z0-9%_.~:/-]/g, (c) => encodeURIComponent(c));

/** The key that names a page itself (what a `paths` call of the webhook purges); what the path shows is src/lib/shared/routes.ts's reading. */
export function pageKey(pathname: string): string {
  const route = parseSitePath(pathname);
  if (route.kind === 'item') return itemKey(route.type, safe(route.slug));
  if (route.kind === 'listing') return listKey(route.type);
  return `page:${safe(route.path)}`;
}

/** The keys of the answer at `pathname` (a page, its `_next/data`, a crawler document), or null for addresses not tagged. */
export function keysForPath(pathname: string): string[] | null {
  if (pathname.startsWith('/_next/') || pathname.startsWith('/api/')) return null;
  if (pathname === SITEMAP_PATH) return [SITEMAP_KEY];
  if (pathname === ROBOTS_PATH) return [ROBOTS_KEY];
  const feed = feedOfPath(pathname);
  if (feed !== null) return [FEEDS_KEY, `feed:${safe(feed)}`];
  return [pageKey(pathname), LAYOUT_KEY];
}

/** `/_next/data/{buildId}/about-us/news/x.json` → `/about-us/news/x` (`index.json` → `/`); other paths as given. */
export function pagePathOfDataRequest(pathname: string): string {
  const data = /^\/_next\/data\/[^/]+(\/.*)\.json$/.exec(pathname);
  if (!data) return pathname;
  return data[1] === '/index' ? '/' : data[1];
}

/** What a content change outdates besides the pages: the sitemap, the feeds, search answers. */
export const CONTENT_KEYS: readonly string[] = [SITEMAP_KEY, FEEDS_KEY, SEARCH_KEY];

/** One item of a webhook payload: its page, its type's listing, the home page (which lists the latest). */
export function keysForItem(type: ContentTypeName, slug: string): string[] {
  // Pages are keyed by slug: the section is part of the address, not of the key.
  const def = CONTENT_TYPES.find((t) => t.name === type);
  return [itemKey(type, slug), ...(def?.listingPath ? [listKey(type)] : []), HOME_KEY];
}

export const unique = (keys: readonly string[]) => [...new Set(keys)];
