import { defaultTreeAdapter, html as htmlSpec, parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { embedPlaceholderHtml, matchEmbed, type Embed } from '../embeds/providers';
import { DEFERRED_PRELOAD, deferAudioPreload } from '../media/deferredPreload';
import type { BodyStyles } from '../shared/types';
import { blockOfClass } from './coreBlocks';
import { liftStyle } from './inlineStyles';

/**
 * CMS HTML is untrusted: it is cleaned on the server with an allow-list before it reaches a page
 * (RichHtml renders the result as it is). Scripts, event handlers, `javascript:` URLs, objects,
 * `<base>`, `<meta>`, forms and `<style>` never pass; no `style` attribute ever leaves (the CSP
 * keeps `style-src-attr 'none'`). The result is also finished here: links that open a new window
 * get `noopener noreferrer`, images load lazily (CMS bodies sit below the page's title) and keep
 * the width and height the CMS gave them, so nothing shifts; audio loads nothing until it nears
 * the screen (`preload="none"` and the editor's value in `data-preload`: src/lib/media/deferredPreload.ts).
 *
 * How (issue 12 §2): the markup is parsed by parse5, which implements the HTML standard's parsing
 * algorithm, as the fragment of a `<div>` with scripting enabled: exactly how the browser parses
 * the HTML that RichHtml puts inside its `<div>`. So the sanitizer sees the tree the visitor's
 * browser builds: malformed markup (an attribute that WordPress's texturizer left unclosed with a
 * `&#8221;`, a stray `</p>`, unclosed elements) is repaired the way a browser repairs it, and
 * cannot hide content from the sanitizer or swallow the content after it. The tree is then
 * written out again from the allow-list only, in one walk (docs/blocks.md "The pipeline"):
 * - elements of the HTML namespace on the allow-list, with their allowed attributes; any other
 *   element is dropped and its content kept, except the raw-text, template and embedding
 *   elements (DROPPED_WITH_CONTENT), dropped with everything inside them;
 * - `style` attributes: checked and lifted into generated classes (`./inlineStyles.ts`); the
 *   rules come back in `css`;
 * - `<iframe>` and the bare URL WordPress leaves in `.wp-block-embed__wrapper` without oEmbed:
 *   an allow-listed provider (`matchEmbed`) becomes its consent-gated placeholder
 *   (`embedPlaceholderHtml`, trusted markup built from the checked URL); any other iframe goes;
 * - SVG: only the social icons' subset (SVG_ELEMENTS, SVG_ATTRIBUTES); an `<svg>` holding
 *   anything else goes whole; MathML goes whole;
 * - text is escaped (`&`, `<`, `>`), attribute values are double-quoted and escaped, so the output
 *   contains no raw-text element and no comment, and its only foreign content is the SVG subset
 *   (no element of which is an HTML integration point except `title`, which may hold only text):
 *   re-parsing it cannot switch the parser into a mode where escaped text becomes markup (the
 *   mutation-XSS families through `noscript`, `template`, `svg`/`math` namespace confusion).
 * - URLs (`href`, `src`, `poster`, each candidate of `srcset`) are first given the media rewrite
 *   (`rewriteMedia`), then checked as a browser reads them, after character references are
 *   decoded and tabs, newlines and control characters are removed (`java&#x09;script:`): only
 *   http(s), mailto and tel for links, http(s) for media; relative URLs pass; protocol-relative
 *   (`//host`) ones do not. Links then become site paths when they point at this site
 *   (`toSitePath`). Text gets the media rewrite too (a bare URL on a development host).
 * - the classes of the kept elements name the core blocks the body uses (`wp-block-{name}`,
 *   `./coreBlocks.ts`).
 * What it drops (elements, refused style declarations), it logs once per call, naming the item
 * (`options.item`): `[sanitize] news/slug: dropped <object>, <svg>, style behavior`. Without an
 * item it logs nothing (tests, callers that report themselves).
 */

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];
type TextNode = DefaultTreeAdapterMap['textNode'];
type Attribute = Element['attrs'][number];

const HTML_NS = htmlSpec.NS.HTML;
const SVG_NS = htmlSpec.NS.SVG;

const ALLOWED_TAGS = new Set([
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup',
  'mark', 'abbr', 'cite', 'q', 'blockquote', 'code', 'pre', 'kbd', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'a', 'img', 'figure', 'figcaption', 'picture', 'source', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th',
  'td', 'caption', 'colgroup', 'col', 'span', 'div', 'section', 'time',
  // What core blocks emit besides (issue 17): media, disclosure widgets.
  'video', 'audio', 'track', 'details', 'summary',
]);

