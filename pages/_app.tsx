import type { AppProps } from 'next/app';
import Head from 'next/head';
import { useEffect } from 'react';
import { BlockStyles } from '../src/components/content/BlockStyles';
import { ConsentManager } from '../src/components/consent/ConsentManager';
import { CookieSettingsButton } from '../src/components/consent/CookieSettingsButton';
import { Layout } from '../src/components/layout/Layout';
import type { LayoutData } from '../src/components/layout/layoutData';
import { isAnalyticsEnvironment } from '../src/components/analytics/analyticsGate';
import { afterPaint } from '../src/lib/browser/afterPaint';
import { useAnalyticsConsent } from '../src/lib/consent/useAnalyticsConsent';
import { schedulePing } from '../src/lib/spec/ping';
import '../src/lib/browser/hydrateInTransition';
import '../src/styles/globals.css';
import '../src/styles/embeds.css';
import '../src/components/consent/consent.css';

/**
 * The application shell (spec §2): every page is wrapped in the layout. Pages pass the layout
 * data as `pageProps.layout` (src/lib/site/staticProps.ts); it is taken out of the props the page
 * receives, and so is `pageProps.blockCss`, the block stylesheet of a page with a CMS body
 * (docs/blocks.md, "Block CSS"), rendered once here as a `<style>` in the head. A page without it (the 500 page, a page that failed to supply it) still gets the
 * layout, with the fixed fallback navigation and the static footer.
 *
 * In the visitor's browser only: the cookie-consent manager (banner, preferences dialog, Consent
 * Mode updates), the footer's "Cookie settings" button, Vercel analytics and speed measurement
 * (with consent, never on the test pages) and the page-view ping, sent once per page load. The
 * consent manager, the alerts and the analytics load after the first paint in chunks of their own.
 */
// Browser-only measurement, loaded after the first paint in a chunk of its own (issue 5: it is
// not part of any page's First Load JS; it renders nothing on the server anyway).
const LoadedAnalytics = afterPaint(() => import('../src/components/analytics/SiteAnalytics').then((module) => module.SiteAnalytics), 'SiteAnalytics');

/**
 * Its code is loaded only once the visitor has accepted analytics, in an environment that
 * measures (issue 19: before a choice it could do nothing, yet its chunk was evaluated on every
 * first visit). SiteAnalytics keeps its own checks.
 */
function SiteAnalytics() {
  const consented = useAnalyticsConsent();
  return consented && isAnalyticsEnvironment() ? <LoadedAnalytics /> : null;
}

type PagePropsWithLayout = Record<string, unknown> & { layout?: LayoutData | null; blockCss?: string };

export default function App({ Component, pageProps }: AppProps<PagePropsWithLayout>) {
  const { layout, blockCss, ...props } = pageProps ?? {};
  useEffect(() => schedulePing(), []);
  return (
    <>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <BlockStyles css={blockCss} />
      <Layout data={layout} cookieSettings={<CookieSettingsButton />}>
        <Component {...props} />
      </Layout>
      <ConsentManager />
      <SiteAnalytics />
    </>
  );
}
