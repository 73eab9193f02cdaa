import { Head, Html, Main, NextScript } from 'next/document';
import { CONSENT_DEFAULT_SNIPPET } from '../src/lib/consent/gtag';

/**
 * The HTML document: language, theme colour and icon. Per-page tags go through next/head.
 * The first child of <head> is Google Consent Mode's default (all seven signals denied), so it
 * runs before any other script (src/lib/consent/gtag.ts).
 */
export default function Document() {
  return (
    <Html lang="en">
      <Head>
        <script id="consent-default" dangerouslySetInnerHTML={{ __html: CONSENT_DEFAULT_SNIPPET }} />
        <meta name="theme-color" content="#0b1f3a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </Head>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
