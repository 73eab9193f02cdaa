import { generate, List, parse, walk, type CssNode, type Rule, type Selector, type SelectorList, type StyleSheet } from 'css-tree';
import { rewriteUniversalSiblings } from '../css/universalSiblings';
import { BODY_CLASS } from '../shared/wordpress/bodyClass';

export { BODY_CLASS };

/**
 * Scopes CSS from WordPress to the CMS body wrapper (docs/blocks.md, "Block CSS"), with css-tree:
 * a parser, never regular expressions.
 *
 * - `body`, `html` and `:root` (alone, or leading a selector: `:root .has-x`, `html body .y`)
 *   become the wrapper: `.wp-body`, `.wp-body .has-x`, `.wp-body .y`. WordPress's page-level
 *   custom properties (`--wp--preset--*`, the block gap) are thus defined on the wrapper.
 * - Every other selector is prefixed: `.wp-block-columns` → `.wp-body .wp-block-columns`. Every
 *   WordPress rule gains the same (0,1,0), so their order among themselves is unchanged, and a
 *   block's rule beats the site's element rules (`.prose p`) inside the body: the editor's choices win.
 * - Dropped, each for a reason:
 *   - a root element with a qualifier (`body.rtl …`, `html[dir=rtl] …`, `body:not(…)`): it names a
 *     state of WordPress's page (its body classes), which the site's body never has;
 *   - `.wp-site-blocks` rules: the block theme's template root (header, main, footer). Its padding
 *     and the gaps between template parts are the site's layout, not the body's;
 *   - `@charset`, `@import`, `@namespace`: only valid at the start of a file (and `@import`
 *     would load a stylesheet the CSP does not allow);
 *   - a rule that loads a `data:` URL: the CSP's img-src has no `data:` and stays so. In 6.1 only
 *     the image block's circle mask (`mask-image:url(data:…svg)`, in an `@supports`); without
 *     it, the block's own `border-radius:9999px` rule still draws the circle;
 *   - with `themeElements: 'variables-only'` (the global stylesheet), the declarations of rules
 *     whose selectors name only elements (`body{font-family…}`, `h1{font-size…}`,
 *     `a:where(:not(.wp-element-button)){color…}`), but their custom properties: that is the
 *     theme's typography (font, colour, heading sizes, link colour), and the site's own stays
 *     ours. What editors choose (`.has-*` classes, presets, block styles, buttons) is in class rules.
 * - "Any element before me" selectors (`.is-layout-flow > * + *`) are written as
 *   `.is-layout-flow > *:where(:not(:first-child))`: the same elements and specificity, without
 *   the invalidation set that made every insertion restyle its parent's subtree (issue 19,
 *   src/lib/css/universalSiblings.ts).
 * - `@media`, `@supports`, `@layer` and `@container` keep their rules, scoped; `@keyframes` and
 *   `@font-face` are kept as they are (they have no selectors).
 * - The output is minified (css-tree's generator) and `</style` never appears in it (the CSS goes
 *   into a `<style>` element).
 */

export interface ScopeOptions {
  /** `variables-only` for the theme's global stylesheet: element rules keep only their custom properties. */
  themeElements?: 'keep' | 'variables-only';
}

const GROUPING_AT_RULES = new Set(['media', 'supports', 'layer', 'container']);
const FILE_START_AT_RULES = new Set(['charset', 'import', 'namespace']);
const ROOT_ELEMENTS = new Set(['html', 'body']);

type Part = CssNode;

/** The parts of a selector, split into compounds at combinators. */
function compounds(selector: Selector): { nodes: Part[]; combinator: Part | null }[] {
  const out: { nodes: Part[]; combinator: Part | null }[] = [{ nodes: [], combinator: null }];
  selector.children.forEach((node) => {
    if (node.type === 'Combinator') out.push({ nodes: [], combinator: node });
    else out[out.length - 1].nodes.push(node);
  });
  return out;
}

/**
 * Classes WordPress puts on its `<body>` that the site's CMS body always stands for:
 * `wp-embed-responsive` (block themes support responsive embeds: the embeds' aspect ratios).
 */
const ROOT_CLASSES = new Set(['wp-embed-responsive']);

const isRootNode = (node: Part): boolean =>
  (node.type === 'TypeSelector' && ROOT_ELEMENTS.has(node.name.toLowerCase())) ||
  (node.type === 'PseudoClassSelector' && node.name.toLowerCase() === 'root') ||
  (node.type === 'ClassSelector' && ROOT_CLASSES.has(node.name));

const scopeNode = (): Part => ({ type: 'ClassSelector', name: BODY_CLASS });
const descendant = (): Part => ({ type: 'Combinator', name: ' ' });

/** The selector scoped to the wrapper, or null when it cannot apply inside the site's body. */
function scopeSelector(selector: Selector): Selector | null {
  const parts = compounds(selector);
  // Leading root compounds (`html`, `body`, `:root`, `html body`) are the wrapper.
  let start = 0;
  while (start < parts.length && parts[start].nodes.some(isRootNode)) {
    if (parts[start].nodes.length > 1) return null; // body.rtl, html[dir=rtl], :root:not(…): WordPress's page states
    start += 1;
  }
  const rest = parts.slice(start);
  const first = rest[0];
  if (first && first.nodes.some((node) => node.type === 'ClassSelector' && node.name === 'wp-site-blocks')) return null;

  const children = new List<CssNode>();
  children.appendData(scopeNode());
  rest.forEach((part, i) => {
    // The first remaining compound follows the wrapper: with its own combinator when it had one
    // (`body > .x` → `.wp-body > .x`), else as a descendant.
    if (i === 0) children.appendData(start > 0 && part.combinator ? part.combinator : descendant());
    else if (part.combinator) children.appendData(part.combinator);
    for (const node of part.nodes) children.appendData(node);
  });
  return { ...selector, children };
}

