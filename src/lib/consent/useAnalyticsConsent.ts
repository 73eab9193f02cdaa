import { useSyncExternalStore } from 'react';
import { getAnalyticsConsent, getServerAnalyticsConsent, subscribeAnalyticsConsent } from './store';

/**
 * Whether the visitor accepted analytics (spec §4: a boolean that follows first consent, every
 * consent and every change). False on the server, during hydration and before any choice.
 */
export function useAnalyticsConsent(): boolean {
  return useSyncExternalStore(subscribeAnalyticsConsent, getAnalyticsConsent, getServerAnalyticsConsent);
}
