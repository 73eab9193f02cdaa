import { postTypeByRestBase, type PostRestBase } from '../postTypes';
import { emptyImageMeta, intermediateSizes } from '../imageSizes';
import type { StoredMedia, StoredMenuItem, StoredPost } from '../store';
import { uploadBytes } from '../uploads';
import { ORIGIN, uploadUrl } from '../urls';

/**
 * Builders for seed content: they produce items the way WordPress stores and renders them
 * (wptexturize'd titles and text, block markup, automatic excerpts, guid and permalink).
 */

/** A seed item with the REST base of its collection. */
export interface SeedPost {
  restBase: PostRestBase;
  post: StoredPost;
}

// ---------------------------------------------------------------------------------------------
// Text, as WordPress renders it

const ENTITY = /^&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]{1,31});/i;

const NEEDS_TEXTURIZE = /[&'"]|--|\.\.\.| - /;

function texturizeText(text: string): string {
  if (!NEEDS_TEXTURIZE.test(text)) return text;
  return text
    .replace(/&/g, (amp, offset: number, all: string) => (ENTITY.test(all.slice(offset)) ? amp : '&#038;'))
    .replace(/---/g, '&#8212;')
    .replace(/ -- /g, ' &#8212; ')
    .replace(/--/g, '&#8211;')
    .replace(/ - /g, ' &#8211; ')
    .replace(/\.\.\./g, '&#8230;')
    .replace(/(\w)'(\w)/g, '$1&#8217;$2')
    .replace(/(^|[\s(\[])'/g, '$1&#8216;')
    .replace(/'/g, '&#8217;')
    .replace(/(^|[\s(\[])"/g, '$1&#8220;')
    .replace(/"/g, '&#8221;');
}

/** A small wptexturize: curly quotes and apostrophes, dashes, ellipses and `&#038;`, outside tags only. */
export function texturize(html: string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : texturizeText(part)))
    .join('');
}

export const p = (text: string): string => `<p>${texturize(text)}</p>`;
export const h2 = (text: string): string => `<h2 class="wp-block-heading">${texturize(text)}</h2>`;
export const h3 = (text: string): string => `<h3 class="wp-block-heading">${texturize(text)}</h3>`;
export const ul = (items: readonly string[]): string =>
  `<ul class="wp-block-list">\n${items.map((i) => `<li>${texturize(i)}</li>`).join('\n\n\n\n')}\n</ul>`;
export const quote = (text: string, cite: string): string =>
  `<blockquote class="wp-block-quote">\n<p>${texturize(text)}</p>\n<cite>${texturize(cite)}</cite></blockquote>`;
/**
 * An image block as `the_content` renders it. With `attachmentId`, WordPress's content filter
 * (`wp_filter_content_tags`, 6.1) has added the `srcset` of the attachment's same-ratio sizes (up to
 * 2048 px, the original included) and `sizes="(max-width: {w}px) 100vw, {w}px"`.
 */
export function image(src: string, alt: string, width: number, height: number, attachmentId?: number): string {
  if (!attachmentId) {
    return `<figure class="wp-block-image size-large"><img decoding="async" width="${width}" height="${height}" src="${src}" alt="${alt}"/></figure>`;
  }
  const stem = src.replace(/\.[a-z0-9]+$/i, '');
  const ext = src.slice(stem.length);
  const candidates = intermediateSizes(width, height)
    .filter(([, w, h]) => Math.abs(Math.round((height * w) / width) - h) <= 1 && w <= 2048)
    .map(([, w, h]) => `${stem}-${w}x${h}${ext} ${w}w`);
  if (width <= 2048) candidates.push(`${src} ${width}w`);
  return `<figure class="wp-block-image size-large"><img decoding="async" width="${width}" height="${height}" src="${src}" alt="${alt}" class="wp-image-${attachmentId}" srcset="${candidates.join(', ')}" sizes="(max-width: ${width}px) 100vw, ${width}px" /></figure>`;
}

/** Block output as `the_content` renders it: blocks separated by blank lines. */
export function blocks(...parts: readonly string[]): string {
  return `${parts.join('\n\n\n\n')}\n`;
}

/** WordPress's automatic excerpt: tags stripped, the first 55 words, `&hellip;` when cut (this site's `excerpt_more`). */
export function autoExcerpt(contentHtml: string, words = 55): string {
  const all = contentHtml.replace(/<[^>]*>/g, '').split(/[\n\r\t ]+/).filter(Boolean);
  if (all.length === 0) return '';
  const text = all.length > words ? `${all.slice(0, words).join(' ')}&hellip;` : all.join(' ');
  return `<p>${text}</p>\n`;
}

// ---------------------------------------------------------------------------------------------
// Posts

export interface PostInput {
  id: number;
  slug: string;
  /** The title as an editor typed it (stored raw); rendered through texturize. */
  title: string;
  /** `YYYY-MM-DDTHH:MM:SS`, site time (UTC). */
  date: string;
  modified?: string;
  content: string;
  /** A manual excerpt (plain text, texturized); by default the excerpt is generated from the content. */
  excerpt?: string;
  /** A manual excerpt's rendered HTML, used verbatim (for text texturize would change). */
  excerptHtml?: string;
  featuredMedia?: number;
  acf?: Record<string, unknown>;
  sticky?: boolean;
  status?: StoredPost['status'];
}

function guid(type: string, id: number): string {
  return type === 'post' ? `${ORIGIN}/?p=${id}` : `${ORIGIN}/?post_type=${type}&#038;p=${id}`;
}

function permalink(type: string, slug: string): string {
  return type === 'post' ? `${ORIGIN}/${slug}/` : `${ORIGIN}/${type}/${slug}/`;
}

export function makePost(restBase: PostRestBase, input: PostInput): SeedPost {
  const postType = postTypeByRestBase(restBase);
  if (!postType) throw new Error(`Unknown REST base ${restBase}`);
  const { type } = postType;
  const excerpt =
    input.excerptHtml ?? (input.excerpt !== undefined ? `<p>${texturize(input.excerpt)}</p>\n` : autoExcerpt(input.content));
  const modified = input.modified ?? input.date;
  const post: StoredPost = {
    id: input.id,
    date: input.date,
    date_gmt: input.date,
    guid: { rendered: guid(type, input.id) },
    modified,
    modified_gmt: modified,
    slug: input.slug,
    status: input.status ?? 'publish',
    type,
    link: permalink(type, input.slug),
    title: { raw: input.title, rendered: texturize(input.title) },
    content: { rendered: input.content, protected: false },
    excerpt: { rendered: excerpt, protected: false },
    featured_media: input.featuredMedia ?? 0,
    template: '',
    meta: {},
    acf: input.acf ?? {},
  };
  if (postType.sticky) {
    post.sticky = input.sticky ?? false;
    post.format = 'standard';
  }
  return { restBase, post };
}

// ---------------------------------------------------------------------------------------------
// Media

export interface MediaInput {
  id: number;
  /** Path under the uploads folder, e.g. `2025/03/secure-switching-hero.png`. */
  file: string;
  title: string;
  alt: string;
  date: string;
  width?: number;
  height?: number;
  mimeType?: 'image/png' | 'image/jpeg' | 'application/pdf' | 'video/webm' | 'audio/wav';
  caption?: string;
  parent?: number;
}

/**
 * `media_details.sizes` as WordPress makes them (`./imageSizes`): each intermediate size is a real
 * file (`{name}-{w}x{h}.png`, or `.webp` for a JPEG upload, whose copies the companion plugin has
 * WordPress write as WebP: `WebpCopies`; served by the fake), and `full` is the original (without
 * `filesize`).
 */
function imageSizes(file: string, mime: string, width: number, height: number, title: string): StoredMedia['media_details']['sizes'] {
  const dir = file.replace(/[^/]*$/, '');
  const basename = file.slice(dir.length);
  const stem = basename.replace(/\.[a-z0-9]+$/i, '');
  const copyMime = mime === 'image/jpeg' ? 'image/webp' : mime;
  const ext = copyMime === 'image/webp' ? '.webp' : basename.slice(stem.length);
  const sizes: StoredMedia['media_details']['sizes'] = {};
  for (const [name, w, h] of intermediateSizes(width, height)) {
    const sizeFile = `${stem}-${w}x${h}${ext}`;
    const filesize = uploadBytes({ file: `${dir}${sizeFile}`, mime_type: copyMime, width: w, height: h, title, originalWidth: width }).length;
    sizes[name] = { file: sizeFile, width: w, height: h, filesize, mime_type: copyMime, source_url: uploadUrl(`${dir}${sizeFile}`) };
  }
  sizes.full = { file: basename, width, height, mime_type: mime, source_url: uploadUrl(file) };
  return sizes;
}

export function makeMedia(input: MediaInput): StoredMedia {
  const mime = input.mimeType ?? 'image/png';
  const isImage = mime.startsWith('image/');
  const slug = input.file.replace(/^.*\//, '').replace(/\.[a-z0-9]+$/i, '');
  const url = uploadUrl(input.file);
  const spec = { file: input.file, mime_type: mime, width: input.width, height: input.height, title: input.title };
  const filesize = uploadBytes(spec).length;
  const basename = input.file.replace(/^.*\//, '');
  const caption = input.caption ? `<p>${texturize(input.caption)}</p>\n` : '';
  return {
    id: input.id,
    date: input.date,
    date_gmt: input.date,
    guid: { rendered: url },
    modified: input.date,
    modified_gmt: input.date,
    slug,
    status: 'inherit',
    type: 'attachment',
    link: url,
    title: { rendered: texturize(input.title) },
    template: '',
    meta: {},
    description: { rendered: isImage ? `<p class="attachment"><a href="${url}"><img decoding="async" width="${input.width}" height="${input.height}" src="${url}" alt="${input.alt}" /></a></p>\n` : `<p class="attachment"><a href="${url}">${basename}</a></p>\n` },
    caption: { rendered: caption },
    alt_text: input.alt,
    media_type: isImage ? 'image' : 'file',
    mime_type: mime,
      media_details: isImage
      ? {
          width: input.width,
          height: input.height,
          file: input.file,
          filesize,
          sizes: imageSizes(input.file, mime, input.width ?? 0, input.height ?? 0, input.title),
          image_meta: emptyImageMeta(),
        }
      : // WordPress 6.1 stores only the size of a document (no `file`, no `sizes` beyond `{}`).
        { filesize, sizes: {} },
    uploadFile: input.file,
    post: input.parent ?? null,
    source_url: url,
  };
}

// ---------------------------------------------------------------------------------------------
// Menus

export interface MenuNode {
  title: string;
  /** A custom link's URL; ignored for a link to a post (`post`), whose URL is the post's permalink. */
  url: string;
  /** A link to a post (menu item type `post_type`), found among the seed posts by REST base and slug. */
  post?: { restBase: PostRestBase; slug: string };
  children?: readonly MenuNode[];
}

/** The singular label WordPress shows as a post-type menu item's `type_label`. */
const TYPE_LABELS: Partial<Record<PostRestBase, string>> = { posts: 'Post', news: 'News', fp_page: 'Page' };

/**
 * Flattens a menu tree into WordPress's flat list (`menu_item_parent` is the parent's ID as a
 * string, '0' at the top). Custom links are `type: custom`; links to posts are `type: post_type`
 * with the post type in `object`, the post's id in `object_id` and its absolute permalink in `url`,
 * as `wp_setup_nav_menu_item` prepares them.
 */
export function flattenMenu(nodes: readonly MenuNode[], firstId: number, posts: readonly SeedPost[] = []): StoredMenuItem[] {
  const items: StoredMenuItem[] = [];
  const target = (node: MenuNode): Pick<StoredMenuItem, 'object' | 'object_id' | 'type' | 'type_label' | 'url'> | null => {
    if (!node.post) return null;
    const { restBase, slug } = node.post;
    const found = posts.find((p) => p.restBase === restBase && p.post.slug === slug);
    if (!found) throw new Error(`The menu links to ${restBase} ${slug}, which the seed does not have`);
    const label = TYPE_LABELS[restBase] ?? postTypeByRestBase(restBase)?.label ?? restBase;
    return { object: found.post.type, object_id: String(found.post.id), type: 'post_type', type_label: label, url: found.post.link };
  };
  const walk = (list: readonly MenuNode[], parent: number): void => {
    for (const node of list) {
      const id = firstId + items.length;
      items.push({
        ID: id,
        db_id: id,
        menu_item_parent: String(parent),
        menu_order: items.length + 1,
        object: 'custom',
        object_id: String(id),
        type: 'custom',
        type_label: 'Custom Link',
        ui_type: 'link',
        title: node.title,
        url: node.url,
        ...target(node),
        target: '',
        attr_title: '',
        description: '',
        classes: [''],
        xfn: '',
      });
      walk(node.children ?? [], id);
    }
  };
  walk(nodes, 0);
  return items;
}
