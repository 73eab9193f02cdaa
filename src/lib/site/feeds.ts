import { getConfig } from '../../config';
import type { ContentItem } from '../shared/types';
import { getCollectionPage } from '../wordpress/content';
import { processShared } from '../server/processShared';
import type { ContentTypeDef } from '../shared/wordpress/contentTypes';
import { getSiteIdentity } from '../wordpress/identity';
import { SITE_LANGUAGE } from '../shared/site/brand';
import { createDocumentCache, type DocumentCache } from './documentCache';
import { FEED_TYPES, feedPath, feedTitle } from '../shared/site/seo';
import { absoluteUrl } from '../shared/site/siteUrl';
import { escapeXml } from './xml';
import { registerProcessCache } from '../cache/processCaches';

/**
 * RSS 2.0 feeds at `/feeds/{feed}.xml` (served by `pages/api/feeds/[feed].ts` through a rewrite),
 * one per type of the content-type table with a `feed` name (blogs, news, press-releases): the
 * latest FEED_SIZE items, newest first. Each feed is cached like the sitemap (`documentCache.ts`).
 *
 * Dates: WordPress's `date` is in the site's time zone without an offset, and ContentItem keeps no
 * GMT date, so a date without an offset is read as UTC (pubDate may be off by the site's UTC
 * offset; exact once ContentItem carries `date_gmt`).
 */

export const FEED_SIZE = 20;

/** The type whose feed is called `name` (`news`), or undefined. */
export function feedType(name: string): ContentTypeDef | undefined {
  return FEED_TYPES.find((t) => t.feed === name);
}

/** An ISO 8601 date as milliseconds; a date-time without an offset is read as UTC; invalid → null. */
function timeOf(date: string): number | null {
  if (!date) return null;
  const withZone = /T\d/.test(date) && !/(Z|[+-]\d\d:?\d\d)$/i.test(date) ? `${date}Z` : date;
  const time = Date.parse(withZone);
  return Number.isNaN(time) ? null : time;
}

/** An ISO 8601 date as RFC 822 (`Tue, 10 Feb 2026 09:00:00 GMT`), or null when it is not a date. */
export function rfc822(date: string): string | null {
  const time = timeOf(date);
  return time === null ? null : new Date(time).toUTCString();
}

function itemXml(item: ContentItem): string {
  const link = escapeXml(absoluteUrl(item.path));
  const pubDate = rfc822(item.date);
  return [
    '    <item>',
    `      <title>${escapeXml(item.title)}</title>`,
    `      <link>${link}</link>`,
    `      <guid isPermaLink="true">${link}</guid>`,
    ...(pubDate ? [`      <pubDate>${pubDate}</pubDate>`] : []),
    ...(item.excerpt ? [`      <description>${escapeXml(item.excerpt)}</description>`] : []),
    '    </item>',
  ].join('\n');
}

/** The RSS document of one feed type. Throws when WordPress fails. */
export async function buildFeed(def: ContentTypeDef): Promise<string> {
  const [{ items }, identity] = await Promise.all([getCollectionPage(def.name, { perPage: FEED_SIZE }), getSiteIdentity()]);
  const self = escapeXml(absoluteUrl(feedPath(def.feed as string)));
  const times = items.flatMap((i) => [timeOf(i.date), timeOf(i.modified)]).filter((t): t is number => t !== null);
  const lastBuildDate = times.length > 0 ? new Date(Math.max(...times)).toUTCString() : null;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(feedTitle(def, identity))}</title>`,
    `    <link>${escapeXml(absoluteUrl(def.listingPath ?? '/'))}</link>`,
    `    <description>${escapeXml(`The latest ${def.pluralLabel.toLowerCase()} from ${identity.name}`)}</description>`,
    `    <language>${SITE_LANGUAGE}</language>`,
    ...(lastBuildDate ? [`    <lastBuildDate>${lastBuildDate}</lastBuildDate>`] : []),
    `    <atom:link href="${self}" rel="self" type="application/rss+xml"/>`,
    ...items.map(itemXml),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

// One per process: the webhook and the feed route are separate bundles (see processShared).
const caches = processShared('feed-caches', () => new Map<string, DocumentCache>());

/** The in-memory copy of the feed `name`, or null when no type has that feed. */
export function feedCache(name: string): DocumentCache | null {
  const def = feedType(name);
  if (!def) return null;
  let cache = caches.get(name);
  if (!cache) {
    cache = createDocumentCache(`feed ${name}`, () => buildFeed(def), getConfig().revalidateSeconds * 1000);
    caches.set(name, cache);
  }
  return cache;
}

/** Marks every feed outdated: the next request of each rebuilds it (the revalidation webhook calls it). */
export function clearFeedCache(): void {
  for (const cache of caches.values()) cache.clear();
}

// Content (the items), and the site's name and tagline the feeds show (`menu`, as the identity). Issue 36: registered, so the invalidation clears it (src/lib/cache/processCaches.ts).
registerProcessCache({ name: 'feed-caches', scopes: ['menu', 'content'], clear: clearFeedCache });

/** Forgets every feed, last good copies included (tests). */
export function resetFeedCacheForTests(): void {
  for (const cache of caches.values()) cache.reset();
  caches.clear();
}
