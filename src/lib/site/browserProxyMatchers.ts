import { BROWSER_MATCHERS_DEFINE } from '../internals/nextDefineProxyMatchers';

/**
 * Issue 19: the proxy's page matcher, kept out of the browser.
 *
 * proxy.ts matches every page for one reason: to tag its answer with surrogate keys (issue 18). It
 * neither redirects nor rewrites a page. Next ships the proxy's matchers to the browser
 * (`process.env.__NEXT_MIDDLEWARE_MATCHERS`, inlined into `main.js` by `next build --webpack`), and
 * its router uses them twice:
 * - **on mount**: a page the proxy matches is "replaced" by itself (`initialMatchesMiddleware` in
 *   `next/dist/client/index.js`), a full route change inside the hydration's commit: the
 *   matchers' regular expressions, the route loaded again (with a `fetch` of the page's own
 *   stylesheet), and a render of the whole app after hydration. 5–6 ms of a 17–18 ms commit on
 *   the block-rich article, on every page view (docs/performance.md, seventh session);
 * - **on a client-side navigation**: a target the proxy matches is fetched through the proxy's
 *   effects, so that a rewrite or redirect the proxy answers is followed.
 *
 * Neither use has anything to follow on a page: the browser needs only the matchers of addresses
 * the proxy routes (crawler documents, redirects, trailing slashes). The server keeps every
 * matcher (its manifest is not this define), so pages and their `/_next/data` JSON are still
 * tagged. `next.config.ts` hands the client build this list.
 */

/** The page matcher of `config.matcher` in proxy.ts (a literal there: Next reads that file's config statically). */
export const PAGE_TAGGING_MATCHER = '/((?!api/|_next/static/|_next/image|favicon).*)';

interface SerializedMatcher {
  originalSource?: string;
}

/**
 * The define's value (JSON, as Next serialises it) without the page matcher. Throws when the page
 * matcher is not there: the define's shape changed, or proxy.ts's matcher did, and pages would
 * silently make the mount-time replace again.
 */
export function withoutPageTagging(serialized: string): string {
  const matchers = JSON.parse(serialized) as SerializedMatcher[];
  const kept = matchers.filter((matcher) => matcher.originalSource !== PAGE_TAGGING_MATCHER);
  if (kept.length === matchers.length) {
    throw new Error(`${BROWSER_MATCHERS_DEFINE} has no matcher ${PAGE_TAGGING_MATCHER} (proxy.ts): see src/lib/site/browserProxyMatchers.ts`);
  }
  return JSON.stringify(kept);
}
