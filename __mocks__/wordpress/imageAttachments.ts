import type { WpImageAttachment } from '../../src/lib/wordpress/raw';
import type { PostTypeDef } from './postTypes';
import type { Context, JsonObject } from './prepare';
import type { StoredMedia, StoredPost, WordPressStore } from './store';
import { ORIGIN, UPLOADS_PATH } from './urls';

/**
 * The companion plugin's `image_attachments` on frames (issue 17, docs/blocks.md "The REST
 * contract" 3; `wordpress-plugin/includes/Media/ImageAttachments.php`), computed from the fake's own
 * media store the way the plugin computes it from WordPress's:
 *
 * - every field of the frame but `frame_type` (the plugin reads the frame's post meta: its `acf`
 *   keys), at any depth up to `Fields::MAX_DEPTH`: a string that is an image URL
 *   (`http(s)…\.(jpe?g|png|gif|webp|avif)`, trimmed) is looked up; a string of digits or a positive
 *   integer is a candidate attachment id. A top-level value is what post meta stores: a number or
 *   `true` is its string (`"12"`, `"1"`), as `update_post_meta` saves it;
 * - a URL counts only on this WordPress's host (the fake's `ORIGIN` stand-in, the serving origin
 *   in answers) and under its uploads folder (`attachment_url_to_postid`). It is looked up as
 *   itself, by the name a size was derived from (`-1024x538` dropped; a WebP size of a JPEG upload
 *   with the upload's extension) and by the `-scaled` name of a large upload; an attachment found
 *   so matches only when the URL's file is its file, one of its sizes or its `original_image` (a
 *   name that merely looks like a size lends nothing);
 * - an id of an image attachment gives the entry of its URL (`wp_get_attachment_url`), unless a
 *   URL already gave it;
 * - at most 50 URLs and 50 ids per frame (`ImageAttachments::MAX_LOOKUPS`);
 * - an entry is `{id, width, height, sizes}`, `sizes` as `/wp/v2/media` lists them in
 *   `media_details` (`full` last); attachments without dimensions (documents) give none.
 *
 * Only frames have the field, in the `view` context (not `embed`), on every read the plugin
 * covers: list, slug, id and preview. An empty result is `{}`, never `[]`.
 *
 * A store can stand for a WordPress without the plugin's field (`withoutImageAttachments`), so the
 * site's slug-lookup fallback can be tested against the fake.
 */

/** `ImageAttachments::MAX_LOOKUPS`. */
export const MAX_LOOKUPS = 50;
/** `Fields::MAX_DEPTH`. */
const MAX_DEPTH = 6;
/** `WebpCopies::FROM_EXTENSIONS`: uploads whose copies WordPress writes as WebP. */
const WEBP_FROM_EXTENSIONS = ['jpg', 'jpeg', 'jpe'];
const IMAGE_URL = /^https?:\/\/[^\s"'<>]+\.(?:jpe?g|png|gif|webp|avif)$/i;
const ID = /^[1-9]\d{0,9}$/;

const withoutField = new WeakSet<WordPressStore>();

/** Makes the store a WordPress without the plugin's `image_attachments` (the site then guesses by slug). */
export function withoutImageAttachments(store: WordPressStore): WordPressStore {
  withoutField.add(store);
  return store;
}

/** What `update_post_meta` stores for a top-level value: scalars become strings. */
function asMetaValue(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '';
  return value;
}

function gather(value: unknown, urls: Set<string>, ids: Set<number>, depth: number): void {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (IMAGE_URL.test(trimmed)) urls.add(trimmed);
    else if (ID.test(trimmed)) ids.add(Number(trimmed));
  } else if (typeof value === 'number') {
    if (Number.isInteger(value) && value > 0) ids.add(value);
  } else if (value !== null && typeof value === 'object' && depth < MAX_DEPTH) {
    for (const child of Object.values(value)) gather(child, urls, ids, depth + 1);
  }
}

