/**
 * Captures what a real WordPress renders for the block corpus (`__mocks__/wordpress/seed/blocks.ts`)
 * into `__mocks__/wordpress/fixtures/block-posts.json`, which the local content server serves
 * (it cannot render blocks itself): each post's `content.rendered`, `excerpt.rendered` and the
 * plugin's `block_styles` (docs/blocks.md, REST contract item 1; `{blocks: [], css: ''}` from a
 * plugin without it).
 *
 * WordPress's own ids and upload paths are mapped back to the seed's, so the fixture reads like
 * the rest of the seed: upload URLs on the `ORIGIN` stand-in with the seed's folders, attachment
 * ids (`wp-image-N`, `data-id`) and the post's own id (`more-N`, `wp-container-{id}-N`,
 * `wp-block-gallery-{id}-N`) the seed's.
 *
 *   REAL_WORDPRESS_PORT=8883 npx tsx scripts/real-wordpress/capture-blocks.ts [--push]
 *
 * Run it after a change to the corpus (with `--push`, which first writes the corpus's current
 * markup into the instance's posts) or to the plugin's rendering, and commit the fixture.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { BLOCK_POSTS, type BlockFixture } from '../../__mocks__/wordpress/seed/blocks';
import { seedMedia } from '../../__mocks__/wordpress/seed/media';
import { ORIGIN, UPLOADS_PATH } from '../../__mocks__/wordpress/urls';
import { instance, ROOT, secrets } from './paths';
import { RestClient } from './rest';
import { mapBlockIds, rewrite } from './seed';

export const FIXTURE_FILE = path.join(ROOT, '__mocks__', 'wordpress', 'fixtures', 'block-posts.json');

interface WpMediaItem {
  id: number;
  source_url: string;
  media_details?: { sizes?: Record<string, { file: string; source_url: string }> };
}

interface WpPostItem {
  id: number;
  content: { rendered: string };
  excerpt: { rendered: string };
  block_styles?: { blocks?: string[]; css?: string };
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** How WordPress's ids and URLs map back to the seed's. */
export interface SeedMapping {
  /** WordPress attachment id → seed attachment id. */
  mediaIds: Map<number, number>;
  /** A file name stem on WordPress (`estate-dashboard`) → the seed's folder (`2025/02/`). */
  folders: Map<string, string>;
}

