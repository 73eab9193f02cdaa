/**
 * The visitor's analytics consent, as a tiny external store for `useSyncExternalStore`
 * (useAnalyticsConsent.ts). False until the consent library reports a choice that accepts the
 * analytics service; the server snapshot is always false.
 */
type Listener = () => void;

let analyticsAccepted = false;
const listeners = new Set<Listener>();

export function getAnalyticsConsent(): boolean {
  return analyticsAccepted;
}

export function getServerAnalyticsConsent(): boolean {
  return false;
}

export function setAnalyticsConsent(accepted: boolean): void {
  if (accepted === analyticsAccepted) return;
  analyticsAccepted = accepted;
  for (const listener of [...listeners]) listener();
}

export function subscribeAnalyticsConsent(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
