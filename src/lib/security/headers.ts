import { createHash } from 'node:crypto';
import type { SiteConfig } from '../../config';
import { CONSENT_DEFAULT_SNIPPET } from '../consent/gtag';
import { LATE_SCRIPTS_SNIPPET } from '../shared/lateScripts';
import { embedFrameOrigins, embedOriginsAllowed } from '../embeds/providers';

/**
 * The one place where the site's security headers are computed (issue 12 §1), from the
 * configuration. `next.config.ts` applies them to every answer (`headers()`, source `/:path*`):
 * pages, the 404 and 500 pages, API routes, `_next/static`, `_next/data`, public files and the
 * crawler documents that proxy.ts routes. Next computes `headers()` when it builds the site, like
 * the `NEXT_PUBLIC_*` values: the addresses they name (WORDPRESS_URL, MEDIA_HOST, SITE_URL) are
 * those of the build. Server-only (node:crypto); never import it from a component.
 */

/**
 * Issue 12: the opener policy of every answer. Also the bench's floor's (issue 19,
 * scripts/bench/floor/next.config.mjs): in Chromium it puts each page in a browsing context group
 * of its own, which a navigation commits in a fresh renderer, so the floor is served with it too.
 */
export const CROSS_ORIGIN_OPENER_POLICY = 'same-origin';

/**
 * Every inline script the pages render, by the very strings they render (pages/_document.tsx
 * puts CONSENT_DEFAULT_SNIPPET and LATE_SCRIPTS_SNIPPET in its `<script>`s): the CSP allows each by its SHA-256, so an
 * inline script can only run if it is one of these. Add a string here when a page renders another.
 */
export const INLINE_SCRIPTS: readonly string[] = [CONSENT_DEFAULT_SNIPPET, LATE_SCRIPTS_SNIPPET];

/** Where browsers send CSP violation reports (pages/api/csp-report.ts). */
export const CSP_REPORT_PATH = '/api/csp-report';
/** The Reporting API endpoint name the CSP's `report-to` refers to (`Reporting-Endpoints`). */
export const CSP_REPORT_GROUP = 'csp';

/**
 * Powerful features the Permissions-Policy names (permissionsPolicy below): each is denied to the
 * page and to everything it embeds, except the few that the embed providers' iframes need, which
 * go to exactly those providers' origins. Only names that Chromium, Firefox and Safari recognise:
 * an unknown name costs a console warning.
 */
export const DENIED_FEATURES: readonly string[] = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/**
 * Features the site's own pages use: the fullscreen and picture-in-picture buttons of the
 * `<video>` player of WordPress's video block (media-library videos, issue 17). Everything else
 * the page itself never uses.
 */
export const SELF_FEATURES: readonly string[] = ['fullscreen', 'picture-in-picture'];

/**
 * The Permissions-Policy: every feature of DENIED_FEATURES with its allowlist. A feature an embed
 * provider's iframe needs (its `allow` in src/lib/embeds/providers.ts: fullscreen,
 * picture-in-picture and encrypted-media for the video players, encrypted-media for Spotify) is
 * allowed to that provider's origins only, and then only inside iframes that also delegate it
 * with their `allow` attribute; `self` only for SELF_FEATURES; `()` (nobody) for the rest,
 * autoplay included (an embed starts when the visitor presses its play button).
 */
export function permissionsPolicy(): string {
  return DENIED_FEATURES.map((feature) => {
    const allowed = [...(SELF_FEATURES.includes(feature) ? ['self'] : []), ...embedOriginsAllowed(feature).map((origin) => `"${origin}"`)];
    return `${feature}=(${allowed.join(' ')})`;
  }).join(', ');
}

export type SecurityConfig = Pick<SiteConfig, 'wordpressUrl' | 'mediaHost' | 'siteUrl' | 'hsts'>;

export interface SecurityHeaderOptions {
  /**
   * `next dev`: Next renders inline scripts of its own, React Refresh evaluates code, the dev
   * overlay sets style attributes and the client middleware manifest is served as JSON; the CSP
   * and nosniff are loosened for those. Never in production (`next build` / `next start`).
   */
  development?: boolean;
  /** The answer goes out over https: HSTS and `upgrade-insecure-requests` are added. */
  https?: boolean;
}