/** Whether the selector names only elements (no class, id or attribute outside pseudo-class arguments). */
function isElementSelector(selector: Selector): boolean {
  let named = false;
  selector.children.forEach((node) => {
    if (node.type === 'ClassSelector' || node.type === 'IdSelector' || node.type === 'AttributeSelector') named = true;
  });
  return !named;
}

/** Whether the rule loads a `data:` URL (the image block's circle mask): the CSP's img-src has no `data:`. */
function loadsDataUrl(rule: Rule): boolean {
  let found = false;
  walk(rule.block, {
    visit: 'Url',
    enter(node) {
      if (/^\s*data:/i.test(node.value)) found = true;
    },
  });
  return found;
}

/** Scopes one rule in place; false when nothing of it is left. */
function scopeRule(rule: Rule, options: ScopeOptions): boolean {
  if (rule.prelude.type !== 'SelectorList') return false; // a prelude css-tree could not parse
  if (loadsDataUrl(rule)) return false;
  const selectors = rule.prelude.children.toArray() as Selector[];
  if (options.themeElements === 'variables-only' && selectors.length > 0 && selectors.every(isElementSelector)) {
    const kept = new List<CssNode>();
    rule.block.children.forEach((declaration) => {
      if (declaration.type === 'Declaration' && declaration.property.startsWith('--')) kept.appendData(declaration);
    });
    if (kept.isEmpty) return false;
    rule.block.children = kept;
  }
  const scoped = new List<CssNode>();
  for (const selector of selectors) {
    const result = scopeSelector(selector);
    if (result) scoped.appendData(result);
  }
  if (scoped.isEmpty || rule.block.children.isEmpty) return false;
  rule.prelude.children = scoped;
  rewriteUniversalSiblings(rule.prelude);
  return true;
}

/**
 * One top-level piece of scoped CSS: a rule, or one rule inside its `@media`/`@supports`, or an
 * at-rule kept whole. `needs`: for each selector of the rule, the classes an element must have for
 * it to match (its class selectors outside pseudo-class arguments, the wrapper's aside); null when
 * the piece applies whatever the body's classes (`@keyframes`, a selector with no class).
 */
export interface ScopedChunk {
  css: string;
  needs: string[][] | null;
}

function requiredClasses(selector: Selector): string[] {
  const classes: string[] = [];
  selector.children.forEach((node) => {
    if (node.type === 'ClassSelector' && node.name !== BODY_CLASS && !classes.includes(node.name)) classes.push(node.name);
  });
  return classes;
}

/** Scopes a list of rules and at-rules in place, as chunks; `wrap` opens and closes the enclosing grouping at-rules. */
function scopeList(list: List<CssNode>, options: ScopeOptions, wrap: [string, string] = ['', '']): ScopedChunk[] {
  const kept: ScopedChunk[] = [];
  list.forEach((node) => {
    if (node.type === 'Rule') {
      if (!scopeRule(node, options)) return;
      const needs = (node.prelude as SelectorList).children.toArray().map((selector) => requiredClasses(selector as Selector));
      kept.push({ css: `${wrap[0]}${generate(node)}${wrap[1]}`, needs: needs.some((classes) => classes.length === 0) ? null : needs });
    } else if (node.type === 'Atrule') {
      const name = node.name.toLowerCase();
      if (FILE_START_AT_RULES.has(name)) return;
      if (GROUPING_AT_RULES.has(name) && node.block) {
        const open = `@${node.name}${node.prelude ? ` ${generate(node.prelude)}` : ''}{`;
        kept.push(...scopeList(node.block.children, options, [`${wrap[0]}${open}`, `}${wrap[1]}`]));
        return;
      }
      kept.push({ css: `${wrap[0]}${generate(node)}${wrap[1]}`, needs: null });
    }
    // Comments, and anything css-tree kept as Raw, are dropped.
  });
  return kept;
}

/** Custom properties keep their raw text: trim it, as the generator does for other values. */
function trimCustomProperties(ast: StyleSheet): void {
  walk(ast, {
    visit: 'Declaration',
    enter(node) {
      if (node.value.type === 'Raw' && node.value.value.trim() !== '') node.value.value = node.value.value.trim();
    },
  });
}

/** Never lets CSS close the `<style>` element it is put in. */
export function safeInStyleElement(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

/**
 * `css` scoped to the CMS body, as minified chunks in order (see ScopedChunk): the assembler drops
 * duplicates across sources, and chunks no element of the body can match, without parsing again.
 */
export function scopeCssChunks(css: string, options: ScopeOptions = {}): ScopedChunk[] {
  const ast = parse(css, { parseCustomProperty: false, onParseError: () => undefined }) as StyleSheet;
  trimCustomProperties(ast);
  return scopeList(ast.children, options).map((chunk) => ({ ...chunk, css: safeInStyleElement(chunk.css) }));
}

/** Whether a chunk can match inside a body whose elements have (together) these classes. */
export function chunkApplies(chunk: ScopedChunk, classes: ReadonlySet<string>): boolean {
  return chunk.needs === null || chunk.needs.some((needed) => needed.every((name) => classes.has(name)));
}

/** `css` scoped to the CMS body, minified. */
export function scopeCss(css: string, options: ScopeOptions = {}): string {
  return scopeCssChunks(css, options)
    .map((chunk) => chunk.css)
    .join('');
}
