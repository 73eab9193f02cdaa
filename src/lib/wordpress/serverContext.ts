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
  /**
   * Turns a link on the content system's or the site's own origin into a site path; others stay,
   * and so do files WordPress serves itself (`/wp-content/`, `/wp-includes/`, `/wp-json/`, and
   * any path ending in a media or document file name), which load from WordPress only.
   */
  toSitePath: (href: string) => string;
  /** Whether an absolute http(s) URL is on the content system's or the site's own origin. */
  isOwnUrl: (href: string) => boolean;
  /**
   * Whether an absolute http(s) URL is an address on the site itself, not on the content system:
   * on the site's origin, when that is not also WordPress's. The plugin gives published items'
   * links as such addresses (REST `link`, menu `url`, search `url`), computed from the same
   * content-type table as `sitePath`: their path is the item's site path as it is.
   */
  isSiteAddress: (href: string) => boolean;
}

/** WordPress's own directories: never pages of the site. */
const WORDPRESS_DIRECTORIES = /^\/(?:wp-includes|wp-admin)\/|^\/wp-[a-z-]+\.php$/;
/** A path ending in a media or document file name (`/files/2025/a.png`, `/brochure.pdf`), not a permalink. */
const FILE_EXTENSION = /\.(?:png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|heic|pdf|docx?|xlsx?|pptx?|odt|ods|csv|txt|rtf|zip|mp3|m4a|wav|ogg|mp4|m4v|mov|webm|vtt)$/i;

/** An absolute http(s) URL, parsed; null for anything else (a site path, `mailto:`, a malformed URL). */
function httpUrl(href: string): URL | null {
  if (!/^https?:\/\//i.test(href)) return null;
  try {
    return new URL(href);
  } catch {
    return null;
  }
}

let context: ServerContext | null = null;

export function serverContext(): ServerContext {
  if (context) return context;
  const config = getConfig();
  const wordpressOrigin = new URL(config.wordpressUrl).origin;
  const siteOrigin = new URL(config.siteUrl).origin;
  const ownOrigins = new Set([wordpressOrigin, siteOrigin]);
  // Files WordPress serves itself (media outside /wp-content/ included): a site path would not load them.
  const isWordPressFile = (url: URL): boolean =>
    url.origin === wordpressOrigin && url.origin !== siteOrigin && (WORDPRESS_DIRECTORIES.test(url.pathname) || FILE_EXTENSION.test(url.pathname));
  const isOwnUrl = (href: string): boolean => {
    const url = httpUrl(href);
    return url !== null && ownOrigins.has(url.origin);
  };
  const isSiteAddress = (href: string): boolean => siteOrigin !== wordpressOrigin && httpUrl(href)?.origin === siteOrigin;
  context = {
    isOwnUrl,
    isSiteAddress,
    base: config.wordpressUrl,
    // Without MEDIA_HOST, WordPress serves its own media: the rewriter's target is WordPress.
    rewriteMedia: createMediaRewriter({ cmsDevHosts: config.cmsDevHosts, mediaHost: config.mediaHost, wordpressUrl: config.wordpressUrl }),
    toSitePath: (href) => {
      const url = httpUrl(href);
      if (!url || !ownOrigins.has(url.origin) || url.pathname.startsWith('/wp-content/') || url.pathname.startsWith('/wp-json/') || isWordPressFile(url)) {
        return href;
      }
      return `${url.pathname.replace(/(.)\/+$/, '$1')}${url.search}${url.hash}`;
    },
  };
  return context;
}

/** For tests that change the environment. */
export function resetServerContextForTests(): void {
  context = null;
}
