import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { applyConsent, resetConsentForTests } from '@/lib/consent/manager';
import { getAnalyticsConsent, setAnalyticsConsent } from '@/lib/consent/store';
import { useAnalyticsConsent } from '@/lib/consent/useAnalyticsConsent';

function Probe() {
  return <p data-testid="consent">{String(useAnalyticsConsent())}</p>;
}

/** What CookieConsent.acceptedService answers for a choice. */
function choice(accepted: string[]) {
  return { acceptedService: (service: string) => accepted.includes(service) };
}

describe('useAnalyticsConsent (spec §4: analytics consent is exposed as a boolean that follows the consent events)', () => {
  beforeEach(() => {
    resetConsentForTests();
    delete window.dataLayer;
  });

  test('spec §4 false before any choice', () => {
    render(<Probe />);
    expect(screen.getByTestId('consent')).toHaveTextContent('false');
    expect(getAnalyticsConsent()).toBe(false);
  });

  test('spec §4 false on the server, whatever the browser store says', () => {
    setAnalyticsConsent(true);
    expect(renderToString(<Probe />)).toContain('false');
  });

  test('spec §4 follows first consent, consent and change events', () => {
    render(<Probe />);
    act(() => applyConsent(choice(['analytics_storage']))); // onFirstConsent: accept all / analytics
    expect(screen.getByTestId('consent')).toHaveTextContent('true');
    act(() => applyConsent(choice(['ad_storage']))); // onChange: analytics withdrawn
    expect(screen.getByTestId('consent')).toHaveTextContent('false');
    act(() => applyConsent(choice(['analytics_storage', 'security_storage']))); // onConsent on a later load
    expect(screen.getByTestId('consent')).toHaveTextContent('true');
  });

  test('spec §4 every event updates the seven signals; identical consecutive updates are pushed once', () => {
    applyConsent(choice(['analytics_storage'])); // onFirstConsent
    applyConsent(choice(['analytics_storage'])); // onConsent, fired by the library right after
    applyConsent(choice([])); // onChange: reject all
    const updates = (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(updates).toHaveLength(2);
    expect(updates[0]?.slice(0, 2)).toEqual(['consent', 'update']);
    expect(updates[0]?.[2]).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied' });
    expect(Object.values(updates[1]?.[2] as object)).toEqual(Array(7).fill('denied'));
  });

  test('spec §4 declining analytics clears the analytics cookies', () => {
    document.cookie = '_ga=GA1.1.1; Path=/';
    document.cookie = '_gid=GA1.1.2; Path=/';
    applyConsent(choice(['analytics_storage']));
    expect(document.cookie).toContain('_ga=');
    applyConsent(choice(['security_storage']));
    expect(document.cookie).not.toMatch(/_ga|_gid/);
  });
});