/** Headings in CMS bodies start at h2: the page's title is its only h1. */
const RENAMED_TAGS: Record<string, string> = { h1: 'h2' };

/**
 * Dropped with everything inside them: their content is code, raw text or hidden alternatives,
 * not the article's text. (The file block's PDF preview is an `<object>`: its download link stays.)
 */
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'textarea', 'option', 'select', 'noscript', 'iframe', 'object', 'embed', 'template', 'title',
  'xmp', 'noembed', 'noframes', 'plaintext', 'frameset', 'frame',
]);

const VOID_TAGS = new Set(['br', 'hr', 'img', 'source', 'track', 'col', 'wbr', 'area', 'base', 'link', 'meta', 'input', 'param', 'embed', 'keygen']);

const GLOBAL_ATTRIBUTES = ['class', 'id', 'lang', 'dir', 'title', 'role', 'aria-label', 'aria-hidden', 'aria-describedby', 'aria-labelledby'];
const MEDIA_ATTRIBUTES = ['src', 'controls', 'autoplay', 'loop', 'muted', 'preload'];
const ALLOWED_ATTRIBUTES: Record<string, ReadonlySet<string>> = Object.fromEntries(
  Object.entries({
    // `download`: the file block's button.
    a: ['href', 'target', 'rel', 'download'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
    source: ['src', 'srcset', 'sizes', 'type', 'media'],
    video: [...MEDIA_ATTRIBUTES, 'poster', 'playsinline', 'width', 'height'],
    audio: MEDIA_ATTRIBUTES,
    track: ['src', 'kind', 'srclang', 'label', 'default'],
    details: ['open'],
    time: ['datetime'],
    th: ['colspan', 'rowspan', 'scope', 'data-align'],
    td: ['colspan', 'rowspan', 'data-align'],
    col: ['span'],
    ol: ['start', 'reversed', 'type'],
  } satisfies Record<string, string[]>).map(([tag, names]) => [tag, new Set([...names, ...GLOBAL_ATTRIBUTES])]),
);
const GLOBAL_ONLY: ReadonlySet<string> = new Set(GLOBAL_ATTRIBUTES);

/**
 * The SVG subset: what WordPress's social icons are made of (`<svg viewBox><path d/></svg>`),
 * plus `g` and `title`. Only geometry and accessibility: no `href`/`xlink:href`, no `style`, no
 * event handler, no paint server reference (`fill="url(#…)"`), no `use`, `foreignObject`,
 * `animate` or `set`. Chosen over drawing the icons on the site: WordPress has some 40 services,
 * the editor picks the icon's colours with classes the block CSS styles, and the subset keeps
 * WordPress's own markup, so the site cannot drift from it.
 */
const SVG_ELEMENTS = new Set(['svg', 'g', 'path', 'title']);
const SVG_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  svg: new Set(['width', 'height', 'viewBox', 'class', 'role', 'aria-hidden', 'aria-label', 'focusable']),
  g: new Set(['transform', 'fill-rule', 'clip-rule']),
  path: new Set(['d', 'transform', 'fill-rule', 'clip-rule']),
  title: new Set([]),
};
/** Values of SVG attributes: digits, letters, spaces and the punctuation of path data and transforms. */
const SVG_VALUE = /^[a-zA-Z0-9 ,.()\-+\n\t]*$/;

const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const MEDIA_SCHEMES = new Set(['http', 'https']);
const MEDIA_TAGS = new Set(['img', 'source', 'video', 'audio', 'track']);

/** Which schemes a URL attribute may use, by tag and attribute; null when the attribute holds no URL. */
function urlSchemes(tag: string, attribute: string): ReadonlySet<string> | null {
  if (attribute === 'href') return LINK_SCHEMES;
  if (attribute === 'poster') return MEDIA_SCHEMES;
  if (attribute === 'src' || attribute === 'srcset') return MEDIA_TAGS.has(tag) ? MEDIA_SCHEMES : LINK_SCHEMES;
  return null;
}

/**
 * Whether a URL (character references already decoded) is safe for an attribute allowing `schemes`.
 * A browser's URL parser ignores tabs and newlines anywhere and control characters and spaces at
 * the start, so they are removed before the scheme is read (`java\tscript:`, `\u0001javascript:`).
 */
