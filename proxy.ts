import { NextResponse, type NextRequest } from 'next/server';
import { formatKeys, keysForPath, pagePathOfDataRequest, surrogateKeyHeaderName } from './src/lib/site/surrogateKeys';

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
  if (pathname === '/sitemap.xml') return '/api/sitemap';
  if (pathname === '/robots.txt') return '/api/robots';
  const feed = /^\/feeds\/([^/]+)\.xml$/.exec(pathname);
  return feed ? `/api/feeds/${feed[1]}` : null;
}

/**
 * Old and fallback-menu addresses (spec §2 "Menu links used as fallback": /news, /press-releases)
 * and the home and contact frame pages' own addresses (PAGE_ADDRESSES, src/lib/wordpress/contentTypes.ts):
 * permanent redirects (308, query kept) to the pages that serve them. Here rather than in
 * next.config's `redirects()`: Next sends its own redirect answers without the `headers()`
 * (src/lib/security/headers.ts), and every answer must carry the security headers (issue 12 §1);
 * an answer of the proxy gets them.
 */
export const PERMANENT_REDIRECTS: ReadonlyMap<string, string> = new Map([
  ['/news', '/about-us/news'],
  ['/press-releases', '/about-us/press-releases'],
  ['/pages/home', '/'],
  ['/pages/contact-us', '/contact-us'],
]);

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

export function proxy(request: NextRequest): NextResponse {
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
