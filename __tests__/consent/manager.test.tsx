import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import type { CookieConsentConfig } from 'vanilla-cookieconsent';
import { ConsentManager } from '@/components/consent/ConsentManager';
import { CookieSettingsButton } from '@/components/consent/CookieSettingsButton';
import { CLOSE_BUTTON_LABEL, addCloseButton, focusPreferencesDialog, resetConsentForTests, startConsent } from '@/lib/consent/manager';
import { getAnalyticsConsent } from '@/lib/consent/store';

/** A stand-in for vanilla-cookieconsent: records calls, answers acceptedService from `accepted`. */
const mockLibrary: {
  accepted: Set<string>;
  config: CookieConsentConfig | null;
  [fn: string]: unknown;
} & Record<'run' | 'acceptedService' | 'acceptCategory' | 'hide' | 'hidePreferences' | 'showPreferences' | 'reset', jest.Mock> = {
  accepted: new Set<string>(),
  config: null,
  run: jest.fn(async (config: CookieConsentConfig): Promise<void> => {
    mockLibrary.config = config;
  }),
  acceptedService: jest.fn((service: string) => mockLibrary.accepted.has(service)),
  acceptCategory: jest.fn(),
  hide: jest.fn(),
  hidePreferences: jest.fn(),
  showPreferences: jest.fn(),
  reset: jest.fn(),
};
jest.mock('vanilla-cookieconsent', () => mockLibrary);

async function flush() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
}

