import { NextResponse, type NextRequest } from 'next/server';
import { formatKeys, keysForPath, pagePathOfDataRequest, REDIRECTS_KEY, surrogateKeyHeaderName } from '../site/surrogateKeys';
import { matchRedirect, type CompiledRedirects } from './compile';

/**
 * Issue 33: the proxy's answer for a request the redirect table matches (docs/seo-and-redirects.md
 * §5 "Redirects"), or null. Nothing here reads WordPress or Redis: an unmatched path costs one Map
 * lookup and the regex list (./compile.ts).
 *
 * - 301/302/307/308: `Location` absolute, on the request's origin for a site path (Next makes a
 *   same-host Location relative on the way out, which browsers resolve the same), the external
 *   URL as written otherwise. A `/_next/data` request gets Next's `x-nextjs-redirect` instead, so
 *   the client router follows it.
 * - 410/404: a small HTML answer (no page is rendered: WordPress is not asked).
 * - Every answer: the security headers (next.config.ts `headers()` applies to the proxy's answers,
 *   as to the trailing-slash redirect), the surrogate keys of the source path plus `redirects`
 *   (a table change purges that key), and `Cache-Control: public, max-age=0, s-maxage=300`: the
 *   cache in front keeps it (purged on change), browsers ask again each time, so a rule an editor
 *   removes stops applying at once (a 301 without it is cached by browsers for good).
 */

export { REDIRECTS_KEY };
export const REDIRECT_CACHE_CONTROL = 'public, max-age=0, s-maxage=300';

const BODIES: Record<404 | 410, string> = {
  404: '<!doctype html><html lang="en"><meta charset="utf-8"><title>Page not found</title><h1>Page not found</h1><p><a href="/">Go to the home page</a></p></html>\n',
  410: '<!doctype html><html lang="en"><meta charset="utf-8"><title>Page removed</title><h1>This page has been removed</h1><p><a href="/">Go to the home page</a></p></html>\n',
};

export function redirectAnswer(table: CompiledRedirects, request: NextRequest, pathname = request.nextUrl.pathname): NextResponse | null {
  if (table.size === 0) return null;
  const path = pagePathOfDataRequest(pathname);
  const match = matchRedirect(table, path, request.nextUrl.search);
  if (!match) return null;
  let response: NextResponse;
  if (!('location' in match)) {
    response = new NextResponse(request.method === 'HEAD' ? null : BODIES[match.status], {
      status: match.status,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    });
  } else {
    const location = match.external ? match.location : new URL(match.location, request.url).toString();
    response = NextResponse.redirect(location, match.status);
  }
  response.headers.set('Cache-Control', REDIRECT_CACHE_CONTROL);
  const name = surrogateKeyHeaderName(process.env.CACHE_PURGE);
  response.headers.set(name, formatKeys([...(keysForPath(path) ?? []), REDIRECTS_KEY], name));
  return response;
}
