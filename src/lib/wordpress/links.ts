import type { ContentLink } from '../shared/types';
import { CONTENT_TYPES, type ContentTypeDef } from '../shared/wordpress/contentTypes';
import { getIdList } from './content';

/**
 * The all-links builder (spec §7): the id lists of blogs, pages, news, press releases, white
 * papers, partner interviews and events (the table's `inAllLinks` types), one request per type,
 * as links with titles and site paths. Throws when any list cannot be read: a sitemap or a set of
 * static paths that silently lacks a type is worse than a retried build.
 */
export async function getAllLinks(): Promise<ContentLink[]> {
  return linksOf(CONTENT_TYPES.filter((t) => t.inAllLinks));
}

/**
 * Every content page of the site: the all-links builder's types plus those it leaves out (case
 * studies, insights), one request per type. The sitemap and the menu's revalidation need them
 * all: a case study shows the menu and belongs in the sitemap too. Throws like getAllLinks.
 */
export async function getEveryPageLink(): Promise<ContentLink[]> {
  return linksOf(CONTENT_TYPES);
}

async function linksOf(types: readonly ContentTypeDef[]): Promise<ContentLink[]> {
  const lists = await Promise.all(types.map((t) => getIdList(t.name)));
  return lists.flat();
}
