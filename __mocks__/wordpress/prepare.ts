import { parseList } from './params';
import type { PhpValue } from './phpQuery';
import type { PostTypeDef } from './postTypes';
import type { Json } from './responses';
import type { StoredMedia, StoredPost } from './store';
import { ORIGIN, restUrl } from './urls';

/**
 * Items as the REST controllers prepare them: the fields of the request's context, `_links` (when
 * `_fields` allows them), `_embedded` for `_embed`, and `_fields` filtering.
 */

export type JsonObject = { [key: string]: Json | undefined };
export type Context = 'view' | 'embed';

/** How the request asks for links and embeds. */
export interface PrepareOptions {
  context: Context;
  /** Parsed `_fields`, or null when absent. */
  fields: string[] | null;
  /** `_embed`: true for all embeddable links, a list of link relations, or false. */
  embed: true | string[] | false;
  /** Resolves an embeddable link by dispatching it internally (as WordPress does), in the embed context. */
  fetchEmbedded: (href: string) => Json;
}

/** Stored content is JSON by construction (plain data, no functions, no cycles). */
export function asJson(value: unknown): Json {
  return value as Json;
}

/** PHP encodes an empty associative array as `[]`, so WordPress answers `"acf": []` and `"meta": []`. */
function phpArray(value: Record<string, unknown>): Json {
  return Object.keys(value).length === 0 ? [] : asJson(value);
}

// ---------------------------------------------------------------------------------------------
// _fields and _embed

/** `_fields` as `rest_filter_response_fields` reads it (comma/space list or PHP list), or null. */
export function parseFields(value: PhpValue | undefined): string[] | null {
  if (value === undefined) return null;
  const fields = (parseList(value) ?? []).map((f) => f.trim()).filter(Boolean);
  return fields.length ? fields : null;
}

/** `rest_parse_embed_param`: '', '0', '1' and 'true' embed everything; otherwise a list of relations. */
export function parseEmbed(value: PhpValue | undefined): true | string[] | false {
  if (value === undefined) return false;
  if (typeof value === 'string' && (value === '' || value === '0' || value === '1' || value === 'true')) return true;
  const rels = parseList(value) ?? [];
  return rels.length ? rels : true;
}

type FieldTree = { [key: string]: FieldTree | true };

function fieldTree(fields: readonly string[]): FieldTree {
  const tree: FieldTree = {};
  for (const field of fields) {
    const parts = field.split('.');
    let node = tree;
    let skip = false;
    while (parts.length > 1) {
      const next = parts.shift() as string;
      const child = node[next];
      if (child === true) {
        skip = true; // the parent is already included whole
        break;
      }
      node = node[next] = child ?? {};
    }
    if (!skip) node[parts[0]] = true;
  }
  return tree;
}

function intersect(data: Json, tree: FieldTree): Json {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const out: JsonObject = {};
  for (const [key, rule] of Object.entries(tree)) {
    if (!(key in data)) continue;
    out[key] = rule === true ? data[key] : intersect(data[key] ?? null, rule);
  }
  return out;
}

/** `rest_filter_response_fields`: keeps the listed (dot-nested) fields of an object or of each item of a list. */
export function filterFields(data: Json, fields: readonly string[]): Json {
  const tree = fieldTree(fields);
  return Array.isArray(data) ? data.map((item) => intersect(item, tree)) : intersect(data, tree);
}

/** Controllers add links only when `_fields` is absent or asks for `_links` or `_embedded`. */
function wantsLinks(fields: readonly string[] | null): boolean {
  return fields === null || fields.some((f) => /^_(links|embedded)(\.|$)/.test(f));
}

interface Link {
  href: string;
  taxonomy?: string;
  embeddable?: boolean;
  templated?: boolean;
  name?: string;
  targetHints?: { allow: string[] };
}
type Links = Record<string, Link[]>;

const CURIES: Link[] = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];

/** Adds `_links` and, for `_embed`, `_embedded` (each embeddable link resolved, errors embedded as they are). */
function withLinks(data: JsonObject, links: Links, options: PrepareOptions): JsonObject {
  if (!wantsLinks(options.fields)) return data;
  const out: JsonObject = { ...data, _links: asJson(links) };
  if (options.embed && options.context !== 'embed') {
    const embedded: JsonObject = {};
    for (const [rel, list] of Object.entries(links)) {
      if (options.embed !== true && !options.embed.includes(rel)) continue;
      const targets = list.filter((link) => link.embeddable);
      if (!targets.length) continue;
      const embeds = targets.map((link) => options.fetchEmbedded(link.href));
      // WP_REST_Server::embed_links keeps a relation only when one of its embeds is not empty.
      if (embeds.some((embed) => embed !== null && !(Array.isArray(embed) && embed.length === 0))) embedded[rel] = embeds;
    }
    if (Object.keys(embedded).length) out._embedded = embedded;
  }
  return out;
}

