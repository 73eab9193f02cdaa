import { defaultTreeAdapter, html as htmlSpec, parseFragment, type DefaultTreeAdapterMap } from 'parse5';

/**
 * CMS HTML is untrusted: it is cleaned on the server with an allow-list before it reaches a page
 * (RichHtml renders the result as it is). Scripts, event handlers, `javascript:` URLs, iframes,
 * objects, `<base>`, `<meta>`, forms, `<style>` and `style` attributes never pass. The result is
 * also finished here: links that open a new window get `noopener noreferrer`, images load lazily
 * (CMS bodies sit below the page's title) and keep the width and height the CMS gave them, so
 * nothing shifts.
 *
 * How (issue 12 §2): the markup is parsed by parse5, which implements the HTML standard's parsing
 * algorithm, as the fragment of a `<div>` with scripting enabled: exactly how the browser parses
 * the HTML that RichHtml puts inside its `<div>`. So the sanitizer sees the tree the visitor's
 * browser builds: malformed markup (an attribute that WordPress's texturizer left unclosed with a
 * `&#8221;`, a stray `</p>`, unclosed elements) is repaired the way a browser repairs it, and
 * cannot hide content from the sanitizer or swallow the content after it. The tree is then
 * written out again from the allow-list only:
 * - elements of the HTML namespace on the allow-list, with their allowed attributes;
 * - SVG and MathML (foreign content), comments and the raw-text or template elements are dropped
 *   with everything inside them; any other element is dropped and its content kept;
 * - text is escaped (`&`, `<`, `>`), attribute values are double-quoted and escaped, so the output
 *   contains no raw-text element, no comment and no foreign content: re-parsing it cannot switch
 *   the parser into a mode where escaped text becomes markup (the mutation-XSS families through
 *   `noscript`, `template`, `svg`/`math` namespace confusion).
 * - URLs (`href`, `src`, each candidate of `srcset`) are checked as a browser reads them, after
 *   character references are decoded and tabs, newlines and control characters are removed
 *   (`java&#x09;script:`): only http(s), mailto and tel for links, http(s) for images; relative
 *   URLs pass; protocol-relative (`//host`) ones do not.
 */

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];
type Attribute = Element['attrs'][number];

const HTML_NS = htmlSpec.NS.HTML;

const ALLOWED_TAGS = new Set([
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup',
  'mark', 'abbr', 'cite', 'q', 'blockquote', 'code', 'pre', 'kbd', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'a', 'img', 'figure', 'figcaption', 'picture', 'source', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th',
  'td', 'caption', 'colgroup', 'col', 'span', 'div', 'section', 'time',
]);

/** Headings in CMS bodies start at h2: the page's title is its only h1. */
const RENAMED_TAGS: Record<string, string> = { h1: 'h2' };

/** Dropped with everything inside them: their content is code, raw text or hidden alternatives, not the article's text. */
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'textarea', 'option', 'select', 'noscript', 'iframe', 'object', 'embed', 'template', 'title',
  'xmp', 'noembed', 'noframes', 'plaintext', 'frameset', 'frame',
]);

const VOID_TAGS = new Set(['br', 'hr', 'img', 'source', 'col', 'wbr', 'area', 'base', 'link', 'meta', 'input', 'param', 'track', 'embed', 'keygen']);

const GLOBAL_ATTRIBUTES = ['class', 'id', 'lang', 'dir'];
const ALLOWED_ATTRIBUTES: Record<string, ReadonlySet<string>> = Object.fromEntries(
  Object.entries({
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    source: ['srcset', 'sizes', 'type', 'media'],
    abbr: ['title'],
    time: ['datetime'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    ol: ['start', 'reversed', 'type'],
  } satisfies Record<string, string[]>).map(([tag, names]) => [tag, new Set([...names, ...GLOBAL_ATTRIBUTES])]),
);
const GLOBAL_ONLY: ReadonlySet<string> = new Set(GLOBAL_ATTRIBUTES);

const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const MEDIA_SCHEMES = new Set(['http', 'https']);

/** Which schemes a URL attribute may use, by tag and attribute; null when the attribute holds no URL. */
function urlSchemes(tag: string, attribute: string): ReadonlySet<string> | null {
  if (attribute === 'href') return LINK_SCHEMES;
  if (attribute === 'src' || attribute === 'srcset') return tag === 'img' || tag === 'source' ? MEDIA_SCHEMES : LINK_SCHEMES;
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
 * then descriptors up to a comma outside parentheses); returns the attribute with unsafe candidates
 * removed, or null when none is left.
 */
function safeSrcset(value: string, schemes: ReadonlySet<string>): string | null {
  const kept: string[] = [];
  let dropped = false;
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
    // A candidate a browser would drop (descriptors other than `300w`, `2x`, `1.5x`) is dropped here too.
    const validDescriptors = descriptors.split(/\s+/).every((d) => d === '' || /^(\d+w|\d*\.?\d+x|\d+h)$/i.test(d));
    if (url && validDescriptors && isSafeUrl(url, schemes)) kept.push(descriptors ? `${url} ${descriptors}` : url);
    else dropped = true;
  }
  if (kept.length === 0) return null;
  return dropped ? kept.join(', ') : value;
}

