/**
 * Framework internal (issue 36, docs/architecture.md "Framework internals relied on"): the
 * DefinePlugin key through which Next's webpack build gives the browser the proxy's matchers
 * (`getDefineEnv` in next/dist/build/define-env.js; read by `getMiddleware` in
 * next/dist/client/page-loader.js). next.config.ts narrows it for the browser build
 * (src/lib/site/browserProxyMatchers.ts: no page matcher, so no mount-time `router.replace`).
 * The key, its JSON shape (`[{ originalSource, … }]`) and the plugin's `definitions` object are
 * Next's; __tests__/internals/nextDefineProxyMatchers.test.ts builds the define with Next's own
 * code from proxy.ts's matchers as Next reads them, and fails when any of that changes.
 */
export const BROWSER_MATCHERS_DEFINE = 'process.env.__NEXT_MIDDLEWARE_MATCHERS';

/**
 * Rewrites the browser build's proxy-matchers define in place (`narrow` gets and returns Next's
 * serialised JSON). Throws when no plugin holds the define: a build that would quietly ship the
 * page matcher again fails instead.
 */
export function narrowBrowserMatchersDefine(plugins: unknown[], narrow: (serialized: string) => string): void {
  const define = plugins.find((plugin): plugin is { definitions: Record<string, unknown> } => {
    const definitions = (plugin as { definitions?: unknown } | null)?.definitions;
    return typeof definitions === 'object' && definitions !== null && BROWSER_MATCHERS_DEFINE in definitions;
  });
  const value = define?.definitions[BROWSER_MATCHERS_DEFINE];
  if (typeof value !== 'string') throw new Error(`next.config.ts: the browser build has no ${BROWSER_MATCHERS_DEFINE} to narrow (see src/lib/site/browserProxyMatchers.ts)`);
  define!.definitions[BROWSER_MATCHERS_DEFINE] = narrow(value);
}
