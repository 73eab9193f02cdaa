import { gzipSync } from 'node:zlib';
import { extractInlineStyles, extractStylesheetLinks, pageCss } from '../../scripts/bench/pageCss';
import { BLOCK_RICH_ARTICLE } from '../../scripts/bench/routes';

const gz = (text: string) => gzipSync(text, { level: 9 }).length;

describe('bench: the CSS a page sends (issue 17, 20 kB gzip on a block-rich article)', () => {
  const html =
    '<html><head><link rel="preload" href="/_next/static/css/a.css" as="style"/><link rel="stylesheet" href="/_next/static/css/a.css" data-n-g=""/>' +
    '<link rel="stylesheet" href="/_next/static/css/b.css"/><link rel="icon" href="/favicon.ico"/>' +
    '<style data-block-css="">.wp-body .x{color:red}</style></head><body><script>var s="<link rel=stylesheet href=/no.css>"</script></body></html>';

  it('counts each linked stylesheet once (not preloads, icons, or text inside scripts)', () => {
    expect(extractStylesheetLinks(html)).toEqual(['/_next/static/css/a.css', '/_next/static/css/b.css']);
  });

  it('reads the in-page <style> text, and the block stylesheet apart', () => {
    expect(extractInlineStyles(html)).toEqual({ all: '.wp-body .x{color:red}', block: '.wp-body .x{color:red}' });
  });

  it('sums the gzipped files and the gzipped in-page CSS; an unreadable file is reported', () => {
    const files: Record<string, string> = { '/_next/static/css/a.css': 'body{margin:0}'.repeat(50) };
    const result = pageCss(html, (href) => (files[href] ? Buffer.from(files[href]) : null));
    expect(result.filesGzipBytes).toBe(gz(files['/_next/static/css/a.css']));
    expect(result.inlineGzipBytes).toBe(gz('.wp-body .x{color:red}'));
    expect(result.totalGzipBytes).toBe(result.filesGzipBytes + result.inlineGzipBytes);
    expect(result.missing).toEqual(['/_next/static/css/b.css']);
  });

  it('the block-rich article is one constant: the seed blog blocks-showcase', () => {
    expect(BLOCK_RICH_ARTICLE).toBe('/resources/blogs/blocks-showcase');
  });
});
