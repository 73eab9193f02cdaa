/**
 * Domain types: what the WordPress client returns and what pages and components render.
 * No WordPress shape (`title.rendered`, `_embedded`, ...) appears here.
 */

/** The content types of the site, each declared once in `src/lib/shared/wordpress/contentTypes.ts`. */
export type ContentTypeName =
  | 'blog'
  | 'news'
  | 'pressRelease'
  | 'whitePaper'
  | 'caseStudy'
  | 'insight'
  | 'event'
  | 'partnerInterview'
  | 'page';

/** One copy of an image that a `srcset` offers: its URL (rewritten to the media host) and its width in pixels. */
export interface ImageSource {
  url: string;
  width: number;
}

export interface MediaImage {
  /** Absolute URL, already rewritten from a CMS development host to the media host. */
  url: string;
  alt: string;
  width: number | null;
  height: number | null;
  /**
   * The copies WordPress made of it (`media_details.sizes`) with the original's aspect ratio,
   * narrowest first, for `srcset`; [] when there are fewer than two.
   */
  sources: ImageSource[];
}

/** What a CMS body needs besides its HTML (docs/blocks.md, "The pipeline"). */
export interface BodyStyles {
  /** Core block names without `core/` (`columns`, `button`), sorted, each once. */
  blocks: string[];
  /** The item's own CSS: WordPress's render CSS and the classes lifted from style attributes. */
  css: string;
  /** Keys of the embed providers the body uses (src/lib/embeds/providers.ts). */
  embeds: string[];
}

/** A link to one content item, as the id lists and the all-links builder give it. */
export interface ContentLink {
  type: ContentTypeName;
  id: number;
  slug: string;
  /** Plain text, character references decoded. */
  title: string;
  /** The item's path on this site, e.g. `/about-us/news/some-slug`. */
  path: string;
  /**
   * From the id list, when the plugin says so (docs/seo-and-redirects.md §1 "In the id lists"):
   * true when the SEO plugin keeps the item out of search engines.
   */
  noindex?: boolean;
  /** From the id list: the canonical URL the SEO plugin gives when it is not the item's own address (mapped like every SEO URL). */
  canonical?: string;
}

/** One item of any content type, normalized. */
export interface ContentItem extends ContentLink {
  /** ISO 8601 dates as WordPress gives them (site time zone). */
  date: string;
  modified: string;
  /** Plain text, tags stripped, references decoded, at most 100 words. */
  excerpt: string;
  /** Sanitized HTML of the body, media URLs rewritten. Safe to render. */
  html: string;
  featuredImage: MediaImage | null;
  /** What the body needs besides its HTML: its blocks, its own CSS, its embeds (docs/blocks.md). */
  styles: BodyStyles;
  /** Type-specific custom fields (event date and place, white-paper download, ...): plain values only. */
  fields: Record<string, string | number | boolean | null>;
  /**
   * What the SEO plugin says about the item (docs/seo-and-redirects.md §1), checked and with its
   * URLs mapped to the site; absent or null when WordPress gives none (no companion plugin).
   */
  seo?: ItemSeo | null;
}

/** An image the SEO plugin names for social cards: its URL already mapped (media host, or kept when external). */
export interface SeoImage {
  url: string;
  width: number | null;
  height: number | null;
  alt: string | null;
  type: string | null;
}

/** The robots directives of a page (docs/seo-and-redirects.md §1 `robots`). */
export interface SeoRobots {
  index: boolean;
  follow: boolean;
  maxSnippet: number | null;
  maxImagePreview: 'none' | 'standard' | 'large' | null;
  maxVideoPreview: number | null;
  noarchive: boolean;
  nosnippet: boolean;
  noimageindex: boolean;
}

/**
 * The normalized SEO object of an item, the home page, the search page or a listing (the
 * contract's `seo`, checked field by field). Strings are plain text (rendered as text, never as
 * HTML); every URL is absolute and already mapped: WordPress's or the site's own addresses are
 * `{SITE_URL}{site path}`, media go through the media rewrite, external URLs are kept. `null`
 * means "not said": the site's default is used.
 */
