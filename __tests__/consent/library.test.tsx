/**
 * The real vanilla-cookieconsent 3.1.0 in jsdom, driven through its own DOM (the e2e tests in
 * e2e/consent.e2e.ts repeat this in Chromium, with layout, focus and cookie attributes).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as CookieConsent from 'vanilla-cookieconsent';
import { CLOSE_BUTTON_LABEL, OPENING_CLASS, resetConsentForTests, startConsent } from '@/lib/consent/manager';
import { CONSENT_DEFAULT_SNIPPET } from '@/lib/consent/gtag';
import { getAnalyticsConsent } from '@/lib/consent/store';

const commands = () => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
const updates = () => commands().filter((c) => c[1] === 'update');
const values = (command: unknown[] | undefined) => Object.values((command?.[2] ?? {}) as object);

async function start() {
  await startConsent();
  return screen.findByRole('dialog', { name: 'We value your privacy' });
}

describe('consent with the real library (spec §4 Consent)', () => {
  beforeEach(() => {
    CookieConsent.reset(true);
    resetConsentForTests();
    document.cookie.split(';').forEach((c) => {
      document.cookie = `${c.split('=')[0]?.trim()}=; Path=/; Max-Age=0`;
    });
    delete window.dataLayer;
    (0, eval)(CONSENT_DEFAULT_SNIPPET);
  });

  afterAll(() => CookieConsent.reset(true));

  test('spec §4 before any choice only the default (all denied) is in the dataLayer and the banner shows', async () => {
    const banner = await start();
    expect(commands()).toHaveLength(1);
    expect(commands()[0]?.slice(0, 2)).toEqual(['consent', 'default']);
    expect(values(commands()[0])).toEqual(Array(7).fill('denied'));
    expect(within(banner).getByRole('button', { name: 'Manage Individual preferences' })).toBeInTheDocument();
    expect(getAnalyticsConsent()).toBe(false);
  });

  test('spec §4 accept all: one update with all seven signals granted; analytics consent true', async () => {
    const banner = await start();
    fireEvent.click(within(banner).getByRole('button', { name: 'Accept all' }));
    expect(updates()).toHaveLength(1);
    expect(values(updates()[0])).toEqual(Array(7).fill('granted'));
    expect(getAnalyticsConsent()).toBe(true);
    expect(document.cookie).toContain('cc_cookie=');
  });

  test('spec §4 reject all: one update with all seven denied; _ga, _ga_XXXX and _gid are cleared', async () => {
    document.cookie = '_ga=GA1.1.1; Path=/';
    document.cookie = '_ga_ABC123=GS1; Path=/';
    document.cookie = '_gid=GA1.1.2; Path=/';
    const banner = await start();
    fireEvent.click(within(banner).getByRole('button', { name: 'Reject all' }));
    expect(values(updates()[0])).toEqual(Array(7).fill('denied'));
    expect(document.cookie).not.toMatch(/_ga|_gid/);
    expect(getAnalyticsConsent()).toBe(false);
  });

  test('spec §4 closing the banner counts as reject: necessary only, all denied, banner hidden', async () => {
    const banner = await start();
    const close = within(banner).getByRole('button', { name: CLOSE_BUTTON_LABEL });
    fireEvent.click(close);
    expect(values(updates()[0])).toEqual(Array(7).fill('denied'));
    expect(CookieConsent.validConsent()).toBe(true);
    expect(CookieConsent.getUserPreferences().acceptedCategories).toEqual(['necessary']);
    expect(document.documentElement).not.toHaveClass('show--consent');
  });

  test('spec §4 accept the current selection (preferences dialog): only the chosen services are granted', async () => {
    await start();
    CookieConsent.showPreferences();
    const dialog = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    const analyticsToggle = dialog.querySelector<HTMLInputElement>('input[value="analytics"]');
    expect(analyticsToggle).not.toBeNull();
    fireEvent.click(analyticsToggle as HTMLInputElement);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept current selection' }));
    expect(updates()).toHaveLength(1);
    expect(updates()[0]?.[2]).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      functionality_storage: 'denied',
      personalization_storage: 'denied',
      security_storage: 'denied',
    });
    expect(getAnalyticsConsent()).toBe(true);
  });

  test('issue 19: nothing is built ahead while the banner shows (a first visit does not pay for a dialog it may never open)', async () => {
    await start();
    jest.useFakeTimers();
    try {
      jest.advanceTimersByTime(5000);
    } finally {
      jest.useRealTimers();
    }
    expect(document.querySelector('#cc-main .pm')).toBeNull();
  });

  test('issue 19: "Manage Individual preferences" dims the page at once, then builds and shows the dialog after that frame', async () => {
    const banner = await start();
    fireEvent.click(within(banner).getByRole('button', { name: 'Manage Individual preferences' }));
    // The tap's own frame: the page dims, the dialog is not built yet.
    expect(document.documentElement).toHaveClass(OPENING_CLASS);
    expect(document.querySelector('#cc-main .pm')).toBeNull();
    expect(document.documentElement).not.toHaveClass('show--preferences');
    // After it: built once, shown, the dimming handed over to the dialog's own overlay.
    await waitFor(() => expect(document.documentElement).toHaveClass('show--preferences'));
    expect(document.querySelectorAll('#cc-main .pm')).toHaveLength(1);
    expect(document.documentElement).not.toHaveClass(OPENING_CLASS);
    expect(screen.getByRole('dialog', { name: 'Cookie preferences' })).toBeInTheDocument();
  });

  test("issue 19: a finger's mouseenter on the button builds nothing; a mouse's still starts the library's head start", async () => {
    const banner = await start();
    const button = within(banner).getByRole('button', { name: 'Manage Individual preferences' });
    const pointerDown = (pointerType: string) => {
      const event = new Event('pointerdown', { bubbles: true });
      Object.defineProperty(event, 'pointerType', { value: pointerType });
      button.dispatchEvent(event);
    };
    pointerDown('touch');
    button.dispatchEvent(new MouseEvent('mouseenter'));
    expect(document.querySelector('#cc-main .pm')).toBeNull();
    pointerDown('mouse');
    button.dispatchEvent(new MouseEvent('mouseenter'));
    expect(document.querySelector('#cc-main .pm')).not.toBeNull();
    expect(document.documentElement).not.toHaveClass('show--preferences');
  });

  test('issue 19: once built, the dialog opens within the click', async () => {
    const banner = await start();
    const button = within(banner).getByRole('button', { name: 'Manage Individual preferences' });
    button.dispatchEvent(new MouseEvent('mouseenter'));
    expect(document.querySelector('#cc-main .pm')).not.toBeNull();
    fireEvent.click(button);
    expect(document.documentElement).toHaveClass('show--preferences');
    expect(document.documentElement).not.toHaveClass(OPENING_CLASS);
  });
});
