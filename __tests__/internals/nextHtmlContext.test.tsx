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
import { NextScript } from 'next/document';
import { HtmlContext } from '@/lib/internals/nextHtmlContext';

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
});
