/**
 * WordPress's post type names, read from WordPress (`GET /wp-json/wp/v2/types`), never assumed.
 *
 * The site knows the REST bases of its content types (the content-type table, spec §7); the post
 * type names behind them are the WordPress installation's choice (`news` on one, `ph_news` on
 * another). Two reads need the names: the site search (`/wp/v2/search` takes `subtype=` post type
 * names and answers each result's `subtype` as one) and menu items that link to a post (they name
 * its post type in `object`). Both translate through this map.
 *
 * `/wp/v2/types` answers an object keyed by post type name; each value carries `slug` (the name),
 * `rest_base` and `rest_namespace` (core's `WP_REST_Post_Types_Controller`, every `show_in_rest`
 * type). Only types in the `wp/v2` namespace count: the site reads nothing else. A type without a
 * usable `slug` or `rest_base` is skipped; an answer that is not an object is a failed read.
 *
 * Cache (`getPostTypes`), like the menu's: once per process for 5 minutes, in `processShared` (the
 * webhook and the pages are separate bundles); concurrent callers share one request; a failed read
 * is not cached, so the next caller tries again. `clearPostTypesCache()` is called by the
 * revalidation webhook with the menu cache.
 */
import { processShared } from '../server/processShared';
import { contentTypeByRestBase, type ContentTypeDef } from '../shared/wordpress/contentTypes';
import { fetchJson, WP_PREFIX, wpUrl } from '../shared/wordpress/http';
import { serverContext } from './serverContext';
import { createTtlCache } from './ttlCache';
import { isRecord } from '../shared/isRecord';
import { registerProcessCache } from '../cache/processCaches';

export const POST_TYPES_CACHE_MS = 300_000;
/** The only REST namespace the site reads content from. */
const SITE_NAMESPACE = 'wp/v2';

/** REST base ↔ post type name, as one WordPress installation registers them. */
export interface PostTypeMap {
  /** `news` → `ph_news`. */
  readonly nameByRestBase: ReadonlyMap<string, string>;
  /** `ph_news` → `news`. */
  readonly restBaseByName: ReadonlyMap<string, string>;
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** `/wp/v2/types`'s answer → the map. Throws when the answer is not an object keyed by post type. */
export function parsePostTypes(data: unknown): PostTypeMap {
  if (!isRecord(data)) throw new Error('WordPress answered /wp/v2/types with something other than an object of post types');
  const nameByRestBase = new Map<string, string>();
  const restBaseByName = new Map<string, string>();
  for (const [key, value] of Object.entries(data)) {
    if (!isRecord(value)) continue;
    const name = nonEmpty(value.slug) ? value.slug : key;
    const namespace = nonEmpty(value.rest_namespace) ? value.rest_namespace : SITE_NAMESPACE;
    if (!nonEmpty(value.rest_base) || !nonEmpty(name) || namespace !== SITE_NAMESPACE) continue;
    // Two types on one REST base cannot both be served there: the first registered keeps it.
    if (!nameByRestBase.has(value.rest_base)) nameByRestBase.set(value.rest_base, name);
    restBaseByName.set(name, value.rest_base);
  }
  return { nameByRestBase, restBaseByName };
}

/** The content type of a post type name (`ph_news` → the table's `news` entry), if the site has one. */
export function contentTypeOfPostType(types: PostTypeMap, name: string): ContentTypeDef | undefined {
  const restBase = types.restBaseByName.get(name);
  if (restBase === undefined) return undefined;
  const def = contentTypeByRestBase(restBase);
  // Only the type that WordPress serves at that base (not a second type claiming it).
  return def && types.nameByRestBase.get(restBase) === name ? def : undefined;
}

/** The post type name WordPress serves a content type under, or undefined when it has none. */
export function postTypeOfContentType(types: PostTypeMap, def: ContentTypeDef): string | undefined {
  return types.nameByRestBase.get(def.restBase);
}

// One per process: the revalidation webhook (an API route, another bundle) clears what the pages and search read.
const cache = processShared('post-types-cache', () => createTtlCache<'types', PostTypeMap>(POST_TYPES_CACHE_MS, { name: 'post-types', maxEntries: 1 }));

/**
 * The post types of the WordPress the site reads, cached for 5 minutes. Throws when WordPress
 * cannot be read (the caller decides: search fails, the menu keeps the plain links).
 * `attempts` (default: the fetch wrapper's 3) applies to a read this call starts; a caller that
 * joins a read already under way shares its outcome.
 */
export function getPostTypes(options: { attempts?: number } = {}): Promise<PostTypeMap> {
  return cache.get('types', async () => {
    const { data } = await fetchJson<unknown>(wpUrl(serverContext().base, WP_PREFIX, 'types'), { attempts: options.attempts });
    return parsePostTypes(data);
  });
}

/** Forgets the post types (the revalidation webhook calls it with `clearMenuCache`). */
export function clearPostTypesCache(): void {
  cache.clear();
}

// The menu's links to posts are resolved through the post types: read anew with the menu. Issue 36: registered, so the invalidation clears it (src/lib/cache/processCaches.ts).
registerProcessCache({ name: 'post-types-cache', scopes: ['menu'], clear: clearPostTypesCache });
