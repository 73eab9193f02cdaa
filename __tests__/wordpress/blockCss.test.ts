import { http, HttpResponse } from 'msw';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { clearProcessCaches } from '@/lib/site/invalidation';
import {
  assembleBlockCss,
  BLOCK_CSS_CACHE_MS,
  blockCssFor,
  withBlockCss,
  clearBlockCssCache,
  COMMON_CSS_PATH,
  resetBlockCssForTests,
} from '@/lib/html/blockCss';
import { MaxRetriesError, RETRY_DELAY_MS } from '@/lib/shared/wordpress/http';
import { chunkApplies, scopeCss, scopeCssChunks } from '@/lib/html/scopeCss';
import { recordWordPressRequests, server, WORDPRESS_BASE } from '../setup/msw';

const LIBRARY = path.join(__dirname, '..', '..', '__mocks__', 'wordpress', 'block-library');
const GLOBAL_STYLES = `${WORDPRESS_BASE}/wp-json/custom-api/v1/global-styles`;

let recorder: ReturnType<typeof recordWordPressRequests>;
let error: jest.SpyInstance;
const requested = () => recorder.urls.map((url) => url.pathname);

beforeEach(() => {
  resetBlockCssForTests();
  recorder = recordWordPressRequests();
  error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  recorder.stop();
  error.mockRestore();
  jest.useRealTimers();
});

describe('scopeCss: WordPress CSS scoped to the CMS body (.wp-body)', () => {
  it('body, html and :root become the wrapper; other selectors are prefixed', () => {
    expect(scopeCss(':root{--a:1}body .is-layout-flex{display:flex}html :where(img){height:auto}.wp-block-columns,.x>.y{gap:2em}')).toBe(
      '.wp-body{--a:1}.wp-body .is-layout-flex{display:flex}.wp-body :where(img){height:auto}.wp-body .wp-block-columns,.wp-body .x>.y{gap:2em}',
    );
    expect(scopeCss('html body .q{color:red}body>.z{margin:0}')).toBe('.wp-body .q{color:red}.wp-body>.z{margin:0}');
  });

  it('keeps @media and @supports (scoped inside), and @keyframes as they are', () => {
    expect(scopeCss('@media (min-width:782px){.wp-block-columns{flex-wrap:nowrap!important}}@supports (position:sticky){.s{position:sticky}}@keyframes k{from{opacity:0}}')).toBe(
      '@media (min-width:782px){.wp-body .wp-block-columns{flex-wrap:nowrap!important}}@supports (position:sticky){.wp-body .s{position:sticky}}@keyframes k{from{opacity:0}}',
    );
  });

  it('drops what cannot apply inside the body: WordPress page states (body.rtl), the template root (.wp-site-blocks), @charset and @import', () => {
    expect(scopeCss('@charset "UTF-8";@import url(x.css);body.rtl .a{float:right}html[dir=rtl] .b{x:y}.wp-site-blocks{padding-top:2rem}.wp-site-blocks>*+*{margin-top:1.5rem}.c{color:red}')).toBe(
      '.wp-body .c{color:red}',
    );
    // A selector list keeps its other selectors.
    expect(scopeCss('body.rtl .a,.a{float:left}')).toBe('.wp-body .a{float:left}');
  });

  it('global stylesheet: the theme element rules (body font and colour, headings, links) keep only their custom properties; class rules stay whole', () => {
    const css =
      'body{margin:0;--wp--style--block-gap:1.5rem;color:#000;font-family:system-ui}h1,h2{font-size:3rem}a:where(:not(.wp-element-button)){color:green}' +
      '.wp-element-button,.wp-block-button__link{background-color:var(--wp--preset--color--primary)}.has-primary-color{color:var(--wp--preset--color--primary)!important}';
    expect(scopeCss(css, { themeElements: 'variables-only' })).toBe(
      '.wp-body{--wp--style--block-gap:1.5rem}.wp-body .wp-element-button,.wp-body .wp-block-button__link{background-color:var(--wp--preset--color--primary)}.wp-body .has-primary-color{color:var(--wp--preset--color--primary)!important}',
    );
    // Elsewhere (block files, the item's CSS) element rules are the blocks' own: kept.
    expect(scopeCss(':where(figure){margin:0 0 1em}')).toBe('.wp-body :where(figure){margin:0 0 1em}');
  });

  it('issue 19: writes the layout gap’s "any element before me" (`> * + *`) as :not(:first-child), same specificity (src/lib/css/universalSiblings.ts)', () => {
    expect(scopeCss('body .is-layout-flow>*+*{margin-block-start:24px}.wp-block-file *+.wp-block-file__button{margin-left:.75em}p+p{x:y}')).toBe(
      '.wp-body .is-layout-flow>*:where(:not(:first-child)){margin-block-start:24px}.wp-body .wp-block-file .wp-block-file__button:where(:not(:first-child)){margin-left:.75em}.wp-body p+p{x:y}',
    );
  });

  it('drops a rule that loads a data: URL (the CSP img-src has none): the image circle mask falls back to its border-radius', () => {
    const css = '.c img{border-radius:9999px}@supports (mask-image:none){.c img{mask-image:url("data:image/svg+xml;utf8,<svg/>");border-radius:0}}.d{background:url(https://media.example.com/a.png)}';
    expect(scopeCss(css)).toBe('.wp-body .c img{border-radius:9999px}.wp-body .d{background:url(https://media.example.com/a.png)}');
  });

  it('never lets the CSS close its <style> element', () => {
    const out = scopeCss('.a::after{content:"</style><script>alert(1)</script>"}');
    expect(out).not.toMatch(/<\/style/i);
    expect(out).toContain('<\\/style>');
  });

  it('minifies (whitespace, comments) and survives CSS it cannot parse', () => {
    expect(scopeCss('/* c */ .a { color : red ; }\n\n.b{--x:  1px  }')).toBe('.wp-body .a{color:red}.wp-body .b{--x:1px}');
    expect(() => scopeCss('.a{color:red;}} .b{{')).not.toThrow();
  });
});