export function isSafeUrl(value: string, schemes: ReadonlySet<string>): boolean {
  const url = value.replace(/[\u0000-\u0020\u007f]+/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (scheme) return schemes.has(scheme[1].toLowerCase());
  // Protocol-relative (`//host/x`; browsers read `\` as `/` in http(s) URLs): another host, whatever scheme the page has.
  if (/^[/\\]{2}/.test(url)) return false;
  return true;
}

/**
 * The candidates of a `srcset` (the HTML standard's "parse a srcset attribute", simplified: a URL,
 * then descriptors up to a comma outside parentheses), each given the media rewrite; returns the
 * attribute with unsafe candidates removed, or null when none is left.
 */
function safeSrcset(value: string, schemes: ReadonlySet<string>, rewrite: (url: string) => string): string | null {
  const kept: string[] = [];
  let changed = false;
  let i = 0;
  const n = value.length;
  const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
  while (i < n) {
    while (i < n && (isSpace(value[i]) || value[i] === ',')) i += 1;
    if (i >= n) break;
    const urlStart = i;
    while (i < n && !isSpace(value[i])) i += 1;
    let url = value.slice(urlStart, i);
    let descriptors = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const descriptorStart = i;
      let depth = 0;
      while (i < n && (value[i] !== ',' || depth > 0)) {
        if (value[i] === '(') depth += 1;
        else if (value[i] === ')' && depth > 0) depth -= 1;
        i += 1;
      }
      descriptors = value.slice(descriptorStart, i).trim();
    }
    const rewritten = rewrite(url);
    if (rewritten !== url) changed = true;
    // A candidate a browser would drop (descriptors other than `300w`, `2x`, `1.5x`) is dropped here too.
    const validDescriptors = descriptors.split(/\s+/).every((d) => d === '' || /^(\d+w|\d*\.?\d+x|\d+h)$/i.test(d));
    if (rewritten && validDescriptors && isSafeUrl(rewritten, schemes)) kept.push(descriptors ? `${rewritten} ${descriptors}` : rewritten);
    else changed = true;
  }
  if (kept.length === 0) return null;
  return changed ? kept.join(', ') : value;
}

const escapeText = (value: string): string =>
  /[&<>]/.test(value) ? value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : value;

