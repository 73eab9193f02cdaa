/**
 * Clearing the analytics cookies (`_ga`, `_ga_<container>`, `_gid`) when analytics is not accepted.
 *
 * The consent library's autoClear runs only when the visitor makes or changes a choice, and it
 * tries only the host and (for `www.` hosts) the domain without `www.`. Google's tags set their
 * cookies on the registrable domain (`.corvane.example` from `www.corvane.example` or
 * `blog.corvane.example`), so this helper expires each matching cookie on path `/` for the host
 * only, the current domain and every parent domain. It runs at start-up (manager.ts) and after
 * every consent event that leaves analytics declined.
 */

/** True for a cookie name that analytics owns. */
export function isAnalyticsCookie(name: string): boolean {
  return /^_ga/.test(name) || name === '_gid';
}

/** Names of the cookies visible to this page. */
export function cookieNames(cookieString: string): string[] {
  return cookieString
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .filter(Boolean);
}

/**
 * The `Domain` values to try for `hostname`: the host itself and each parent domain with at least
 * two labels (`www.a.corvane.example` → `www.a.corvane.example`, `a.corvane.example`,
 * `corvane.example`). None for IP addresses and single-label hosts such as `localhost` (their
 * cookies are host-only).
 */
export function cookieDomains(hostname: string): string[] {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.includes(':')) return [];
  const labels = host.split('.');
  const domains: string[] = [];
  for (let i = 0; i <= labels.length - 2; i += 1) domains.push(labels.slice(i).join('.'));
  return domains;
}

const EXPIRED = 'Thu, 01 Jan 1970 00:00:01 GMT';

/**
 * Expires every analytics cookie visible to the document. Returns the names it expired.
 * Never throws (a cookie-less document or a blocked `document.cookie` is not an error).
 */
export function clearAnalyticsCookies(doc: Document = document, hostname: string = window.location.hostname): string[] {
  try {
    const names = [...new Set(cookieNames(doc.cookie).filter(isAnalyticsCookie))];
    const domains = cookieDomains(hostname);
    for (const name of names) {
      doc.cookie = `${name}=; Path=/; Expires=${EXPIRED}; Max-Age=0`;
      for (const domain of domains) {
        doc.cookie = `${name}=; Path=/; Domain=.${domain}; Expires=${EXPIRED}; Max-Age=0`;
      }
    }
    return names;
  } catch {
    return [];
  }
}
