/**
 * Media URLs on the content system's development hosts are rewritten to the media storage host
 * (spec §5), wherever a URL leaves the client: featured media, HTML content, frame props.
 *
 * Only paths under `/wp-content/` (uploads, the media library) are media; a link to a page on a
 * development host is left alone. The path is kept: `https://dev-cms.example.test/wp-content/uploads/a.png`
 * → `{MEDIA_HOST}/wp-content/uploads/a.png`. MEDIA_HOST may carry a path prefix (a bucket folder).
 */

export interface MediaRewriteConfig {
  cmsDevHosts: readonly string[];
  mediaHost: string | null;
}

export type Rewriter = (text: string) => string;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A function that rewrites every development-host media URL inside a string (a bare URL or HTML). */
export function createMediaRewriter({ cmsDevHosts, mediaHost }: MediaRewriteConfig): Rewriter {
  if (!mediaHost || cmsDevHosts.length === 0) return (text) => text;
  const hosts = cmsDevHosts.map((h) => escapeRegExp(h.toLowerCase())).join('|');
  // scheme-relative or http(s) URLs on a dev host (an explicit default port allowed), up to a quote, space or bracket.
  const pattern = new RegExp(`(?:https?:)?//(?:${hosts})(?::(?:80|443))?(/wp-content/[^\\s"'<>()]*)`, 'gi');
  const target = mediaHost.replace(/\/+$/, '');
  return (text) => (text.includes('//') ? text.replace(pattern, (_match, path: string) => `${target}${path}`) : text);
}

/** Applies a rewriter to every string inside plain JSON-like data (frame props). */
export function rewriteDeep<T>(value: T, rewrite: Rewriter): T {
  if (typeof value === 'string') return rewrite(value) as T;
  if (Array.isArray(value)) return value.map((v) => rewriteDeep(v, rewrite)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewriteDeep(v, rewrite)])) as T;
  }
  return value;
}
