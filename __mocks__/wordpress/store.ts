import type { WpMedia, WpMenuItem, WpPost, WpRendered } from '../../src/lib/wordpress/raw';
import { DEFAULT_POST_TYPE_NAMES, POST_REST_BASES, resolvePostTypeNames, type PostRestBase, type PostTypeNames } from './postTypes';
import { generateItems } from './generator';
import { seedContent } from './seed/content';
import { ORIGIN } from './urls';
import type { StoredAutosave } from './preview';
import { seedOldSlugs, seedRedirection, type RedirectionTables } from './redirects';
import type { SiteSettings, StoredSeoMeta } from './seo';
import { defaultSiteSettings } from './seo';
import { applySeedSeo } from './seed/seo';

/**
 * The fake WordPress's database: plain mutable data. Tests change it through `fakeWordPress()`
 * (see `__tests__/setup/msw.ts`) to change what WordPress answers.
 *
 * URLs on the WordPress site itself are stored with the `ORIGIN` stand-in (`./urls`), replaced by
 * the serving origin in every response.
 */

/** A rendered field; `raw` is what WordPress stores (only the `edit` context shows it, so responses drop it). */
export interface StoredRendered extends WpRendered {
  raw?: string;
}

/** One item of a post type (posts, news, ..., fp_page, frame, frame_type, alert). */
export interface StoredPost extends WpPost {
  /** `raw` is the stored title, which the custom-api id lists answer; `rendered` went through wptexturize. */
  title: StoredRendered;
  template: string;
  meta: Record<string, unknown>;
  acf: Record<string, unknown>;
  /** Posts only. */
  format?: string;
  /** frame_type only: a string holding the JSON list of mapping rules. */
  fields_mapping?: string;
  /**
   * The serialized blocks an editor saved (`post_content`), for items written in the block editor
   * (the block corpus, ./seed/blocks.ts): the fake's own, never in REST answers (`content.raw` is
   * edit context only); the real import posts it so WordPress renders it.
   */
  blockMarkup?: string;
  /** The plugin's `block_styles` (docs/blocks.md REST contract item 1); `{blocks: [], css: ''}` when absent. */
  block_styles?: { blocks: string[]; css: string };
  /** What an editor set in the SEO plugin's box (the fake's own field, never in REST answers; `./seo.ts`). */
  seoMeta?: StoredSeoMeta;
  /** Per-user autosaves by user id (the fake's own field, never in REST answers; served by the preview route, `./preview.ts`). */
  autosaves?: Record<string, StoredAutosave>;
  /** Issue 33: the item's `_wp_old_slug` values (the fake's own field, never in REST answers; `./redirects.ts`). */
  oldSlugs?: string[];
}

export interface StoredMediaSize {
  file: string;
  width: number;
  height: number;
  filesize: number;
  mime_type: string;
  source_url: string;
}

/** An attachment. The file it describes is served at `source_url` (see `./uploads`). */
export interface StoredMedia extends WpMedia {
  date_gmt: string;
  modified: string;
  modified_gmt: string;
  status: 'inherit';
  link: string;
  template: string;
  meta: Record<string, unknown>;
  description: WpRendered;
  caption: WpRendered;
  /** The post this file was uploaded to, or null. */
  post: number | null;
  /** Path under `wp-content/uploads/`, e.g. `2025/03/hero.png` (the fake's own: WordPress keeps it in `_wp_attached_file`). */
  uploadFile: string;
  media_details: {
    width?: number;
    height?: number;
    /** Path under `wp-content/uploads/` (images only, as in WordPress). */
    file?: string;
    filesize: number;
    /** Intermediate sizes and `full` (`{}` for documents). */
    sizes: Record<string, Omit<StoredMediaSize, 'filesize'> & { filesize?: number }>;
    image_meta?: Record<string, string | string[]>;
  };
}

/** One item of a navigation menu, as the real site's menu endpoint answers it (flat, parents by id). */
export interface StoredMenuItem extends WpMenuItem {
  ID: number;
  db_id: number;
  menu_order: number;
  object: string;
  object_id: string;
  /** `custom` for a link typed by the editor; `post_type` for a link to a post (then `object` is its post type, `object_id` its id, `url` its permalink). */
  type: 'custom' | 'post_type';
  type_label: string;
  target: string;
  attr_title: string;
  description: string;
  classes: string[];
  xfn: string;
}