/** `'sha256-…'`, the CSP source that allows one inline script whose text is `source`. */
export function inlineScriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** The origin of a configured URL (a CSP source names an origin; a path would narrow it to one file). */
function originOf(url: string): string {
  return new URL(url).origin;
}

const unique = (values: readonly string[]): string[] => [...new Set(values)];

/** The Content-Security-Policy, directive by directive. */
export function cspDirectives(config: SecurityConfig, { development = false, https = false }: SecurityHeaderOptions = {}): Array<[string, string[]]> {
  // On an https answer, upgrade-insecure-requests makes the browser ask for every http:// URL
  // over https://: only the https origin can be requested, so that is the one to allow (an http:
  // source would only permit insecure loads).
  const secure = (origin: string) => (https ? origin.replace(/^http:/, 'https:') : origin);
  const wordpress = secure(originOf(config.wordpressUrl));
  const media = config.mediaHost ? secure(originOf(config.mediaHost)) : null;
  const mediaSources = unique(["'self'", ...(media ? [media] : []), wordpress]);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    // Next's own chunks, Vercel's analytics and speed scripts (served from the site's own
    // /_vercel/... paths on Vercel) and the inline scripts of INLINE_SCRIPTS, by hash.
    // `next dev` renders inline scripts of its own and React Refresh evaluates code: there,
    // 'unsafe-inline' (without hashes, which would switch it off) and 'unsafe-eval'. Never in production.
    ['script-src', development ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", ...INLINE_SCRIPTS.map(inlineScriptHash)]],
    // Styles, only as loose as they must be:
    // - <style> elements need 'unsafe-inline' (style-src-elem): on a client-side navigation in
    //   production, Next's Pages Router inserts the next page's CSS as <style data-n-href> elements
    //   holding the text of its same-origin CSS file (next/dist/client/index.js). A nonce needs a
    //   page rendered per request (ours are static and ISR) and the CSS files' hashes do not exist
    //   yet when Next computes headers (before it compiles). CSS cannot run script in any current
    //   browser, and CMS HTML can hold no <style> (the sanitizer drops it).
    // - style attributes are not needed at all (style-src-attr 'none'): the components use CSS
    //   classes, React sets style props through the CSSOM (which CSP does not govern), and the
    //   sanitizer drops CMS `style` attributes.
    // - style-src is the fallback of browsers without the -elem/-attr directives (CSP 3).
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['style-src-elem', ["'self'", "'unsafe-inline'"]],
    ['style-src-attr', [development ? "'unsafe-inline'" : "'none'"]],
    // Images: the site, the media host (CMS media is rewritten to it) and WordPress itself.
    ['img-src', mediaSources],
    // Video and audio that editors put in bodies (the sanitizer keeps <video>, <audio>, <source>,
    // <track> with http(s) sources): from the same origins as images, the media library's.
    ['media-src', mediaSources],
    ['font-src', ["'self'"]],
    // The browser reads alerts from WordPress (src/lib/shared/wordpress/alerts.ts).
    ['connect-src', unique(["'self'", wordpress])],
    // Frames: exactly the embed providers' origins (src/lib/embeds/providers.ts), and only after the
    // visitor's consent does the page create one (src/lib/embeds/gate.ts). Nothing else, not even
    // the site itself (it frames none of its own pages).
    ['frame-src', embedFrameOrigins()],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ...(https ? ([['upgrade-insecure-requests', []]] as Array<[string, string[]]>) : []),
    // Violation reports: report-to for browsers with the Reporting API, report-uri for the others.
    ['report-uri', [CSP_REPORT_PATH]],
    ['report-to', [CSP_REPORT_GROUP]],
  ];
  return directives;
}

