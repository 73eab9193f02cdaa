import { generate, List, parse, walk, type CssNode, type Selector } from 'css-tree';

/**
 * Rewrites "any element before me" selectors, `* + X` and `* ~ X` (the "lobotomised owl",
 * `.is-layout-flow > * + *`), as `X:where(:not(:first-child))`. Issue 19.
 *
 * Why: for a lone `*` before a sibling combinator Chromium keeps one invalidation set that every
 * element matches. While such a rule is on the page, inserting an element anywhere can restyle the
 * whole subtree of its parent: the top bar, inserted before <main>, restyled 368 elements on the
 * block-rich article and 296 on home. WordPress's layout CSS has these
 * (`.is-layout-flow > * + *`, `.is-layout-constrained > * + *`, `.wp-block-file * + .wp-block-file__button`),
 * and so does the consent library (`.cm__link-group > * + *`).
 *
 * The same elements match: an element with an element sibling before it is exactly an element that
 * is not its parent's first element child, whichever of `+` or `~` joined them (and `P > * + X`
 * still needs X's parent to be P, `P * + X` X's parent inside P). `*` and `:where()` both weigh
 * nothing, so the specificity, and with it the cascade, is unchanged. `:first-child` is matched by
 * position, which Chromium tracks on the parent without a page-wide invalidation set.
 *
 * Only a compound that is `*` alone is rewritten: `p + p`, `.a ~ .b`, `*.x + y` stay as they are.
 * Every selector inside `node` is rewritten in place, those in `:is()`, `:where()`, `:has()` too;
 * true when one changed.
 */
export function rewriteUniversalSiblings(node: CssNode): boolean {
  let changed = false;
  walk(node, {
    visit: 'Selector',
    enter(selector) {
      if (rewriteSelector(selector)) changed = true;
    },
  });
  return changed;
}

function rewriteSelector(selector: Selector): boolean {
  const nodes = selector.children.toArray();
  let changed = false;
  const out: CssNode[] = [];
  for (let i = 0; i < nodes.length; i += 1) {
    const node = nodes[i];
    const combinator = nodes[i + 1];
    const startsCompound = i === 0 || nodes[i - 1].type === 'Combinator';
    const endsCompound = combinator?.type === 'Combinator';
    if (
      startsCompound &&
      endsCompound &&
      node.type === 'TypeSelector' &&
      node.name === '*' &&
      combinator.type === 'Combinator' &&
      (combinator.name === '+' || combinator.name === '~') &&
      i + 2 < nodes.length
    ) {
      // Drop `* +`: the next compound gets `:where(:not(:first-child))`, before its pseudo-element if it has one.
      let end = i + 2;
      while (end < nodes.length && nodes[end].type !== 'Combinator') end += 1;
      const compound = nodes.slice(i + 2, end);
      const pseudoElement = compound.findIndex((part) => part.type === 'PseudoElementSelector');
      const at = pseudoElement === -1 ? compound.length : pseudoElement;
      out.push(...compound.slice(0, at), notFirstChild(), ...compound.slice(at));
      i = end - 1;
      changed = true;
      continue;
    }
    out.push(node);
  }
  if (changed) selector.children = new List<CssNode>().fromArray(out);
  return changed;
}

const notFirstChild = (): CssNode => (parse(':where(:not(:first-child))', { context: 'selector' }) as Selector).children.first as CssNode;

/**
 * The rewrite over a whole stylesheet's text (the site's built CSS, next.config.ts). Text without
 * such a selector is returned as it is, unparsed.
 */
export function rewriteUniversalSiblingsInCss(css: string): string {
  if (!/\*\s*[+~]/.test(css)) return css;
  const ast = parse(css);
  return rewriteUniversalSiblings(ast) ? generate(ast) : css;
}
