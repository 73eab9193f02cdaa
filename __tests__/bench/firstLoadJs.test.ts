/** @jest-environment node */
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { extractScriptSources, firstLoadJs, gzipBytes, GZIP_LEVEL, parseAttributes, scriptFile } from '../../scripts/bench/firstLoadJs';

// The shape of a page `next build` (Turbopack, Pages Router) writes.
const NEXT_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>
<script type="application/ld+json" data-next-head="">{"@context":"https://schema.org","x":"<script src=\\"/fake.js\\">"}</script>
<script id="consent-default">window.dataLayer = window.dataLayer || [];</script>
<link rel="preload" href="/_next/static/chunks/a.css" as="style"/>
<script>(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/one.js"]});</script>
<script src="/_next/static/chunks/one.js" defer=""></script><script src="/_next/static/chunks/two.js" defer=""></script>
<script src="/_next/static/chunks/polyfills.js" noModule=""></script>
<script src="/_next/static/chunks/one.js" defer=""></script>
<script src='/_next/static/BUILD/_buildManifest.js?dpl=x&amp;v=1' defer></script>
<script type="module" src="/module.js"></script>
<script type="text/plain" data-category="analytics" src="/blocked-until-consent.js"></script>
<script src="https://cdn.example.com/widget.js" async></script>
</head><body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">{"props":{}}</script></body></html>`;

describe('First Load JS: which scripts a built page loads', () => {
  it('issue 35: Next’s scripts listed for the late-scripts snippet count too (not the nomodule polyfills)', () => {
    const page = `<html><head><script src="/_next/static/chunks/x.js" defer=""></script></head><body><script id="__NEXT_DATA__" type="application/json">{}</script><script id="__NEXT_SCRIPTS__" type="application/json">${JSON.stringify([
      { src: '/_next/static/chunks/polyfills.js', noModule: true },
      { src: '/_next/static/chunks/webpack.js' },
      { src: '/_next/static/chunks/x.js' },
      { src: '/_next/static/chunks/main.js' },
    ])}</script><script>(function(){})();</script></body></html>`;
    expect(extractScriptSources(page)).toEqual(['/_next/static/chunks/x.js', '/_next/static/chunks/webpack.js', '/_next/static/chunks/main.js']);
  });

  it('takes every executable external script once, in document order', () => {
    expect(extractScriptSources(NEXT_PAGE)).toEqual([
      '/_next/static/chunks/one.js',
      '/_next/static/chunks/two.js',
      '/_next/static/BUILD/_buildManifest.js?dpl=x&v=1',
      '/module.js',
      'https://cdn.example.com/widget.js',
    ]);
  });

  it('ignores nomodule fallbacks, data and consent-blocked scripts, inline scripts and text inside scripts', () => {
    const sources = extractScriptSources(NEXT_PAGE);
    expect(sources).not.toContain('/_next/static/chunks/polyfills.js');
    expect(sources).not.toContain('/blocked-until-consent.js');
    expect(sources).not.toContain('/fake.js');
    expect(extractScriptSources('<p>no scripts</p>')).toEqual([]);
  });

  it('reads attributes quoted, unquoted and bare, case-insensitively', () => {
    const attributes = parseAttributes(` SRC=/a.js type='module' noModule data-x="1 &amp; 2"`);
    expect([...attributes]).toEqual([
      ['src', '/a.js'],
      ['type', 'module'],
      ['nomodule', ''],
      ['data-x', '1 & 2'],
    ]);
  });

  it('maps /_next/static/ to the build directory and other paths to public/, never outside', () => {
    const dirs = { distDir: '/site/.cache/next-bench', publicDir: '/site/public' };
    expect(scriptFile('/_next/static/chunks/one.js', dirs)).toBe(path.join('/site/.cache/next-bench/static/chunks/one.js'));
    expect(scriptFile('/_next/static/B/_buildManifest.js?dpl=x', dirs)).toBe(path.join('/site/.cache/next-bench/static/B/_buildManifest.js'));
    expect(scriptFile('/vendor/a.js', dirs)).toBe(path.join('/site/public/vendor/a.js'));
    expect(scriptFile('https://cdn.example.com/a.js', dirs)).toBeNull();
    expect(scriptFile('//cdn.example.com/a.js', dirs)).toBeNull();
    expect(scriptFile('/_next/static/../../secret.js', dirs)).toBeNull();
    expect(scriptFile('chunks/relative.js', dirs)).toBeNull();
  });
});

describe('First Load JS: gzip summation', () => {
  it(`gzips at level ${GZIP_LEVEL} (a real gzip stream of the content)`, () => {
    const content = Buffer.from('console.log("hello");'.repeat(200));
    const size = gzipBytes(content);
    expect(size).toBeLessThan(content.length / 10);
    expect(gzipBytes(content, 1)).toBeGreaterThanOrEqual(size);
    expect(GZIP_LEVEL).toBe(9);
    // Round trip: the number is the size of a gzip of exactly this content.
    expect(gunzipSync(gzipSync(content, { level: GZIP_LEVEL })).equals(content)).toBe(true);
  });

  it('sums each script gzipped on its own, and reports the ones it cannot read', () => {
    const files: Record<string, Buffer> = {
      '/_next/static/chunks/one.js': Buffer.from('var a = 1;'.repeat(300)),
      '/_next/static/chunks/two.js': Buffer.from('function b(){return 2}'.repeat(50)),
      '/_next/static/BUILD/_buildManifest.js?dpl=x&v=1': Buffer.from('self.__BUILD_MANIFEST={}'),
      '/module.js': Buffer.from('export {}'),
    };
    const result = firstLoadJs(NEXT_PAGE, (src) => files[src] ?? null);
    const expected = Object.values(files).reduce((sum, content) => sum + gzipBytes(content), 0);
    expect(result.gzipBytes).toBe(expected);
    expect(result.rawBytes).toBe(Object.values(files).reduce((sum, content) => sum + content.length, 0));
    expect(result.scripts.map((s) => s.src)).toEqual(Object.keys(files));
    expect(result.missing).toEqual(['https://cdn.example.com/widget.js']);
    // Summed per file, not gzipped together (which would be smaller, as the browser never sees it).
    expect(result.gzipBytes).toBeGreaterThan(gzipBytes(Buffer.concat(Object.values(files))));
  });

  it('a page without scripts loads no JavaScript', () => {
    expect(firstLoadJs('<html></html>', () => Buffer.from('x'))).toEqual({ gzipBytes: 0, rawBytes: 0, scripts: [], missing: [] });
  });
});