export function contentSecurityPolicy(config: SecurityConfig, options: SecurityHeaderOptions = {}): string {
  return cspDirectives(config, options)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

export interface Header {
  key: string;
  value: string;
}

/** Every security header of every answer, in the shape of next.config's `headers()`. */
export function securityHeaders(config: SecurityConfig, options: SecurityHeaderOptions = {}): Header[] {
  const headers: Header[] = [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(config, options) },
    { key: 'Reporting-Endpoints', value: `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"` },
  ];
  if (options.https && config.hsts) {
    const { maxAge, includeSubDomains, preload } = config.hsts;
    headers.push({
      key: 'Strict-Transport-Security',
      value: [`max-age=${maxAge}`, ...(includeSubDomains ? ['includeSubDomains'] : []), ...(preload ? ['preload'] : [])].join('; '),
    });
  }
  // `next dev` serves its client middleware manifest (a script) as JSON, which nosniff would refuse.
  if (!options.development) headers.push({ key: 'X-Content-Type-Options', value: 'nosniff' });
  headers.push(
    // Old browsers that do not know CSP's frame-ancestors.
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: permissionsPolicy() },
    // A window the site opens, or that opens the site, gets no handle on it (and no window.opener).
    { key: 'Cross-Origin-Opener-Policy', value: CROSS_ORIGIN_OPENER_POLICY },
    // Other sites cannot load the site's answers as resources (images, scripts) in their pages.
    { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
  );
  return headers;
}

/** Every address: pages, API routes, `_next/static`, `_next/data`, public files, crawler documents. */
export const EVERY_ADDRESS = '/:path*';

/** One rule of next.config's `headers()`. */
export interface HeaderRule {
  source: string;
  has?: Array<{ type: 'header' | 'cookie'; key: string; value?: string }>;
  headers: Header[];
}

/**
 * Next's preview-mode cookie (`__prerender_bypass`, set by `/api/preview` beside
 * `__next_preview_data`). A request that carries it is answered in preview mode (issue 11).
 */
export const PREVIEW_COOKIE = '__prerender_bypass';

/**
 * Issue 11: every answer to a request in preview mode (the draft page, the other pages, their
 * `_next/data`) carries `X-Robots-Tag: noindex`. Keyed on the cookie's presence: a client that
 * sends a stale or forged cookie gets a published page with the header, which only affects its
 * own answer (and such answers must not be cached anyway: docs/caching.md). `/api/preview`
 * and its exit set the header themselves (src/lib/preview/handler.ts).
 */
export const PREVIEW_NOINDEX_RULE: HeaderRule = {
  source: EVERY_ADDRESS,
  has: [{ type: 'cookie', key: PREVIEW_COOKIE }],
  headers: [{ key: 'X-Robots-Tag', value: 'noindex' }],
};

/** Every address: pages, API routes, `_next/static`, `_next/data`, public files, crawler documents. */

/**
 * The rules next.config.ts gives Next's `headers()`:
 * - a site whose SITE_URL is https is always served over https (behind its TLS proxy): every
 *   answer carries the https headers (HSTS, `upgrade-insecure-requests`);
 * - otherwise (local, or a SITE_URL not yet switched) the https headers go only on answers whose
 *   request the TLS proxy marks `X-Forwarded-Proto: https`. A later rule overrides the earlier
 *   one's Content-Security-Policy. A client that forges the header only changes its own answer.
 */
export function headerRules(config: SecurityConfig, { development = false }: Pick<SecurityHeaderOptions, 'development'> = {}): HeaderRule[] {
  if (config.siteUrl.startsWith('https:')) {
    return [{ source: EVERY_ADDRESS, headers: securityHeaders(config, { development, https: true }) }, PREVIEW_NOINDEX_RULE];
  }
  const overHttps = securityHeaders(config, { development, https: true });
  const plain = securityHeaders(config, { development, https: false });
  const changed = overHttps.filter((header) => plain.find((p) => p.key === header.key)?.value !== header.value);
  return [
    { source: EVERY_ADDRESS, headers: plain },
    { source: EVERY_ADDRESS, has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }], headers: changed },
    PREVIEW_NOINDEX_RULE,
  ];
}
