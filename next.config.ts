import type { NextConfig } from 'next';
import { orExitOnConfigError, parseConfig, siteUrlFrom } from './src/config';
import { rewriteUniversalSiblingsInCss } from './src/lib/css/universalSiblings';
import { narrowBrowserMatchersDefine } from './src/lib/internals/nextDefineProxyMatchers';
import { cssAssetRewriter, type BundledWebpack } from './src/lib/internals/webpackProcessAssets';
import { withoutPageTagging } from './src/lib/site/browserProxyMatchers';
import { headerRules } from './src/lib/security/headers';

/**
 * TypeScript (Next compiles it, and the modules it imports) so that the security headers come from
 * the one module that computes them from the validated configuration (src/lib/security/headers.ts).
 */

/** `PHASE_PRODUCTION_SERVER` / `PHASE_DEVELOPMENT_SERVER` of next/constants (`next start` / `next dev`); __tests__/lib/nextConfig.test.ts checks them against Next's. */
const PHASE_PRODUCTION_SERVER = 'phase-production-server';
const PHASE_DEVELOPMENT_SERVER = 'phase-development-server';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // Where `next build` writes and `next start` reads. The bench (scripts/bench) builds into its own
  // directory so it never replaces a developer's or the browser tests' `.next`.
  distDir: process.env.NEXT_DIST_DIR?.trim() || '.next',
  poweredByHeader: false,
  // Issue 35 §6 bounded memory: the in-memory LRU of Next's ISR cache (the local layer with Redis
  // too, src/lib/cache/sharedIsrCache.mjs), set here rather than left to Next's default. Next counts
  // a page as the characters of its HTML and its props' JSON (about 75 000 a page of the seed), so
  // 50 MB holds some 650 pages (up to twice the bytes in V8 for non-Latin-1 text); pages beyond it
  // are read from the build's files on disk (or Redis). docs/reliability.md §6.
  cacheMaxMemorySize: 50 * 1024 * 1024,
  // proxy.ts answers the trailing-slash redirect (`/x/` → `/x`) itself: Next's own would go out
  // without the security headers below.
  skipTrailingSlashRedirect: true,
  // The content system's URL is public (the browser reads alerts from it); no secret goes here.
  env: {
    NEXT_PUBLIC_WORDPRESS_URL: (process.env.WORDPRESS_URL ?? '').trim().replace(/\/+$/, ''),
    // NEXT_PUBLIC_SITE_URL: added by withSiteUrl below, once the configuration has been checked.
    // Vercel's own deployment environment ('production', 'preview', 'development'; unset off
    // Vercel), inlined for the browser: analytics and speed measurement load only on 'production'
    // and 'preview' (src/components/analytics/analyticsGate.ts). Not a new setting: Vercel sets it.
    NEXT_PUBLIC_VERCEL_ENV: (process.env.NEXT_PUBLIC_VERCEL_ENV ?? process.env.VERCEL_ENV ?? '').trim(),
  },
  webpack(config, { isServer, webpack }) {
    if (!isServer) {
      config.plugins.push(universalSiblingsInCss(webpack));
      keepPageMatcherFromBrowser(config.plugins);
    }
    return config;
  },
  // Redirects (/news, /press-releases, /pages/home, /pages/contact-us) are answered by proxy.ts, not
  // redirects() here: Next sends its own redirect answers without the security headers below.
  // Crawler documents (/sitemap.xml, /robots.txt, /feeds/{feed}.xml) are API routes reached through
  // proxy.ts, not rewrites() here: rewrites are shipped to the browser (see proxy.ts).
};

/**
 * Issue 19: the browser's CSS files without "any element before me" selectors (`* + X`), with
 * which inserting an element could restyle its parent's whole subtree in Chromium
 * (src/lib/css/universalSiblings.ts): today the consent library's `.cm__link-group > * + *`, in the
 * stylesheet every page loads with the consent manager. Rewritten once minified, before webpack's
 * RealContentHashPlugin names the files from their content (a later stage). `next build` only:
 * `next dev` (Turbopack) serves the CSS as written, which selects the same elements. Webpack's
 * processAssets hook is a framework internal: src/lib/internals/webpackProcessAssets.ts.
 */
function universalSiblingsInCss(webpack: BundledWebpack) {
  return cssAssetRewriter('UniversalSiblingsInCss', webpack, rewriteUniversalSiblingsInCss);
}

/**
 * Issue 19: the browser build gets the proxy's matchers without the one that only tags pages
 * (src/lib/site/browserProxyMatchers.ts), so no page makes Next's mount-time `router.replace`.
 * Next's DefinePlugin for the browser holds them (a Next internal:
 * src/lib/internals/nextDefineProxyMatchers.ts); a build whose DefinePlugin no longer does fails
 * here rather than quietly bringing the replace back.
 */
function keepPageMatcherFromBrowser(plugins: unknown[]): void {
  narrowBrowserMatchersDefine(plugins, withoutPageTagging);
}

/**
 * Issue 12 §1: the security headers on every answer (`/:path*` matches pages, API routes,
 * `_next/static`, `_next/data`, public files and the proxied crawler documents; Next applies them
 * to the 404 and 500 answers of those addresses too). Computed when Next builds the site (it
 * stores them in the build's routes manifest), so from the build's configuration.
 */
function withSecurityHeaders(config: NextConfig, development: boolean): NextConfig {
  return {
    ...config,
    async headers() {
      return headerRules(parseConfig(process.env), { development });
    },
  };
}

/**
 * The canonical origin (public): canonical URLs, Open Graph and JSON-LD render in the browser too,
 * so it is inlined at build time (src/lib/shared/site/siteUrl.ts). Read by src/config.ts's `siteUrlFrom`,
 * as the server reads it; called after `assertValidConfiguration`, so a malformed SITE_URL at
 * `next start` gets the fail-fast message, not a stack trace.
 */
function withSiteUrl(config: NextConfig): NextConfig {
  return { ...config, env: { ...config.env, NEXT_PUBLIC_SITE_URL: siteUrlFrom(process.env) } };
}

/**
 * Issue 12 §3 fail fast: `next start` validates the configuration before it serves anything; a
 * missing or malformed setting ends the process with status 1 and a message naming the variable
 * (instead of a server that answers 500 to every request). `npm start` goes through the same.
 */
function assertValidConfiguration(): void {
  orExitOnConfigError(() => parseConfig(process.env));
}

/**
 * Several instances, one cache (issue 5 §4): with REDIS_URL set when `next start` reads this file,
 * the ISR cache goes through Redis (src/lib/cache/sharedIsrCache.mjs), over Next's own cache as the
 * local layer. Decided at start, not at build: one build serves with or without Redis, and
 * `next build` never writes to a shared cache. REDIS_URL stays server-side (never in `env`: it may
 * hold a password); src/config.ts validates it at start-up (instrumentation.ts).
 *
 * Next calls the exported function with the phase.
 */
export default function configForPhase(phase: string): NextConfig {
  if (phase === PHASE_PRODUCTION_SERVER) assertValidConfiguration();
  const config = withSecurityHeaders(withSiteUrl(nextConfig), phase === PHASE_DEVELOPMENT_SERVER);
  const redisUrl = (process.env.REDIS_URL ?? '').trim();
  if (phase !== PHASE_PRODUCTION_SERVER || !redisUrl) return config;
  return { ...config, cacheHandler: require.resolve('./src/lib/cache/sharedIsrCache.mjs') };
}
