/**
 * WordPress's sizes for frame images that are stored as a bare URL (the hero's `acf.image`, the
 * image-and-text picture, logos, the testimonial photo: ACF image fields set to return a URL).
 *
 * With the companion plugin (issue 17), WordPress resolves them itself: a frame carries
 * `image_attachments`, `{ "<url as stored>": {id, width, height, sizes} }`, found with
 * `attachment_url_to_postid` (or the field's stored id), whatever the attachment's title. Its keys
 * are rewritten like the props' URLs, and each image of the props found there gets the
 * attachment's size and srcset candidates; nothing is read from WordPress. When the frame has
 * the field, it is the whole answer: an image missing from it is not an attachment.
 *
 * Without the field (a WordPress without the plugin), the fallback below guesses by slug.
 * A URL names no attachment, and WordPress's REST API has no lookup by URL. But WordPress names an
 * upload's attachment after its file (`sanitize_title` of the file name without extension), and
 * names its copies `{name}-{w}x{h}.{ext}` (and a large original `{name}-scaled.{ext}`). So:
 *
 * 1. every string in a frame's props that is an http(s) URL of an image under `/wp-content/uploads/`
 *    gives a candidate slug (`farmers-market-1024x538.jpg` → `farmers-market`);
 * 2. `GET /wp/v2/media?slug={slug}` reads the attachments with that slug;
 * 3. an attachment is the URL's only when the URL is its `source_url` or one of its sizes'
 *    `source_url` (both with media URLs rewritten): a slug shared by chance never lends its sizes.
 *    Then the image gets the attachment's width, height and srcset candidates (`imageSources`);
 * 4. anything else (no match, a failed read, an external URL) keeps its URL and gets no srcset: the
 *    image still shows, only at its one size.
 *
 * Answers are cached per slug for 5 minutes per process (like frame types), so a build asks once per
 * image, however many pages show it. A failed read is tried once (no retries: the page does not wait
 * 6 s for an optional improvement), logged and not cached.
 */
import type { KnownImage } from '../shared/types';
import { fetchJson, WP_PREFIX, wpUrl } from '../shared/wordpress/http';
import { imageSources } from './imageSources';
import { processShared } from '../server/processShared';
import { serverContext } from './serverContext';
import { createTtlCache } from './ttlCache';
import { isRecord } from '../shared/isRecord';
import { registerProcessCache } from '../cache/processCaches';

export const FRAME_IMAGE_CACHE_MS = 300_000;

const IMAGE_URL = /^https?:\/\/[^\s"'<>]+\/wp-content\/uploads\/[^\s"'<>?#]+\.(?:jpe?g|png|gif|webp|avif)$/i;

/** The image URLs among the strings of some props, at any depth, each once. */
export function uploadImageUrls(props: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (IMAGE_URL.test(value.trim())) found.add(value.trim());
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (isRecord(value)) Object.values(value).forEach(walk);
  };
  walk(props);
  return [...found];
}

/**
 * The slug WordPress gives the attachment of an uploaded file's URL: the file name without its
 * extension, its size suffix (`-1024x538`) and `-scaled`/`-rotated`, made a slug as `sanitize_title`
 * does (lower case; dots, spaces and other characters → `-`). Null when nothing is left.
 */