export interface ItemSeo {
  source: 'yoast' | 'rankmath' | 'wordpress';
  /** The whole document title, site name included. */
  title: string | null;
  description: string | null;
  robots: SeoRobots;
  canonical: string | null;
  og: {
    type: string | null;
    title: string | null;
    description: string | null;
    image: SeoImage | null;
    siteName: string | null;
    locale: string | null;
    publishedTime: string | null;
    modifiedTime: string | null;
  };
  twitter: {
    card: 'summary' | 'summary_large_image' | null;
    title: string | null;
    description: string | null;
    image: string | null;
  };
  /** The SEO plugin's JSON-LD graph (`@context`, `@graph`), URLs mapped; rendered escaped by `serializeJsonLd`. */
  schema: Record<string, unknown> | null;
}

/**
 * Who the site is (docs/seo-and-redirects.md §2): read from WordPress with the menu and sent to
 * every page in its layout data. Every field has a default (src/lib/shared/site/brand.ts).
 */
export interface SiteIdentity {
  /** Settings → General → Site Title. */
  name: string;
  /** Settings → General → Tagline. */
  tagline: string;
  /** `og:locale` (`en_US`). */
  locale: string;
  /** The site icon (favicon), mapped to the media host; null when WordPress has none. */
  icon: { url: string; width: number | null; height: number | null } | null;
  /** The SEO plugin's organization (JSON-LD publisher): its name and logo. */
  organization: { name: string; logo: SeoImage | null } | null;
}

/** What WordPress knows of an image a frame names only by URL: its size and its srcset candidates. */
export interface KnownImage {
  width: number;
  height: number;
  sources: ImageSource[];
}

/** One frame of a page built from frames. */
export interface Frame {
  id: number;
  /** The frame type's slug; it selects the component. */
  frameType: string;
  /** Props mapped by the frame type's fields_mapping; null when the mapping is broken. */
  props: Record<string, unknown> | null;
  /**
   * The image URLs in `props` that are WordPress attachments (or their sizes), with the
   * attachment's size and srcset candidates (`src/lib/wordpress/frameImages.ts`). Absent or
   * without a URL: that image is shown at its one size.
   */
  images?: Record<string, KnownImage>;
  /**
   * What the HTML in `props` needs besides (lifted CSS, blocks, embeds); absent when nothing.
   * A frame page merges it into its own `styles` and leaves it out of its `frames`.
   */
  styles?: BodyStyles;
}

/** A page (`fp_page`): a list of frames under `/{section}/{slug}`. */
export interface FramePage extends ContentItem {
  type: 'page';
  section: string;
  frames: Frame[];
}

/** A menu item as read from the content system (spec §3). */
export interface MenuItem {
  id: number;
  /** 0 for top level. */
  parentId: number;
  type: 'link';
  label: string;
  /** A site path or an absolute URL; '#' marks a non-navigating group heading. */
  href: string;
}

/** A built submenu (second level) with its items (third level). */
export interface SubmenuEntry {
  id: number;
  parentId: number;
  title: string;
  /** The submenu's own link; '#' for a group heading. */
  href: string;
  items: MenuItem[];
  isHidden: boolean;
}

/** A built top-level entry. */
export interface TopMenuEntry {
  id: number;
  parentId: number;
  type: 'link';
  label: string;
  href: string;
  submenus: SubmenuEntry[];
  arrowDirection: 'down';
  hasArrow: boolean;
}

export type AlertType = 'Top bar' | 'Popup';

export interface Alert {
  id: number;
  type: AlertType;
  title: string;
  /** Plain text (tags stripped, references decoded): alerts are read in the browser, where no sanitizer is shipped. */
  text: string;
  link: { url: string; label: string } | null;
}

/**
 * What a card shows of an item: no body, the excerpt (spec §5: 100 words by default; the card
 * clamps it to three lines), and only the custom fields cards use.
 */
export type CardItem = Pick<ContentItem, 'id' | 'type' | 'title' | 'path' | 'date' | 'excerpt' | 'featuredImage' | 'fields'>;

/** A page of a content type's listing (src/lib/site/listing.ts builds it). */
export interface Listing {
  type: ContentTypeName;
  /** The listing's heading: the type's plural label ("Press releases"). */
  title: string;
  intro: string;
  /** The listing path (page 1). */
  basePath: string;
  /** This page's own path. */
  path: string;
  page: number;
  totalPages: number;
  total: number;
  items: CardItem[];
  /** The SEO plugin's values for the type's archive (docs/seo-and-redirects.md §2 `archives`), page 1 only; null when it has none. */
  seo?: ItemSeo | null;
}

export interface ListingProps extends Record<string, unknown> {
  listing: Listing;
}
