import { decodeEntities } from '../shared/entities';
import { excerptOfText, htmlToText } from '../shared/excerpt';
import { isRecord } from '../shared/isRecord';
import { isTestPage } from '../shared/testPages';
import type { ContentTypeName } from '../shared/types';
import { DEFAULT_PAGE_SECTION, sitePath } from '../shared/wordpress/contentTypes';
import { frameIdList } from '../wordpress/frames';
import { SEARCH_EXCERPT_WORDS } from '../wordpress/search';

/**
 * Part B of the site's search index (docs/search-index.md §2, §4): one WordPress item, as the
 * REST API answers it (`_fields=id,slug,status,title,excerpt,content,date,acf,link`), becomes a
 * `SearchDocument`. Pure code, server only, no fetching: a page's frames come in as a map.
 */

export interface SearchDocument {
  /** `${type}:${wordpress id}`: unique, stable across slug changes. */
  id: string;
  /** The content-type table's name (blog, news, page, …). */
  type: ContentTypeName;
  /** WordPress slug (for removals by slug). */
  slug: string;
  /** The site path (sitePath; pages by their section; home `/`). */
  url: string;
  /** Plain text, references decoded. */
  title: string;
  /** Plain text of the body's h1–h6, one per line; for pages the frames' heading/subheading/title fields. */
  headings: string;
  /** Plain text, at most 30 words: WordPress's excerpt, else the body's start (what results show). */
  excerpt: string;
  /** Plain text of the body without its headings; for pages the frames' other text fields. */
  body: string;
  /** WordPress `date` (site time, ISO 8601 without zone). */
  date: string;
}

/** The id of the document of a WordPress item. */
export function searchDocumentId(type: ContentTypeName, wordpressId: number | string): string {
  return `${type}:${wordpressId}`;
}

// ---------------------------------------------------------------------------------------------
// HTML → text. Only for indexing (never rendered): a tokenizer over tags is enough and about ten
// times cheaper than a parser on 20,000 items. Block boundaries become line breaks so words of two
// blocks never glue together; inline tags (`<em>free</em>form`) join, as a browser shows them.

/** Elements whose content is not text a visitor reads. */
const DROPPED = /<(script|style|template|svg|noscript)\b(?:=\s*"[^"]*"|=\s*'[^']*'|[^>])*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?(?:-->|$)/gi;
/**
 * A start or end tag. Quotes count only around an attribute VALUE (after `=`), as in a browser's
 * tokenizer: a value may hold `>`, and a stray quote elsewhere (WordPress's oEmbed iframes carry
 * `allowfullscreen"`) is just part of an attribute name.
 */
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)(?:=\s*"[^"]*"|=\s*'[^']*'|[^>])*>/g;
/** Elements that start a new line of text (or stand apart from their neighbours). */
const BREAKS = new Set([
  'address', 'article', 'aside', 'audio', 'blockquote', 'br', 'button', 'canvas', 'caption', 'dd', 'details', 'dialog',
  'div', 'dl', 'dt', 'embed', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'header', 'hr', 'iframe', 'img', 'input', 'label', 'legend', 'li', 'main', 'nav', 'object', 'ol', 'option', 'p',
  'picture', 'pre', 'section', 'select', 'summary', 'table', 'tbody', 'td', 'textarea', 'tfoot', 'th', 'thead', 'tr',
  'ul', 'video',
]);
const HEADING = /^h[1-6]$/;

