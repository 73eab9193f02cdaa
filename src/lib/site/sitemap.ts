import { getConfig } from '../../config';
import { getEveryPageLink } from '../wordpress/links';
import { createDocumentCache, type DocumentCache } from './documentCache';
import { processShared } from '../server/processShared';
import { isTestPage } from '../shared/testPages';
import { LISTING_PATHS, STATIC_PAGES } from './sitePaths';
import { absoluteUrl, SITE_URL } from '../shared/site/siteUrl';
import { escapeXml } from './xml';
import { registerProcessCache } from '../cache/processCaches';

/**
 * `/sitemap.xml` (served by `pages/api/sitemap.ts` through a rewrite) and `/robots.txt`.
 *
 * The sitemap lists the static pages, the listing pages of the content-type table and every
 * content page (getEveryPageLink: the all-links builder's types plus case studies and insights,
 * one request per type), as absolute URLs from SITE_URL, XML-escaped,
 * without duplicates. An item the SEO plugin keeps out of search engines (`noindex`) or whose
 * canonical is another address is left out: the id lists say so (docs/seo-and-redirects.md §1
 * "In the id lists"), so this costs no request more. No `lastmod`: the id lists carry no dates, and a wrong lastmod is worse than
 * none. It is rebuilt with ISR semantics (see `documentCache.ts`).
 */

/** The sitemap protocol's limit per file; beyond it, URLs are dropped (logged): split into a sitemap index then. */
export const MAX_SITEMAP_URLS = 50_000;

/** The site paths the sitemap lists, in order: static pages, listing pages, content. Throws when WordPress fails. */
export async function sitemapPaths(): Promise<string[]> {
  const links = await getEveryPageLink();
  const paths = new Set<string>();
  for (const page of STATIC_PAGES) if (page.inSitemap) paths.add(page.path);
  for (const path of LISTING_PATHS) paths.add(path);
  // The two test pages (spec §2) exist for form and layout tests, not for search engines.
  // Nor what the SEO plugin keeps out of search engines, nor a copy whose canonical is elsewhere.
  for (const link of links) if (!isTestPage(link.path) && !link.noindex && !link.canonical) paths.add(link.path);
  return [...paths];
}

/** The sitemap document. Throws when WordPress fails. */
export async function buildSitemap(): Promise<string> {
  let paths = await sitemapPaths();
  if (paths.length > MAX_SITEMAP_URLS) {
    console.error(`[sitemap] ${paths.length} URLs exceed the limit of ${MAX_SITEMAP_URLS}; the rest are left out`);
    paths = paths.slice(0, MAX_SITEMAP_URLS);
  }
  const urls = paths.map((path) => `  <url><loc>${escapeXml(absoluteUrl(path))}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

// One per process: the webhook and the sitemap route are separate bundles (see processShared).
const holder = processShared('sitemap-cache', () => ({ cache: null as DocumentCache | null }));

/** The sitemap's in-memory copy (created on first use, kept REVALIDATE_SECONDS). */
export function sitemapCache(): DocumentCache {
  holder.cache ??= createDocumentCache('sitemap', buildSitemap, getConfig().revalidateSeconds * 1000);
  return holder.cache;
}

/** Marks the sitemap outdated: the next request rebuilds it (the revalidation webhook calls it). */
export function clearSitemapCache(): void {
  holder.cache?.clear();
}

// Content changed (invalidation scope `content`). Issue 36: registered, so the invalidation clears it (src/lib/cache/processCaches.ts).
registerProcessCache({ name: 'sitemap-cache', scopes: ['content'], clear: clearSitemapCache });

/** Forgets the sitemap, last good copy included (tests). */
export function resetSitemapCacheForTests(): void {
  holder.cache?.reset();
  holder.cache = null;
}

/** robots.txt: everything may be crawled but the API routes; the sitemap's address. */
export function robotsTxt(): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${SITE_URL}/sitemap.xml`, ''].join('\n');
}
