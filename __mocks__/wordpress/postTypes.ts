import type { PostTypeView } from './prepare';

/**
 * The post types the fake WordPress registers, as the real site's plugins register them.
 *
 * This table is the fake's own (not derived from the site's `contentTypes.ts`), so a wrong REST
 * base or id-list name on the site side is caught by tests instead of being mirrored here.
 *
 * A post type's NAME is the installation's choice (the companion plugin names them `ph_news`,
 * `ph_press_release`, …); only the REST bases are the contract. The names below are the fake's
 * defaults; a store can rename them (`createSeedStore({ postTypeNames })`, `prefixedPostTypeNames`)
 * so tests prove that the site never assumes a name: it reads them from `/wp/v2/types`.
 */

export type PostRestBase =
  | 'posts'
  | 'news'
  | 'press-releases'
  | 'whitepapers'
  | 'case-studies'
  | 'insights'
  | 'events'
  | 'virtual'
  | 'fp_page'
  | 'frame'
  | 'frame_type'
  | 'alert';

export interface PostTypeDef {
  restBase: PostRestBase;
  /** The default post type name (`type` field of items, `subtype` in search results); see `PostTypeNames`. */
  type: string;
  /** The post type's plural label (`name` in `/wp/v2/types`). */
  label: string;
  /** Extra REST bases that answer reads by id only (`press-release/{id}` on the real site). */
  byIdAliases: readonly string[];
  /** The custom-api/v1 id list of this type, if any. */
  idList: string | null;
  /** Public and searchable through `/wp/v2/search`. */
  searchable: boolean;
  /** Supports sticky (only WordPress's own `post`). */
  sticky: boolean;
}

function def(
  restBase: PostRestBase,
  type: string,
  label: string,
  idList: string | null,
  extra: Partial<Pick<PostTypeDef, 'byIdAliases' | 'searchable' | 'sticky'>> = {},
): PostTypeDef {
  return { restBase, type, label, idList, byIdAliases: [], searchable: idList !== null, sticky: false, ...extra };
}

export const POST_TYPES: readonly PostTypeDef[] = [
  def('posts', 'post', 'Posts', 'post-id', { sticky: true }),
  def('news', 'news', 'News', 'news-id'),
  def('press-releases', 'press-release', 'Press Releases', 'press-release-id', { byIdAliases: ['press-release'] }),
  def('whitepapers', 'whitepaper', 'White Papers', 'whitepaper-id'),
  def('case-studies', 'case-study', 'Case Studies', 'case-study-id'),
  def('insights', 'insights', 'Insights', 'insights-id'),
  def('events', 'events', 'Events', 'events-id'),
  def('virtual', 'virtual', 'Partner Interviews', 'virtual-id'),
  def('fp_page', 'fp_page', 'Pages (frames)', 'fp-page-id'),
  def('frame', 'frame', 'Frames', 'frame-id', { searchable: false }),
  def('frame_type', 'frame_type', 'Frame Types', null),
  def('alert', 'alert', 'Alerts', null),
];

export const POST_REST_BASES: readonly PostRestBase[] = POST_TYPES.map((t) => t.restBase);

export function postTypeByRestBase(restBase: string): PostTypeDef | undefined {
  return POST_TYPES.find((t) => t.restBase === restBase);
}

/** The post type of a DEFAULT name (`press-release`), as the seed content names them; renamed stores map through `postTypeNames`. */
export function postTypeByType(type: string): PostTypeDef | undefined {
  return POST_TYPES.find((t) => t.type === type);
}

/** The post types `/wp/v2/search` can return, in registration order. */
export const SEARCHABLE_TYPES: readonly PostTypeDef[] = POST_TYPES.filter((t) => t.searchable);

// ---------------------------------------------------------------------------------------------
// Names

/** The post type name of each REST base in one installation. */
export type PostTypeNames = Readonly<Record<PostRestBase, string>>;

