/**
 * The consent categories and their services (spec §3, "Consent categories and their services").
 * Each service is named after the Google Consent Mode v2 signal it controls, so a category's
 * services are exactly the signals it grants. This table is the single source: the
 * CookieConsent configuration (config.ts), the default snippet and the update mapping (gtag.ts)
 * are all derived from it.
 */
export const CONSENT_CATEGORIES = {
  /** Always on, cannot be turned off. */
  necessary: [],
  analytics: ['analytics_storage'],
  advertisement: ['ad_storage', 'ad_user_data', 'ad_personalization'],
  functionality: ['functionality_storage', 'personalization_storage'],
  security: ['security_storage'],
} as const;

export type ConsentCategory = keyof typeof CONSENT_CATEGORIES;

/** One of the seven Consent Mode signals. */
export type ConsentSignal = (typeof CONSENT_CATEGORIES)[ConsentCategory][number];

/** The seven signals, in the order of the table. */
export const CONSENT_SIGNALS: readonly ConsentSignal[] = Object.values(CONSENT_CATEGORIES).flat();

/** The category whose service controls `signal`. */
export function categoryOfSignal(signal: ConsentSignal): ConsentCategory {
  for (const [category, services] of Object.entries(CONSENT_CATEGORIES) as [ConsentCategory, readonly string[]][]) {
    if (services.includes(signal)) return category;
  }
  /* istanbul ignore next -- every signal is in the table by construction */
  throw new Error(`Unknown consent signal ${String(signal)}`);
}

/** The category and service that analytics consent means (`useAnalyticsConsent`). */
export const ANALYTICS_SERVICE = { category: 'analytics', service: 'analytics_storage' } as const;