function basename(path: string): string {
  return path.replace(/^.*\//, '');
}

/** `ImageAttachments::hasFile`: the file is the attachment's file, one of its sizes or its original. */
function hasFile(media: StoredMedia, file: string): boolean {
  if (basename(media.uploadFile) === file) return true;
  const details = media.media_details as StoredMedia['media_details'] & { original_image?: string };
  if (details.original_image === file) return true;
  return Object.entries(details.sizes).some(([name, size]) => name !== 'full' && size.file === file);
}

/** `attachment_url_to_postid`: the attachment whose attached file the URL names, on this WordPress's uploads. */
function attachmentByUrl(store: WordPressStore, url: string): StoredMedia | undefined {
  const base = `${ORIGIN}${UPLOADS_PATH}`;
  if (!url.startsWith(base)) return undefined;
  const path = url.slice(base.length);
  return store.media.find((media) => media.uploadFile === path);
}

/** `ImageAttachments::attachmentOf`: the attachment an image URL (its file, a size, the original of a scaled upload) belongs to. */
export function attachmentOf(store: WordPressStore, url: string): StoredMedia | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.host.toLowerCase() !== new URL(ORIGIN).host) return undefined;
  const local = url.replace(/[?#].*$/, '');
  const file = basename(new URL(local).pathname);
  const stems = [local.replace(/-\d+x\d+(\.[a-z0-9]+)$/i, '$1')];
  // A WebP size of a JPEG upload (the plugin's `WebpCopies`): the upload keeps its own extension.
  if (stems[0] !== local && /\.webp$/i.test(local)) stems.push(...WEBP_FROM_EXTENSIONS.map((ext) => stems[0].replace(/\.webp$/i, `.${ext}`)));
  const candidates = new Set([local, ...stems.flatMap((stem) => [stem, stem.replace(/(\.[a-z0-9]+)$/i, '-scaled$1')])]);
  for (const candidate of candidates) {
    const media = attachmentByUrl(store, candidate);
    if (media && hasFile(media, file)) return media;
  }
  return undefined;
}

/** `ImageAttachments::entry`: `{id, width, height, sizes}` as `/wp/v2/media` gives them, or null without dimensions. */
export function attachmentEntry(media: StoredMedia): WpImageAttachment | null {
  const { width, height } = media.media_details;
  if (media.type !== 'attachment' || !width || !height) return null;
  const sizes: WpImageAttachment['sizes'] = {};
  for (const [name, size] of Object.entries(media.media_details.sizes)) {
    if (name !== 'full') sizes[name] = { source_url: size.source_url, width: size.width, height: size.height };
  }
  sizes.full = { source_url: media.source_url, width, height };
  return { id: media.id, width, height, sizes };
}

/** The frame's `image_attachments`: its fields' image URLs (and attachment ids) resolved, by URL as stored. */
export function imageAttachmentsOf(store: WordPressStore, post: StoredPost): Record<string, WpImageAttachment> {
  const urls = new Set<string>();
  const ids = new Set<number>();
  for (const [key, value] of Object.entries(post.acf)) {
    if (key === '' || key.startsWith('_') || key === 'frame_type' || value === null || value === undefined) continue;
    gather(asMetaValue(value), urls, ids, 0);
  }
  const found: Record<string, WpImageAttachment> = {};
  for (const url of [...urls].slice(0, MAX_LOOKUPS)) {
    const media = attachmentOf(store, url);
    const entry = media ? attachmentEntry(media) : null;
    if (entry) found[url] = entry;
  }
  for (const id of [...ids].slice(0, MAX_LOOKUPS)) {
    const media = store.media.find((m) => m.id === id);
    if (!media || media.media_type !== 'image' || found[media.source_url]) continue;
    const entry = attachmentEntry(media);
    if (entry) found[media.source_url] = entry;
  }
  return found;
}

/**
 * A prepared item with the plugin's `image_attachments` when it is a frame (in the `view`
 * context, before `_links` as `register_rest_field` adds it): the one call where the fake
 * prepares items of a post type.
 */
export function withImageAttachments(store: WordPressStore, def: PostTypeDef, post: StoredPost, data: JsonObject, context: Context): JsonObject {
  if (def.restBase !== 'frame' || context === 'embed' || withoutField.has(store)) return data;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === '_links' || key === '_embedded') break;
    out[key] = value;
  }
  // `(object)` in the plugin: an empty result is `{}` in JSON.
  out.image_attachments = imageAttachmentsOf(store, post) as unknown as JsonObject;
  return { ...out, ...data };
}
