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

/** A category of the spec table: its services are Consent Mode signals. */
export type SignalCategory = keyof typeof CONSENT_CATEGORIES;

/**
 * "External media" (issue 17): videos, audio and posts embedded from other sites (YouTube,
 * Vimeo, …). A category added to the spec's five because none fits: each of those grants Consent
 * Mode signals to the site's own tags (watching one video must not grant ad_storage or
 * personalization_storage to anything else), and a provider's cookies are neither the site's
 * settings, its analytics nor its security. Its services are the providers
 * (src/lib/embeds/providers.ts), so a visitor accepts them one by one; it grants no signal, so the
 * seven signals stay exactly the spec's.
 */
export const EMBEDS_CATEGORY = 'embeds';

export type ConsentCategory = SignalCategory | typeof EMBEDS_CATEGORY;

/** One of the seven Consent Mode signals. */
export type ConsentSignal = (typeof CONSENT_CATEGORIES)[SignalCategory][number];

/** The seven signals, in the order of the table. */
export const CONSENT_SIGNALS: readonly ConsentSignal[] = Object.values(CONSENT_CATEGORIES).flat();

/** The category whose service controls `signal`. */
export function categoryOfSignal(signal: ConsentSignal): SignalCategory {
  for (const [category, services] of Object.entries(CONSENT_CATEGORIES) as [SignalCategory, readonly string[]][]) {
    if (services.includes(signal)) return category;
  }
  /* istanbul ignore next -- every signal is in the table by construction */
  throw new Error(`Unknown consent signal ${String(signal)}`);
}

/** The category and service that analytics consent means (`useAnalyticsConsent`). */
export const ANALYTICS_SERVICE = { category: 'analytics', service: 'analytics_storage' } as const;
