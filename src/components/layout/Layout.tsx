import Head from 'next/head';
import { useMemo, type ReactNode } from 'react';
import { FeedLinks } from '@/components/seo/FeedLinks';
import { afterPaint } from '@/lib/browser/afterPaint';
import { useScrollToHash } from '@/lib/browser/useScrollToHash';
import { Footer } from './Footer';
import { Header } from './Header';
import { FOOTER, type LayoutData } from './layoutData';
import { identityOf, SiteIdentityProvider } from './SiteIdentity';
import { SkipLink } from './SkipLink';
import styles from './Layout.module.css';

/**
 * Alerts are read and drawn in the browser only, after the first paint: their code (SWR, the alert
 * components, the entity decoder) is a chunk of its own, outside the First Load JS (issue 5).
 */
const SiteAlerts = afterPaint(() => import('@/components/alerts/SiteAlerts').then((module) => module.SiteAlerts), 'SiteAlerts');

export interface LayoutProps {
  /** The page's layout data; absent or malformed → empty menu (fallback navigation) and the static footer. */
  data?: Partial<LayoutData> | null;
  /** The "Cookie settings" control for the footer's legal row (the consent work supplies it). */
  cookieSettings?: ReactNode;
  children: ReactNode;
}

/**
 * The application shell around every page: skip link, alerts, header, `<main id="main">`, footer;
 * it gives every component the site's identity from the layout data (`useSiteIdentity()`), and
 * renders the favicon.
 */
export function Layout({ data, cookieSettings, children }: LayoutProps) {
  // A `#fragment` whose target renders late is scrolled to once it appears.
  useScrollToHash();
  const menu = Array.isArray(data?.menu) ? data.menu : [];
  const footer = Array.isArray(data?.footer) && data.footer.length > 0 ? data.footer : FOOTER;
  // One object per page's data: the memoised header logo and footer re-render only when it changes.
  const site = data?.site;
  const identity = useMemo(() => identityOf(site), [site]);
  return (
    <SiteIdentityProvider value={identity}>
      <div className={styles.shell}>
        {/* The site icon set in WordPress (Settings → General), else the site's own. */}
        <Head>
          {identity.icon ? (
            <link key="icon" rel="icon" href={identity.icon.url} {...(identity.icon.width ? { sizes: `${identity.icon.width}x${identity.icon.height ?? identity.icon.width}` } : {})} />
          ) : (
            <link key="icon" rel="icon" href="/favicon.svg" type="image/svg+xml" />
          )}
        </Head>
        {/* RSS feeds advertised on every page (blogs, news, press releases). */}
        <FeedLinks />
        <SkipLink />
        <Header menu={menu} />
        {/* Site alerts (browser only): a top bar overlaid under the header, and a popup dialog. */}
        <SiteAlerts />
        <main id="main" tabIndex={-1} className={styles.main}>
          {children}
        </main>
        <Footer sections={footer} cookieSettings={cookieSettings} />
      </div>
    </SiteIdentityProvider>
  );
}
