/**
 * Google Consent Mode v2: the default command that runs before any other script (an inline script
 * at the top of _document's <Head>) and the typed `gtag()` the browser code uses for updates.
 *
 * `gtag` pushes its `arguments` object, not an array: Google's tags only treat Arguments objects in
 * the data layer as commands.
 */
import { CONSENT_SIGNALS, categoryOfSignal, type ConsentSignal } from './categories';

export type ConsentValue = 'granted' | 'denied';
export type ConsentState = Record<ConsentSignal, ConsentValue>;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/**
 * The inline script of _document (keep it in sync with the spec: all seven signals denied before
 * any choice). Exported so tests can run it and assert its effect.
 */
export const CONSENT_DEFAULT_SNIPPET =
  'window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments);} ' +
  "gtag('consent','default',{analytics_storage:'denied', ad_storage:'denied', ad_user_data:'denied', " +
  "ad_personalization:'denied', functionality_storage:'denied', personalization_storage:'denied', " +
  "security_storage:'denied'});";

type GtagCommand = [command: 'consent', action: 'default' | 'update', state: ConsentState];

/** Pushes a gtag command to `window.dataLayer` (as an Arguments object, like the snippet's `gtag`). */
export function gtag(...args: GtagCommand): void;
export function gtag(): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer || [];
  // eslint-disable-next-line prefer-rest-params -- gtag commands must be Arguments objects, not arrays
  window.dataLayer.push(arguments);
}

/**
 * The seven signals for the visitor's current choice: a signal is granted when the service of the
 * same name is accepted in its category (`CookieConsent.acceptedService(signal, category)`).
 */
export function consentState(acceptedService: (service: string, category: string) => boolean): ConsentState {
  const state = {} as ConsentState;
  for (const signal of CONSENT_SIGNALS) {
    state[signal] = acceptedService(signal, categoryOfSignal(signal)) ? 'granted' : 'denied';
  }
  return state;
}

/** All seven signals denied: the state before any choice. */
export function deniedState(): ConsentState {
  return consentState(() => false);
}
