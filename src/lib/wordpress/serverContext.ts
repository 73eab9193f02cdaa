import { getConfig } from '../../config';
import { createMediaRewriter, type Rewriter } from './media';

/**
 * What the server-side reads need from the configuration: where WordPress is, how to rewrite media
 * URLs, and which origins count as "this site" for links. Built once per process from the
 * validated configuration. Not for the browser (alerts take their base URL as an argument).
 */
export interface ServerContext {
  base: string;
  rewriteMedia: Rewriter;
  /** Turns a link on the content system's or the site's own origin into a site path; others stay. */
  toSitePath: (href: string) => string;
  /** Whether an absolute http(s) URL is on the content system's or the site's own origin. */
  isOwnUrl: (href: string) => boolean;
}

let context: ServerContext | null = null;

export function serverContext(): ServerContext {
  if (context) return context;
  const config = getConfig();
  const ownOrigins = new Set([new URL(config.wordpressUrl).origin, new URL(config.siteUrl).origin]);
  const isOwnUrl = (href: string): boolean => {
    if (!/^https?:\/\//i.test(href)) return false;
    try {
      return ownOrigins.has(new URL(href).origin);
    } catch {
      return false;
    }
  };
  context = {
    isOwnUrl,
    base: config.wordpressUrl,
    rewriteMedia: createMediaRewriter(config),
    toSitePath: (href) => {
      if (!/^https?:\/\//i.test(href)) return href;
      try {
        const url = new URL(href);
        if (!ownOrigins.has(url.origin) || url.pathname.startsWith('/wp-content/') || url.pathname.startsWith('/wp-json/')) return href;
        return `${url.pathname.replace(/(.)\/+$/, '$1')}${url.search}${url.hash}`;
      } catch {
        return href;
      }
    },
  };
  return context;
}

/** For tests that change the environment. */
export function resetServerContextForTests(): void {
  context = null;
}
