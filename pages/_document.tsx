import { Head, Html, Main, NextScript, type DocumentProps } from 'next/document';
import { useContext } from 'react';
import { PreviewBar } from '../src/components/layout/PreviewBar';
import { CONSENT_DEFAULT_SNIPPET } from '../src/lib/consent/gtag';
import { getConfig } from '../src/config';
import { HtmlContext, pageScripts, withoutPageScripts } from '../src/lib/internals/nextHtmlContext';
import { LATE_SCRIPTS_SNIPPET, PAGE_SCRIPTS_ID } from '../src/lib/shared/lateScripts';
import { documentData } from '../src/lib/shared/site/documentData';

/**
 * Where the page's images come from (the media host, or WordPress without one): connected to
 * before the stylesheets are read, so the hero image, most pages' largest paint, does not wait for
 * a new connection (issue 19). The browser opens it once the HTML arrives.
 */
function mediaOrigin(): string {
  const { mediaHost, wordpressUrl } = getConfig();
  return new URL(mediaHost ?? wordpressUrl).origin;
}

/**
 * The element the first paint waits for (`<link rel="expect" blocking="render">`): `<main id="main">`
 * comes right after the header. When the HTML arrives in pieces, the browser may otherwise paint
 * what it has parsed so far; a header cut off before its search and Menu buttons lays the logo out
 * on one line, and the rest arriving moves it (issue 19: CLS 0.003 in some Lighthouse runs of the
 * long articles, whose HTML is the largest). Without the element, rendering starts when parsing
 * ends. Browsers that do not know `rel="expect"` ignore it.
 */
const FIRST_PAINT_AFTER = 'main';

/**
 * Next's `__NEXT_DATA__` script, written without what the document's markup already holds (the
 * CMS body and the block stylesheet: src/lib/shared/site/documentData.ts). NextScript writes the data
 * from Next's document context, so it gets that context with the lean data; the context is Next's
 * own (an internal module, the one `next/document` reads, fenced in src/lib/internals/nextHtmlContext.ts:
 * e2e/page-data.e2e.ts fails if the document's data is whole again).
 */
function PageData() {
  const context = useContext(HtmlContext);
  // Only outside Next (the document's unit test) is there no context to change.
  if (!context) return <NextScript />;
  return (
    <HtmlContext.Provider value={{ ...context, __NEXT_DATA__: documentData(context.__NEXT_DATA__) }}>
      <NextScript />
    </HtmlContext.Provider>
  );
}

/**
 * Next's scripts, started after the page's largest paint (issue 35, src/lib/shared/lateScripts.ts):
 * `<Head>` gets a context without them, and the body ends with their list and the snippet that
 * starts them. Outside Next (the document's unit test) there is no context and nothing to start.
 */
function LateScripts() {
  const context = useContext(HtmlContext);
  if (!context) return null;
  // JSON in a <script> element: `<` escaped so no text in it can close the element.
  const list = JSON.stringify(pageScripts(context)).replace(/</g, '\\u003c');
  return (
    <>
      <script id={PAGE_SCRIPTS_ID} type="application/json" dangerouslySetInnerHTML={{ __html: list }} />
      <script dangerouslySetInnerHTML={{ __html: LATE_SCRIPTS_SNIPPET }} />
    </>
  );
}

/** `<Head>`, in a document context without Next's scripts (LateScripts writes them). */
function HeadWithoutScripts({ children }: { children: React.ReactNode }) {
  const context = useContext(HtmlContext);
  const head = <Head>{children}</Head>;
  return context ? <HtmlContext.Provider value={withoutPageScripts(context)}>{head}</HtmlContext.Provider> : head;
}

/**
 * The HTML document: language, theme colour and icon. Per-page tags go through next/head.
 * The first child of <head> is Google Consent Mode's default (all seven signals denied), so it
 * runs before any other script (src/lib/consent/gtag.ts).
 *
 * In preview mode (issue 11) the preview bar comes first in <body>: server-rendered here, outside
 * the React root, so it costs the browser bundles nothing (src/components/layout/PreviewBar.tsx).
 */
export default function Document({ __NEXT_DATA__: data }: Partial<Pick<DocumentProps, '__NEXT_DATA__'>>) {
  return (
    <Html lang="en">
      <HeadWithoutScripts>
        <script id="consent-default" dangerouslySetInnerHTML={{ __html: CONSENT_DEFAULT_SNIPPET }} />
        <link rel="preconnect" href={mediaOrigin()} />
        {/* No first paint of a half-parsed header: rendering waits until <main> (Layout.tsx), which follows it, is parsed. */}
        <link rel="expect" href={`#${FIRST_PAINT_AFTER}`} blocking="render" />
        <meta name="theme-color" content="#0b1f3a" />
      </HeadWithoutScripts>
      <body>
        {data?.isPreview ? <PreviewBar /> : null}
        <Main />
        <PageData />
        <LateScripts />
      </body>
    </Html>
  );
}
