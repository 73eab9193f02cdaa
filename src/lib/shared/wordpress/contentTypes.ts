import type { ContentTypeName } from '../types';

/**
 * The one table of content types. Static paths, the all-links builder, the sitemap and feeds,
 * search-result URLs and the revalidation webhook all read it. Adding a content type is one
 * entry here plus a template component.
 */
export interface ContentTypeDef {
  name: ContentTypeName;
  /** Singular label for visitors ("Press release"). */
  label: string;
  /** Plural label, used as the listing page's heading ("Press releases"). */
  pluralLabel: string;
  /** Custom-api id list: `/wp-json/custom-api/v1/{idList}` → `[{id, slug, title}]`. */
  idList: string;
  /** Standard REST base for collections and slug lookups: `/wp-json/wp/v2/{restBase}?slug=`. */
  restBase: string;
  /** REST base for reads by id: `/wp-json/wp/v2/{byIdBase}/{id}` (differs for press releases, spec §7). */
  byIdBase: string;
  /** Whether slug lookups ask for `_embed` (spec §7). */
  embed: boolean;
  /** First path segments of the detail route; the page type's section comes from the item. */
  routePrefix: string;
  /** The listing page of this type, or null when it has none. */
  listingPath: string | null;
  /** Gathered by the all-links builder (spec §7: blogs, pages, news, press releases, white papers, partner interviews, events). */
  inAllLinks: boolean;
  /** Has an RSS feed at `/feeds/{feed}.xml`. */
  feed: string | null;
}

export const CONTENT_TYPES: readonly ContentTypeDef[] = [
  {
    name: 'blog', label: 'Blog post', pluralLabel: 'Blog', idList: 'post-id', restBase: 'posts',
    byIdBase: 'posts', embed: true, routePrefix: '/resources/blogs',
    listingPath: '/resources/blogs', inAllLinks: true, feed: 'blogs',
  },
  {
    name: 'news', label: 'News', pluralLabel: 'News', idList: 'news-id', restBase: 'news',
    byIdBase: 'news', embed: true, routePrefix: '/about-us/news',
    listingPath: '/about-us/news', inAllLinks: true, feed: 'news',
  },
  {
    name: 'pressRelease', label: 'Press release', pluralLabel: 'Press releases', idList: 'press-release-id',
    restBase: 'press-releases', byIdBase: 'press-release', embed: true,
    routePrefix: '/about-us/press-release', listingPath: '/about-us/press-releases', inAllLinks: true,
    feed: 'press-releases',
  },
  {
    name: 'whitePaper', label: 'White paper', pluralLabel: 'White papers', idList: 'whitepaper-id',
    restBase: 'whitepapers', byIdBase: 'whitepapers', embed: true,
    routePrefix: '/resources/white-papers', listingPath: '/resources/white-papers', inAllLinks: true, feed: null,
  },
  {
    name: 'caseStudy', label: 'Case study', pluralLabel: 'Case studies', idList: 'case-study-id',
    restBase: 'case-studies', byIdBase: 'case-studies', embed: true,
    routePrefix: '/resources/case-studies', listingPath: '/resources/case-studies', inAllLinks: false, feed: null,
  },
  {
    name: 'insight', label: 'Insight', pluralLabel: 'Insights', idList: 'insights-id', restBase: 'insights',
    byIdBase: 'insights', embed: true, routePrefix: '/resources/insights',
    listingPath: '/resources/insights', inAllLinks: false, feed: null,
  },
  {
    name: 'event', label: 'Event', pluralLabel: 'Events', idList: 'events-id', restBase: 'events',
    byIdBase: 'events', embed: false, routePrefix: '/about-us/events',
    listingPath: '/about-us/events', inAllLinks: true, feed: null,
  },
  {
    name: 'partnerInterview', label: 'Partner interview', pluralLabel: 'Partner interviews', idList: 'virtual-id',
    restBase: 'virtual', byIdBase: 'virtual', embed: false,
    routePrefix: '/about-us/partner-interviews', listingPath: '/about-us/partner-interviews', inAllLinks: true,
    feed: null,
  },
  {
    name: 'page', label: 'Page', pluralLabel: 'Pages', idList: 'fp-page-id', restBase: 'fp_page',
    byIdBase: 'fp_page', embed: false, routePrefix: '', listingPath: null,
    inAllLinks: true, feed: null,
  },
];

/** The section of a page (`/{section}/{slug}`) when WordPress names none. */
export const DEFAULT_PAGE_SECTION = 'pages';

/**
 * Pages (`fp_page`) served at an address of their own instead of `/{section}/{slug}`: the home
 * page and the fixed navigation's Contact Us (spec §2). Their `/pages/…` addresses redirect there
 * (proxy.ts answers them, from src/lib/redirects/permanent.ts).
 */
export const PAGE_ADDRESSES: Readonly<Record<string, string>> = { home: '/', 'contact-us': '/contact-us' };

/** The slug of the page served at `/`. */
export const HOME_PAGE_SLUG = 'home';

const BY_NAME = new Map(CONTENT_TYPES.map((t) => [t.name, t]));

export function contentType(name: ContentTypeName): ContentTypeDef {
  const def = BY_NAME.get(name);
  if (!def) throw new Error(`Unknown content type: ${name}`);
  return def;
}

export function isContentTypeName(value: unknown): value is ContentTypeName {
  return typeof value === 'string' && BY_NAME.has(value as ContentTypeName);
}

/** The site path of one item: `/about-us/news/{slug}`, or `/{section}/{slug}` for pages (but PAGE_ADDRESSES). */
export function sitePath(name: ContentTypeName, slug: string, section: string = DEFAULT_PAGE_SECTION): string {
  const def = contentType(name);
  if (name === 'page') {
    return Object.hasOwn(PAGE_ADDRESSES, slug) ? PAGE_ADDRESSES[slug] : `/${pathSegment(section || DEFAULT_PAGE_SECTION)}/${pathSegment(slug)}`;
  }
  return `${def.routePrefix}/${pathSegment(slug)}`;
}

/**
 * A slug as a path segment. WordPress stores non-ASCII slugs already percent-encoded
 * (`%e2%9c%93`), so `%` stays; any other character that may not stand in a path is encoded.
 */
function pathSegment(slug: string): string {
  return slug.replace(/[^A-Za-z0-9%_.~-]/g, (c) => encodeURIComponent(c)).replace(/%(?![0-9a-fA-F]{2})/g, '%25');
}

/**
 * The content type served at a REST base (`press-releases` → press releases). WordPress's post
 * type NAMES are never assumed: they are read from `/wp/v2/types` (`./postTypes`).
 */
export function contentTypeByRestBase(restBase: string): ContentTypeDef | undefined {
  return CONTENT_TYPES.find((t) => t.restBase === restBase);
}
