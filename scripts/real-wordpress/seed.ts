import { autoExcerpt } from '../../__mocks__/wordpress/seed/build';
import { seedContent } from '../../__mocks__/wordpress/seed/content';
import { postTypeByType } from '../../__mocks__/wordpress/postTypes';
import type { StoredMedia, StoredMenuItem, StoredPost } from '../../__mocks__/wordpress/store';
import { uploadBytes } from '../../__mocks__/wordpress/uploads';
import { DEV_HOST, ORIGIN, UPLOADS_PATH } from '../../__mocks__/wordpress/urls';
import type { SeedPost } from '../../__mocks__/wordpress/seed/build';
import { RestClient } from './rest';
import { REUSABLE_BLOCKS } from '../../__mocks__/wordpress/seed/blocks';

/**
 * Imports the local content server's seed (`__mocks__/wordpress/seed`, the one seed definition)
 * into a real WordPress through its REST API: core's media, menus and menu items, and the
 * plugin's content types with their fields written in the same `acf` shape they are read in.
 *
 * WordPress assigns its own ids and upload paths, so the import maps them:
 * - seed ids → WordPress ids (featured images, an fp_page's frames, menu items' parents);
 * - a seed upload URL (`{ORIGIN}/wp-content/uploads/2025/01/x.png`) → the WordPress file's URL,
 *   and the URL of each of its copies (`x-300x158.png`, in body images' srcset) → WordPress's copy;
 *   the same file on the development host (`https://dev-cms.example.test/wp-content/uploads/…`)
 *   keeps that host with WordPress's path, so the site's media rewriting is exercised here too;
 * - any other `{ORIGIN}` link → the WordPress origin.
 */

export interface SeedTarget {
  url: string;
  user: string;
  appPassword: string;
  log: (line: string) => void;
}

type Json = Record<string, unknown>;

/** Runs `task` over `items`, `limit` at a time, in order of start. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Replaces every `from` with its `to` in every string of a JSON value. */
export function rewrite<T>(value: T, replacements: ReadonlyMap<string, string>): T {
  let text = JSON.stringify(value);
  for (const [from, to] of replacements) text = text.split(JSON.stringify(from).slice(1, -1)).join(JSON.stringify(to).slice(1, -1));
  return JSON.parse(text) as T;
}

/** The plugin's post types and core's, by REST base, from `/wp/v2/types`. */
async function typesByRestBase(client: RestClient): Promise<Map<string, string>> {
  const types = await client.request<Record<string, { slug: string; rest_base: string }>>('GET', '/wp/v2/types');
  return new Map(Object.values(types).map((t) => [t.rest_base, t.slug]));
}

