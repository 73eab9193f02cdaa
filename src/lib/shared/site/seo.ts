import type { ContentItem, SeoRobots, SiteIdentity } from '../types';
import { CONTENT_TYPES, type ContentTypeDef } from '../wordpress/contentTypes';
import { DEFAULT_IDENTITY, SITE_DESCRIPTION, SITE_LOGO } from './brand';
import { absoluteUrl } from './siteUrl';

/**
 * SEO helpers: document titles, descriptions, canonical URLs, JSON-LD and the feed links.
 * Browser-safe (the `Seo` component uses them): no server configuration is read here.
 */

/* ------------------------------------------------------------------------------------------ */
/* Titles, descriptions, canonical URLs                                                        */
/* ------------------------------------------------------------------------------------------ */

/**
 * `{title} | {site name}`; on the home page (`/`) `{site name} | {tagline}`, whatever the title.
 * The site's name and tagline are WordPress's (the layout data's identity), the defaults without.
 */
export function documentTitle(title: string, path: string, identity: SiteIdentity = DEFAULT_IDENTITY): string {
  const { name, tagline } = identity;
  if (canonicalPath(path) === '/') return tagline ? `${name} | ${tagline}` : name;
  const own = title.trim();
  return own && own !== name ? `${own} | ${name}` : name;
}

/**
 * The robots meta content of a page (docs/seo-and-redirects.md §5): `index`/`noindex`,
 * `follow`/`nofollow`, then what the SEO plugin said (`max-snippet:-1`, `max-image-preview:large`,
 * `max-video-preview:-1`, `noarchive`, `nosnippet`, `noimageindex`). `noindex` forces `noindex`
 * (previews, search, the test pages).
 */
export function robotsContent(robots: SeoRobots, noindex = false): string {
  return [
    robots.index && !noindex ? 'index' : 'noindex',
    robots.follow ? 'follow' : 'nofollow',
    ...(robots.maxSnippet !== null ? [`max-snippet:${robots.maxSnippet}`] : []),
    ...(robots.maxImagePreview !== null ? [`max-image-preview:${robots.maxImagePreview}`] : []),
    ...(robots.maxVideoPreview !== null ? [`max-video-preview:${robots.maxVideoPreview}`] : []),
    ...(robots.noarchive ? ['noarchive'] : []),
    ...(robots.nosnippet ? ['nosnippet'] : []),
    ...(robots.noimageindex ? ['noimageindex'] : []),
  ].join(', ');
}

export const MAX_DESCRIPTION_LENGTH = 160;

/** The page's description for meta tags: whitespace collapsed, cut at a word to 160 characters; none → the site's. */
export function metaDescription(text: string | null | undefined): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!clean) return SITE_DESCRIPTION;
  if (clean.length <= MAX_DESCRIPTION_LENGTH) return clean;
  const cut = clean.slice(0, MAX_DESCRIPTION_LENGTH - 1);
  const atWord = cut.lastIndexOf(' ') > MAX_DESCRIPTION_LENGTH / 2 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  return `${atWord.replace(/[\s,;:.…-]+$/, '')}…`;
}

