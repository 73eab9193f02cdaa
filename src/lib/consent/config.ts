/**
 * The vanilla-cookieconsent configuration (spec §2 consent overlays, §3 categories, §4 Consent,
 * §9 constants), as a pure function so tests can check every rule without a browser.
 *
 * - Cookie `cc_cookie`, path `/`, SameSite Lax. Its lifetime is the library default (182 days):
 *   `expiresAfterDays` is deliberately not set.
 * - Opt-in: nothing but the necessary category is on until the visitor chooses.
 * - Bot hiding is on (crawlers and automated browsers never see or index the banner).
 * - One category per row of the spec table; each service is named after the Consent Mode signal
 *   it controls (categories.ts).
 */
import type { CookieConsentConfig, Category, Service, Translation } from 'vanilla-cookieconsent';
import { EMBED_PROVIDERS } from '../embeds/providers';
import { CONSENT_CATEGORIES, EMBEDS_CATEGORY, type ConsentCategory, type SignalCategory } from './categories';

export const CONSENT_COOKIE = { name: 'cc_cookie', path: '/', sameSite: 'Lax' } as const;

/** Where the cookie policy lives and whom to write to about it. */
export const COOKIE_POLICY_PATH = '/pages/cookie-policy';
export const PRIVACY_EMAIL = 'privacy@corvane.example';

/** Labels of the services in the preferences dialog. */
const SERVICE_LABELS: Record<string, string> = {
  analytics_storage: 'Analytics storage: visit statistics and page speed (analytics_storage)',
  ad_storage: 'Advertising storage (ad_storage)',
  ad_user_data: 'Sending visit data to advertising services (ad_user_data)',
  ad_personalization: 'Personalised advertising (ad_personalization)',
  functionality_storage: 'Functionality storage: remembers settings such as language (functionality_storage)',
  personalization_storage: 'Personalisation storage: recommendations (personalization_storage)',
  security_storage: 'Security storage: fraud prevention and authentication (security_storage)',
};

function services(category: SignalCategory): Record<string, Service> {
  return Object.fromEntries(CONSENT_CATEGORIES[category].map((signal) => [signal, { label: SERVICE_LABELS[signal] }]));
}

/**
 * Analytics cookies cleared when analytics is declined (the library's autoClear, and
 * clearAnalyticsCookies in cookies.ts for the cases the library skips).
 */
export const ANALYTICS_COOKIES = [{ name: /^_ga/ }, { name: '_gid' }];

const categories: Record<ConsentCategory, Category> = {
  necessary: { enabled: true, readOnly: true },
  analytics: { services: services('analytics'), autoClear: { cookies: ANALYTICS_COOKIES } },
  advertisement: { services: services('advertisement') },
  functionality: { services: services('functionality') },
  security: { services: services('security') },
  // External media: one service per embed provider, named by its key (src/lib/embeds/providers.ts).
  // No autoClear: the providers' cookies belong to their own sites, which the site cannot clear.
  [EMBEDS_CATEGORY]: { services: Object.fromEntries(EMBED_PROVIDERS.map((provider) => [provider.key, { label: provider.name }])) },
};

const policyLink = `<a href="${COOKIE_POLICY_PATH}">cookie policy</a>`;
const mailLink = `<a href="mailto:${PRIVACY_EMAIL}">${PRIVACY_EMAIL}</a>`;

/** The English texts (inline, spec §9). */
export const EN: Translation = {
  consentModal: {
    title: 'We value your privacy',
    description:
      'Corvane Payments uses cookies that are necessary for this site to work. With your consent we also ' +
      'use cookies to measure visits and page speed, to remember your preferences and for advertising, and we ' +
      'show videos and posts from other sites, which set cookies of their own. ' +
      `Read our ${policyLink}.`,
    acceptAllBtn: 'Accept all',
    acceptNecessaryBtn: 'Reject all',
    showPreferencesBtn: 'Manage Individual preferences',
  },
  preferencesModal: {
    title: 'Cookie preferences',
    acceptAllBtn: 'Accept all',
    acceptNecessaryBtn: 'Reject all',
    savePreferencesBtn: 'Accept current selection',
    closeIconLabel: 'Close cookie preferences',
    serviceCounterLabel: 'Service|Services',
    sections: [
      {
        title: 'Your cookie choices',
        description:
          'Choose which cookies Corvane Payments may use. You can change your choice at any time with the ' +
          '"Cookie settings" button at the bottom of every page.',
      },
      {
        title: 'Strictly necessary',
        description: 'These cookies keep the site working and remember your cookie choice. They cannot be turned off.',
        linkedCategory: 'necessary',
      },
      {
        title: 'Analytics',
        description: 'These cookies count visits and measure page speed so we can improve the site.',
        linkedCategory: 'analytics',
        cookieTable: {
          caption: 'Analytics cookies',
          headers: { name: 'Cookie', description: 'Description', expiration: 'Expiration' },
          body: [
            { name: '_ga', description: 'Distinguishes visitors', expiration: 'Expires after 12 days' },
            { name: '_gid', description: 'Distinguishes visitors within a visit', expiration: 'Session' },
          ],
        },
      },
      {
        title: 'Advertising',
        description: 'These cookies measure and personalise advertising.',
        linkedCategory: 'advertisement',
      },
      {
        title: 'Functionality',
        description: 'These cookies remember your settings and personalise what you see.',
        linkedCategory: 'functionality',
      },
      {
        title: 'Security',
        description: 'These cookies help prevent fraud and protect your session.',
        linkedCategory: 'security',
      },
      {
        title: 'External media',
        description:
          'Videos, audio and posts from other sites (YouTube, Vimeo, SoundCloud, Spotify, X and others). Until you ' +
          'accept a site here, or with the "Load" button on its placeholder, your browser does not contact it. Once ' +
          'loaded, that site can set its own cookies and see your visit.',
        linkedCategory: EMBEDS_CATEGORY,
      },
      {
        title: 'More information',
        description: `For any question about our use of cookies, read our ${policyLink} or write to ${mailLink}.`,
      },
    ],
  },
};

/** The callbacks the browser code supplies (manager.ts). */
export type ConsentCallbacks = Pick<CookieConsentConfig, 'onFirstConsent' | 'onConsent' | 'onChange' | 'onModalReady' | 'onModalShow'>;

/** The configuration passed to `CookieConsent.run`. */
export function createConsentConfig(callbacks: ConsentCallbacks = {}): CookieConsentConfig {
  return {
    mode: 'opt-in',
    hideFromBots: true,
    autoClearCookies: true,
    disablePageInteraction: false,
    cookie: { ...CONSENT_COOKIE },
    guiOptions: {
      consentModal: { layout: 'bar', position: 'bottom', equalWeightButtons: false, flipButtons: false },
      preferencesModal: { layout: 'box', equalWeightButtons: true, flipButtons: false },
    },
    categories,
    language: { default: 'en', translations: { en: EN } },
    ...callbacks,
  };
}