const escapeAttribute = (value: string): string =>
  /[&"<>]/.test(value) ? value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : value;

export interface SanitizeOptions {
  /** Names the item in the log (`news/some-slug`, `frame 12`); without it nothing is logged. */
  item?: string;
  /** Origins a lifted `url()` may load from (the media host, WordPress); none: no `url()` passes. */
  mediaOrigins?: readonly string[];
  /** The media rewrite (spec §5), applied to every URL and text node in the walk. */
  rewriteMedia?: (text: string) => string;
  /** Links to this site become site paths (applied to `a href` after its check). */
  toSitePath?: (href: string) => string;
  /** Which embed a URL stands for (default: `matchEmbed` of `src/lib/embeds/providers.ts`). */
  matchEmbed?: (url: string) => Embed | null;
  /** Where the log goes (default `console.warn`). */
  warn?: (message: string) => void;
}

/** The sanitized body and what it needs besides (docs/blocks.md "The pipeline"). */
export interface SanitizedHtml extends BodyStyles {
  html: string;
}

const identity = (text: string): string => text;

interface Walk {
  out: string[];
  rules: Map<string, string>;
  blocks: Set<string>;
  embeds: Set<string>;
  dropped: Set<string>;
  rewriteMedia: (text: string) => string;
  toSitePath: (href: string) => string;
  matchEmbed: (url: string) => Embed | null;
  mediaOrigins: readonly string[];
}

/** The element's attributes after the allow-list, the URL checks and rewrites, the style lift and the finishing touches. */
function cleanAttributes(tag: string, attrs: readonly Attribute[], walk: Walk): Array<[string, string]> {
  const allowed = ALLOWED_ATTRIBUTES[tag] ?? GLOBAL_ONLY;
  const out: Array<[string, string]> = [];
  let liftedClass: string | null = null;
  for (const { name, value, namespace } of attrs) {
    if (namespace) continue;
    if (name === 'style') {
      const lifted = liftStyle(value, { mediaOrigins: walk.mediaOrigins, rewriteUrl: walk.rewriteMedia });
      for (const refused of lifted.refused) walk.dropped.add(refused === 'style' ? 'style' : `style ${refused}`);
      if (lifted.className && lifted.rule) {
        liftedClass = lifted.className;
        walk.rules.set(lifted.className, lifted.rule);
      }
      continue;
    }
    if (!allowed.has(name)) continue;
    const schemes = urlSchemes(tag, name);
    if (schemes === null) {
      out.push([name, value]);
    } else if (name === 'srcset') {
      const srcset = safeSrcset(value, schemes, walk.rewriteMedia);
      if (srcset !== null) out.push([name, srcset]);
    } else {
      const url = walk.rewriteMedia(value);
      if (isSafeUrl(url, schemes)) out.push([name, tag === 'a' && name === 'href' ? walk.toSitePath(url) : url]);
    }
  }
  if (liftedClass) {
    const index = out.findIndex(([name]) => name === 'class');
    if (index >= 0) out[index] = ['class', `${out[index][1]} ${liftedClass}`.trim()];
    else out.push(['class', liftedClass]);
  }
  if (tag === 'a' && out.some(([name, value]) => name === 'target' && value === '_blank')) {
    // A link that opens a new window must not hand it `window.opener`.
    const relIndex = out.findIndex(([name]) => name === 'rel');
    const rel = new Set((relIndex >= 0 ? out[relIndex][1] : '').split(/\s+/).filter(Boolean));
    rel.add('noopener');
    rel.add('noreferrer');
    const value = [...rel].join(' ');
    if (relIndex >= 0) out[relIndex] = ['rel', value];
    else out.push(['rel', value]);
  }
  if (tag === 'audio') {
    // Loads nothing until it nears the screen (src/lib/media/deferredPreload.ts).
    deferAudioPreload(out, attrs.find((a) => a.name === DEFERRED_PRELOAD && !a.namespace)?.value ?? null);
  }
  if (tag === 'img') {
    for (const [name, value] of [['loading', 'lazy'], ['decoding', 'async']] as const) {
      const index = out.findIndex(([existing]) => existing === name);
      if (index >= 0) out[index] = [name, value];
      else out.push([name, value]);
    }
  }
  return out;
}

function writeAttributes(attributes: Array<[string, string]>, out: string[]): void {
  for (const [name, value] of attributes) out.push(' ', name, '="', escapeAttribute(value), '"');
}

function writeChildren(parent: ParentNode, walk: Walk): void {
  for (const node of parent.childNodes) writeNode(node, walk);
}

function attribute(element: Element, name: string): string | null {
  return element.attrs.find((a) => a.name === name && !a.namespace)?.value ?? null;
}

function hasClass(element: Element, className: string): boolean {
  return (attribute(element, 'class') ?? '').split(/\s+/).includes(className);
}

/** Writes the placeholder of the embed a URL stands for; false when no provider accepts it. */
function writeEmbed(url: string, walk: Walk): boolean {
  const embed = walk.matchEmbed(url);
  if (!embed) return false;
  walk.out.push(embedPlaceholderHtml(embed));
  walk.embeds.add(embed.provider.key);
  return true;
}

/** The bare URL WordPress leaves in `.wp-block-embed__wrapper` without oEmbed, or null when the wrapper holds more than text. */
function bareUrl(wrapper: Element): string | null {
  if (!wrapper.childNodes.every((child) => child.nodeName === '#text')) return null;
  const text = wrapper.childNodes.map((child) => (child as TextNode).value).join('').trim();
  return /^https?:\/\/\S+$/i.test(text) ? text : null;
}

/** Whether an `<svg>` is inside the subset (elements and, for `title`, text only), so it can be written. */
function isSafeSvg(element: Element): boolean {
  if (element.namespaceURI !== SVG_NS || !SVG_ELEMENTS.has(element.tagName)) return false;
  for (const child of element.childNodes) {
    if (child.nodeName === '#comment') continue;
    if (child.nodeName === '#text') {
      if (element.tagName !== 'title' && (child as TextNode).value.trim() !== '') return false;
      continue;
    }
    if (element.tagName === 'title' || !isSafeSvg(child as Element)) return false;
  }
  return true;
}

function writeSvg(element: Element, walk: Walk): void {
  const tag = element.tagName;
  walk.out.push('<', tag);
  const allowed = SVG_ATTRIBUTES[tag];
  for (const { name, value, namespace } of element.attrs) {
    if (!namespace && allowed.has(name) && SVG_VALUE.test(value)) walk.out.push(' ', name, '="', escapeAttribute(value), '"');
  }
  walk.out.push('>');
  for (const child of element.childNodes) {
    if (child.nodeName === '#text') {
      if (tag === 'title') walk.out.push(escapeText((child as TextNode).value));
    } else if (child.nodeName !== '#comment') {
      writeSvg(child as Element, walk);
    }
  }
  walk.out.push('</', tag, '>');
}

function writeNode(node: Node, walk: Walk): void {
  const { out } = walk;
  if (node.nodeName === '#text') {
    // Text gets the absolute-URL part of the media rewrite only: the leading space keeps a text
    // that merely starts with `/wp-content/` (a path in a <code>) from being read as a bare media path.
    const text = (node as TextNode).value;
    out.push(escapeText(text.includes('/wp-content/') ? walk.rewriteMedia(` ${text}`).slice(1) : text));
    return;
  }
  if (node.nodeName === '#comment' || node.nodeName === '#documentType') return;
  const element = node as Element;
  if (element.namespaceURI !== HTML_NS) {
    // Foreign content: only the SVG subset of the social icons. MathML, and any SVG beyond the
    // subset, go whole: their parsing rules differ from HTML's (namespace-confusion mutation XSS).
    if (element.tagName === 'svg' && isSafeSvg(element)) writeSvg(element, walk);
    else walk.dropped.add(`<${element.tagName}>`);
    return;
  }
  const source = element.tagName;
  if (source === 'iframe') {
    // An embed: its placeholder when the provider is allow-listed, else nothing.
    const src = attribute(element, 'src');
    if (src === null || !writeEmbed(src, walk)) walk.dropped.add('<iframe>');
    return;
  }
  const placeholderSrc = source === 'div' && hasClass(element, 'site-embed') ? attribute(element, 'data-embed-src') : null;
  if (placeholderSrc !== null) {
    // An embed placeholder (this sanitizer's own output sanitized again, or one pasted into the
    // CMS): rebuilt from its address through the providers table, never kept as written.
    if (!writeEmbed(placeholderSrc, walk)) walk.dropped.add('<div class="site-embed">');
    return;
  }
  if (DROPPED_WITH_CONTENT.has(source)) {
    walk.dropped.add(`<${source}>`);
    return;
  }
  const tag = RENAMED_TAGS[source] ?? source;
  if (!ALLOWED_TAGS.has(tag)) {
    // Not allowed: the element goes, its content stays (text of a <font>, a <form>'s paragraphs…).
    walk.dropped.add(`<${source}>`);
    writeChildren(element, walk);
    return;
  }
  const attributes = cleanAttributes(tag, element.attrs, walk);
  for (const [name, value] of attributes) {
    if (name !== 'class') continue;
    for (const className of value.split(/\s+/)) {
      const block = blockOfClass(className);
      if (block) walk.blocks.add(block);
    }
  }
  out.push('<', tag);
  writeAttributes(attributes, out);
  if (VOID_TAGS.has(tag)) {
    out.push(' />');
    return;
  }
  out.push('>');
  const url = tag === 'div' && hasClass(element, 'wp-block-embed__wrapper') ? bareUrl(element) : null;
  if (url === null || !writeEmbed(url, walk)) {
    // The parser drops one newline right after <pre>: write it twice so a leading newline survives.
    const first = element.childNodes[0];
    if (tag === 'pre' && first?.nodeName === '#text' && (first as TextNode).value.startsWith('\n')) out.push('\n');
    writeChildren(element, walk);
  }
  out.push('</', tag, '>');
}

/** RichHtml puts the HTML inside a <div>: the fragment is parsed in that context, as the browser parses it. */
const CONTEXT = defaultTreeAdapter.createElement('div', HTML_NS, []);

/** Cleans CMS HTML (see the module comment): the safe HTML, the lifted CSS, the core blocks and the embeds it uses. */
export function sanitizeCmsHtml(html: string, options: SanitizeOptions = {}): SanitizedHtml {
  const fragment = parseFragment(CONTEXT, html, { scriptingEnabled: true });
  const walk: Walk = {
    out: [],
    rules: new Map(),
    blocks: new Set(),
    embeds: new Set(),
    dropped: new Set(),
    rewriteMedia: options.rewriteMedia ?? identity,
    toSitePath: options.toSitePath ?? identity,
    matchEmbed: options.matchEmbed ?? matchEmbed,
    mediaOrigins: options.mediaOrigins ?? [],
  };
  writeChildren(fragment, walk);
  if (options.item !== undefined && walk.dropped.size > 0) {
    (options.warn ?? console.warn)(`[sanitize] ${options.item}: dropped ${[...walk.dropped].join(', ')}`);
  }
  return {
    html: walk.out.join(''),
    css: [...walk.rules.values()].join(''),
    blocks: [...walk.blocks].sort(),
    embeds: [...walk.embeds].sort(),
  };
}
