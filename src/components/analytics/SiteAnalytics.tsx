import { Analytics } from '@vercel/analytics/react';
import { SpeedInsights } from '@vercel/speed-insights/react';
import { useRouter } from 'next/router';
import { useSyncExternalStore } from 'react';
import { useAnalyticsConsent } from '@/lib/consent/useAnalyticsConsent';
import { isTestPage, pathOnly } from '@/lib/shared/testPages';
import { dropDisallowedEvent, isAnalyticsEnvironment } from './analyticsGate';

const noSubscription = () => () => {};

/** False on the server and during hydration, true once mounted in the browser. */
function useIsBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Vercel Web Analytics (page views with route and path) and Speed Insights, rendered by _app on
 * every page, under the rules of analyticsGate.ts. Page views are sent by the component (route =
 * the Next route such as `/pages/[slug]`, path = the address without query or fragment), so the
 * query string never reaches analytics. A script that fails to load only logs a console message
 * (the libraries' own `onerror`); nothing here throws.
 */
export function SiteAnalytics() {
  const router = useRouter();
  const isBrowser = useIsBrowser();
  const consented = useAnalyticsConsent();
  if (!isBrowser || !consented || !isAnalyticsEnvironment() || !router.isReady) return null;
  const path = pathOnly(router.asPath);
  if (isTestPage(path)) return null;
  return (
    <>
      <Analytics route={router.pathname} path={path} beforeSend={dropDisallowedEvent} />
      <SpeedInsights route={router.pathname} beforeSend={dropDisallowedEvent} />
    </>
  );
}