/** A site path without query, fragment or trailing slash (`/` stays `/`). */
export function canonicalPath(path: string): string {
  const bare = path.split(/[?#]/)[0].trim();
  const withSlash = bare.startsWith('/') ? bare : `/${bare}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') || '/' : withSlash;
}

/** `{SITE_URL}{path}`, path made canonical. */
export const canonicalUrl = (path: string): string => absoluteUrl(canonicalPath(path));

/* ------------------------------------------------------------------------------------------ */
/* JSON-LD                                                                                     */
/* ------------------------------------------------------------------------------------------ */

export type JsonLdObject = Record<string, unknown>;

/**
 * JSON for an inline `<script type="application/ld+json">`: `<`, `>` and `&` become `\u003c`,
 * `\u003e`, `\u0026` (so a `</script>` or `<!--` in a CMS title cannot end the script), and
 * U+2028/U+2029 are escaped too. The result parses back to the same data.
 */
export function serializeJsonLd(data: object | object[]): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The company: the SEO plugin's organization (name and logo) when it names one, else the site's name and the default logo. */
function organization(identity: SiteIdentity): JsonLdObject {
  const logo = identity.organization?.logo ?? SITE_LOGO;
  return {
    '@type': 'Organization',
    name: identity.organization?.name ?? identity.name,
    url: absoluteUrl('/'),
    ...(logo
      ? { logo: { '@type': 'ImageObject', url: absoluteUrl(logo.url), width: logo.width ?? undefined, height: logo.height ?? undefined } }
      : {}),
  };
}

/** The company, for the home page. */
export function organizationJsonLd(identity: SiteIdentity = DEFAULT_IDENTITY): JsonLdObject {
  return { '@context': 'https://schema.org', ...organization(identity), description: SITE_DESCRIPTION };
}

const images = (item: ContentItem) => (item.featuredImage ? [absoluteUrl(item.featuredImage.url)] : undefined);

/** Google shows at most 110 characters of a headline. */
const headline = (title: string) => (title.length <= 110 ? title : `${title.slice(0, 109).trimEnd()}…`);

/**
 * A blog post (`BlogPosting`), a news item or press release (`NewsArticle`), or any other article
 * (`Article`). WordPress gives no author here: the company is author and publisher.
 */
export function articleJsonLd(item: ContentItem, kind: 'NewsArticle' | 'BlogPosting' | 'Article', identity: SiteIdentity = DEFAULT_IDENTITY): JsonLdObject {
  const url = canonicalUrl(item.path);
  return {
    '@context': 'https://schema.org',
    '@type': kind,
    headline: headline(item.title),
    description: item.excerpt || undefined,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    datePublished: item.date || undefined,
    dateModified: item.modified || item.date || undefined,
    image: images(item),
    author: organization(identity),
    publisher: organization(identity),
  };
}

/**
 * A date or date-time custom field as ISO 8601: ACF's REST formats (`2026-03-24 09:00:00`,
 * `20260324`) and ISO strings are accepted; anything else → null.
 */
export function isoDateField(value: string | number | boolean | null | undefined): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  const full = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?)(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(text);
  if (!full || Number.isNaN(Date.parse(full[1]))) return null;
  return full[2] ? `${full[1]}T${full[2]}${full[3] ?? ''}` : full[1];
}

const httpUrl = (value: unknown): string | undefined =>
  typeof value === 'string' && /^https?:\/\/[^\s]+$/i.test(value.trim()) ? value.trim() : undefined;

const ONLINE = /^(online|virtual|webinar|livestream)$/i;

/**
 * An event (`item.fields`: `start_date`, `end_date`, `location`, `registration_url`). A location
 * of "Online" (or Virtual, Webinar) is a `VirtualLocation` at the registration URL. Without a
 * usable `start_date` there is no valid Event: null (render no JSON-LD).
 */
export function eventJsonLd(item: ContentItem, identity: SiteIdentity = DEFAULT_IDENTITY): JsonLdObject | null {
  const startDate = isoDateField(item.fields.start_date);
  if (!startDate) return null;
  const url = canonicalUrl(item.path);
  const place = typeof item.fields.location === 'string' ? item.fields.location.trim() : '';
  const registration = httpUrl(item.fields.registration_url);
  const online = ONLINE.test(place);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: item.title,
    description: item.excerpt || undefined,
    url,
    startDate,
    endDate: isoDateField(item.fields.end_date) ?? undefined,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: online ? 'https://schema.org/OnlineEventAttendanceMode' : 'https://schema.org/OfflineEventAttendanceMode',
    location: online
      ? { '@type': 'VirtualLocation', url: registration ?? url }
      : place
        ? { '@type': 'Place', name: place, address: place }
        : undefined,
    image: images(item),
    organizer: organization(identity),
    offers: registration ? { '@type': 'Offer', url: registration } : undefined,
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Feeds                                                                                       */
/* ------------------------------------------------------------------------------------------ */

/** The types of the content-type table that have an RSS feed (blogs, news, press releases). */
export const FEED_TYPES: readonly ContentTypeDef[] = CONTENT_TYPES.filter((t) => t.feed !== null);

/** The site path of a feed: `/feeds/news.xml` (src/lib/shared/routes.ts). */
export { feedPath } from '../routes';

/** A feed's title: `Corvane Payments: Press releases` (the site's name from WordPress). */
export const feedTitle = (def: ContentTypeDef, identity: SiteIdentity = DEFAULT_IDENTITY): string => `${identity.name}: ${def.pluralLabel}`;

/** Where the companion plugin puts the visitor's phrase in the SEO plugin's search title (docs/seo-and-redirects.md §2). */
export const SEARCH_QUERY_TOKEN = '{query}';

/**
 * The SEO plugin's search title for a query: its `{query}` token filled in; without a query (the
 * static page as served, or an empty box) null, so the page keeps its own title ("Search | {name}").
 */
export function searchTitle(template: string | null | undefined, query: string): string | null {
  if (!template) return null;
  if (!template.includes(SEARCH_QUERY_TOKEN)) return template;
  return query ? template.split(SEARCH_QUERY_TOKEN).join(query) : null;
}
