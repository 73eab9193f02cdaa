import { htmlToText } from '../shared/excerpt';
import type { ContentItem, ContentLink, ContentTypeName, MediaImage } from '../shared/types';
import { contentType, DEFAULT_PAGE_SECTION, sitePath } from '../shared/wordpress/contentTypes';
import { CUSTOM_PREFIX, fetchJson, segment, WP_PREFIX, wpUrl } from '../shared/wordpress/http';
import { normalizeItem, normalizeMedia } from './normalize';
import type { WpError, WpIdRecord, WpPost } from './raw';
import { idListSeo } from './seo';
import { serverContext } from './serverContext';

/**
 * Content reads (spec §7) for every type of the content-type table. Each function says what it
 * does on failure: reads that a page cannot do without throw (so ISR keeps serving the last good
 * page); list walks that the spec lets fail softly return [].
 */

/** List page size (spec §9). */
export const PAGE_SIZE = 100;

const wp = (path: string, query: Record<string, string | number | boolean | undefined> = {}) =>
  wpUrl(serverContext().base, WP_PREFIX, path, query);

function isList(value: unknown): value is unknown[] {
  return Array.isArray(value);
}

function toLink(type: ContentTypeName, record: WpIdRecord): ContentLink | null {
  if (!record || typeof record.id !== 'number' || typeof record.slug !== 'string' || !record.slug) return null;
  const path = sitePath(type, record.slug, record.section || DEFAULT_PAGE_SECTION);
  return {
    type,
    id: record.id,
    slug: record.slug,
    title: htmlToText(String(record.title ?? '')),
    path,
    // The sitemap leaves out what the SEO plugin keeps out of search engines (docs/seo-and-redirects.md §5).
    ...idListSeo(record as unknown as Record<string, unknown>, path),
  };
}

/**
 * The custom-api id list of a type (`/wp-json/custom-api/v1/news-id`, ...): `[{id, slug, title}]`.
 * `sticky` asks `post-id?sticky=true` for sticky blog posts. Throws when WordPress fails.
 */
export async function getIdList(type: ContentTypeName, options: { sticky?: boolean } = {}): Promise<ContentLink[]> {
  const { idList } = contentType(type);
  const url = wpUrl(serverContext().base, CUSTOM_PREFIX, idList, { sticky: options.sticky ? 'true' : undefined });
  const { data } = await fetchJson<unknown>(url);
  if (!isList(data)) throw new Error(`WordPress answered ${idList} with something other than a list`);
  return data.map((record) => toLink(type, record as WpIdRecord)).filter((link): link is ContentLink => link !== null);
}

/**
 * One item by slug: slug lookups return a list and the first item is used (spec §5); none → null
 * (the page turns it into a 404). Throws when WordPress fails.
 */
export async function getItemBySlug(type: ContentTypeName, slug: string): Promise<ContentItem | null> {
  const def = contentType(type);
  const { data } = await fetchJson<unknown>(wp(def.restBase, { slug, _embed: def.embed }));
  if (!isList(data) || data.length === 0) return null;
  return normalizeItem(type, data[0] as WpPost);
}

/** One item by id (`news/{id}`, `press-release/{id}`, ...). Throws when WordPress fails or knows no such id. */
export async function getItemById(type: ContentTypeName, id: number | string): Promise<ContentItem> {
  const def = contentType(type);
  const { data } = await fetchJson<WpPost>(wp(`${def.byIdBase}/${segment(id)}`, { _embed: def.embed }));
  return normalizeItem(type, data);
}

export interface CollectionPage {
  items: ContentItem[];
  total: number;
  totalPages: number;
}

/** A number header of WordPress's answer (`X-WP-Total`, `X-WP-TotalPages`), or null. */
export function headerNumber(headers: Headers, name: string): number | null {
  const value = Number(headers.get(name));
  return headers.has(name) && Number.isFinite(value) ? value : null;
}

/** WordPress's 400 for a page past the last of a collection (an empty page, not a failure). */
export const isPastLastPage = (status: number, data: unknown) =>
  status === 400 && (data as WpError | null)?.code === 'rest_post_invalid_page_number';

