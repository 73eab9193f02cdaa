/** @jest-environment node */
/**
 * Issue 36: pages/_document.tsx provides Next's internal document context again with lean page
 * data (src/lib/internals/nextHtmlContext.ts). This fails when `next/document`'s NextScript stops
 * reading the context of that module, or stops writing `__NEXT_DATA__` from it.
 */
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
// A test renders NextScript outside a document on purpose: it checks what NextScript reads.
// eslint-disable-next-line @next/next/no-document-import-in-page
import { Head, NextScript } from 'next/document';
import { HtmlContext, pageScripts, withoutPageScripts } from '@/lib/internals/nextHtmlContext';

type Context = NonNullable<React.ContextType<typeof HtmlContext>>;

const context = (data: Record<string, unknown>) =>
  ({
    __NEXT_DATA__: { props: {}, page: '/x', query: {}, buildId: 'b', ...data },
    buildManifest: { polyfillFiles: [], devFiles: [], lowPriorityFiles: [], rootMainFiles: [], pages: { '/_app': [], '/x': [] }, ampFirstPages: [] },
    dangerousAsPath: '/x',
    docComponentsRendered: {},
    assetPrefix: '',
    scriptLoader: {},
    isDevelopment: false,
    dynamicImports: [],
    nextFontManifest: undefined,
    assetQueryString: '',
    crossOrigin: undefined,
    optimizeCss: false,
    disableOptimizedLoading: false,
    largePageDataBytes: 128_000,
    canonicalBase: '',
    headTags: [],
    hybridAmp: false,
    ampPath: '',
    inAmpMode: false,
    locale: undefined,
    unstable_runtimeJS: true,
    unstable_JsPreload: true,
    styles: [],
  }) as unknown as Context;

describe('issue 36: Next’s document context (next/dist/shared/lib/html-context.shared-runtime)', () => {
  test('next/document reads the very module the site imports', () => {
    const documentSource = readFileSync(require.resolve('next/dist/pages/_document.js'), 'utf8');
    expect(documentSource).toMatch(/require\("\.\.\/shared\/lib\/html-context\.shared-runtime"\)/);
    expect(require.resolve('next/dist/shared/lib/html-context.shared-runtime')).toMatch(/html-context\.shared-runtime\.js$/);
  });

  test('NextScript writes __NEXT_DATA__ from the context provided to it', () => {
    const html = renderToStaticMarkup(
      <HtmlContext.Provider value={context({ props: { pageProps: { body: 'IN_MARKUP' } } })}>
        <NextScript />
      </HtmlContext.Provider>,
    );
    const data = /<script id="__NEXT_DATA__" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data ?? 'null')).toMatchObject({ page: '/x', props: { pageProps: { body: 'IN_MARKUP' } } });
  });

  test('issue 35: pageScripts lists the scripts <Head> writes, in its order; without them <Head> writes none', () => {
    const full = {
      ...context({ page: '/blog/[slug]' }),
      assetPrefix: '/prefix',
      assetQueryString: '?dpl=a',
      mutableAssetQueryString: '?dpl=m',
      crossOrigin: 'anonymous',
      dynamicCssManifest: new Set(),
      cssAssetQueryString: '',
      buildManifest: {
        polyfillFiles: ['static/chunks/polyfills.js', 'static/chunks/polyfills.module.js'],
        devFiles: [],
        lowPriorityFiles: ['static/b1/_buildManifest.js', 'static/b1/_ssgManifest.js'],
        rootMainFiles: [],
        pages: {
          '/_app': ['static/chunks/webpack.js', 'static/chunks/framework.js', 'static/chunks/main.js', 'static/chunks/pages/_app.js', 'static/css/app.css'],
          '/blog/[slug]': ['static/chunks/716.js', 'static/chunks/pages/blog/[slug].js', 'static/css/page.css'],
        },
        ampFirstPages: [],
      },
      dynamicImports: ['static/chunks/dynamic-1.js', 'static/chunks/716.js'],
      scriptLoader: { beforeInteractive: [{ src: 'https://example.test/before.js', strategy: 'beforeInteractive' }] },
    } as unknown as Context;
    const scriptsOf = (value: Context) => {
      const html = renderToStaticMarkup(
        <HtmlContext.Provider value={value}>
          <Head />
        </HtmlContext.Provider>,
      );
      return [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => ({
        src: /src="([^"]*)"/.exec(attributes)?.[1].replace(/&amp;/g, '&'),
        noModule: /nomodule/i.test(attributes) || undefined,
      }));
    };
    const written = scriptsOf(full);
    expect(written.length).toBeGreaterThan(8);
    expect(pageScripts(full).map(({ src, noModule }) => ({ src, noModule }))).toEqual(written);
    expect(pageScripts(full).every((s) => s.crossOrigin === 'anonymous')).toBe(true);
    expect(scriptsOf(withoutPageScripts(full))).toEqual([]);
    // The stylesheets stay in <Head>.
    const head = renderToStaticMarkup(
      <HtmlContext.Provider value={withoutPageScripts(full)}>
        <Head />
      </HtmlContext.Provider>,
    );
    expect(head).toContain('/prefix/_next/static/css/page.css');
  });
});
