import { gzipBytes, parseAttributes } from './firstLoadJs';

/**
 * The CSS a built page sends (issue 17 budget: at most 20 kB gzip on a block-rich article):
 * - the site's own stylesheets: every `<link rel="stylesheet" href>` of the HTML, each file
 *   gzipped on its own (as `firstLoadJs` measures scripts; level 9);
 * - the CSS in the page: every `<style>` element's text (the block stylesheet, `data-block-css`),
 *   gzipped on its own. It travels inside the HTML's own compression, where it costs a little less:
 *   measured alone, the figure is an upper bound.
 */

export interface PageCss {
  /** Sum of the gzipped sizes of the site's stylesheet files. */
  filesGzipBytes: number;
  /** The gzipped size of the page's `<style>` text (all of them, concatenated). */
  inlineGzipBytes: number;
  /** Of which the block stylesheet's, raw (ungzipped) bytes. */
  blockCssRawBytes: number;
  totalGzipBytes: number;
  files: { href: string; rawBytes: number; gzipBytes: number }[];
  /** Stylesheets the page links that could not be read (another origin, a missing file). */
  missing: string[];
}

/** The `href` of every stylesheet the page links, in order, without duplicates. */
export function extractStylesheetLinks(html: string): string[] {
  const withoutScripts = html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script\s*>/gi, '$1');
  const hrefs: string[] = [];
  for (const match of withoutScripts.matchAll(/<link\b([^>]*)>/gi)) {
    const attributes = parseAttributes(match[1]);
    const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
    const href = attributes.get('href');
    if (!href || !rel.includes('stylesheet')) continue;
    if (!hrefs.includes(href)) hrefs.push(href);
  }
  return hrefs;
}

/** The text of every `<style>` element, and of the block stylesheet's alone. */
export function extractInlineStyles(html: string): { all: string; block: string } {
  let all = '';
  let block = '';
  for (const match of html.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style\s*>/gi)) {
    all += match[2];
    if (parseAttributes(match[1]).has('data-block-css')) block += match[2];
  }
  return { all, block };
}

/** The CSS of one page's HTML; `read` returns a stylesheet's content or null when it cannot be read. */
export function pageCss(html: string, read: (href: string) => Buffer | null): PageCss {
  const result: PageCss = { filesGzipBytes: 0, inlineGzipBytes: 0, blockCssRawBytes: 0, totalGzipBytes: 0, files: [], missing: [] };
  for (const href of extractStylesheetLinks(html)) {
    const content = read(href);
    if (content === null) {
      result.missing.push(href);
      continue;
    }
    const file = { href, rawBytes: content.length, gzipBytes: gzipBytes(content) };
    result.files.push(file);
    result.filesGzipBytes += file.gzipBytes;
  }
  const inline = extractInlineStyles(html);
  result.inlineGzipBytes = inline.all ? gzipBytes(inline.all) : 0;
  result.blockCssRawBytes = Buffer.byteLength(inline.block);
  result.totalGzipBytes = result.filesGzipBytes + result.inlineGzipBytes;
  return result;
}