const escapeText = (value: string): string =>
  /[&<>]/.test(value) ? value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : value;

const escapeAttribute = (value: string): string =>
  /[&"<>]/.test(value) ? value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : value;

/** The element's attributes after the allow-list, the URL checks and the finishing touches. */
function cleanAttributes(tag: string, attrs: readonly Attribute[]): Array<[string, string]> {
  const allowed = ALLOWED_ATTRIBUTES[tag] ?? GLOBAL_ONLY;
  const out: Array<[string, string]> = [];
  for (const { name, value, namespace } of attrs) {
    if (namespace || !allowed.has(name)) continue;
    const schemes = urlSchemes(tag, name);
    if (schemes === null) {
      out.push([name, value]);
    } else if (name === 'srcset') {
      const srcset = safeSrcset(value, schemes);
      if (srcset !== null) out.push([name, srcset]);
    } else if (isSafeUrl(value, schemes)) {
      out.push([name, value]);
    }
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
  if (tag === 'img') {
    for (const [name, value] of [['loading', 'lazy'], ['decoding', 'async']] as const) {
      const index = out.findIndex(([existing]) => existing === name);
      if (index >= 0) out[index] = [name, value];
      else out.push([name, value]);
    }
  }
  return out;
}

function writeChildren(parent: ParentNode, out: string[]): void {
  for (const node of parent.childNodes) writeNode(node, out);
}

function writeNode(node: Node, out: string[]): void {
  if (node.nodeName === '#text') {
    out.push(escapeText((node as DefaultTreeAdapterMap['textNode']).value));
    return;
  }
  if (node.nodeName === '#comment' || node.nodeName === '#documentType') return;
  const element = node as Element;
  // SVG and MathML: dropped whole. Their parsing rules differ from HTML's (the source of
  // namespace-confusion mutation XSS), and no CMS body needs them.
  if (element.namespaceURI !== HTML_NS) return;
  const source = element.tagName;
  if (DROPPED_WITH_CONTENT.has(source)) return;
  const tag = RENAMED_TAGS[source] ?? source;
  if (!ALLOWED_TAGS.has(tag)) {
    // Not allowed: the element goes, its content stays (text of a <font>, a <form>'s paragraphs…).
    writeChildren(element, out);
    return;
  }
  out.push('<', tag);
  for (const [name, value] of cleanAttributes(tag, element.attrs)) out.push(' ', name, '="', escapeAttribute(value), '"');
  if (VOID_TAGS.has(tag)) {
    out.push(' />');
    return;
  }
  out.push('>');
  // The parser drops one newline right after <pre>: write it twice so a leading newline survives.
  const first = element.childNodes[0];
  if (tag === 'pre' && first?.nodeName === '#text' && (first as DefaultTreeAdapterMap['textNode']).value.startsWith('\n')) out.push('\n');
  writeChildren(element, out);
  out.push('</', tag, '>');
}

/** RichHtml puts the HTML inside a <div>: the fragment is parsed in that context, as the browser parses it. */
const CONTEXT = defaultTreeAdapter.createElement('div', HTML_NS, []);

export function sanitizeCmsHtml(html: string): string {
  const fragment = parseFragment(CONTEXT, html, { scriptingEnabled: true });
  const out: string[] = [];
  writeChildren(fragment, out);
  return out.join('');
}
