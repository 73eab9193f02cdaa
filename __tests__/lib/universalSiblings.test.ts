/**
 * Issue 19: "any element before me" selectors (`* + X`, `* ~ X`) are rewritten as
 * `X:where(:not(:first-child))` (src/lib/css/universalSiblings.ts): the same elements, the same
 * specificity, and no page-wide invalidation set in Chromium.
 */
import { rewriteUniversalSiblingsInCss } from '@/lib/css/universalSiblings';

describe('rewriteUniversalSiblingsInCss', () => {
  test.each([
    ['.wp-body .is-layout-flow>*+*{margin-block-start:24px}', '.wp-body .is-layout-flow>*:where(:not(:first-child)){margin-block-start:24px}'],
    ['#cc-main .cm__link-group>*+*{margin-left:1.3rem}', '#cc-main .cm__link-group>*:where(:not(:first-child)){margin-left:1.3rem}'],
    ['.wp-block-file *+.wp-block-file__button{margin-left:.75em}', '.wp-block-file .wp-block-file__button:where(:not(:first-child)){margin-left:.75em}'],
    ['.a>*~p{color:red}', '.a>p:where(:not(:first-child)){color:red}'],
    ['*+p::before{content:"x"}', 'p:where(:not(:first-child))::before{content:"x"}'],
    ['@media (min-width:600px){.x>*+*{gap:0}}', '@media (min-width:600px){.x>*:where(:not(:first-child)){gap:0}}'],
    ['.a:has(>*+*){color:red}', '.a:has(>*:where(:not(:first-child))){color:red}'],
  ])('%s', (input, output) => {
    expect(rewriteUniversalSiblingsInCss(input)).toBe(output);
  });

  test.each(['p+p{margin:0}', '.a~.b{color:red}', '*.x+y{color:red}', '.a *{color:red}', '.a>*{margin:0}'])('leaves %s as it is', (css) => {
    expect(rewriteUniversalSiblingsInCss(css)).toBe(css);
  });

  test('text without such a selector is returned unparsed, comments and all', () => {
    const css = '/* keep */ .a { color : red }';
    expect(rewriteUniversalSiblingsInCss(css)).toBe(css);
  });

  // The claim the rewrite rests on, checked by a selector engine: both select the same elements.
  test('the rewritten selectors match exactly the elements the originals match', () => {
    document.body.innerHTML = `
      <div class="is-layout-flow"><p id="a"></p><h2 id="b"></h2>text<p id="c"></p><div id="d"><p id="e"></p><p id="f"></p></div></div>
      <div class="wp-block-file"><a id="g"></a><span><a class="wp-block-file__button" id="h"></a></span><a class="wp-block-file__button" id="i"></a></div>`;
    const ids = (selector: string) => Array.from(document.querySelectorAll(selector), (el) => el.id);
    for (const selector of ['.is-layout-flow>*+*', '.is-layout-flow *~p', '.wp-block-file *+.wp-block-file__button', '*+*']) {
      const rewritten = rewriteUniversalSiblingsInCss(`${selector}{x:y}`).replace(/\{x:y\}$/, '');
      expect(rewritten).not.toBe(selector);
      expect({ selector, matched: ids(rewritten) }).toEqual({ selector, matched: ids(selector) });
    }
  });
});