export interface WordPressStore {
  /** Items per REST base (`posts`, `news`, ..., `frame_type`, `alert`); ids are unique across all of them and media, as in WordPress's one posts table. */
  collections: Record<PostRestBase, StoredPost[]>;
  /** Attachments (`/wp/v2/media`). */
  media: StoredMedia[];
  /** Navigation menus by id (`/wp/v2/navigation/{id}`): flat lists of menu items. */
  menus: Record<number, StoredMenuItem[]>;
  /** The post type name of each REST base (`/wp/v2/types`, items' `type`, search's `subtype`, menu items' `object`). */
  postTypeNames: PostTypeNames;
  /**
   * The plugin's `HEADLESS_SITE_URL` (no trailing slash), or undefined (not set, the default):
   * published items are then linked at their site address (`./siteLinks`).
   */
  siteUrl?: string;
  /** Issue 33: the Redirection plugin's groups and rules (`./redirects.ts`), or undefined (the plugin is not active). */
  redirection?: RedirectionTables;
  /** Settings → General, the site icon and the SEO plugin's settings (`./seo.ts`); absent → the defaults. */
  site?: SiteSettings;
}

export interface SeedOptions {
  /** Generated items to add per content type (posts, news, ..., fp_page), for scale tests. */
  items?: number;
  /**
   * Post type names other than the defaults (e.g. `prefixedPostTypeNames('ph_')`, as the companion
   * plugin names them): items, permalinks, menu items, `/wp/v2/types` and search follow them.
   */
  postTypeNames?: Partial<Record<PostRestBase, string>>;
  /** The plugin's `HEADLESS_SITE_URL`: published items' links become site addresses (`./siteLinks`). */
  siteUrl?: string;
}

/** A fresh, independent copy of the seed content (plus `items` generated items per content type). */
export function createSeedStore(options: SeedOptions = {}): WordPressStore {
  const seed = seedContent();
  const collections = Object.fromEntries(POST_REST_BASES.map((base) => [base, [] as StoredPost[]])) as Record<
    PostRestBase,
    StoredPost[]
  >;
  for (const item of seed.posts) {
    collections[item.restBase].push(item.post);
  }
  applySeedSeo(collections);
  const store: WordPressStore = {
    collections, media: seed.media, menus: seed.menus, postTypeNames: DEFAULT_POST_TYPE_NAMES, redirection: seedRedirection(), site: defaultSiteSettings(),
  };
  seedOldSlugs(store);
  const items = options.items ?? 0;
  if (items > 0) {
    for (const { restBase, post } of generateItems(store, items)) collections[restBase].push(post);
  }
  if (options.postTypeNames) renamePostTypes(store, resolvePostTypeNames(options.postTypeNames));
  if (options.siteUrl) store.siteUrl = options.siteUrl.replace(/\/+$/, '');
  return store;
}

/**
 * Gives the store's post types other names, as another installation would register them: each
 * item's `type`, its permalink (`/{type}/{slug}/`, the default rewrite slug of a post type) and
 * guid (`?post_type={type}&p=`), and menu items' `object`.
 */
function renamePostTypes(store: WordPressStore, names: PostTypeNames): void {
  const renamed = new Map<string, string>();
  for (const restBase of POST_REST_BASES) {
    const from = store.postTypeNames[restBase];
    const to = names[restBase];
    if (from === to) continue;
    renamed.set(from, to);
    for (const post of store.collections[restBase]) {
      post.type = to;
      if (post.link.startsWith(`${ORIGIN}/${from}/`)) post.link = `${ORIGIN}/${to}/${post.link.slice(`${ORIGIN}/${from}/`.length)}`;
      post.guid = { rendered: post.guid.rendered.replace(`post_type=${from}&`, `post_type=${to}&`) };
    }
  }
  for (const menu of Object.values(store.menus)) {
    for (const item of menu) {
      if (item.type === 'post_type' && renamed.has(item.object)) item.object = renamed.get(item.object) as string;
    }
  }
  store.postTypeNames = names;
}

export { findById, nextId } from './ids';
