import { excerpt, htmlToText } from '../shared/excerpt';
import { isTestPage } from '../shared/testPages';
import { CONTENT_TYPES, contentType, DEFAULT_PAGE_SECTION, sitePath, type ContentTypeDef } from '../shared/wordpress/contentTypes';
import type { ContentTypeName } from '../shared/types';
import { fetchJson, WP_PREFIX, wpUrl } from '../shared/wordpress/http';
import { contentTypeOfPostType, getPostTypes, postTypeOfContentType, type PostTypeMap } from './postTypes';
import type { WpPost, WpSearchResult } from './raw';
import { serverContext } from './serverContext';
import type { SearchResult } from '../shared/search/types';
import { isRecord } from '../shared/isRecord';

/**
 * The site search's WordPress read (server only):
 * `GET /wp-json/wp/v2/search?search={s}&type=post&subtype={post types}&per_page=20&_embed=self&t=…`.
 *
 * - `subtype` limits the search to the content types of the table, by the post type NAMES this
 *   WordPress gives them: read from `/wp/v2/types` (`./postTypes`, cached 5 minutes per process),
 *   never assumed (`post,ph_news,ph_press_release,…`; a comma list, as WordPress reads array
 *   arguments). Only the table's types that WordPress actually has are listed, so frames, frame
 *   types and alerts never come back, and no unknown name makes WordPress refuse the whole search
 *   (400 `rest_invalid_param`). Each listed type must still be searchable (public and in REST).
 *   When WordPress has none of the table's types, the answer is [] without a search.
 * - The post types cannot be read → the search fails, as when WordPress is down (the route's 502).
 *   That read makes one attempt too (below), unless it joins one already under way.
 * - `_embed=self`: WordPress marks a search result's `self` link embeddable, so each result
 *   carries the post itself (embed context: slug, title, excerpt, …) in `_embedded.self[0]`, in
 *   the same request. No second read per result.
 * - One attempt, not the usual three (`SEARCH_ATTEMPTS`): a visitor is waiting, and three
 *   attempts can take 36 s. The worst case is the 10 s timeout of one attempt.
 *
 * Each result becomes `{title, url, type, excerpt}`: its `subtype` (a post type name) is mapped
 * back through the post types to a REST base and so to the content type; `url` is the SITE path:
 * the path of WordPress's `url` when that is a site address (the companion plugin with
 * `HEADLESS_SITE_URL` links published items there), else the path of the content-type table
 * (`/resources/blogs/{slug}`; pages `/{acf.section or "pages"}/{slug}`), the slug taken from the
 * embedded post or else from the last segment of WordPress's URL; the home page (page `home`) is
 * `/`; `type` the type's label;
 * `title` plain text, references decoded; `excerpt` plain text of at most 30 words. Results of a
 * subtype the table does not know, results without a slug, the two test pages of spec §2 and
 * duplicates are dropped.
 */

export const SEARCH_PER_PAGE = 20;
export const SEARCH_EXCERPT_WORDS = 30;
export const SEARCH_ATTEMPTS = 1;

/** The post type names to search: those of the table's content types that this WordPress has, in the table's order. */
export function searchSubtypes(types: PostTypeMap): string[] {
  return CONTENT_TYPES.flatMap((def) => postTypeOfContentType(types, def) ?? []);
}

/** The WordPress search URL for a (normalized) query over the given post type names. */
export function wordpressSearchUrl(base: string, query: string, subtypes: readonly string[]): string {
  return wpUrl(base, WP_PREFIX, 'search', {
    search: query,
    type: 'post',
    subtype: subtypes.join(','),
    per_page: SEARCH_PER_PAGE,
    _embed: 'self',
  });
}

type EmbeddedPost = Partial<Pick<WpPost, 'slug' | 'title' | 'excerpt' | 'acf'>>;
type RawResult = Partial<WpSearchResult> & { _embedded?: { self?: unknown[] } };

/** The embedded post, unless WordPress embedded an error (`{code, message}`) or nothing. */
function embeddedPost(raw: RawResult): EmbeddedPost | null {
  const first = raw._embedded?.self?.[0];
  return isRecord(first) && typeof first.slug === 'string' ? (first as EmbeddedPost) : null;
}

/** The last path segment of WordPress's URL (`https://cms/news/some-slug/` → `some-slug`); null for `?p=123` URLs. */
function slugFromUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const segments = new URL(url).pathname.split('/').filter(Boolean);
    return segments.length ? segments[segments.length - 1] : null;
  } catch {
    return null;
  }
}

/** The path of a site address (the plugin's `url` of a published item), or null for a WordPress URL. */
function siteAddressPath(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const { isSiteAddress, toSitePath } = serverContext();
  return isSiteAddress(url) ? toSitePath(url) : null;
}

/** The site path from the table: the embedded post's slug (else the WordPress URL's last segment) and section. */
function tablePath(def: ContentTypeDef, post: EmbeddedPost | null, url: unknown): string | null {
  const slug = post?.slug || slugFromUrl(url);
  if (!slug) return null;
  const section = typeof post?.acf?.section === 'string' && post.acf.section ? post.acf.section : DEFAULT_PAGE_SECTION;
  return sitePath(def.name, slug, section);
}

/** One WordPress search result → a site search result, or null when it is not for visitors of this site. */
export function toSearchResult(value: unknown, types: PostTypeMap): SearchResult | null {
  if (!isRecord(value)) return null;
  const raw = value as RawResult;
  const def = typeof raw.subtype === 'string' ? contentTypeOfPostType(types, raw.subtype) : undefined;
  if (!def) return null;
  const post = embeddedPost(raw);
  const url = siteAddressPath(raw.url) ?? tablePath(def, post, raw.url);
  if (!url || isTestPage(url)) return null;
  const title = htmlToText(typeof raw.title === 'string' ? raw.title : '') || htmlToText(post?.title?.rendered ?? '') || def.label;
  return { title, url, type: def.label, excerpt: excerpt(post?.excerpt?.rendered ?? '', SEARCH_EXCERPT_WORDS) };
}

/** WordPress's answer → results; throws when it is not a list (an answer we cannot read is a failure). */
export function toSearchResults(data: unknown, types: PostTypeMap): SearchResult[] {
  if (!Array.isArray(data)) throw new Error('WordPress search did not answer a list');
  const seen = new Set<string>();
  const results: SearchResult[] = [];
  for (const item of data) {
    const result = toSearchResult(item, types);
    if (!result || seen.has(result.url)) continue;
    seen.add(result.url);
    results.push(result);
  }
  return results;
}

/**
 * Searches WordPress for a normalized query; with `type` (the route's type filter, issue 34), that
 * content type's post type only (none on this WordPress → []). Throws (`MaxRetriesError`, …) when
 * WordPress fails.
 */
export async function searchWordPress(query: string, type?: ContentTypeName): Promise<SearchResult[]> {
  const types = await getPostTypes({ attempts: SEARCH_ATTEMPTS });
  const subtypes = type ? [postTypeOfContentType(types, contentType(type))].filter((name): name is string => name !== undefined) : searchSubtypes(types);
  if (subtypes.length === 0) {
    if (!type) console.warn('[search] WordPress has none of the content types of the table (by REST base): nothing to search');
    return [];
  }
  const { data } = await fetchJson<unknown>(wordpressSearchUrl(serverContext().base, query, subtypes), { attempts: SEARCH_ATTEMPTS });
  return toSearchResults(data, types);
}
