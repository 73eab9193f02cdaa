/** @jest-environment node */
import { liftStyle } from '@/lib/html/inlineStyles';
import { sanitizeCmsHtml } from '@/lib/html/sanitize';

/**
 * Issue 17 "Inline styles under a strict CSP": style attributes are parsed with css-tree, checked
 * declaration by declaration against an allow-list, and what passes becomes a generated class
 * whose rule emulates inline precedence. The CSS attack corpus sits here, beside the XSS corpora
 * of sanitizeBypass.test.ts and media-and-sanitize.test.ts.
 */

const MEDIA = { mediaOrigins: ['https://media.example.com', 'http://wordpress.test'] };

/** The declarations that were kept, as the rule writes them (without `!important`). */
function kept(style: string): string[] {
  const { rule } = liftStyle(style, MEDIA);
  if (rule === null) return [];
  return rule.slice(rule.indexOf('{') + 1, -1).split(';').map((d) => d.replace(/!important$/, ''));
}

describe('issue 17 CSS attack corpus: nothing dangerous is lifted from a style attribute', () => {
  it.each([
    ['url(javascript:)', 'background:url(javascript:alert(1))'],
    ['url(javascript:) quoted', 'background-image:url("javascript:alert(1)")'],
    ['url(data:)', 'background-image:url(data:image/svg+xml;base64,PHN2Zz4=)'],
    ['url(vbscript:)', 'background-image:url(vbscript:msgbox(1))'],
    ['a relative url()', 'background-image:url(/wp-content/uploads/a.png)'],
    ['a scheme-relative url() to another host', 'background-image:url(//evil.example/a.png)'],
    ['url() on a host that is not the media host or WordPress', 'background-image:url(https://evil.example/a.png)'],
    ['a look-alike of the media host', 'background-image:url(https://media.example.com.evil.example/a.png)'],
    ['escaped url( (\\75rl)', 'background-image:\\75rl(javascript:alert(1))'],
    ['escaped url( with a space', 'background-image:\\75 rl(javascript:alert(1))'],
    ['an escape inside url()', 'background-image:url(javas\\63ript:alert(1))'],
    ['an escaped property name', 'b\\65havior:url(x.htc)'],
    ['expression()', 'width:expression(alert(1))'],
    ['expression() in a colour', 'color:expression(document.cookie)'],
    ['behavior', 'behavior:url(x.htc)'],
    ['-moz-binding', '-moz-binding:url(https://media.example.com/x.xml#xss)'],
    ['@import inside style', '@import url(https://evil.example/x.css);color:red'],
    ['@import after a declaration', 'color:red;@import "https://evil.example/x.css"'],
    ['a comment splitting url(', 'background-image:u/**/rl(javascript:alert(1))'],
    ['a comment splitting expression(', 'width:expr/**/ession(alert(1))'],
    ['a comment splitting a property', 'beha/**/vior:url(x.htc)'],
    ['</style> in a value', 'color:red;font-family:"</style><script>alert(1)</script>"'],
    ['</style> unquoted', 'color:</style><script>alert(1)</script>'],
    ['a > in a value', 'color:red>'],
    ['a custom property outside WordPress', 'color:var(--evil)'],
    ['a --wp-- variable whose fallback is a url()', 'background-image:var(--wp--x, url(javascript:alert(1)))'],
    ['a custom property declaration', '--wp--preset--color--x:url(javascript:alert(1))'],
    ['a string value', 'font-family:"Comic Sans MS"'],
    ['content', 'content:"x"'],
    ['position fixed (not on the allow-list)', 'position:fixed;top:0;left:0;z-index:99999'],
    ['a vendor-prefixed property', '-webkit-user-modify:read-write'],
    ['an image-set()', 'background-image:image-set("javascript:alert(1)" 1x)'],
    ['attr()', 'width:attr(data-x)'],
    ['element()', 'background:element(#x)'],
    ['an unknown unit', 'width:10q'],
    ['unparseable text', 'color:red;;;}body{color:blue'],
    ['a stray brace', 'color:red}'],
  ])('%s: %s', (_name, style) => {
    const result = liftStyle(style, MEDIA);
    expect(result.rule ?? '').not.toMatch(/javascript|vbscript|data:|expression|behavior|binding|@import|evil|<|>|\\|--evil|content|position|fixed|attr\(|element\(|image-set/i);
    // Nothing that touches the attacks survives: either nothing at all, or only `color:red`.
    expect(kept(style).every((d) => d === 'color:red')).toBe(true);
  });

  it('a style the sanitizer refuses leaves no style attribute and no class behind, and is logged', () => {
    const warn = jest.fn();
    const { html, css } = sanitizeCmsHtml('<p style="behavior:url(x.htc);-moz-binding:url(x.xml#xss)">x</p><p style="color:\\72 ed">y</p>', { item: 'news/a', warn });
    expect(html).toBe('<p>x</p><p>y</p>');
    expect(css).toBe('');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('[sanitize] news/a: dropped style behavior, style -moz-binding, style');
  });

  it('a background image on a development host is rewritten to the media host first, then allowed', () => {
    const { rule } = liftStyle('background-image:url(https://dev-cms.example.test/wp-content/uploads/a.png)', {
      ...MEDIA,
      rewriteUrl: (url) => url.replace('https://dev-cms.example.test', 'https://media.example.com'),
    });
    expect(rule).toContain('background-image:url(https://media.example.com/wp-content/uploads/a.png)!important');
  });

  it('without media origins, no url() passes at all', () => {
    expect(liftStyle('background-image:url(https://media.example.com/a.png)').rule).toBeNull();
  });
});

describe('issue 17 what blocks write inline is kept: colours, spacing, sizes, borders, backgrounds, flex and grid, typography, var(--wp--…)', () => {
  it.each([
    ['color:#ffffff;background-color:#0a7d4f;border-radius:6px', ['color:#ffffff', 'background-color:#0a7d4f', 'border-radius:6px']],
    ['background-color:rgba(6,147,227,0.5)', ['background-color:rgba(6,147,227,0.5)']],
    ['background:linear-gradient(135deg,rgba(6,147,227,1) 0%,rgb(155,81,224) 100%)', ['background:linear-gradient(135deg,rgba(6,147,227,1) 0%,rgb(155,81,224) 100%)']],
    ['padding-top:var(--wp--preset--spacing--50);padding-left:2rem', ['padding-top:var(--wp--preset--spacing--50)', 'padding-left:2rem']],
    ['margin-top:var(--wp--preset--spacing--30, 1.5rem)', ['margin-top:var(--wp--preset--spacing--30,1.5rem)']],
    ['min-height:420px', ['min-height:420px']],
    ['height:64px', ['height:64px']],
    ['flex-basis:66.66%', ['flex-basis:66.66%']],
    ['border-width:2px;border-style:solid;border-color:#111', ['border-width:2px', 'border-style:solid', 'border-color:#111']],
    ['border-top:1px solid var(--wp--preset--color--contrast)', ['border-top:1px solid var(--wp--preset--color--contrast)']],
    ['aspect-ratio:16/9;object-position:30% 70%', ['aspect-ratio:16/9', 'object-position:30% 70%']],
    ['grid-template-columns:repeat(auto-fill, minmax(min(12rem, 100%), 1fr))', ['grid-template-columns:repeat(auto-fill,minmax(min(12rem,100%),1fr))']],
    ['text-align:center;text-transform:uppercase;text-decoration:underline', ['text-align:center', 'text-transform:uppercase', 'text-decoration:underline']],
    [
      'font-size:clamp(1.875rem, 1.875rem + ((1vw - 0.48rem) * 1.202), 2.5rem);font-weight:700;font-style:italic;line-height:1.6;letter-spacing:0.02em',
      ['font-size:clamp(1.875rem,1.875rem + ((1vw - 0.48rem)*1.202),2.5rem)', 'font-weight:700', 'font-style:italic', 'line-height:1.6', 'letter-spacing:0.02em'],
    ],
    ['background-image:url(https://media.example.com/wp-content/uploads/a.png);background-position:50% 50%', ['background-image:url(https://media.example.com/wp-content/uploads/a.png)', 'background-position:50% 50%']],
    ['background-image:url("http://wordpress.test/wp-content/uploads/b c.png")', ['background-image:url(http://wordpress.test/wp-content/uploads/b%20c.png)']],
  ])('%s', (style, declarations) => {
    expect(kept(style)).toEqual(declarations);
  });

  it('an allowed declaration with a value outside its grammar is refused, its neighbours kept', () => {
    expect(kept('color:12px;padding:1rem')).toEqual(['padding:1rem']);
    expect(liftStyle('color:12px;padding:1rem').refused).toEqual(['color']);
  });
});

describe('issue 17 the generated class: deterministic, and its rule emulates inline precedence', () => {
  it('the same style gives the same class; another style another class', () => {
    const a = liftStyle('color:#fff;padding:1rem').className;
    expect(a).toMatch(/^wps-[0-9a-f]{10}$/);
    // Normalized: case and white space do not matter, the declarations do.
    expect(liftStyle(' COLOR : #fff ;  padding:1rem ; ').className).toBe(a);
    expect(liftStyle('padding:1rem;color:#fff').className).not.toBe(a);
  });

  it('the rule is :where(.class) with !important: above every normal rule, below other !important rules, as an inline style', () => {
    expect(liftStyle('color:#fff;padding:1rem').rule).toMatch(/^:where\(\.wps-[0-9a-f]{10}\)\{color:#fff!important;padding:1rem!important\}$/);
  });

  it('the sanitizer adds the class to the element (beside its own classes) and returns each rule once', () => {
    const { html, css } = sanitizeCmsHtml('<div class="wp-block-column" style="flex-basis:50%">a</div><div class="wp-block-column" style="flex-basis:50%">b</div><p style="color:#fff">c</p>');
    const column = liftStyle('flex-basis:50%');
    const text = liftStyle('color:#fff');
    expect(html).toBe(`<div class="wp-block-column ${column.className}">a</div><div class="wp-block-column ${column.className}">b</div><p class="${text.className}">c</p>`);
    expect(css).toBe(`${column.rule}${text.rule}`);
    expect(html).not.toContain('style=');
  });
});
