import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { AppProps } from 'next/app';
import { StrictMode, type ComponentType } from 'react';
import App from '../../pages/_app';
import { resetConsentForTests } from '@/lib/consent/manager';
import { resetPingForTests } from '@/lib/spec/ping';
import { setAnalyticsConsent } from '@/lib/consent/store';

const mockRouter = { asPath: '/about-us/news', pathname: '/about-us/news', isReady: true };
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

const mockLibrary = {
  run: jest.fn(async () => {}),
  acceptedService: jest.fn(() => false),
  showPreferences: jest.fn(),
  reset: jest.fn(),
};
jest.mock('vanilla-cookieconsent', () => mockLibrary);

function Page() {
  return <p>page</p>;
}

function renderApp() {
  const props = { Component: Page as ComponentType, pageProps: {}, router: {} } as unknown as AppProps;
  return render(
    <StrictMode>
      <App {...props} />
    </StrictMode>,
  );
}

async function flush() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
}

describe('application shell in the browser (_app: consent, cookie settings, ping)', () => {
  let fetchMock: jest.SpyInstance;

  beforeEach(() => {
    resetConsentForTests();
    resetPingForTests();
    jest.clearAllMocks();
    window.history.replaceState(null, '', '/about-us/news?page=2');
    // Only the ping is answered here; everything else (the layout's alerts) goes to the fake WordPress.
    const realFetch = globalThis.fetch;
    fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
      input === '/api/ping' ? Promise.resolve(new Response(null, { status: 204 })) : realFetch(input, init),
    );
  });

  const pings = () => fetchMock.mock.calls.filter(([input]) => input === '/api/ping') as [string, RequestInit][];

  afterEach(() => fetchMock.mockRestore());

  test('spec §7 ping at application start: once under StrictMode, with the pathname; spec §4 consent manager runs once', async () => {
    const { rerender } = renderApp();
    await waitFor(() => expect(mockLibrary.run).toHaveBeenCalledTimes(1));
    await flush();
    expect(pings()).toHaveLength(1);
    expect(pings()[0]?.[1]).toEqual(expect.objectContaining({ method: 'POST', keepalive: true }));
    expect(JSON.parse(String(pings()[0]?.[1].body))).toEqual({ page: '/about-us/news' });
    expect(mockLibrary.run).toHaveBeenCalledTimes(1);

    // A client-side navigation re-renders _app with another page: no second ping, no second run.
    mockRouter.asPath = '/contact-us';
    window.history.pushState(null, '', '/contact-us');
    rerender(
      <StrictMode>
        <App {...({ Component: Page, pageProps: {}, router: {} } as unknown as AppProps)} />
      </StrictMode>,
    );
    await flush();
    expect(pings()).toHaveLength(1);
    expect(mockLibrary.run).toHaveBeenCalledTimes(1);
  });

  test('spec §4 a permanent "Cookie settings" button in the footer opens the preferences dialog', async () => {
    renderApp();
    const footer = screen.getByRole('contentinfo');
    const button = within(footer).getByRole('button', { name: 'Cookie settings' });
    await act(async () => {
      button.click();
    });
    await waitFor(() => expect(mockLibrary.showPreferences).toHaveBeenCalledTimes(1));
  });

  test('issue 19: the analytics code is not loaded before the visitor accepts analytics', async () => {
    const loaded = jest.fn();
    jest.doMock('@/components/analytics/SiteAnalytics', () => {
      loaded();
      return { SiteAnalytics: () => null };
    });
    process.env.NEXT_PUBLIC_VERCEL_ENV = 'production';
    try {
      renderApp();
      await waitFor(() => expect(mockLibrary.run).toHaveBeenCalledTimes(1));
      await flush();
      expect(loaded).not.toHaveBeenCalled();
      act(() => setAnalyticsConsent(true));
      await waitFor(() => expect(loaded).toHaveBeenCalledTimes(1));
    } finally {
      delete process.env.NEXT_PUBLIC_VERCEL_ENV;
      act(() => setAnalyticsConsent(false));
      jest.dontMock('@/components/analytics/SiteAnalytics');
    }
  });
});
