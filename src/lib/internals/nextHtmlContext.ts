import { HtmlContext } from 'next/dist/shared/lib/html-context.shared-runtime';
import { getPageFiles } from 'next/dist/server/get-page-files';
import { encodeURIPath } from 'next/dist/shared/lib/encode-uri-path';

/**
 * Framework internal (issue 36, docs/architecture.md "Framework internals relied on"): Next's
 * document context, from a module of `next/dist`, not a public entry. `next/document`'s
 * `NextScript` writes `__NEXT_DATA__` from it, so pages/_document.tsx provides it again with the
 * lean page data (src/lib/shared/site/documentData.ts: IN_MARKUP). The path and the context's
 * `__NEXT_DATA__` field are what is relied on; __tests__/internals/nextHtmlContext.test.tsx fails
 * when `NextScript` stops writing the data of this context.
 */
export { HtmlContext };

type Context = NonNullable<React.ContextType<typeof HtmlContext>>;

/** One of Next's scripts for a page, as `next/document`'s `<Head>` would write it. */
export interface PageScript {
  src: string;
  /** The legacy polyfills: only browsers without modules run them. */
  noModule?: true;
  crossOrigin?: string;
}

/**
 * Next's scripts for the page of `context`, in the order `next/document`'s `<Head>` writes them as
 * `defer` scripts (its optimized loading: polyfills, `beforeInteractive` scripts, the page's
 * dynamic chunks, the `/_app` and page files, then the build manifests), for
 * src/lib/shared/lateScripts.ts, which starts them after the largest paint (issue 35). This
 * copies `getPolyfillScripts`, `getPreNextScripts`, `getDynamicChunks` and `getScripts` of
 * `next/dist/pages/_document.js`; __tests__/internals/nextHtmlContext.test.tsx fails when `<Head>`
 * writes other scripts than these, in another order. Turbopack's inline bootstrap is not supported
 * (the site builds with webpack): a build that has one stops here.
 */
export function pageScripts(context: Context): PageScript[] {
  const { assetPrefix, buildManifest, dynamicImports, assetQueryString, scriptLoader, crossOrigin, __NEXT_DATA__ } = context;
  if ((buildManifest as { pagesChunkGroupBootstrapParams?: unknown }).pagesChunkGroupBootstrapParams) {
    throw new Error('pageScripts: Turbopack’s inline chunk bootstrap is not supported; build with webpack (next build --webpack)');
  }
  const mutableQuery = (context as { mutableAssetQueryString?: string }).mutableAssetQueryString ?? assetQueryString;
  const url = (file: string, query: string) => `${assetPrefix}/_next/${encodeURIPath(file)}${query}`;
  const withOrigin = (script: PageScript): PageScript => (crossOrigin ? { ...script, crossOrigin } : script);
  const allFiles = [...new Set([...getPageFiles(buildManifest, '/_app'), ...getPageFiles(buildManifest, __NEXT_DATA__.page)])];
  const polyfills = buildManifest.polyfillFiles.filter((f) => f.endsWith('.js') && !f.endsWith('.module.js')).map((f) => ({ src: url(f, assetQueryString), noModule: true as const }));
  const beforeInteractive = ((scriptLoader as { beforeInteractive?: { src?: string }[] }).beforeInteractive ?? []).flatMap((s) => (s.src ? [{ src: s.src }] : []));
  const dynamicChunks = dynamicImports.filter((f) => f.endsWith('.js') && !allFiles.includes(f)).map((f) => ({ src: url(f, assetQueryString) }));
  const scripts = [...allFiles.filter((f) => f.endsWith('.js')), ...(buildManifest.lowPriorityFiles ?? []).filter((f) => f.endsWith('.js'))].map((f) => ({
    src: url(f, f.startsWith('static/immutable/chunks') ? assetQueryString : mutableQuery),
  }));
  return [...polyfills, ...beforeInteractive, ...dynamicChunks, ...scripts].map(withOrigin);
}

/**
 * The context for `<Head>` with Next's scripts left out (`unstable_runtimeJS: false`, which in
 * `<Head>` only drops the scripts and their preloads): pages/_document.tsx writes them itself,
 * started by src/lib/shared/lateScripts.ts.
 */
export const withoutPageScripts = (context: Context): Context => ({ ...context, unstable_runtimeJS: false });
