import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PAGE_SCRIPTS_ID } from '../../src/lib/shared/lateScripts';

/**
 * First Load JS of a built page: the JavaScript files its HTML makes the browser load before the
 * page is interactive, i.e. every external classic or module `<script src>` (not `nomodule`
 * fallbacks, which modern browsers skip; not data scripts such as `__NEXT_DATA__` or JSON-LD),
 * each file gzipped on its own and the sizes summed. Next 16 no longer prints it.
 *
 * gzip level 9, as Next's build output measured it (its `gzip-size`); a server compressing at
 * level 6 sends a few per cent more. Inline scripts are part of the HTML and not counted here.
 */

export const GZIP_LEVEL = 9;

const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The attributes of one start tag's attribute text (names lower-cased; a bare attribute has the value ''). */
export function parseAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const pattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of text.matchAll(pattern)) {
    const name = match[1].toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeAttribute(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/** The `src` of every script the page loads and runs, in document order, without duplicates. */
export function extractScriptSources(html: string): string[] {
  // Script contents are not markup: drop them first so text inside a script cannot look like a tag.
  const withoutContents = html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script\s*>/gi, '$1');
  const sources: string[] = [];
  for (const match of withoutContents.matchAll(/<script\b([^>]*)>/gi)) {
    const attributes = parseAttributes(match[1]);
    const src = attributes.get('src');
    if (!src) continue;
    if (attributes.has('nomodule')) continue;
    if (!EXECUTABLE_TYPES.has((attributes.get('type') ?? '').trim().toLowerCase())) continue;
    if (!sources.includes(src)) sources.push(src);
  }
  // Issue 35: Next's scripts are not written as tags but listed, and started after the largest
  // paint by an inline snippet (src/lib/shared/lateScripts.ts); they load all the same.
  const list = new RegExp(`<script\\b[^>]*\\bid="${PAGE_SCRIPTS_ID}"[^>]*>([\\s\\S]*?)</script\\s*>`, 'i').exec(html)?.[1];
  for (const script of list ? (JSON.parse(list) as { src: string; noModule?: boolean }[]) : []) {
    if (!script.noModule && !sources.includes(script.src)) sources.push(script.src);
  }
  return sources;
}

/**
 * Where a script of the site lives in the build: `/_next/static/…` in `{distDir}/static/…`,
 * other same-origin paths in `public/`. null for another origin (not measurable from the build).
 */
export function scriptFile(src: string, dirs: { distDir: string; publicDir: string }): string | null {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(src)) return null;
  const pathname = decodeURIComponent(src.split(/[?#]/, 1)[0]);
  if (!pathname.startsWith('/') || pathname.split('/').includes('..')) return null;
  if (pathname.startsWith('/_next/static/')) return path.join(dirs.distDir, 'static', pathname.slice('/_next/static/'.length));
  return path.join(dirs.publicDir, pathname.slice(1));
}

export function gzipBytes(content: Buffer | string, level = GZIP_LEVEL): number {
  return gzipSync(content, { level }).length;
}

export interface FirstLoadJs {
  /** Sum of the gzipped sizes of the scripts found. */
  gzipBytes: number;
  /** Sum of their sizes as served without compression. */
  rawBytes: number;
  scripts: { src: string; rawBytes: number; gzipBytes: number }[];
  /** Scripts the page loads that could not be read (other origin, missing file): the sum misses them. */
  missing: string[];
}

/** First Load JS of one page's HTML; `read` returns a script's content or null when it cannot be read. */
export function firstLoadJs(html: string, read: (src: string) => Buffer | null, level = GZIP_LEVEL): FirstLoadJs {
  const result: FirstLoadJs = { gzipBytes: 0, rawBytes: 0, scripts: [], missing: [] };
  for (const src of extractScriptSources(html)) {
    const content = read(src);
    if (content === null) {
      result.missing.push(src);
      continue;
    }
    const script = { src, rawBytes: content.length, gzipBytes: gzipBytes(content, level) };
    result.scripts.push(script);
    result.rawBytes += script.rawBytes;
    result.gzipBytes += script.gzipBytes;
  }
  return result;
}
