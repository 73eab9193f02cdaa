import { isRecord } from '../shared/isRecord';
import { absoluteUrl } from '../shared/site/siteUrl';
import { canonicalUrl } from '../shared/site/seo';
import type { ItemSeo, SeoImage, SeoRobots } from '../shared/types';
import { serverContext } from './serverContext';

/**
 * The SEO object of the companion plugin (docs/seo-and-redirects.md §1) → the domain's `ItemSeo`.
 * Untrusted input: every field's type is checked; a field of the wrong type is dropped (its
 * default, `null`, is used) with one warning naming the item and the field. Strings are kept as
 * plain text (React renders them as text; nothing here is ever HTML). Every URL goes through ONE
 * mapping (`mapSeoUrl`).
 */

const warn = (item: string, message: string) => console.warn(`[seo] ${item}: ${message}`);

/** Longer strings are cut: no SEO value is that long, and the page data should stay small. */
const MAX_TEXT = 1000;
/** The schema graph is walked at most this deep (a deeper one is dropped). */
const MAX_SCHEMA_DEPTH = 12;

const HTTP_URL = /^https?:\/\/[^\s/]+/i;

/**
 * A URL the SEO plugin gives, as the site uses it:
 * - on WordPress's front end or the site's own origin → `{SITE_URL}{site path}` (through
 *   `toSitePath`, the one link mapping of the site);
 * - a media or WordPress file (`/wp-content/…`) → the media rewrite (the media host, or kept on
 *   WordPress when there is none);
 * - external → kept as written.
 * A root-relative path is a site path. Anything else (`javascript:`, not a string) → null.
 */
export function mapSeoUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url.startsWith('/') && !url.startsWith('//')) return url.startsWith('/wp-content/') ? serverContext().rewriteMedia(url) : absoluteUrl(url);
  if (!HTTP_URL.test(url)) return null;
  const { toSitePath, rewriteMedia } = serverContext();
  const path = toSitePath(url);
  if (path !== url && path.startsWith('/')) return absoluteUrl(path);
  return rewriteMedia(url);
}

/** Plain text: trimmed, whitespace collapsed, at most MAX_TEXT characters; `""` → null. */
function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const clean = value.replace(/\s+/g, ' ').trim();
  return clean ? clean.slice(0, MAX_TEXT) : null;
}

const integer = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);
const positive = (value: unknown): number | null => {
  const n = integer(value);
  return n !== null && n > 0 ? n : null;
};

/** ISO 8601 date or date-time; anything else → null. */
function isoTime(value: unknown): string | null {
  const t = text(value);
  return t && /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/i.test(t) && !Number.isNaN(Date.parse(t.slice(0, 10))) ? t : null;
}

/** Reads one object's fields with warnings: each checker gives the value or `undefined` (wrong type). */
class Reader {
  constructor(
    private readonly item: string,
    private readonly where: string,
  ) {}

  /** `check(value)` of a present, non-null field; a wrong value (checker → null) is warned and dropped. */
  field<T>(source: Record<string, unknown>, key: string, check: (value: unknown) => T | null): T | null {
    const value = source[key];
    // Absent, null or blank: not said (the default), not an error.
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const checked = check(value);
    if (checked === null) warn(this.item, `${this.where}${key} is not what the contract says (${describe(value)}); ignored`);
    return checked;
  }

  object(source: Record<string, unknown>, key: string): Record<string, unknown> {
    const value = source[key];
    if (value === undefined || value === null) return {};
    if (!isRecord(value)) {
      warn(this.item, `${this.where}${key} is not an object; ignored`);
      return {};
    }
    return value;
  }

  child(key: string): Reader {
    return new Reader(this.item, `${this.where}${key}.`);
  }
}

function describe(value: unknown): string {
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 80);
  } catch {
    return typeof value;
  }
}

const SOURCES = ['yoast', 'rankmath', 'wordpress'] as const;
const IMAGE_PREVIEWS = ['none', 'standard', 'large'] as const;
const CARDS = ['summary', 'summary_large_image'] as const;

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): T | null =>
    typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : null;

const bool = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/** The robots of a page with nothing said: indexable, links followed (WordPress's default). */
export const DEFAULT_ROBOTS: SeoRobots = Object.freeze({
  index: true,
  follow: true,
  maxSnippet: null,
  maxImagePreview: null,
  maxVideoPreview: null,
  noarchive: false,
  nosnippet: false,
  noimageindex: false,
});

function robotsOf(source: Record<string, unknown>, read: Reader): SeoRobots {
  return {
    index: read.field(source, 'index', bool) ?? true,
    follow: read.field(source, 'follow', bool) ?? true,
    maxSnippet: read.field(source, 'max_snippet', integer),
    maxImagePreview: read.field(source, 'max_image_preview', oneOf(IMAGE_PREVIEWS)),
    maxVideoPreview: read.field(source, 'max_video_preview', integer),
    noarchive: read.field(source, 'noarchive', bool) ?? false,
    nosnippet: read.field(source, 'nosnippet', bool) ?? false,
    noimageindex: read.field(source, 'noimageindex', bool) ?? false,
  };
}

