/**
 * The shapes WordPress's REST API answers with. Only `src/lib/wordpress` and the fake WordPress
 * (`__mocks__/wordpress`) may import this file: everything the client returns to pages and
 * components is a normalized domain type from `src/lib/shared/types.ts`.
 *
 * Custom fields live under `acf`, as the ACF-to-REST plugin exposes them.
 */

export interface WpRendered {
  rendered: string;
  protected?: boolean;
}

/** An attachment (`post_type: attachment`), as `/wp/v2/media` and `_embedded['wp:featuredmedia']` answer. */
export interface WpMedia {
  id: number;
  slug: string;
  date: string;
  type: 'attachment';
  post_type?: 'attachment';
  /** Absent in the `embed` context (`_embedded['wp:featuredmedia']`). */
  guid?: WpRendered;
  title: WpRendered;
  alt_text: string;
  media_type: 'image' | 'file';
  mime_type: string;
  source_url: string;
  media_details?: { width?: number; height?: number; sizes?: Record<string, { width?: number; height?: number; source_url?: string }> };
}

export interface WpEmbedded {
  'wp:featuredmedia'?: Array<WpMedia | { code: string; message: string }>;
}

/** Any post-like object: posts, news, press releases, white papers, case studies, insights, events, virtual, fp_page, frame. */
export interface WpPost {
  id: number;
  date: string;
  date_gmt: string;
  modified: string;
  modified_gmt: string;
  slug: string;
  status: 'publish' | 'draft' | 'private';
  type: string;
  link: string;
  guid: WpRendered;
  title: WpRendered;
  content: WpRendered;
  excerpt: WpRendered;
  featured_media: number;
  sticky?: boolean;
  acf?: Record<string, unknown>;
  _embedded?: WpEmbedded;
  /**
   * The plugin's field (docs/blocks.md "The REST contract"): the blocks of `post_content`
   * (`core/columns`, …) and the CSS WordPress generated while rendering this item. Absent without
   * the plugin. Untrusted: `normalizeItem` checks its shape.
   */
  block_styles?: { blocks?: unknown; css?: unknown };
  /** The companion plugin's SEO object (docs/seo-and-redirects.md §1). Untrusted: `normalizeSeo` checks it. */
  seo?: unknown;
}

/** `fp_page`: a page built from frames. `acf.frames` lists frame ids in order; `acf.section` is the first path segment (default `pages`). */
export interface WpFpPage extends WpPost {
  acf: { frames?: number[]; section?: string } & Record<string, unknown>;
}

/** `frame`: one block of a page. `acf.frame_type` is the slug of its frame_type; the other `acf` fields are the frame's data. */
export interface WpFrame extends WpPost {
  acf: { frame_type: string } & Record<string, unknown>;
  /**
   * The companion plugin's resolution of the frame's image URLs (issue 17, docs/blocks.md REST
   * contract 3): URL as stored → its attachment. Absent on a WordPress without the plugin.
   */
  image_attachments?: Record<string, WpImageAttachment>;
}

/** One attachment of `image_attachments`: what `/wp/v2/media` gives in `media_details` (`full` included). */
export interface WpImageAttachment {
  id: number;
  width: number;
  height: number;
  sizes: Record<string, { source_url: string; width: number; height: number }>;
}

/** `frame_type`: `fields_mapping` is a string holding a JSON list of mapping rules (spec §3). */
export interface WpFrameType {
  id: number;
  slug: string;
  title: WpRendered;
  fields_mapping: string;
}

/** `alert`: a site-wide notice. */
export interface WpAlert {
  id: number;
  slug: string;
  date: string;
  title: WpRendered;
  content: WpRendered;
  acf: {
    alert_type: 'Top bar' | 'Popup' | string;
    enable: string;
    link_url?: string;
    link_label?: string;
  };
}

/** One record of the custom-api id lists (`/wp-json/custom-api/v1/news-id`, ...). `section` only on `fp-page-id`. */
export interface WpIdRecord {
  id: number;
  slug: string;
  title: string;
  section?: string;
  /** docs/seo-and-redirects.md §1 "In the id lists": the SEO plugin keeps the item out of search engines. */
  noindex?: boolean;
  /** The SEO plugin's canonical when it is not the item's own permalink; null otherwise. */
  canonical?: string | null;
}

/** One item of the flat menu `GET /wp-json/wp/v2/navigation/3`. */
export interface WpMenuItem {
  ID?: number;
  db_id?: number;
  menu_item_parent: string;
  ui_type: 'link' | string;
  title: string;
  url: string;
  /** `custom` for a typed link; `post_type` for a link to a post (then `url` is its permalink on WordPress). */
  type?: 'custom' | 'post_type' | 'taxonomy' | 'post_type_archive' | string;
  /** For `post_type` items: the post type NAME (the installation's own, read through `/wp/v2/types`). */
  object?: string;
  /** For `post_type` items: the post's id, as a string. */
  object_id?: string;
}

/** One result of `GET /wp-json/wp/v2/search`. */
export interface WpSearchResult {
  id: number;
  title: string;
  url: string;
  type: 'post' | 'term' | 'post-format';
  subtype: string;
}

/** WordPress's error body. */
export interface WpError {
  code: string;
  message: string;
  data?: { status?: number } & Record<string, unknown>;
}
