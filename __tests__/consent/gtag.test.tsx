import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import Document from '../../pages/_document';
import { CONSENT_DEFAULT_SNIPPET, consentState, deniedState, gtag } from '@/lib/consent/gtag';

// A stand-in for next/document's components, to render _document outside Next.
/* eslint-disable @next/next/no-head-element */
jest.mock('next/document', () => ({
  Html: ({ children }: { children: ReactNode }) => <html>{children}</html>,
  Head: ({ children }: { children: ReactNode }) => <head>{children}</head>,
  Main: () => <div id="__next" />,
  NextScript: () => <script id="next-script" />,
}));
/* eslint-enable @next/next/no-head-element */

const ALL_DENIED = {
  analytics_storage: 'denied',
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  functionality_storage: 'denied',
  personalization_storage: 'denied',
  security_storage: 'denied',
};

const isArguments = (value: unknown) => Object.prototype.toString.call(value) === '[object Arguments]';

describe('Google Consent Mode v2 (spec §4 Consent)', () => {
  beforeEach(() => {
    delete window.dataLayer;
    delete window.gtag;
  });

  test('spec §4 before any choice all seven signals are denied: the default snippet leaves dataLayer[0] = Arguments(consent, default, 7 denied)', () => {
    // Run the snippet as the browser does: as a classic script in the global scope.
    (0, eval)(CONSENT_DEFAULT_SNIPPET);
    expect(window.dataLayer).toHaveLength(1);
    const first = window.dataLayer?.[0];
    expect(isArguments(first)).toBe(true);
    expect(Array.isArray(first)).toBe(false);
    expect(Array.from(first as ArrayLike<unknown>)).toEqual(['consent', 'default', ALL_DENIED]);
    expect(typeof window.gtag).toBe('function');
  });

  test('spec §4 the snippet keeps an existing dataLayer (window.dataLayer || [])', () => {
    window.dataLayer = ['earlier'];
    (0, eval)(CONSENT_DEFAULT_SNIPPET);
    expect(window.dataLayer).toHaveLength(2);
    expect(Array.from(window.dataLayer?.[1] as ArrayLike<unknown>)[1]).toBe('default');
  });

  test('spec §4 the default command is the first script of <head>, before any other script', () => {
    const html = renderToStaticMarkup(<Document />);
    // (React 19 hoists <meta> and <link> to the top of <head>; they are not scripts.)
    const firstScript = html.indexOf('<script');
    expect(firstScript).toBeGreaterThan(-1);
    expect(html.startsWith(`<script id="consent-default">${CONSENT_DEFAULT_SNIPPET}</script>`, firstScript)).toBe(true);
    expect(firstScript).toBeLessThan(html.indexOf('</head>'));
  });

  test('spec §4 the typed gtag() pushes an Arguments object, like the snippet', () => {
    gtag('consent', 'update', deniedState());
    const pushed = window.dataLayer?.[0];
    expect(isArguments(pushed)).toBe(true);
    expect(Array.from(pushed as ArrayLike<unknown>)).toEqual(['consent', 'update', ALL_DENIED]);
  });

  test('spec §4 each signal is updated to granted or denied according to the accepted service (update mapping)', () => {
    const accepted = new Set(['analytics:analytics_storage', 'advertisement:ad_user_data', 'functionality:personalization_storage']);
    const asked: string[] = [];
    const state = consentState((service, category) => {
      asked.push(`${category}:${service}`);
      return accepted.has(`${category}:${service}`);
    });
    expect(state).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'granted',
      ad_personalization: 'denied',
      functionality_storage: 'denied',
      personalization_storage: 'granted',
      security_storage: 'denied',
    });
    expect(asked.sort()).toEqual(
      [
        'analytics:analytics_storage',
        'advertisement:ad_storage',
        'advertisement:ad_user_data',
        'advertisement:ad_personalization',
        'functionality:functionality_storage',
        'functionality:personalization_storage',
        'security:security_storage',
      ].sort(),
    );
    expect(consentState(() => true)).toEqual(Object.fromEntries(Object.keys(ALL_DENIED).map((k) => [k, 'granted'])));
    expect(deniedState()).toEqual(ALL_DENIED);
  });
});