function pick(source: JsonObject, keys: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

// ---------------------------------------------------------------------------------------------
// Posts of every type

const POST_EMBED_FIELDS = ['id', 'date', 'slug', 'type', 'link', 'title', 'excerpt', 'author', 'featured_media', 'acf'];

/** Every item of the fake was written by its one user (`/wp/v2/users/1`), as the real seed import is. */
export const AUTHOR_ID = 1;
/** WordPress's default category, the one every seed blog post is in. */
export const DEFAULT_CATEGORY_ID = 1;

export function preparePost(post: StoredPost, def: PostTypeDef, options: PrepareOptions): JsonObject {
  const full: JsonObject = {
    id: post.id,
    date: post.date,
    date_gmt: post.date_gmt,
    guid: asJson(post.guid),
    modified: post.modified,
    modified_gmt: post.modified_gmt,
    slug: post.slug,
    status: post.status,
    type: post.type,
    link: post.link,
    title: { rendered: post.title.rendered },
    content: asJson(post.content),
    excerpt: asJson(post.excerpt),
    author: AUTHOR_ID,
    featured_media: post.featured_media,
    // Core's `post` supports comments and trackbacks and has categories and tags; the site's own
    // post types support neither (the plugin's content model).
    ...(def.restBase === 'posts' ? { comment_status: 'open', ping_status: 'open' } : {}),
    template: post.template,
    meta: phpArray(post.meta),
    sticky: post.sticky,
    format: post.format,
    ...(def.restBase === 'posts' ? { categories: [DEFAULT_CATEGORY_ID], tags: [] } : {}),
    acf: phpArray(post.acf),
    fields_mapping: post.fields_mapping,
    // The plugin's field on every item with content (docs/blocks.md, REST contract item 1).
    block_styles: asJson(post.block_styles ?? { blocks: [], css: '' }),
  };
  const data = options.context === 'embed' ? pick(full, POST_EMBED_FIELDS) : full;
  const base = `/wp/v2/${def.restBase}`;
  const links: Links = {
    self: [{ href: restUrl(`${base}/${post.id}`), targetHints: { allow: ['GET'] } }],
    collection: [{ href: restUrl(base) }],
    about: [{ href: restUrl(`/wp/v2/types/${post.type}`) }],
    author: [{ embeddable: true, href: restUrl(`/wp/v2/users/${AUTHOR_ID}`) }],
  };
  if (post.featured_media) links['wp:featuredmedia'] = [{ embeddable: true, href: restUrl(`/wp/v2/media/${post.featured_media}`) }];
  links['wp:attachment'] = [{ href: restUrl(`/wp/v2/media?parent=${post.id}`) }];
  if (def.restBase === 'posts') {
    links['wp:term'] = [
      { taxonomy: 'category', embeddable: true, href: restUrl(`/wp/v2/categories?post=${post.id}`) },
      { taxonomy: 'post_tag', embeddable: true, href: restUrl(`/wp/v2/tags?post=${post.id}`) },
    ];
  }
  links.curies = CURIES;
  return withLinks(data, links, options);
}

// ---------------------------------------------------------------------------------------------
// Media

const MEDIA_EMBED_FIELDS = ['id', 'date', 'slug', 'type', 'link', 'title', 'author', 'caption', 'alt_text', 'media_type', 'mime_type', 'media_details', 'source_url'];

export function prepareMedia(media: StoredMedia, options: PrepareOptions): JsonObject {
  const full: JsonObject = {
    id: media.id,
    date: media.date,
    date_gmt: media.date_gmt,
    guid: asJson(media.guid),
    modified: media.modified,
    modified_gmt: media.modified_gmt,
    slug: media.slug,
    status: media.status,
    type: media.type,
    link: media.link,
    title: asJson(media.title),
    author: AUTHOR_ID,
    comment_status: 'open',
    ping_status: 'closed',
    template: media.template,
    meta: phpArray(media.meta),
    description: asJson(media.description),
    caption: asJson(media.caption),
    alt_text: media.alt_text,
    media_type: media.media_type,
    mime_type: media.mime_type,
    media_details: asJson(media.media_details),
    post: media.post,
    source_url: media.source_url,
  };
  const data = options.context === 'embed' ? pick(full, MEDIA_EMBED_FIELDS) : full;
  const links: Links = {
    self: [{ href: restUrl(`/wp/v2/media/${media.id}`), targetHints: { allow: ['GET'] } }],
    collection: [{ href: restUrl('/wp/v2/media') }],
    about: [{ href: restUrl('/wp/v2/types/attachment') }],
    author: [{ embeddable: true, href: restUrl(`/wp/v2/users/${AUTHOR_ID}`) }],
  };
  return withLinks(data, links, options);
}

// ---------------------------------------------------------------------------------------------
// Search results

export function prepareSearchResult(post: StoredPost, def: PostTypeDef, options: PrepareOptions): JsonObject {
  // `subtype` is the post type NAME (the store's, which may not be the fake's default).
  const data: JsonObject = { id: post.id, title: post.title.rendered, url: post.link, type: 'post', subtype: post.type };
  const links: Links = {
    self: [{ embeddable: true, href: restUrl(`/wp/v2/${def.restBase}/${post.id}`) }],
    about: [{ href: restUrl(`/wp/v2/types/${post.type}`) }],
    collection: [{ href: restUrl('/wp/v2/search') }],
  };
  return withLinks(data, links, options);
}

// ---------------------------------------------------------------------------------------------
// The one user and the one category

/** md5 of the user's e-mail address (admin@example.test), as Gravatar addresses it. */
const AVATAR_HASH = '51965088c5db83c3fd307f308d25198a';

/** The seed's only user, as `/wp/v2/users/{id}` shows it to anyone. */
export function prepareUser(options: PrepareOptions): JsonObject {
  const data: JsonObject = {
    id: AUTHOR_ID,
    name: 'admin',
    url: ORIGIN,
    description: '',
    link: `${ORIGIN}/author/admin/`,
    slug: 'admin',
    avatar_urls: Object.fromEntries([24, 48, 96].map((size) => [String(size), `http://2.gravatar.com/avatar/${AVATAR_HASH}?s=${size}&d=mm&r=g`])),
    ...(options.context === 'embed' ? {} : { meta: [] }),
  };
  const links: Links = { self: [{ href: restUrl(`/wp/v2/users/${AUTHOR_ID}`) }], collection: [{ href: restUrl('/wp/v2/users') }] };
  return withLinks(data, links, options);
}

/** WordPress's default category, "Uncategorized". */
export function prepareCategory(options: PrepareOptions): JsonObject {
  const id = DEFAULT_CATEGORY_ID;
  const full: JsonObject = {
    id, count: 0, description: '', link: `${ORIGIN}/category/uncategorized/`, name: 'Uncategorized',
    slug: 'uncategorized', taxonomy: 'category', parent: 0, meta: [],
  };
  const data = options.context === 'embed' ? pick(full, ['id', 'link', 'name', 'slug', 'taxonomy']) : full;
  const links: Links = {
    self: [{ href: restUrl(`/wp/v2/categories/${id}`) }],
    collection: [{ href: restUrl('/wp/v2/categories') }],
    about: [{ href: restUrl('/wp/v2/taxonomies/category') }],
    'wp:post_type': [{ href: restUrl(`/wp/v2/posts?categories=${id}`) }],
    curies: CURIES,
  };
  return withLinks(data, links, options);
}

// ---------------------------------------------------------------------------------------------
// Post types

/** A post type as `/wp/v2/types` describes it. */
export interface PostTypeView {
  name: string;
  /** The plural label (`name` in REST). */
  label: string;
  restBase: string;
  description: string;
  hierarchical: boolean;
  taxonomies: readonly string[];
  icon: string | null;
}

/** The fields of the embed context (`WP_REST_Post_Types_Controller::get_item_schema`). */
const TYPE_EMBED_FIELDS = ['name', 'slug', 'icon', 'rest_base', 'rest_namespace'];

/**
 * `WP_REST_Post_Types_Controller::prepare_item_for_response` for an anonymous client: the view
 * context's fields in WordPress's order (capabilities, labels, supports, viewable and visibility
 * are edit-only), links to the collection and to the type's items.
 */
export function preparePostType(type: PostTypeView, options: PrepareOptions): JsonObject {
  const full: JsonObject = {
    description: type.description,
    hierarchical: type.hierarchical,
    has_archive: false,
    name: type.label,
    slug: type.name,
    icon: type.icon,
    taxonomies: [...type.taxonomies],
    rest_base: type.restBase,
    rest_namespace: 'wp/v2',
  };
  const data = options.context === 'embed' ? pick(full, TYPE_EMBED_FIELDS) : full;
  const links: Links = {
    collection: [{ href: restUrl('/wp/v2/types') }],
    'wp:items': [{ href: restUrl(`/wp/v2/${type.restBase}`) }],
    curies: CURIES,
  };
  return withLinks(data, links, options);
}
