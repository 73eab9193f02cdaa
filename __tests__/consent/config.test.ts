import type { Section, Translation } from 'vanilla-cookieconsent';
import { CONSENT_CATEGORIES, CONSENT_SIGNALS, EMBEDS_CATEGORY } from '@/lib/consent/categories';
import { EMBED_PROVIDERS } from '@/lib/embeds/providers';
import { COOKIE_POLICY_PATH, PRIVACY_EMAIL, createConsentConfig } from '@/lib/consent/config';

const config = createConsentConfig();
const translation = config.language.translations.en;
if (typeof translation !== 'object') throw new Error('the English translation must be inline');
const en: Translation = translation;

function section(title: string): Section {
  const found = en.preferencesModal.sections.find((s) => s.title === title);
  if (!found) throw new Error(`no section ${title}`);
  return found;
}

describe('consent configuration (spec §3, §4, §9)', () => {
  test('spec §9 consent cookie: name cc_cookie, path /, SameSite Lax, no expiresAfterDays override (library default 182 days)', () => {
    expect(config.cookie).toEqual({ name: 'cc_cookie', path: '/', sameSite: 'Lax' });
    expect(config.cookie).not.toHaveProperty('expiresAfterDays');
  });

  test('spec §9 consent mode opt-in, default language en with inline translations, bot hiding on', () => {
    expect(config.mode).toBe('opt-in');
    expect(config.language.default).toBe('en');
    expect(Object.keys(config.language.translations)).toEqual(['en']);
    expect(typeof config.language.translations.en).toBe('object');
    expect(config.hideFromBots).toBe(true);
    expect(config.autoClearCookies).not.toBe(false);
  });

  test('spec §3 consent categories and their services: exactly the spec table, each service named after its signal', () => {
    const table = Object.fromEntries(
      Object.entries(config.categories)
        .filter(([name]) => name !== EMBEDS_CATEGORY)
        .map(([name, category]) => [name, Object.keys(category.services ?? {})]),
    );
    expect(table).toEqual({
      necessary: [],
      analytics: ['analytics_storage'],
      advertisement: ['ad_storage', 'ad_user_data', 'ad_personalization'],
      functionality: ['functionality_storage', 'personalization_storage'],
      security: ['security_storage'],
    });
    expect(table).toEqual(Object.fromEntries(Object.entries(CONSENT_CATEGORIES).map(([k, v]) => [k, [...v]])));
    expect(CONSENT_SIGNALS).toHaveLength(7);
    for (const [name, category] of Object.entries(config.categories)) {
      for (const service of Object.values(category.services ?? {})) expect(service.label).toBeTruthy();
      if (name !== 'necessary') expect(category.readOnly).toBeFalsy();
      if (name !== 'necessary') expect(category.enabled).toBeFalsy();
    }
  });

  test('issue 17: one added category, "External media" (embeds): one service per embed provider, no signal, off until chosen', () => {
    expect(Object.keys(config.categories)).toEqual(['necessary', 'analytics', 'advertisement', 'functionality', 'security', EMBEDS_CATEGORY]);
    const embeds = config.categories[EMBEDS_CATEGORY];
    expect(Object.keys(embeds?.services ?? {})).toEqual(EMBED_PROVIDERS.map((provider) => provider.key));
    expect(embeds?.services?.youtube?.label).toBe('YouTube');
    expect(embeds?.enabled).toBeFalsy();
    expect(embeds?.readOnly).toBeFalsy();
    // It grants no Consent Mode signal: the seven stay the spec's.
    for (const signal of CONSENT_SIGNALS) expect(Object.keys(embeds?.services ?? {})).not.toContain(signal);
    expect(section('External media').linkedCategory).toBe(EMBEDS_CATEGORY);
  });

  test('spec §5 the necessary category is read-only and always enabled', () => {
    expect(config.categories.necessary).toMatchObject({ enabled: true, readOnly: true });
  });

  test('spec §4 analytics cookies (_ga*, _gid) are cleared automatically when analytics is declined (autoClear)', () => {
    const cookies = config.categories.analytics?.autoClear?.cookies ?? [];
    const matches = (name: string) =>
      cookies.some((c) => (c.name instanceof RegExp ? c.name.test(name) : c.name === name));
    expect(matches('_ga')).toBe(true);
    expect(matches('_ga_ABC123XYZ')).toBe(true);
    expect(matches('_gid')).toBe(true);
    expect(matches('cc_cookie')).toBe(false);
    expect(matches('session')).toBe(false);
  });

  test('spec §9 expiry text: the analytics section lists _ga "Expires after 12 days" and _gid "Session"', () => {
    const analytics = section('Analytics');
    expect(analytics.linkedCategory).toBe('analytics');
    const rows = analytics.cookieTable?.body ?? [];
    const expiration = Object.fromEntries(rows.map((row) => [row.name, row.expiration]));
    expect(expiration).toEqual({ _ga: 'Expires after 12 days', _gid: 'Session' });
    expect(analytics.cookieTable?.headers).toHaveProperty('expiration');
  });

  test('spec §9 a cookie policy contact link is included (mailto and the cookie policy page)', () => {
    const sections = en.preferencesModal.sections;
    const last = sections[sections.length - 1];
    expect(last?.title).toBe('More information');
    expect(last?.description).toContain(`href="mailto:${PRIVACY_EMAIL}"`);
    expect(last?.description).toContain(`href="${COOKIE_POLICY_PATH}"`);
    expect(COOKIE_POLICY_PATH).toBe('/pages/cookie-policy');
    expect(PRIVACY_EMAIL).toBe('privacy@corvane.example');
  });

  test('spec §2 preferences dialog opened from a "Manage Individual preferences" button; every category has a section', () => {
    expect(en.consentModal).toMatchObject({
      title: expect.any(String),
      description: expect.any(String),
      acceptAllBtn: expect.any(String),
      acceptNecessaryBtn: expect.any(String),
      showPreferencesBtn: 'Manage Individual preferences',
    });
    expect(en.preferencesModal).toMatchObject({
      title: expect.any(String),
      acceptAllBtn: expect.any(String),
      acceptNecessaryBtn: expect.any(String),
      savePreferencesBtn: 'Accept current selection',
      closeIconLabel: expect.any(String),
    });
    const linked = en.preferencesModal.sections.map((s) => s.linkedCategory).filter(Boolean);
    expect(linked.sort()).toEqual(Object.keys(config.categories).sort());
  });

  test('spec §2 consent overlays: banner is a bar at the bottom with unequal buttons; dialog a box with equal buttons', () => {
    expect(config.guiOptions?.consentModal).toMatchObject({ layout: 'bar', position: 'bottom', equalWeightButtons: false });
    expect(config.guiOptions?.preferencesModal).toMatchObject({ layout: 'box', equalWeightButtons: true });
    expect(config.disablePageInteraction).toBe(false);
  });

  test('spec §4 callbacks: onFirstConsent, onConsent, onChange, onModalReady and onModalShow are passed through', () => {
    const onFirstConsent = jest.fn();
    const onConsent = jest.fn();
    const onChange = jest.fn();
    const onModalReady = jest.fn();
    const onModalShow = jest.fn();
    const withCallbacks = createConsentConfig({ onFirstConsent, onConsent, onChange, onModalReady, onModalShow });
    expect(withCallbacks).toMatchObject({ onFirstConsent, onConsent, onChange, onModalReady, onModalShow });
  });
});
