/**
 * Domain types: what the WordPress client returns and what pages and components render.
 * No WordPress shape (`title.rendered`, `_embedded`, ...) appears here.
 */

/** The content types of the site, each declared once in `src/lib/wordpress/contentTypes.ts`. */
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
