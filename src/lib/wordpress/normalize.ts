import { getConfig } from '../../config';
import { excerpt, htmlToText } from '../shared/excerpt';
import { isRecord } from '../shared/isRecord';
import type { BodyStyles, ContentItem, ContentTypeName, MediaImage } from '../shared/types';
import { DEFAULT_PAGE_SECTION, sitePath } from '../shared/wordpress/contentTypes';
import { imageSources } from './imageSources';
import type { WpEmbedded, WpMedia, WpPost } from './raw';
import { coreBlockName, sanitizeCmsHtml, type SanitizedHtml } from '../html';
import { normalizeSeo } from './seo';
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

/**
 * The origins a lifted `url()` may load from: where CMS media are (the media host, or WordPress
 * without one) and WordPress itself, as the CSP's `img-src` allows (src/lib/security/headers.ts).
 */
export function mediaOrigins(): string[] {
  const { mediaHost, wordpressUrl } = getConfig();
  return [...new Set([...(mediaHost ? [new URL(mediaHost).origin] : []), new URL(wordpressUrl).origin])];
}

/**
 * CMS HTML made safe for a page, in one walk (`sanitizeCmsHtml`): sanitized, style attributes
 * lifted into classes, embeds made placeholders, media URLs rewritten, links to this site made
 * site paths. `item` names the item in the sanitizer's log.
 */
export function cleanHtml(html: string, item?: string): SanitizedHtml {
  const { rewriteMedia, toSitePath } = serverContext();
  return sanitizeCmsHtml(html, { item, rewriteMedia, toSitePath, mediaOrigins: mediaOrigins() });
}

/**
 * WordPress's render CSS of an item (`block_styles.css`, untrusted: the plugin's answer) as it may
 * go into the page's <style>: a string without `<` (which could close the element) and without
 * `@import` (no request the page did not plan); anything else is dropped with a warning.
 */
function renderCss(value: unknown, item: string): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value !== 'string' || value.includes('<') || /@import/i.test(value)) {
    console.warn(`[block_styles] ${item}: css is not plain CSS; ignored`);
    return '';
  }
  return value;
}

/**
 * What the body needs besides its HTML (docs/blocks.md "The pipeline"): the plugin's
 * `block_styles` (untrusted: its shape is checked; `blocks` keeps only core blocks of 6.1, without
 * `core/`) joined with what the sanitizer found: the blocks named by classes, the lifted CSS, the
 * embeds.
 */
export function bodyStyles(blockStyles: unknown, sanitized: BodyStyles, item: string): BodyStyles {
  const plugin = isRecord(blockStyles) ? blockStyles : {};
  if (blockStyles !== undefined && !isRecord(blockStyles)) console.warn(`[block_styles] ${item}: not an object; ignored`);
  const listed = Array.isArray(plugin.blocks) ? plugin.blocks.map(coreBlockName).filter((name): name is string => name !== null) : [];
  return mergeStyles({ blocks: listed, css: renderCss(plugin.css, item), embeds: [] }, sanitized);
}

/** Several bodies' needs as one: blocks and embeds sorted and unique, CSS in order (each rule once). */
export function mergeStyles(...all: BodyStyles[]): BodyStyles {
  const css: string[] = [];
  for (const { css: text } of all) if (text && !css.includes(text)) css.push(text);
  return {
    blocks: [...new Set(all.flatMap((s) => s.blocks))].sort(),
    css: css.join(''),
    embeds: [...new Set(all.flatMap((s) => s.embeds))].sort(),
  };
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
  const path = sitePath(type, raw.slug, section);
  const name = `${type}/${raw.slug}`;
  const { html, ...sanitized } = cleanHtml(body, name);
  return {
    type,
    id: raw.id,
    slug: raw.slug,
    title: htmlToText(raw.title?.rendered ?? ''),
    path,
    date: raw.date,
    modified: raw.modified ?? raw.date,
    excerpt: excerpt(summary),
    html,
    featuredImage: featuredImage(raw._embedded),
    styles: bodyStyles(raw.block_styles, sanitized, name),
    fields: plainFields(raw.acf),
    seo: normalizeSeo(raw.seo, name, { link: typeof raw.link === 'string' ? raw.link : '', path }),
  };
}
