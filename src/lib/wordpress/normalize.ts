import { excerpt, htmlToText } from '../excerpt';
import type { ContentItem, ContentTypeName, MediaImage } from '../types';
import { DEFAULT_PAGE_SECTION, sitePath } from './contentTypes';
import { imageSources } from './imageSources';
import type { WpEmbedded, WpMedia, WpPost } from './raw';
import { sanitizeCmsHtml } from './sanitize';
import { serverContext } from './serverContext';

/** WordPress's raw post → the domain's ContentItem. Raw shapes stop here. */

type Primitive = string | number | boolean | null;

function isMedia(value: unknown): value is WpMedia {
  return !!value && typeof value === 'object' && typeof (value as WpMedia).source_url === 'string';
}

/** An attachment (`post_type: attachment`, with `guid` and `source_url`) → MediaImage with its URLs rewritten and its srcset candidates. */
export function normalizeMedia(media: unknown): MediaImage | null {
  if (!isMedia(media)) return null;
  const { rewriteMedia } = serverContext();
  const width = media.media_details?.width;
  const height = media.media_details?.height;
  const original = media.source_url || media.guid?.rendered || '';
  return {
    url: rewriteMedia(original),
    alt: htmlToText(media.alt_text ?? ''),
    width: typeof width === 'number' ? width : null,
    height: typeof height === 'number' ? height : null,
    sources: imageSources(media.media_details, original, rewriteMedia),
  };
}

/** The featured image from `_embedded['wp:featuredmedia'][0]` (present when the read asked for `_embed`). */
export function featuredImage(embedded: WpEmbedded | undefined): MediaImage | null {
  return normalizeMedia(embedded?.['wp:featuredmedia']?.[0]);
}

/** CMS HTML made safe for a page: sanitized, media URLs rewritten, links to this site made site paths. */
export function cleanHtml(html: string): string {
  const { rewriteMedia, toSitePath } = serverContext();
  // Rewritten before sanitizing too: a scheme-relative dev-host URL (`//dev-cms…` in a srcset) is
  // one the sanitizer would drop, while its media-host form is kept.
  return rewriteMedia(sanitizeCmsHtml(rewriteMedia(html))).replace(/(<a\b[^>]*?\bhref=")([^"]*)"/gi, (_m, start: string, href: string) => {
    // The sanitizer writes attributes with double quotes and `&amp;`; decode that before reading the URL.
    const path = toSitePath(href.replace(/&amp;/g, '&'));
    return `${start}${path.replace(/&/g, '&amp;')}"`;
  });
}

/** Plain custom fields: strings decoded and media URLs rewritten; nested objects and lists are left to type-specific code. */
function plainFields(acf: Record<string, unknown> | undefined): Record<string, Primitive> {
  const { rewriteMedia } = serverContext();
  const fields: Record<string, Primitive> = {};
  for (const [key, value] of Object.entries(acf ?? {})) {
    if (typeof value === 'string') fields[key] = rewriteMedia(htmlToText(value));
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) fields[key] = value;
  }
  return fields;
}

export function normalizeItem(type: ContentTypeName, raw: WpPost): ContentItem {
  const section = typeof raw.acf?.section === 'string' && raw.acf.section ? raw.acf.section : DEFAULT_PAGE_SECTION;
  const body = raw.content?.rendered ?? '';
  const summary = raw.excerpt?.rendered || body;
  return {
    type,
    id: raw.id,
    slug: raw.slug,
    title: htmlToText(raw.title?.rendered ?? ''),
    path: sitePath(type, raw.slug, section),
    date: raw.date,
    modified: raw.modified ?? raw.date,
    excerpt: excerpt(summary),
    html: cleanHtml(body),
    featuredImage: featuredImage(raw._embedded),
    styles: { blocks: [], css: '', embeds: [] },
    fields: plainFields(raw.acf),
  };
}