async function importMedia(client: RestClient, media: StoredMedia[], ids: Map<number, number>, urls: Map<string, string>, origin: string): Promise<void> {
  const upload = async (item: StoredMedia): Promise<void> => {
    const file = item.uploadFile;
    const { width, height } = item.media_details;
    const bytes = uploadBytes({ file, mime_type: item.mime_type, width, height, title: item.title.rendered });
    const filename = file.replace(/^.*\//, '');
    const created = await client.request<{ id: number; source_url: string; media_details?: { sizes?: Record<string, { source_url?: string }> } }>('POST', '/wp/v2/media', new Uint8Array(bytes), {
      'Content-Type': item.mime_type,
      'Content-Disposition': `attachment; filename="${filename}"`,
    });
    await client.request('POST', `/wp/v2/media/${created.id}`, {
      title: item.title.rendered,
      alt_text: item.alt_text,
      caption: item.caption.rendered.replace(/^<p>|<\/p>\n?$/g, ''),
      date: item.date,
    });
    ids.set(item.id, created.id);
    const relative = created.source_url.slice(created.source_url.indexOf(UPLOADS_PATH));
    urls.set(`${ORIGIN}${UPLOADS_PATH}${file}`, `${origin}${relative}`);
    urls.set(`${DEV_HOST}${UPLOADS_PATH}${file}`, `${DEV_HOST}${relative}`);
    // WordPress's copies, by size name (the seed's body images list them in a srcset): the same
    // rules make the same sizes, at WordPress's own paths.
    const dir = file.replace(/[^/]*$/, '');
    for (const [name, size] of Object.entries(item.media_details.sizes ?? {})) {
      const made = created.media_details?.sizes?.[name]?.source_url;
      if (name === 'full' || !made) continue;
      const madeRelative = made.slice(made.indexOf(UPLOADS_PATH));
      urls.set(`${ORIGIN}${UPLOADS_PATH}${dir}${size.file}`, `${origin}${madeRelative}`);
      urls.set(`${DEV_HOST}${UPLOADS_PATH}${dir}${size.file}`, `${DEV_HOST}${madeRelative}`);
    }
  };
  // The first upload alone: it creates this month's uploads folder, which parallel uploads would
  // race to create (wp_mkdir_p fails for all but one of them).
  const [first, ...rest] = media;
  if (first) await upload(first);
  await eachLimited(rest, 4, upload);
}

/**
 * Serialized blocks with the seed's ids replaced by WordPress's: the block attributes
 * (`"id":12`, `"mediaId":12`, a reusable block's `"ref":512`) and the classes and data attributes their saved HTML repeats
 * (`wp-image-12`, `data-id="12"`), so WordPress's content filters find the attachments (srcset).
 */
export function mapBlockIds(markup: string, ids: ReadonlyMap<number, number>): string {
  const map = (id: string) => String(ids.get(Number(id)) ?? id);
  return markup
    .replace(/"(id|mediaId|ref)":(\d+)/g, (_m, key: string, id: string) => `"${key}":${map(id)}`)
    .replace(/\bwp-image-(\d+)\b/g, (_m, id: string) => `wp-image-${map(id)}`)
    .replace(/\bdata-id="(\d+)"/g, (_m, id: string) => `data-id="${map(id)}"`);
}

/** The REST body that creates one seed item: what an editor typed, with ids and URLs mapped. */
function postBody(post: StoredPost, ids: ReadonlyMap<number, number>, urls: ReadonlyMap<string, string>): Json {
  const acf: Json = { ...post.acf };
  if (Array.isArray(acf.frames)) acf.frames = acf.frames.map((id) => ids.get(Number(id)) ?? id);
  const excerpt = post.excerpt.rendered;
  const body: Json = {
    slug: post.slug,
    status: post.status,
    date: post.date,
    title: post.title.raw ?? post.title.rendered,
    // Block posts (the block corpus) as the block editor saved them, for WordPress to render;
    // the others as rendered HTML (a classic post).
    content: post.blockMarkup !== undefined ? mapBlockIds(post.blockMarkup, ids) : post.content.rendered,
    // Only a manual excerpt is stored; WordPress makes the automatic one itself.
    ...(post.blockMarkup === undefined && excerpt && excerpt !== autoExcerpt(post.content.rendered) ? { excerpt: excerpt.replace(/^<p>|<\/p>\n?$/g, '') } : {}),
    ...(post.featured_media ? { featured_media: ids.get(post.featured_media) ?? 0 } : {}),
    ...(typeof post.sticky === 'boolean' ? { sticky: post.sticky } : {}),
    ...(Object.keys(acf).length ? { acf } : {}),
    ...(post.fields_mapping !== undefined ? { fields_mapping: post.fields_mapping } : {}),
  };
  return rewrite(body, urls);
}

/** Frame types first, then frames (pages list their ids), then everything else. */
const ORDER = ['frame_type', 'frame'];
function importOrder(posts: SeedPost[]): SeedPost[][] {
  const rank = (p: SeedPost) => (ORDER.includes(p.restBase) ? ORDER.indexOf(p.restBase) : ORDER.length);
  const groups: SeedPost[][] = [[], [], []];
  for (const p of posts) groups[rank(p)].push(p);
  return groups;
}

/** The block corpus's reusable blocks (`wp_block` posts), before the posts that reference them. */
async function importReusableBlocks(client: RestClient, ids: Map<number, number>, urls: ReadonlyMap<string, string>): Promise<void> {
  for (const block of REUSABLE_BLOCKS) {
    const created = await client.request<{ id: number }>('POST', '/wp/v2/blocks', {
      title: block.title,
      status: 'publish',
      content: rewrite(mapBlockIds(block.markup, ids), urls),
    });
    ids.set(block.id, created.id);
  }
}

async function importPosts(client: RestClient, posts: SeedPost[], ids: Map<number, number>, urls: ReadonlyMap<string, string>): Promise<void> {
  for (const group of importOrder(posts)) {
    await eachLimited(group, 4, async ({ restBase, post }) => {
      const created = await client.request<{ id: number }>('POST', `/wp/v2/${restBase}`, postBody(post, ids, urls));
      ids.set(post.id, created.id);
    });
  }
}

/** Classic menus: the seed's menu `{id}` becomes a menu whose term id the plugin maps `navigation/{id}` to. */
async function importMenus(
  client: RestClient,
  menus: Record<number, StoredMenuItem[]>,
  ids: ReadonlyMap<number, number>,
  urls: ReadonlyMap<string, string>,
  types: ReadonlyMap<string, string>,
): Promise<Record<string, number>> {
  const navigation: Record<string, number> = {};
  for (const [navId, items] of Object.entries(menus)) {
    const menu = await client.request<{ id: number }>('POST', '/wp/v2/menus', { name: `Main menu (navigation ${navId})` });
    navigation[navId] = menu.id;
    const itemIds = new Map<number, number>();
    // Parents before children: WordPress needs the parent's id. The seed lists them depth first.
    for (const item of [...items].sort((a, b) => a.menu_order - b.menu_order)) {
      const parent = Number(item.menu_item_parent);
      const fakeType = item.type === ('post_type' as string) ? postTypeByType(item.object) : undefined;
      const linked = fakeType ? { type: 'post_type', object: types.get(fakeType.restBase), object_id: ids.get(Number(item.object_id)) } : { type: 'custom', url: rewrite(item.url, urls) };
      const created = await client.request<{ id: number }>('POST', '/wp/v2/menu-items', {
        title: item.title,
        menus: menu.id,
        parent: parent ? itemIds.get(parent) ?? 0 : 0,
        menu_order: item.menu_order,
        status: 'publish',
        ...linked,
      });
      itemIds.set(item.ID, created.id);
    }
  }
  return navigation;
}

export async function seedWordPress(target: SeedTarget): Promise<{ ids: Map<number, number>; navigation: Record<string, number> }> {
  const client = new RestClient(target.url, target.user, target.appPassword);
  const seed = seedContent();
  const ids = new Map<number, number>();
  const urls = new Map<string, string>();
  const started = Date.now();
  await importMedia(client, seed.media, ids, urls, target.url);
  target.log(`seeding: ${seed.media.length} media files uploaded`);
  urls.set(ORIGIN, target.url);
  await importReusableBlocks(client, ids, urls);
  await importPosts(client, seed.posts, ids, urls);
  target.log(`seeding: ${seed.posts.length} items created`);
  const types = await typesByRestBase(client);
  const navigation = await importMenus(client, seed.menus, ids, urls, types);
  await client.request('POST', '/wp/v2/settings', { payments_headless_navigation_menus: navigation });
  target.log(`seeding: menus ${JSON.stringify(navigation)} imported in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { ids, navigation };
}
