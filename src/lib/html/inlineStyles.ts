import { createHash } from 'node:crypto';
import { generate, lexer, parse, type CssNode, type Declaration, type FunctionNode, type Raw, type Url } from 'css-tree';

/**
 * Inline styles under a strict CSP (issue 17, docs/blocks.md "The pipeline"): the CSP keeps
 * `style-src-attr 'none'`, so no `style` attribute leaves the sanitizer. What WordPress writes in
 * one (custom colours, spacing, widths, heights, background images…) is checked here and moved
 * into a generated class whose rule goes into the page's stylesheet.
 *
 * The check (no regular expressions read CSS here: css-tree, a maintained CSS parser, does):
 * - the attribute is refused whole when its text holds a CSS escape (`\`), a comment (`/*`, which
 *   could split tokens), `<` or `>` (`</style>` would end the page's <style>), `@` (`@import`),
 *   or anything css-tree cannot parse cleanly (a parse error, a Raw node);
 * - each declaration is kept only when its property is on PROPERTIES (no vendor prefixes: no
 *   `-moz-binding`; no `behavior`), its value is made only of keywords, numbers, lengths in
 *   known units, percentages, hex colours, separators and the functions of FUNCTIONS
 *   (`expression()` is none of them), `var()` only for WordPress's own `--wp--…` variables,
 *   `url()` only for absolute http(s) URLs on the media origins (below), and, when it has no
 *   `var()`, css-tree's lexer matches it against the property's grammar.
 * - `url()`: after the media rewrite (`rewriteUrl`, the same one the sanitizer applies to `src`),
 *   only the origins the CSP's `img-src` allows for CMS media: the media host and WordPress. A
 *   background on any other host, a `data:` or `javascript:` URL, or a relative one is refused:
 *   the browser would block it anyway, and the site asks no one else for anything.
 *
 * The class: `wps-` and the first 10 hex digits of the SHA-256 of the normalized declarations
 * (`property:value` as css-tree writes them, in order, joined with `;`): the same style gives the
 * same class on every page and every build. Its rule emulates the precedence of an inline style:
 * an inline style beats every author rule that is not `!important`, and loses to `!important`
 * ones. So the rule is `:where(.wps-…){property:value!important;…}`: `!important` puts it above
 * every normal rule, and `:where()` (zero specificity) below every other `!important` rule with
 * a selector (WordPress's `.has-…-color{…!important}` presets), as with inline styles. An inline
 * `!important` is treated like any other (WordPress writes none).
 */

/** The properties an editor's blocks set inline, and nothing else. */
const SIDES = ['top', 'right', 'bottom', 'left'];
const CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];
const PROPERTIES: ReadonlySet<string> = new Set([
  // colours and backgrounds
  'color', 'background', 'background-color', 'background-image', 'background-position', 'background-size',
  'background-repeat', 'background-attachment',
  // spacing
  'margin', 'padding', 'gap', 'row-gap', 'column-gap', 'margin-block-start', 'margin-block-end',
  ...SIDES.flatMap((side) => [`margin-${side}`, `padding-${side}`]),
  // sizes
  'width', 'height', 'min-width', 'min-height', 'max-width', 'max-height', 'aspect-ratio',
  // borders
  'border', 'border-width', 'border-style', 'border-color', 'border-radius',
  ...SIDES.flatMap((side) => [`border-${side}`, `border-${side}-width`, `border-${side}-style`, `border-${side}-color`]),
  ...CORNERS.map((corner) => `border-${corner}-radius`),
  // flex and grid
  'flex', 'flex-basis', 'flex-grow', 'flex-shrink', 'flex-wrap', 'flex-direction', 'order', 'justify-content',
  'align-items', 'align-self', 'align-content', 'grid-template-columns', 'grid-template-rows', 'grid-column',
  'grid-row', 'grid-auto-flow', 'grid-auto-columns', 'grid-auto-rows',
  // media
  'object-position', 'object-fit',
  // text
  'text-align', 'text-transform', 'text-decoration', 'font-size', 'font-weight', 'font-style', 'line-height',
  'letter-spacing',
]);

const FUNCTIONS: ReadonlySet<string> = new Set([
  'var', 'calc', 'min', 'max', 'clamp', 'rgb', 'rgba', 'hsl', 'hsla', 'linear-gradient', 'radial-gradient',
  'repeating-linear-gradient', 'repeating-radial-gradient', 'conic-gradient', 'repeat', 'minmax', 'fit-content',
]);

const UNITS: ReadonlySet<string> = new Set([
  'px', 'em', 'rem', 'vw', 'vh', 'vmin', 'vmax', 'svh', 'lvh', 'dvh', 'ch', 'ex', 'pt', 'fr', 'deg', 'turn', 'rad',
]);

/** Characters refused anywhere in a style attribute (see the module comment). */
const REFUSED_CHARACTERS = ['\\', '/*', '<', '>', '@'];

export interface StyleCheckOptions {
  /** Origins (`https://media.example.com`) a `url()` may load from, after `rewriteUrl`. None: every `url()` is refused. */
  mediaOrigins?: readonly string[];
  /** The media rewrite applied to each `url()` before it is checked. */
  rewriteUrl?: (url: string) => string;
}

export interface LiftedStyle {
  /** The generated class, or null when nothing passed. */
  className: string | null;
  /** Its rule (`:where(.wps-…){…}`), or null. */
  rule: string | null;
  /** What was refused, for the log: property names, or `style` when the whole attribute was. */
  refused: string[];
}

const NOTHING = (refused: string[]): LiftedStyle => ({ className: null, rule: null, refused });