export const DEFAULT_POST_TYPE_NAMES: PostTypeNames = Object.freeze(
  Object.fromEntries(POST_TYPES.map((t) => [t.restBase, t.type])) as Record<PostRestBase, string>,
);

/**
 * Core's post types that are in REST (`show_in_rest`), in registration order, as WordPress 6.1
 * lists them in `/wp/v2/types` for an anonymous client (view context). The fake serves no content
 * for them (except media, `attachment`), but they are part of `/wp/v2/types` and their names are
 * taken. `page` is public, so `/wp/v2/search` accepts it as a subtype.
 */
export interface CoreTypeDef extends PostTypeView {
  searchable: boolean;
}

const core = (
  name: string,
  label: string,
  restBase: string,
  extra: Partial<Omit<CoreTypeDef, 'name' | 'label' | 'restBase'>> = {},
): CoreTypeDef => ({ name, label, restBase, description: '', hierarchical: false, taxonomies: [], icon: null, searchable: false, ...extra });

/** Before the plugin's types: `post` (here, `POST_TYPES`' first) comes first, then these. */
export const CORE_TYPES: readonly CoreTypeDef[] = [
  core('page', 'Pages', 'pages', { hierarchical: true, icon: 'dashicons-admin-page', searchable: true }),
  core('attachment', 'Media', 'media', { icon: 'dashicons-admin-media' }),
  core('nav_menu_item', 'Navigation Menu Items', 'menu-items', { taxonomies: ['nav_menu'] }),
  core('wp_block', 'Reusable blocks', 'blocks'),
  core('wp_template', 'Templates', 'templates', { description: 'Templates to include in your theme.' }),
  core('wp_template_part', 'Template Parts', 'template-parts', { description: 'Template parts to include in your templates.' }),
  core('wp_navigation', 'Navigation Menus', 'navigation', { description: 'Navigation menus that can be inserted into your site.' }),
];

/** Names a plugin cannot take: core's post types (and `post`, whose name is core's too). */
const RESERVED = new Set(['post', 'revision', 'custom_css', 'customize_changeset', 'oembed_cache', 'user_request', 'wp_global_styles', ...CORE_TYPES.map((t) => t.name)]);

/** `sanitize_key` keeps [a-z0-9_-]; `register_post_type` refuses names longer than 20 characters. */
const VALID_NAME = /^[a-z0-9_-]{1,20}$/;

/**
 * The names of one installation: the defaults with `overrides` applied. Throws, as
 * `register_post_type` would refuse them, for a name that is invalid, taken by core or used
 * twice. Blogs are core's `post`: that name cannot change.
 */
export function resolvePostTypeNames(overrides: Partial<Record<PostRestBase, string>> = {}): PostTypeNames {
  const names = { ...DEFAULT_POST_TYPE_NAMES, ...overrides };
  if (names.posts !== 'post') throw new Error('Blogs are core posts: the post type of `posts` is always `post`');
  const seen = new Set<string>();
  for (const restBase of POST_REST_BASES) {
    const name = names[restBase];
    if (!VALID_NAME.test(name)) throw new Error(`Invalid post type name "${name}" for ${restBase}: [a-z0-9_-], at most 20 characters`);
    if (restBase !== 'posts' && RESERVED.has(name)) throw new Error(`The post type name "${name}" is core's`);
    if (seen.has(name)) throw new Error(`The post type name "${name}" is used twice`);
    seen.add(name);
  }
  return Object.freeze(names);
}

/** Every plugin type named `{prefix}{default name}` with `-` as `_` (`ph_` → `ph_news`, `ph_press_release`); `post` stays. */
export function prefixedPostTypeNames(prefix: string): PostTypeNames {
  const overrides = Object.fromEntries(
    POST_TYPES.filter((t) => t.restBase !== 'posts').map((t) => [t.restBase, `${prefix}${t.type.replace(/-/g, '_')}`]),
  );
  return resolvePostTypeNames(overrides);
}
