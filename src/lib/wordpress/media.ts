/**
 * Media URLs on the content system's development hosts are rewritten to the media storage host
 * (spec §5), wherever a URL leaves the client: featured media, HTML content, frame props.
 *
 * Only paths under `/wp-content/` (uploads, the media library) are media; a link to a page on a
 * development host is left alone. The path is kept: `https://dev-cms.example.test/wp-content/uploads/a.png`
 * → `{MEDIA_HOST}/wp-content/uploads/a.png`. MEDIA_HOST may carry a path prefix (a bucket folder).
 *
 * Media on the WordPress host (issue 9 §3): without a media storage host, WordPress itself serves
 * its uploads, so `wordpressUrl` is the target: development-host media go there, and
 * root-relative media paths (`/wp-content/uploads/a.png`, which a browser would ask the SITE for)
 * become absolute on the target (MEDIA_HOST when set, else WordPress). Absolute URLs on WordPress's
 * own origin are left as they are: they load from WordPress.
 */

export interface MediaRewriteConfig {
  cmsDevHosts: readonly string[];
  mediaHost: string | null;
  /** WordPress's URL: the media target when `mediaHost` is null. Without it (and no media host), nothing is rewritten. */
  wordpressUrl?: string | null;
}

export type Rewriter = (text: string) => string;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Root-relative media paths in HTML: an attribute value (`src`, `href`, `poster`) or a `srcset` candidate. */
const RELATIVE_ATTRIBUTE = /(\s(?:src|href|poster)=["'])\/wp-content\//gi;
const RELATIVE_SRCSET_CANDIDATE = /(\ssrcset=["'])([^"']*)/gi;

/** A function that rewrites every development-host and root-relative media URL inside a string (a bare URL or HTML). */
export function createMediaRewriter({ cmsDevHosts, mediaHost, wordpressUrl = null }: MediaRewriteConfig): Rewriter {
  const targetUrl = mediaHost ?? wordpressUrl;
  if (!targetUrl) return (text) => text;
  const target = targetUrl.replace(/\/+$/, '');
  const hosts = cmsDevHosts.map((h) => escapeRegExp(h.toLowerCase())).join('|');
  // scheme-relative or http(s) URLs on a dev host (an explicit default port allowed), up to a quote, space or bracket.
  const devPattern = hosts ? new RegExp(`(?:https?:)?//(?:${hosts})(?::(?:80|443))?(/wp-content/[^\\s"'<>()]*)`, 'gi') : null;
  const absolute = (text: string) => (devPattern && text.includes('//') ? text.replace(devPattern, (_match, path: string) => `${target}${path}`) : text);
  const relative = (text: string): string => {
    if (!text.includes('/wp-content/')) return text;
    if (text.startsWith('/wp-content/')) return `${target}${text}`;
    return text
      .replace(RELATIVE_SRCSET_CANDIDATE, (_m, start: string, list: string) =>
        `${start}${list.replace(/(^|,\s*)\/wp-content\//g, (_c, before: string) => `${before}${target}/wp-content/`)}`,
      )
      .replace(RELATIVE_ATTRIBUTE, (_m, start: string) => `${start}${target}/wp-content/`);
  };
  return (text) => relative(absolute(text));
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