describe('assembleBlockCss', () => {
  it('a body without blocks or CSS of its own gets no stylesheet and costs no request', async () => {
    await expect(assembleBlockCss({ blocks: [], css: '' })).resolves.toBe('');
    expect(recorder.urls).toHaveLength(0);
  });

  it("reads the used blocks' files, the common CSS and the global styles from WordPress, in WordPress's order, then the item's CSS", async () => {
    const css = await assembleBlockCss({ blocks: ['columns', 'button'], css: '.wp-container-42-1{display:flex;gap:0.5em}' });
    expect(requested().sort()).toEqual(
      ['/wp-includes/blocks/button/style.min.css', '/wp-includes/blocks/columns/style.min.css', COMMON_CSS_PATH, '/wp-json/custom-api/v1/global-styles'].sort(),
    );
    const at = (fragment: string) => {
      const i = css.indexOf(fragment);
      expect(i).toBeGreaterThanOrEqual(0);
      return i;
    };
    const button = at('.wp-body .wp-block-button__link{cursor:pointer');
    const columns = at('.wp-body .wp-block-columns{display:flex');
    const common = at('.wp-body{--wp-admin-theme-color:#007cba');
    const global = at('--wp--preset--color--primary:#9DFF20');
    const own = at('.wp-body .wp-container-42-1{display:flex;gap:0.5em}');
    expect(button).toBeLessThan(columns); // blocks in name order
    expect(columns).toBeLessThan(common);
    expect(common).toBeLessThan(global);
    expect(global).toBeLessThan(own);
    // The columns' breakpoint: side by side from 782 px.
    expect(css).toContain('@media (min-width:782px){.wp-body .wp-block-columns{flex-wrap:nowrap!important}}');
    // Nothing unscoped: every rule is inside the body.
    expect(css).not.toMatch(/(^|})(body|:root|html)[{ ]/);
  });

  it('is the size WordPress sends, minified: each vendored file costs about its own bytes', async () => {
    const css = await assembleBlockCss({ blocks: ['columns'], css: '' });
    const files = ['blocks/columns/style.min.css', 'common.min.css', 'global-styles.css'].map((f) => readFileSync(path.join(LIBRARY, f), 'utf8').length);
    const total = files.reduce((a, b) => a + b, 0);
    // Scoping adds `.wp-body ` per selector; minifying and dropping theme element rules take some away.
    expect(css.length).toBeLessThan(total * 1.4);
    expect(css.length).toBeGreaterThan(total * 0.6);
  });

  it('a block without a stylesheet (404) is no CSS, cached like a file; invalid names are never requested', async () => {
    await assembleBlockCss({ blocks: ['column', '../../wp-config', 'Columns', 'columns'], css: '' });
    expect(requested()).toContain('/wp-includes/blocks/column/style.min.css');
    expect(requested().filter((p) => p.includes('wp-config') || p.includes('Columns'))).toEqual([]);
    recorder.urls.length = 0;
    await assembleBlockCss({ blocks: ['column', 'columns'], css: '' });
    expect(recorder.urls).toHaveLength(0);
  });

  it("a file WordPress lacks, answered by its front end's redirect to the site (302), is no CSS: the redirect is not followed", async () => {
    const site = jest.fn(() => HttpResponse.text('<!doctype html><title>Home</title>', { headers: { 'content-type': 'text/html' } }));
    server.use(
      http.get(`${WORDPRESS_BASE}/wp-includes/blocks/column/style.min.css`, () => new HttpResponse(null, { status: 302, headers: { location: 'http://site.example.test/' } })),
      http.get('http://site.example.test/', site),
    );
    const css = await assembleBlockCss({ blocks: ['column', 'columns'], css: '' });
    expect(css).toContain('.wp-body .wp-block-columns');
    expect(site).not.toHaveBeenCalled();
    // Once, cached like a 404: no retries, nothing logged as a failure.
    expect(requested().filter((p) => p === '/wp-includes/blocks/column/style.min.css')).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('a WordPress without the global-styles route (404) has no global styles: the rest is served', async () => {
    server.use(http.get(GLOBAL_STYLES, () => HttpResponse.json({ code: 'rest_no_route', message: 'No route', data: { status: 404 } }, { status: 404 })));
    const css = await assembleBlockCss({ blocks: ['buttons'], css: '' });
    expect(css).toContain('.wp-body .wp-block-buttons');
    expect(css).not.toContain('--wp--preset--color--primary');
  });

  it('caches each source per process for 5 minutes, like the menu: a second page asks WordPress nothing', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    await assembleBlockCss({ blocks: ['quote'], css: '' });
    const first = recorder.urls.length;
    expect(first).toBe(3);
    await assembleBlockCss({ blocks: ['quote'], css: '.a{color:red}' });
    expect(recorder.urls).toHaveLength(first);
    jest.advanceTimersByTime(BLOCK_CSS_CACHE_MS + 1);
    await assembleBlockCss({ blocks: ['quote'], css: '' });
    expect(recorder.urls).toHaveLength(2 * first);
  });

  it('a layout/menu change broadcast (clearProcessCaches({menu: true})) clears it; a content change does not', async () => {
    await assembleBlockCss({ blocks: ['quote'], css: '' });
    recorder.urls.length = 0;
    clearProcessCaches({ menu: false, content: true });
    await assembleBlockCss({ blocks: ['quote'], css: '' });
    expect(recorder.urls).toHaveLength(0);
    clearProcessCaches({ menu: true, content: false });
    await assembleBlockCss({ blocks: ['quote'], css: '' });
    expect(requested()).toEqual(expect.arrayContaining([COMMON_CSS_PATH, '/wp-json/custom-api/v1/global-styles', '/wp-includes/blocks/quote/style.min.css']));
  });

  it('a failed read with no copy yet throws after the wrapper\'s 3 attempts (ISR keeps the last good page; a build fails loudly)', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    server.use(http.get(`${WORDPRESS_BASE}${COMMON_CSS_PATH}`, () => new HttpResponse('down', { status: 503 })));
    const result = assembleBlockCss({ blocks: ['columns'], css: '' });
    const settled = result.catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(2 * RETRY_DELAY_MS);
    expect(await settled).toBeInstanceOf(MaxRetriesError);
    expect(requested().filter((p) => p === COMMON_CSS_PATH)).toHaveLength(3);
  });

  it('a failed read once a copy was read serves that copy and logs: the page keeps its layout', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const good = await assembleBlockCss({ blocks: ['columns'], css: '' });
    clearBlockCssCache();
    server.use(
      http.get(`${WORDPRESS_BASE}${COMMON_CSS_PATH}`, () => new HttpResponse('down', { status: 503 })),
      http.get(GLOBAL_STYLES, () => HttpResponse.error()),
    );
    const result = assembleBlockCss({ blocks: ['columns'], css: '' });
    await jest.advanceTimersByTimeAsync(2 * RETRY_DELAY_MS);
    await expect(result).resolves.toBe(good);
    expect(error.mock.calls.flat().join('\n')).toMatch(/\[block-css\] could not read common .*using the copy read before/);
    // That copy stands for another cache period: the next page does not ask the failing WordPress again.
    recorder.urls.length = 0;
    await expect(assembleBlockCss({ blocks: ['columns'], css: '' })).resolves.toBe(good);
    expect(recorder.urls).toHaveLength(0);
  });

  it('keeps a rule found in two sources once, at its last place', async () => {
    const css = await assembleBlockCss({ blocks: [], css: '.wp-element-button{cursor:pointer}.x{color:red}' });
    const rule = '.wp-body .wp-element-button{cursor:pointer}';
    expect(css.split(rule)).toHaveLength(2);
    expect(css.endsWith(`${rule}.wp-body .x{color:red}`)).toBe(true);
  });
});

