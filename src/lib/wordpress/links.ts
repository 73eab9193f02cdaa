import type { ContentLink } from '../types';
import { CONTENT_TYPES } from './contentTypes';
import { getIdList } from './content';

/**
 * The all-links builder (spec §7): the id lists of blogs, pages, news, press releases, white
 * papers, partner interviews and events (the table's `inAllLinks` types), one request per type,
 * as links with titles and site paths. Throws when any list cannot be read: a sitemap or a set of
 * static paths that silently lacks a type is worse than a retried build.
 */
export async function getAllLinks(): Promise<ContentLink[]> {
  const lists = await Promise.all(CONTENT_TYPES.filter((t) => t.inAllLinks).map((t) => getIdList(t.name)));
  return lists.flat();
}
