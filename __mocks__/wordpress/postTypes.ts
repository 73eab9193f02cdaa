/**
 * The post types the fake WordPress registers, as the real site's plugins register them.
 *
 * This table is the fake's own (not derived from the site's `contentTypes.ts`), so a wrong REST
 * base or id-list name on the site side is caught by tests instead of being mirrored here.
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
  /** The post type name (`type` field of items, `subtype` in search results). */
  type: string;
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
  idList: string | null,
  extra: Partial<Pick<PostTypeDef, 'byIdAliases' | 'searchable' | 'sticky'>> = {},
): PostTypeDef {
  return { restBase, type, idList, byIdAliases: [], searchable: idList !== null, sticky: false, ...extra };
}

export const POST_TYPES: readonly PostTypeDef[] = [
  def('posts', 'post', 'post-id', { sticky: true }),
  def('news', 'news', 'news-id'),
  def('press-releases', 'press-release', 'press-release-id', { byIdAliases: ['press-release'] }),
  def('whitepapers', 'whitepaper', 'whitepaper-id'),
  def('case-studies', 'case-study', 'case-study-id'),
  def('insights', 'insights', 'insights-id'),
  def('events', 'events', 'events-id'),
  def('virtual', 'virtual', 'virtual-id'),
  def('fp_page', 'fp_page', 'fp-page-id'),
  def('frame', 'frame', 'frame-id', { searchable: false }),
  def('frame_type', 'frame_type', null),
  def('alert', 'alert', null),
];

export const POST_REST_BASES: readonly PostRestBase[] = POST_TYPES.map((t) => t.restBase);

export function postTypeByRestBase(restBase: string): PostTypeDef | undefined {
  return POST_TYPES.find((t) => t.restBase === restBase);
}

export function postTypeByType(type: string): PostTypeDef | undefined {
  return POST_TYPES.find((t) => t.type === type);
}

/** The post types `/wp/v2/search` can return, in registration order. */
export const SEARCHABLE_TYPES: readonly PostTypeDef[] = POST_TYPES.filter((t) => t.searchable);
