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

/**
 * The embed providers (keys of src/lib/embeds/providers.ts) the visitor accepted in the
 * "External media" category: empty until the consent library reports a choice, and after every
 * choice that withdraws them. The embed gate (src/lib/embeds/gate.ts) loads and removes iframes
 * from it.
 */
let acceptedEmbeds: readonly string[] = [];
const embedListeners = new Set<Listener>();

export function getAcceptedEmbeds(): readonly string[] {
  return acceptedEmbeds;
}

export function setAcceptedEmbeds(keys: readonly string[]): void {
  const next = [...new Set(keys)].sort();
  if (next.join(' ') === acceptedEmbeds.join(' ')) return;
  acceptedEmbeds = next;
  for (const listener of [...embedListeners]) listener();
}

export function subscribeAcceptedEmbeds(listener: Listener): () => void {
  embedListeners.add(listener);
  return () => {
    embedListeners.delete(listener);
  };
}