function isIdentifier(name: string): boolean {
  for (let i = 0; i < name.length; i += 1) {
    const c = name.charCodeAt(i);
    const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
    const digit = c >= 48 && c <= 57;
    if (!letter && !(i > 0 && (digit || c === 45))) return false;
  }
  return name.length > 0;
}

function isHex(value: string): boolean {
  if (![3, 4, 6, 8].includes(value.length)) return false;
  for (const c of value.toLowerCase()) if (!'0123456789abcdef'.includes(c)) return false;
  return true;
}

/** A `--wp--…` custom property name (letters, digits, hyphens). */
function isWordPressVariable(name: string): boolean {
  if (!name.startsWith('--wp--')) return false;
  for (const c of name.slice(6).toLowerCase()) if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c === '-')) return false;
  return true;
}

function urlAllowed(node: Url, options: StyleCheckOptions): boolean {
  const rewritten = options.rewriteUrl ? options.rewriteUrl(node.value) : node.value;
  let url: URL;
  try {
    url = new URL(rewritten);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (!(options.mediaOrigins ?? []).includes(url.origin)) return false;
  node.value = url.href;
  return true;
}

/** Whether every node of a value is allowed (see the module comment); rewrites `url()`s in place. */
function valueAllowed(nodes: Iterable<CssNode>, options: StyleCheckOptions): boolean {
  for (const node of nodes) {
    switch (node.type) {
      case 'WhiteSpace':
      case 'Number':
      case 'Percentage':
        break;
      case 'Identifier':
        if (!isIdentifier(node.name)) return false;
        break;
      case 'Dimension':
        if (!UNITS.has(node.unit.toLowerCase())) return false;
        break;
      case 'Hash':
        if (!isHex(node.value)) return false;
        break;
      case 'Operator':
        if (![',', '/', '+', '-', '*', ' + ', ' - ', ' * ', ' / '].includes(node.value)) return false;
        break;
      case 'Parentheses':
        if (!valueAllowed(node.children, options)) return false;
        break;
      case 'Url':
        if (!urlAllowed(node, options)) return false;
        break;
      case 'Function':
        if (!functionAllowed(node, options)) return false;
        break;
      default:
        // Strings, raw text, unicode ranges, brackets…: no block writes them inline.
        return false;
    }
  }
  return true;
}

function functionAllowed(node: FunctionNode, options: StyleCheckOptions): boolean {
  const name = node.name.toLowerCase();
  if (!FUNCTIONS.has(name)) return false;
  if (name !== 'var') return valueAllowed(node.children, options);
  // var(--wp--…) or var(--wp--…, fallback): css-tree keeps the fallback as raw text; parse and check it too.
  const [variable, comma, fallback, ...rest] = node.children.toArray();
  if (variable?.type !== 'Identifier' || !isWordPressVariable(variable.name) || rest.length > 0) return false;
  if (comma === undefined) return true;
  if (comma.type !== 'Operator' || comma.value !== ',' || fallback?.type !== 'Raw') return false;
  const parsed = parseClean((fallback as Raw).value, 'value');
  if (!parsed || parsed.type !== 'Value' || !valueAllowed(parsed.children, options)) return false;
  (fallback as Raw).value = generate(parsed);
  return true;
}

function containsVar(nodes: Iterable<CssNode>): boolean {
  for (const node of nodes) {
    if (node.type === 'Function' && (node.name.toLowerCase() === 'var' || containsVar(node.children))) return true;
    if (node.type === 'Parentheses' && containsVar(node.children)) return true;
  }
  return false;
}

/** css-tree's parse, or null on any parse error. */
function parseClean(text: string, context: 'declarationList' | 'value'): CssNode | null {
  let failed = false;
  const ast = parse(text, { context, positions: false, onParseError: () => { failed = true; } });
  return failed ? null : ast;
}

/** The declaration as `property:value`, or null when it is refused. */
function checkDeclaration(declaration: Declaration, options: StyleCheckOptions): string | null {
  const property = declaration.property.toLowerCase();
  if (!PROPERTIES.has(property) || declaration.value.type !== 'Value') return null;
  const { children } = declaration.value;
  if (children.isEmpty || !valueAllowed(children, options)) return null;
  if (!containsVar(children) && lexer.matchProperty(property, declaration.value).error) return null;
  return `${property}:${generate(declaration.value)}`;
}

export const classForDeclarations = (normalized: string): string => `wps-${createHash('sha256').update(normalized).digest('hex').slice(0, 10)}`;

/** Checks one `style` attribute and lifts what passes into a generated class (see the module comment). */
export function liftStyle(style: string, options: StyleCheckOptions = {}): LiftedStyle {
  if (style.trim() === '') return NOTHING([]);
  if (REFUSED_CHARACTERS.some((text) => style.includes(text))) return NOTHING(['style']);
  const list = parseClean(style, 'declarationList');
  if (!list || list.type !== 'DeclarationList') return NOTHING(['style']);
  const kept: string[] = [];
  const refused: string[] = [];
  for (const node of list.children) {
    const declaration = node.type === 'Declaration' ? checkDeclaration(node, options) : null;
    if (declaration === null) refused.push(node.type === 'Declaration' ? node.property.toLowerCase() : 'style');
    else kept.push(declaration);
  }
  if (kept.length === 0) return NOTHING(refused);
  const normalized = kept.join(';');
  const className = classForDeclarations(normalized);
  return { className, rule: `:where(.${className}){${kept.map((d) => `${d}!important`).join(';')}}`, refused };
}