export function attachmentSlug(url: string): string | null {
  let name: string;
  try {
    name = decodeURIComponent(new URL(url).pathname.replace(/^.*\//, ''));
  } catch {
    return null;
  }
  const stem = name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/-\d+x\d+$/, '')
    .replace(/-(?:scaled|rotated)$/, '');
  const slug = stem
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || null;
}

interface Attachment {
  /** Every URL of the attachment (original and sizes), rewritten. */
  urls: Set<string>;
  image: KnownImage | null;
}

function toAttachment(raw: unknown): Attachment | null {
  if (!isRecord(raw) || typeof raw.source_url !== 'string') return null;
  const { rewriteMedia } = serverContext();
  const details = isRecord(raw.media_details) ? raw.media_details : {};
  const urls = new Set([rewriteMedia(raw.source_url)]);
  if (isRecord(details.sizes)) {
    for (const size of Object.values(details.sizes)) {
      if (isRecord(size) && typeof size.source_url === 'string') urls.add(rewriteMedia(size.source_url));
    }
  }
  const { width, height } = details;
  const sources = imageSources(details, raw.source_url, rewriteMedia);
  const sized = typeof width === 'number' && typeof height === 'number' && width > 0 && height > 0;
  return { urls, image: sized ? { width, height, sources } : null };
}

/**
 * Media slugs whose attachments are kept at most (issue 35, docs/reliability.md §6): the frames'
 * distinct upload images, looked up only without the plugin's `image_attachments`. A 2,000-page
 * site reuses its frames; its pages' images fit, at about 1–2 kB an entry (≤ 4 MB).
 */
export const FRAME_IMAGE_CACHE_LIMIT = 2000;

const bySlug = processShared('frame-image-cache', () =>
  createTtlCache<string, Attachment[]>(FRAME_IMAGE_CACHE_MS, { name: 'frame-images', maxEntries: FRAME_IMAGE_CACHE_LIMIT }),
);

function attachmentsBySlug(slug: string): Promise<Attachment[]> {
  return bySlug.get(slug, async () => {
    const { data } = await fetchJson<unknown>(wpUrl(serverContext().base, WP_PREFIX, 'media', { slug }), { attempts: 1 });
    if (!Array.isArray(data)) throw new Error(`media?slug=${slug} did not answer a list`);
    return data.map(toAttachment).filter((a): a is Attachment => a !== null);
  });
}

/** The strings of some props, at any depth, trimmed, each once. */
function propStrings(props: unknown): Set<string> {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') found.add(value.trim());
    else if (Array.isArray(value)) value.forEach(walk);
    else if (isRecord(value)) Object.values(value).forEach(walk);
  };
  walk(props);
  return found;
}

/** One `image_attachments` entry as a known image (null when malformed). */
function fromPluginEntry(entry: unknown, storedUrl: string): KnownImage | null {
  if (!isRecord(entry)) return null;
  const { width, height, sizes } = entry;
  if (typeof width !== 'number' || typeof height !== 'number' || !(width > 0) || !(height > 0)) return null;
  const full = isRecord(sizes) && isRecord(sizes.full) && typeof sizes.full.source_url === 'string' ? sizes.full.source_url : storedUrl;
  return { width, height, sources: imageSources({ width, height, sizes }, full, serverContext().rewriteMedia) };
}

/**
 * The known images among a frame's props from the plugin's `image_attachments` (its keys are the
 * URLs as stored; the props' URLs are rewritten, so the keys are rewritten the same way).
 */
export function frameImagesFromAttachments(props: unknown, attachments: Record<string, unknown>): Record<string, KnownImage> {
  const { rewriteMedia } = serverContext();
  const byUrl = new Map<string, KnownImage>();
  for (const [stored, entry] of Object.entries(attachments)) {
    const image = fromPluginEntry(entry, stored);
    if (image) byUrl.set(rewriteMedia(stored.trim()), image);
  }
  const found: Record<string, KnownImage> = {};
  for (const value of propStrings(props)) {
    const image = byUrl.get(value);
    if (image) found[value] = image;
  }
  return found;
}

/**
 * The known images among a frame's props: URL → width, height and srcset candidates. URLs WordPress
 * has no matching attachment for are left out. `attachments` is the frame's `image_attachments`
 * (the plugin's): when it is an object, it alone answers; otherwise (absent) the slug lookup does.
 * Never throws.
 */
export async function findFrameImages(props: unknown, frameId: number, attachments?: unknown): Promise<Record<string, KnownImage>> {
  if (isRecord(attachments)) return frameImagesFromAttachments(props, attachments);
  const found: Record<string, KnownImage> = {};
  await Promise.all(
    uploadImageUrls(props).map(async (url) => {
      const slug = attachmentSlug(url);
      if (!slug) return;
      try {
        const match = (await attachmentsBySlug(slug)).find((attachment) => attachment.urls.has(url));
        if (match?.image) found[url] = match.image;
      } catch (error) {
        console.warn(`[frames] frame ${frameId}: the sizes of ${url} could not be read (${(error as Error)?.message}); it is shown at its one size`);
      }
    }),
  );
  return found;
}

/** Forgets the cached attachments (the revalidation webhook, tests). */
export function clearFrameImageCache(): void {
  bySlug.clear();
}

// Content changed (invalidation scope `content`): an attachment may have. Issue 36: registered, so the invalidation clears it (src/lib/cache/processCaches.ts).
registerProcessCache({ name: 'frame-image-cache', scopes: ['content'], clear: clearFrameImageCache });