describe('only the rules the body can match (detail pages)', () => {
  it('a rule that needs a class no element of the body has is left out; one the body has is kept', async () => {
    const without = await blockCssFor({ html: '<p class="has-primary-color">x</p>', styles: { blocks: [], css: '.lifted-1{color:red}' } });
    expect(without).toContain('.wp-body .has-primary-color{color:var(--wp--preset--color--primary)!important}');
    expect(without).not.toContain('.has-vivid-red-color');
    // The body's own CSS too: a lifted class the HTML does not use is not sent.
    expect(without).not.toContain('.lifted-1');
    // Custom properties and selectors without a class (the wrapper's variables) always stay.
    expect(without).toContain('--wp--preset--color--vivid-red:#cf2e2e');
  });

  it('inside @media each rule is kept or left out on its own', () => {
    const chunks = scopeCssChunks('@media (min-width:782px){.a{x:1}.b{x:2}}');
    expect(chunks.map((c) => c.css)).toEqual(['@media (min-width:782px){.wp-body .a{x:1}}', '@media (min-width:782px){.wp-body .b{x:2}}']);
    expect(chunks.filter((c) => chunkApplies(c, new Set(['b']))).map((c) => c.css)).toEqual(['@media (min-width:782px){.wp-body .b{x:2}}']);
  });

  it('classes inside :where()/:not() are not required; one selector of a list that can match keeps the rule', () => {
    const [rule] = scopeCssChunks('.x:not(.y),.z :where(.q){x:1}');
    expect(rule.needs).toEqual([['x'], ['z']]);
    expect(chunkApplies(rule, new Set(['z']))).toBe(true);
    expect(chunkApplies(rule, new Set(['y', 'q']))).toBe(false);
  });

  it("WordPress's body class wp-embed-responsive stands for the CMS body (the embeds' aspect ratios)", () => {
    expect(scopeCss('.wp-embed-responsive .wp-has-aspect-ratio iframe{position:absolute}')).toBe('.wp-body .wp-has-aspect-ratio iframe{position:absolute}');
  });

  it('a frame page (no classes given) keeps every rule', async () => {
    const css = await assembleBlockCss({ blocks: [], css: '.lifted-1{color:red}' });
    expect(css).toContain('.wp-body .lifted-1{color:red}');
    expect(css).toContain('.wp-body .has-vivid-red-color');
  });
});

describe('withBlockCss', () => {
  const body = {
    html: '<div class="wp-block-separator"></div>',
    styles: { blocks: ['separator'], css: '.wp-container-7-1{display:flex}', embeds: [] },
  };

  it('assembles the stylesheet from styles.blocks and the item css, and sends the CSS once: the item keeps no styles', async () => {
    const { item, blockCss } = await withBlockCss(body, { prune: false });
    expect(requested()).toEqual(expect.arrayContaining(['/wp-includes/blocks/separator/style.min.css']));
    expect(blockCss).toContain('.wp-body .wp-block-separator');
    expect(blockCss).toContain('.wp-body .wp-container-7-1');
    expect(item.styles).toEqual({ blocks: [], css: '', embeds: [] });
    expect(item.html).toBe(body.html);
  });

  it('prunes detail bodies to the rules their HTML can match (blockCssFor), frame pages keep every rule', async () => {
    const pruned = await withBlockCss(body, { prune: true });
    const kept = await withBlockCss(body, { prune: false });
    expect(pruned.blockCss).not.toContain('wp-container-7-1');
    expect(kept.blockCss).toContain('wp-container-7-1');
    expect(pruned.blockCss).toBe(await blockCssFor(body));
  });
});