/**
 * Every record of a REST collection (`{restBase}?{query}&per_page=100&page=n`), page by page, until a
 * page has fewer than 100, `X-WP-TotalPages` says it was the last, the 400 past the last page
 * answers, or `stop(records so far, X-WP-Total)` says enough. `total` is WordPress's X-WP-Total
 * (or what was read). Throws when a page cannot be read or is not a list. The search index's
 * build and the catch-up after an outage (issue 35) read through it.
 */
export async function walkCollection(
  restBase: string,
  query: Record<string, string | number | boolean | undefined> = {},
  { attempts, stop }: { attempts?: number; stop?: (read: number, total: number | null) => boolean } = {},
): Promise<{ records: unknown[]; total: number }> {
  const records: unknown[] = [];
  let total: number | null = null;
  for (let page = 1; ; page++) {
    const { status, headers, data } = await fetchJson<unknown>(wp(restBase, { ...query, per_page: PAGE_SIZE, page }), { isAnswer: isPastLastPage, attempts });
    if (isPastLastPage(status, data)) break;
    if (!isList(data)) throw new Error(`WordPress answered ${restBase} (page ${page}) with something other than a list`);
    records.push(...data);
    total = headerNumber(headers, 'X-WP-Total') ?? total;
    const totalPages = headerNumber(headers, 'X-WP-TotalPages');
    if (data.length < PAGE_SIZE || (totalPages !== null && page >= totalPages) || stop?.(records.length, total)) break;
  }
  return { records, total: Math.max(total ?? 0, records.length) };
}

/**
 * One page of a collection, newest first (`news?per_page=100`, `posts?per_page={n}&page={n}&_embed`).
 * A page past the last (WordPress's 400 `rest_post_invalid_page_number`) is an empty page.
 * Throws when WordPress fails.
 */
export async function getCollectionPage(
  type: ContentTypeName,
  { page = 1, perPage = PAGE_SIZE }: { page?: number; perPage?: number } = {},
): Promise<CollectionPage> {
  const def = contentType(type);
  const url = wp(def.restBase, { per_page: perPage, page, _embed: def.embed });
  const { status, headers, data } = await fetchJson<unknown>(url, { isAnswer: isPastLastPage });
  if (isPastLastPage(status, data)) return { items: [], total: headerNumber(headers, 'X-WP-Total') ?? 0, totalPages: page - 1 };
  if (!isList(data)) throw new Error(`WordPress answered ${def.restBase} with something other than a list`);
  const items = data.map((raw) => normalizeItem(type, raw as WpPost));
  const total = headerNumber(headers, 'X-WP-Total') ?? items.length;
  const totalPages = headerNumber(headers, 'X-WP-TotalPages') ?? (items.length < perPage ? page : page + 1);
  return { items, total, totalPages };
}

/**
 * Every item of a type, walking pages of 100 until a page has fewer than 100 items or is empty,
 * or `X-WP-TotalPages` says it was the last; the 400 past the last page ends the walk (spec §7).
 * Returns [] on error (spec §8: a blog-list failure is swallowed).
 */
export async function getAll(type: ContentTypeName): Promise<ContentItem[]> {
  const all: ContentItem[] = [];
  try {
    for (let page = 1; ; page++) {
      const { items, totalPages } = await getCollectionPage(type, { page, perPage: PAGE_SIZE });
      all.push(...items);
      if (items.length < PAGE_SIZE || page >= totalPages) return all;
    }
  } catch (error) {
    console.error(`[wordpress] listing every ${type} failed; using an empty list: ${(error as Error).message}`);
    return [];
  }
}

/** The all-posts read of spec §7: every blog post. */
export const getAllPosts = () => getAll('blog');

/** The first case study (spec §7 "case-studies (first element used)"), or null. Throws when WordPress fails. */
export async function getFirstCaseStudy(): Promise<ContentItem | null> {
  const { items } = await getCollectionPage('caseStudy', { perPage: 1 });
  return items[0] ?? null;
}

/** An attachment by id (`media/{id}`: `guid`, `post_type: attachment`). Throws when WordPress fails. */
export async function getAttachment(id: number): Promise<MediaImage | null> {
  const { data } = await fetchJson<unknown>(wp(`media/${segment(id)}`));
  return normalizeMedia(data);
}