function imageOf(value: unknown, read: Reader): SeoImage | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) {
    read.field({ image: value }, 'image', () => null);
    return null;
  }
  const url = read.field(value, 'url', mapSeoUrl);
  if (!url) return null;
  return {
    url,
    width: read.field(value, 'width', positive),
    height: read.field(value, 'height', positive),
    alt: read.field(value, 'alt', text),
    type: read.field(value, 'type', text),
  };
}

/** Where an item's own address maps to, so the plugin's permalink of it becomes its site path. */
export interface SelfAddress {
  /** The item's `link` as WordPress gives it (its permalink, or its site address with the plugin). */
  link: string;
  /** The item's site path (`/about-us/news/some-slug`). */
  path: string;
}

/** A mapper of URLs: `mapSeoUrl`, plus the item's own permalink (with or without a fragment) → its canonical site URL. */
function urlMapper(self: SelfAddress | undefined): (value: unknown) => string | null {
  const selfMapped = self ? mapSeoUrl(self.link) : null;
  const selfUrl = self ? canonicalUrl(self.path) : null;
  const strip = (url: string) => url.replace(/\/+(?=$|[?#])/, '');
  return (value) => {
    const url = mapSeoUrl(value);
    if (!url || !selfMapped || !selfUrl) return url;
    const hash = url.indexOf('#');
    const [bare, fragment] = hash === -1 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
    return strip(bare) === strip(selfMapped.split('#')[0]) ? `${selfUrl}${fragment}` : url;
  };
}

/** Every absolute URL string inside the schema graph goes through `map`; other values stay. Too deep → null. */
function mapSchema(value: unknown, map: (value: unknown) => string | null, depth = 0): unknown {
  if (depth > MAX_SCHEMA_DEPTH) throw new Error('the schema graph is nested too deep');
  if (typeof value === 'string') return HTTP_URL.test(value) ? (map(value) ?? value) : value;
  if (Array.isArray(value)) return value.map((v) => mapSchema(v, map, depth + 1));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapSchema(v, map, depth + 1)]));
  return typeof value === 'number' || typeof value === 'boolean' || value === null ? value : null;
}

function schemaOf(source: Record<string, unknown>, read: Reader, item: string, map: (value: unknown) => string | null): Record<string, unknown> | null {
  const value = source.schema;
  if (value === undefined || value === null) return null;
  if (!isRecord(value) || (!Array.isArray(value['@graph']) && typeof value['@type'] !== 'string')) {
    read.field(source, 'schema', () => null);
    return null;
  }
  try {
    return mapSchema(value, map) as Record<string, unknown>;
  } catch (error) {
    warn(item, `schema: ${(error as Error).message}; ignored`);
    return null;
  }
}

/**
 * The plugin's `seo` field → ItemSeo, or null when it is absent (a WordPress without the plugin)
 * or not an object (warned). `item` names the item in warnings (`news/some-slug`); `self` maps the
 * item's own permalink to its site address.
 */
export function normalizeSeo(value: unknown, item: string, self?: SelfAddress): ItemSeo | null {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) {
    warn(item, `seo is not an object (${describe(value)}); ignored`);
    return null;
  }
  const read = new Reader(item, 'seo.');
  const map = urlMapper(self);
  const og = read.object(value, 'og');
  const ogRead = read.child('og');
  const twitter = read.object(value, 'twitter');
  const twitterRead = read.child('twitter');
  return {
    source: read.field(value, 'source', oneOf(SOURCES)) ?? 'wordpress',
    title: read.field(value, 'title', text),
    description: read.field(value, 'description', text),
    robots: robotsOf(read.object(value, 'robots'), read.child('robots')),
    canonical: read.field(value, 'canonical', map),
    og: {
      type: ogRead.field(og, 'type', text),
      title: ogRead.field(og, 'title', text),
      description: ogRead.field(og, 'description', text),
      image: imageOf(og.image, ogRead),
      siteName: ogRead.field(og, 'site_name', text),
      locale: ogRead.field(og, 'locale', (v) => (typeof v === 'string' && /^[a-z]{2,3}(?:_[A-Z]{2})?$/.test(v) ? v : null)),
      publishedTime: ogRead.field(og, 'published_time', isoTime),
      modifiedTime: ogRead.field(og, 'modified_time', isoTime),
    },
    twitter: {
      card: twitterRead.field(twitter, 'card', oneOf(CARDS)),
      title: twitterRead.field(twitter, 'title', text),
      description: twitterRead.field(twitter, 'description', text),
      image: twitterRead.field(twitter, 'image', mapSeoUrl),
    },
    schema: schemaOf(value, read, item, map),
  };
}

/**
 * The sitemap's view of an id-list record (`noindex`, `canonical`: docs/seo-and-redirects.md §1
 * "In the id lists"): `noindex: true` when the SEO plugin keeps the item out of search engines;
 * `canonical` when the plugin's canonical is another address than the item's own (the plugin
 * sends `null` for the item's own permalink; a URL that maps to the item's own site address is
 * the item too). Absent fields (a plugin without them) say nothing: the item is listed.
 */
export function idListSeo(record: Record<string, unknown>, path: string): { noindex?: boolean; canonical?: string } {
  const out: { noindex?: boolean; canonical?: string } = {};
  if (record.noindex === true) out.noindex = true;
  const canonical = mapSeoUrl(record.canonical);
  if (canonical && canonical.replace(/\/+$/, '') !== canonicalUrl(path).replace(/\/+$/, '')) out.canonical = canonical;
  return out;
}
