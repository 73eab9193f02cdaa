import { NextResponse, type NextRequest } from 'next/server';
import { formatKeys, keysForPath, pagePathOfDataRequest, surrogateKeyHeaderName } from './src/lib/site/surrogateKeys';
import { redirectAnswer } from './src/lib/redirects/answer';
import { PERMANENT_REDIRECTS } from './src/lib/redirects/permanent';
import { feedOfPath, ROBOTS_PATH, SITEMAP_PATH } from './src/lib/shared/routes';
import { currentRedirects } from './src/lib/redirects/state';

/**
 * The crawler documents at their conventional addresses: `/sitemap.xml`, `/robots.txt` and
 * `/feeds/{feed}.xml` are served by the API routes that build them (`/api/sitemap`, `/api/robots`,
 * `/api/feeds/{feed}`; ISR-like caching in src/lib/site/documentCache.ts).
 *
 * A Next proxy (Next 16's name for middleware), not `rewrites()` in next.config.ts: rewrites are
 * shipped to the browser, whose router matches every client-side navigation against them, and
 * that matching code (path-to-regexp and friends) cost 2.9 kB gzip of every page's First Load
 * JS (issue 5: 130 kB budget). The proxy runs on the server, only for the addresses of `config`.
 * Do not add public/robots.txt or public/sitemap.xml: a public file would be served instead.
 */
export function crawlerDocumentRoute(pathname: string): string | null {
  if (pathname === SITEMAP_PATH) return '/api/sitemap';
  if (pathname === ROBOTS_PATH) return '/api/robots';
  const feed = feedOfPath(pathname);
  return feed === null ? null : `/api/feeds/${feed}`;
}

/**
 * Old and fallback-menu addresses (/news, /press-releases, /pages/home, /pages/contact-us):
 * permanent redirects (308, query kept) to the pages that serve them (the table is in
 * src/lib/redirects/permanent.ts, so WordPress's redirect table can chain into it in one hop). Here
 * rather than in next.config's `redirects()`: Next sends its own redirect answers without the
 * `headers()` (src/lib/security/headers.ts), and every answer must carry the security headers
 * (issue 12 §1); an answer of the proxy gets them.
 */
export { PERMANENT_REDIRECTS };

/**
 * Trailing slashes: `/about-us/news/` → 308 `/about-us/news` (query kept), as Next's own
 * normalisation would answer, but from the proxy so the answer carries the security headers
 * (next.config.ts sets `skipTrailingSlashRedirect`). `/` itself, and everything under `/_next/`,
 * are left alone (the matcher does not reach them).
 */
export function withoutTrailingSlash(pathname: string): string | null {
  if (pathname.length < 2 || !pathname.endsWith('/')) return null;
  return pathname.replace(/\/+$/, '') || '/';
}

/**
 * Issue 18: the surrogate keys of the answer (src/lib/site/surrogateKeys.ts), in the one header a
 * cache in front reads and strips. Pages and their `/_next/data` JSON (the proxy sees the page's
 * path for both), the sitemap, the feeds and robots.txt.
 */
function tagged(response: NextResponse, pathname: string): NextResponse {
  const keys = keysForPath(pagePathOfDataRequest(pathname));
  if (keys) {
    const name = surrogateKeyHeaderName(process.env.CACHE_PURGE);
    response.headers.set(name, formatKeys(keys, name));
  }
  return response;
}

/**
 * The order, first answer wins:
 * 1. WordPress's redirect table (issue 33, src/lib/redirects/): matched on the path as requested,
 *    so `/old-slug/` reaches the new address in one hop (a rule with ignore_trailing_slash matches
 *    with or without the slash; one without it matches only as written). Kept in memory: no
 *    WordPress or Redis request here, and an empty table costs nothing.
 * 2. The trailing-slash 308.
 * 3. PERMANENT_REDIRECTS.
 * 4. Crawler documents (rewrite) and every other page (tagged with its surrogate keys).
 * The table comes first so that marketing can redirect any address the site serves (an editor's
 * rule is what they asked for); its targets that are PERMANENT_REDIRECTS sources go straight on.
 */
export function proxy(request: NextRequest): NextResponse {
  const redirected = redirectAnswer(currentRedirects(), request);
  if (redirected) return redirected;
  const trimmed = withoutTrailingSlash(request.nextUrl.pathname);
  if (trimmed !== null) {
    // A plain URL: NextURL would put the trailing slash back when it is turned into a string.
    return NextResponse.redirect(new URL(`${trimmed}${request.nextUrl.search}`, request.url), 308);
  }
  const target = PERMANENT_REDIRECTS.get(request.nextUrl.pathname);
  if (target !== undefined) {
    const url = request.nextUrl.clone();
    url.pathname = target;
    return NextResponse.redirect(url, 308);
  }
  const route = crawlerDocumentRoute(request.nextUrl.pathname);
  if (route === null) return tagged(NextResponse.next(), request.nextUrl.pathname);
  const url = request.nextUrl.clone();
  url.pathname = route;
  return tagged(NextResponse.rewrite(url), request.nextUrl.pathname);
}

export const config = {
  matcher: [
    // PROXY_ROUTED_ADDRESSES of src/lib/shared/routes.ts, as a literal (Next reads this object without
    // running the file); __tests__/routes/routes.test.ts fails when the two differ.
    '/sitemap.xml', '/robots.txt', '/feeds/:feed*', '/news', '/press-releases', '/pages/home', '/pages/contact-us',
    // Any other address ending in a slash, but Next's own files.
    '/((?!_next/).+/)',
    // Every page (and its /_next/data JSON: Next matches those by the page's path), to tag it
    // with its surrogate keys; not the API routes, static files or public files. The server only:
    // the browser build leaves it out (PAGE_TAGGING_MATCHER, src/lib/site/browserProxyMatchers.ts),
    // since it neither redirects nor rewrites. Keep the two strings the same.
    '/((?!api/|_next/static/|_next/image|favicon).*)',
  ],
};