export interface HtmlText {
  /** The text outside headings, white space collapsed. */
  body: string;
  /** The text of each h1–h6, in order, white space collapsed; empty ones left out. */
  headings: string[];
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The text of an HTML fragment, split into its headings and the rest. */
export function htmlTextParts(html: string): HtmlText {
  if (!html) return { body: '', headings: [] };
  const source = html.replace(DROPPED, '\n');
  const body: string[] = [];
  const headings: string[] = [];
  let heading: string[] | null = null;
  let depth = 0;
  let last = 0;
  const text = (chunk: string) => {
    if (chunk) (heading ?? body).push(chunk.includes('&') ? decodeEntities(chunk) : chunk);
  };
  for (const m of source.matchAll(TAG)) {
    text(source.slice(last, m.index));
    last = m.index + m[0].length;
    const name = m[2].toLowerCase();
    const closing = m[1] === '/';
    if (HEADING.test(name)) {
      if (!closing) {
        if (depth++ === 0) heading = [];
        else heading?.push(' ');
      } else if (depth > 0 && --depth === 0 && heading) {
        const done = collapse(heading.join(''));
        if (done) headings.push(done);
        heading = null;
      }
      body.push('\n');
    } else if (BREAKS.has(name)) {
      (heading ?? body).push('\n');
    }
  }
  text(source.slice(last));
  if (heading) {
    const done = collapse(heading.join(''));
    if (done) headings.push(done);
  }
  return { body: collapse(body.join('')), headings };
}

// ---------------------------------------------------------------------------------------------
// Frames → text (pages). String fields named heading/subheading/title at any depth are headings;
// other strings are body text, except what a visitor does not read as text.

const HEADING_KEYS = new Set(['heading', 'subheading', 'title']);
const SKIPPED_KEYS = new Set(['frame_type', 'target']);

function skippedKey(key: string): boolean {
  return SKIPPED_KEYS.has(key) || key.endsWith('_url') || key.startsWith('image') || key === 'url';
}

/** URLs (`https://…`, `mailto:…`, `//host/…`), site paths (`/contact-us`), anchors (`#top`). */
function isAddress(value: string): boolean {
  const v = value.trim();
  return /^[a-z][a-z\d+.-]*:\S*$/i.test(v) || /^\/\S*$/.test(v) || /^#\S*$/.test(v);
}

/** An ACF link field (`{title, url, target}`): its title is a button's label, body text, not a heading. */
function isLinkField(value: Record<string, unknown>): boolean {
  return 'url' in value && typeof value.title === 'string';
}

function collectFrameText(value: unknown, key: string, asBody: boolean, out: { body: string[]; headings: string[] }): void {
  if (typeof value === 'string') {
    if (!value || skippedKey(key) || isAddress(value)) return;
    if (!asBody && HEADING_KEYS.has(key)) {
      const heading = htmlToText(value);
      if (heading) out.headings.push(heading);
    } else {
      const parts = htmlTextParts(value);
      out.headings.push(...parts.headings);
      if (parts.body) out.body.push(parts.body);
    }
  } else if (Array.isArray(value)) {
    if (skippedKey(key)) return;
    for (const item of value) collectFrameText(item, key, asBody, out);
  } else if (isRecord(value)) {
    if (skippedKey(key)) return;
    const link = isLinkField(value);
    for (const [k, v] of Object.entries(value)) collectFrameText(v, k, link, out);
  }
}

/** The text of a page's frames, in the page's order; frames missing from the map or not published are skipped. */
export function framesText(ids: unknown, frames: ReadonlyMap<number, unknown> | undefined): HtmlText {
  const out = { body: [] as string[], headings: [] as string[] };
  if (!frames) return out2(out);
  for (const id of frameIdList(ids)) {
    const frame = frames.get(id);
    if (!isRecord(frame) || (frame.status !== undefined && frame.status !== 'publish')) continue;
    if (isRecord(frame.acf)) collectFrameText(frame.acf, '', false, out);
  }
  return out2(out);
}

function out2(out: { body: string[]; headings: string[] }): HtmlText {
  return { body: out.body.join('\n'), headings: out.headings };
}

// ---------------------------------------------------------------------------------------------

/** `{rendered: "…"}` (or a bare string) → the string; anything else → ''. */
function rendered(value: unknown): string {
  if (typeof value === 'string') return value;
  return isRecord(value) && typeof value.rendered === 'string' ? value.rendered : '';
}

/**
 * One WordPress item → its search document; null when it is not for visitors: not published
 * (a `status` other than `publish`; an item without `status` is taken as published, as public
 * REST reads only answer published items), no slug or id, or one of the two test pages.
 * `frames` (frame id → raw frame JSON) gives a page (`page`) its text.
 */
export function toSearchDocument(type: ContentTypeName, raw: unknown, frames?: ReadonlyMap<number, unknown>): SearchDocument | null {
  if (!isRecord(raw)) return null;
  if (raw.status !== undefined && raw.status !== 'publish') return null;
  const slug = typeof raw.slug === 'string' ? raw.slug : '';
  const wpId = typeof raw.id === 'number' && Number.isFinite(raw.id) ? raw.id : typeof raw.id === 'string' && raw.id ? raw.id : null;
  if (!slug || wpId === null) return null;
  const acf = isRecord(raw.acf) ? raw.acf : {};
  const section = typeof acf.section === 'string' && acf.section ? acf.section : DEFAULT_PAGE_SECTION;
  const url = sitePath(type, slug, section);
  if (isTestPage(url)) return null;

  const text = type === 'page' ? framesText(acf.frames, frames) : htmlTextParts(rendered(raw.content));
  const ownExcerpt = htmlToText(rendered(raw.excerpt));
  return {
    id: searchDocumentId(type, wpId),
    type,
    slug,
    url,
    title: htmlToText(rendered(raw.title)),
    headings: text.headings.join('\n'),
    excerpt: excerptOfText(ownExcerpt || text.body, SEARCH_EXCERPT_WORDS),
    body: text.body,
    date: typeof raw.date === 'string' ? raw.date : '',
  };
}