/** Matches WordPress's uploads to the seed's by file name (WordPress keeps the names the import sent). */
export function seedMapping(wordpressMedia: readonly WpMediaItem[]): SeedMapping {
  const seed = seedMedia();
  const byName = new Map(seed.map((m) => [m.uploadFile.replace(/^.*\//, ''), m]));
  const mediaIds = new Map<number, number>();
  const folders = new Map<string, string>();
  for (const item of wordpressMedia) {
    const name = item.source_url.replace(/^.*\//, '');
    const match = byName.get(name);
    if (!match) continue;
    mediaIds.set(item.id, match.id);
    folders.set(name.replace(/\.[a-z0-9]+$/i, ''), match.uploadFile.replace(/[^/]*$/, ''));
  }
  return { mediaIds, folders };
}

/** One rendered text from WordPress's terms to the seed's. */
export function toSeedTerms(text: string, origin: string, mapping: SeedMapping, postIds: { wordpress: number; seed: number }): string {
  const uploads = new RegExp(`${escapeRegExp(origin)}${escapeRegExp(UPLOADS_PATH)}\\d{4}/\\d{2}/([^"'\\s,)]+)`, 'g');
  return text
    .replace(uploads, (whole, name: string) => {
      const stem = name.replace(/\.[a-z0-9]+$/i, '').replace(/-\d+x\d+$/, '');
      const folder = mapping.folders.get(stem);
      return folder === undefined ? whole : `${ORIGIN}${UPLOADS_PATH}${folder}${name}`;
    })
    .split(origin)
    .join(ORIGIN)
    .replace(/\bwp-image-(\d+)\b/g, (whole, id: string) => (mapping.mediaIds.has(Number(id)) ? `wp-image-${mapping.mediaIds.get(Number(id))}` : whole))
    .replace(/\bdata-id="(\d+)"/g, (whole, id: string) => (mapping.mediaIds.has(Number(id)) ? `data-id="${mapping.mediaIds.get(Number(id))}"` : whole))
    .replace(new RegExp(`\\bmore-${postIds.wordpress}\\b`, 'g'), `more-${postIds.seed}`)
    .replace(new RegExp(`\\b(wp-container|wp-block-gallery|wp-duotone)-${postIds.wordpress}-`, 'g'), `$1-${postIds.seed}-`);
}

export async function captureBlockPosts(origin: string): Promise<Record<string, BlockFixture>> {
  const media = await getJson<WpMediaItem[]>(`${origin}/wp-json/wp/v2/media?per_page=100&_fields=id,source_url`);
  const mapping = seedMapping(media);
  const out: Record<string, BlockFixture> = {};
  for (const spec of BLOCK_POSTS) {
    const [post] = await getJson<WpPostItem[]>(`${origin}/wp-json/wp/v2/posts?slug=${spec.slug}&_fields=id,content,excerpt,block_styles`);
    if (!post) throw new Error(`${origin} has no post ${spec.slug}: seed it with the current corpus (npm run wordpress:real -- reset, then up)`);
    const ids = { wordpress: post.id, seed: spec.id };
    const styles = post.block_styles ?? {};
    out[spec.slug] = {
      rendered: toSeedTerms(post.content.rendered, origin, mapping, ids),
      excerpt: toSeedTerms(post.excerpt.rendered, origin, mapping, ids),
      block_styles: { blocks: styles.blocks ?? [], css: toSeedTerms(styles.css ?? '', origin, mapping, ids) },
    };
  }
  return out;
}

/**
 * `--push`: writes the corpus's current markup into the instance's corpus posts (found by slug),
 * with the seed's attachment ids and upload URLs mapped to WordPress's, as the import does, so a
 * change to the corpus needs no reset of the instance before the capture.
 */
async function pushCorpus(origin: string): Promise<void> {
  const inst = instance();
  const { adminUser, appPassword } = secrets(inst);
  if (!appPassword) throw new Error('the instance has no application password (npm run wordpress:real)');
  const client = new RestClient(origin, adminUser, appPassword, 60_000);
  const media = await getJson<WpMediaItem[]>(`${origin}/wp-json/wp/v2/media?per_page=100&_fields=id,source_url,media_details`);
  const mapping = seedMapping(media);
  const ids = new Map([...mapping.mediaIds].map(([wordpress, seed]) => [seed, wordpress]));
  const urls = new Map<string, string>();
  for (const item of media) {
    const name = item.source_url.replace(/^.*\//, '');
    const folder = mapping.folders.get(name.replace(/\.[a-z0-9]+$/i, ''));
    if (folder === undefined) continue;
    urls.set(`${ORIGIN}${UPLOADS_PATH}${folder}${name}`, item.source_url);
    for (const size of Object.values(item.media_details?.sizes ?? {})) urls.set(`${ORIGIN}${UPLOADS_PATH}${folder}${size.file}`, size.source_url);
  }
  urls.set(ORIGIN, origin);
  for (const spec of BLOCK_POSTS) {
    const [post] = await getJson<{ id: number }[]>(`${origin}/wp-json/wp/v2/posts?slug=${spec.slug}&_fields=id`);
    if (!post) throw new Error(`${origin} has no post ${spec.slug}`);
    await client.request('POST', `/wp/v2/posts/${post.id}`, { content: rewrite(mapBlockIds(spec.markup, ids), urls) });
  }
  console.log(`pushed ${BLOCK_POSTS.length} corpus posts to ${origin}`);
}

async function main(): Promise<void> {
  const inst = instance();
  if (process.argv.includes('--push')) await pushCorpus(inst.url);
  const fixtures = await captureBlockPosts(inst.url);
  writeFileSync(FIXTURE_FILE, `${JSON.stringify(fixtures, null, 2)}\n`);
  const withStyles = Object.values(fixtures).filter((f) => f.block_styles.blocks.length > 0).length;
  console.log(`captured ${Object.keys(fixtures).length} block posts from ${inst.url} into ${path.relative(ROOT, FIXTURE_FILE)} (${withStyles} with block_styles)`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