const updates = () =>
  (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter((entry) => entry[0] === 'consent' && entry[1] === 'update');

describe('consent manager runtime (spec §4 Consent)', () => {
  beforeEach(() => {
    resetConsentForTests();
    jest.clearAllMocks();
    mockLibrary.accepted = new Set();
    mockLibrary.config = null;
    delete window.dataLayer;
    document.body.innerHTML = '';
  });

  test('spec §4 initialised once: under React StrictMode CookieConsent.run runs once, in the browser, after mount', async () => {
    const { unmount } = render(
      <StrictMode>
        <ConsentManager />
        <ConsentManager />
      </StrictMode>,
    );
    expect(mockLibrary.run).not.toHaveBeenCalled(); // not during render: queued after the first paint
    await waitFor(() => expect(mockLibrary.run).toHaveBeenCalledTimes(1));
    await startConsent();
    expect(mockLibrary.run).toHaveBeenCalledTimes(1);
    unmount();
  });

  test('spec §4 each callback (onFirstConsent, onConsent, onChange) updates the seven signals from acceptedService', async () => {
    await startConsent();
    const config = mockLibrary.config as CookieConsentConfig;
    mockLibrary.accepted = new Set(['analytics_storage', 'ad_storage', 'ad_user_data', 'ad_personalization', 'functionality_storage', 'personalization_storage', 'security_storage']);
    config.onFirstConsent?.({ cookie: {} as never });
    config.onConsent?.({ cookie: {} as never });
    expect(updates()).toHaveLength(1);
    expect(Object.values(updates()[0]?.[2] as object)).toEqual(Array(7).fill('granted'));
    expect(getAnalyticsConsent()).toBe(true);
    mockLibrary.accepted = new Set(['security_storage']);
    config.onChange?.({ cookie: {} as never, changedCategories: ['analytics'], changedServices: {} });
    expect(updates()).toHaveLength(2);
    expect(updates()[1]?.[2]).toMatchObject({ analytics_storage: 'denied', security_storage: 'granted' });
    expect(getAnalyticsConsent()).toBe(false);
  });

  test('spec §4 on load without analytics consent, leftover _ga*/_gid cookies are cleared', async () => {
    document.cookie = '_ga=GA1.1.1; Path=/';
    document.cookie = '_ga_XYZ=GS1; Path=/';
    document.cookie = '_gid=GA1.1.2; Path=/';
    document.cookie = 'keep=1; Path=/';
    await startConsent();
    expect(document.cookie).toBe('keep=1');
    document.cookie = 'keep=; Path=/; Max-Age=0';
  });

  test('spec §4 close the banner (treated as reject): an accessible close button in the banner accepts necessary only and hides it', async () => {
    await startConsent();
    const modal = document.createElement('div');
    modal.className = 'cm';
    modal.setAttribute('role', 'dialog');
    document.body.append(modal);
    mockLibrary.config?.onModalReady?.({ modalName: 'consentModal', modal });
    mockLibrary.config?.onModalReady?.({ modalName: 'consentModal', modal }); // never twice
    const close = screen.getAllByRole('button', { name: CLOSE_BUTTON_LABEL });
    expect(close).toHaveLength(1);
    expect(modal).toContainElement(close[0] as HTMLElement);
    expect(close[0]).toHaveAttribute('type', 'button');
    expect(close[0]).not.toHaveAttribute('tabindex');

    // Keyboard: Tab reaches it, Enter activates it.
    const user = userEvent.setup();
    await user.tab();
    expect(close[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(mockLibrary.acceptCategory).toHaveBeenCalledTimes(1);
    expect(mockLibrary.acceptCategory).toHaveBeenCalledWith([]);
    expect(mockLibrary.hide).toHaveBeenCalled();
  });

  test('spec §4 the preferences dialog gets no extra close button', async () => {
    await startConsent();
    const modal = document.createElement('div');
    mockLibrary.config?.onModalReady?.({ modalName: 'preferencesModal', modal });
    expect(modal.querySelector('button')).toBeNull();
  });

  test('addCloseButton is idempotent and calls its handler on click', () => {
    const modal = document.createElement('div');
    const onClose = jest.fn();
    const button = addCloseButton(modal, onClose);
    expect(addCloseButton(modal, onClose)).toBe(button);
    fireEvent.click(button);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  test('spec §4 the footer "Cookie settings" button opens the preferences dialog (CookieConsent.showPreferences)', async () => {
    render(<CookieSettingsButton />);
    const button = screen.getByRole('button', { name: 'Cookie settings' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    fireEvent.click(button);
    await waitFor(() => expect(mockLibrary.showPreferences).toHaveBeenCalledTimes(1));
    expect(mockLibrary.run).toHaveBeenCalledTimes(1);
  });

  test('a library that fails to load logs an error and never throws', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    mockLibrary.run.mockRejectedValueOnce(new Error('boom'));
    await expect(startConsent()).resolves.toBeNull();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  test('unmounting ConsentManager after start removes the library UI (reset) without erasing the choice', async () => {
    const { unmount } = render(<ConsentManager />);
    await waitFor(() => expect(mockLibrary.run).toHaveBeenCalledTimes(1));
    unmount();
    await waitFor(() => expect(mockLibrary.reset).toHaveBeenCalledWith(false));
  });

  test('spec §5 focus moves into the opened preferences dialog when the library left it outside', async () => {
    document.body.innerHTML =
      '<button id="opener">Manage</button><div id="cc-main"><div class="pm" role="dialog"><div tabindex="-1" id="sentinel"></div><button>Close</button></div></div>';
    document.documentElement.classList.add('show--preferences');
    (document.getElementById('opener') as HTMLElement).focus();
    focusPreferencesDialog(document, [0]);
    await flush();
    expect(document.activeElement?.id).toBe('sentinel');
    // Already inside: left alone. Dialog closed: nothing happens.
    (document.querySelector('.pm button') as HTMLElement).focus();
    focusPreferencesDialog(document, [0]);
    await flush();
    expect(document.activeElement).toHaveTextContent('Close');
    document.documentElement.classList.remove('show--preferences');
    (document.getElementById('opener') as HTMLElement).focus();
    focusPreferencesDialog(document, [0]);
    await flush();
    expect(document.activeElement?.id).toBe('opener');
  });
});
