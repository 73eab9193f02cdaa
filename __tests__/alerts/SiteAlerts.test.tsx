import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { SWRConfig, type Cache } from 'swr';
import { SiteAlerts } from '@/components/alerts/SiteAlerts';
import { dismissedKey, resetDismissedForTests } from '@/components/alerts/dismissal';
import { Layout } from '@/components/layout/Layout';
import { RETRY_DELAY_MS } from '@/lib/shared/wordpress/http';
import { server, WORDPRESS_BASE } from '../setup/msw';
import { installDialogPolyfill } from './dialogPolyfill';

const mockRouter = { asPath: '/', pathname: '/', query: {}, isReady: true };
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

const ALERT_URL = `${WORDPRESS_BASE}/wp-json/wp/v2/alert`;

// The seed's alerts (__mocks__/wordpress/seed/alerts.ts): one enabled and one newer disabled alert of each type.
const TOP_BAR = { id: 701, title: 'Summit registration is open', link: 'Register now', href: '/about-us/events/corvane-payments-summit-2026' };
const TOP_BAR_DISABLED = 'Scheduled maintenance';
const POPUP = { id: 703, title: 'New: DecisionPoint network', text: 'Cut false declines with real-time routing decisions.', link: 'Learn more', href: '/pages/decisionpoint-network' };
const POPUP_DISABLED = 'Holiday support hours';

let dialogs: ReturnType<typeof installDialogPolyfill>;
let consoleError: jest.SpyInstance;
let alertRequests: URL[];
const onRequest = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  if (url.pathname === '/wp-json/wp/v2/alert') alertRequests.push(url);
};

beforeEach(() => {
  dialogs = installDialogPolyfill();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  sessionStorage.clear();
  resetDismissedForTests();
  alertRequests = [];
  server.events.on('request:start', onRequest);
  process.env.NEXT_PUBLIC_WORDPRESS_URL = WORDPRESS_BASE;
  mockRouter.asPath = '/';
  answerCookieBanner(); // the popup waits for the cookie banner to be answered (tested below)
});

afterEach(() => {
  document.cookie = 'cc_cookie=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  server.events.removeListener('request:start', onRequest);
  dialogs.restore();
  consoleError.mockRestore();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** The visitor has answered the cookie banner: the consent cookie exists. */
function answerCookieBanner() {
  document.cookie = `cc_cookie=${encodeURIComponent('{"categories":["necessary"]}')}; path=/`;
}

/** The alerts with a fresh SWR cache (no deduping), as on a fresh page load. */
function renderAlerts(cache: Map<string, unknown> = new Map(), extra: ReactNode = null) {
  return render(
    <SWRConfig value={{ provider: () => cache as unknown as Cache, dedupingInterval: 0 }}>
      {extra}
      <SiteAlerts />
    </SWRConfig>,
  );
}

/** Resolves once SWR holds the alerts read (whatever it found). */
async function alertsLoaded(cache: Map<string, unknown>) {
  await waitFor(() => expect([...cache.values()].some((entry) => (entry as { data?: unknown })?.data !== undefined)).toBe(true));
}

const topBar = () => screen.queryByRole('region', { name: 'Site notice' });
const popup = () => screen.queryByRole('dialog');

describe('site alerts in the browser (spec §5, §7 "Alerts", §8 "Alert failure")', () => {
  test("spec §5 only alerts with enable equal to '1' are shown: the enabled top bar and popup show, the newer disabled ones do not", async () => {
    renderAlerts();
    const bar = await screen.findByRole('region', { name: 'Site notice' });
    expect(bar).toHaveTextContent(TOP_BAR.title);
    expect(within(bar).getByRole('link', { name: TOP_BAR.link })).toHaveAttribute('href', TOP_BAR.href);
    expect(within(bar).getByRole('button', { name: 'Dismiss site notice' })).toBeInTheDocument();

    const dialog = await screen.findByRole('dialog', { name: POPUP.title });
    expect(dialog).toHaveAccessibleDescription(POPUP.text);
    expect(within(dialog).getByRole('link', { name: POPUP.link })).toHaveAttribute('href', POPUP.href);
    expect(dialogs.modalOpened).toHaveBeenCalledWith(dialog); // showModal(): a modal dialog

    expect(screen.queryByText(TOP_BAR_DISABLED)).not.toBeInTheDocument();
    expect(screen.queryByText(POPUP_DISABLED)).not.toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: 'Site notice' })).toHaveLength(1);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  test('spec §7 alerts: read in the browser with one request per type, filtered by alert_type and enable 1', async () => {
    renderAlerts();
    await screen.findByRole('dialog');
    const filters = alertRequests.map((url) => [url.searchParams.get('meta_query[0][value]'), url.searchParams.get('meta_query[1][value]')]);
    expect(filters.sort()).toEqual([
      ['Popup', '1'],
      ['Top bar', '1'],
    ]);
  });

  test('issue 19: the alert requests start on a task of their own, not inside the commit that mounts the alerts', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const cache = new Map<string, unknown>();
    renderAlerts(cache); // render() commits inside act(): SWR's mount effect has run
    expect(fetchSpy).not.toHaveBeenCalled();

    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(fetchSpy.mock.calls.map(([input]) => new URL(String(input)).pathname)).toEqual(['/wp-json/wp/v2/alert', '/wp-json/wp/v2/alert']);
    await alertsLoaded(cache);
    expect(await screen.findByRole('region', { name: 'Site notice' })).toHaveTextContent(TOP_BAR.title);
  });

  test('spec §8 alert failure: when the alert read fails (3 attempts, 3000 ms apart) no alert and no error is shown, and SWR does not retry', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    server.use(http.get(ALERT_URL, () => HttpResponse.json({ code: 'internal_error', message: 'boom' }, { status: 500 })));
    const cache = new Map<string, unknown>();
    renderAlerts(cache);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(2 * RETRY_DELAY_MS);
    });
    await alertsLoaded(cache);
    expect(alertRequests).toHaveLength(6); // 3 attempts × 2 types, by the fetch wrapper

    expect(topBar()).not.toBeInTheDocument();
    expect(popup()).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/error|failed/i);

    // shouldRetryOnError: false, and the wrapper's retries are the only ones.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(alertRequests).toHaveLength(6);
  });

  test('spec §8 alert failure: a type whose read fails shows no alert; the other type still shows', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    server.use(
      http.get(ALERT_URL, ({ request }) =>
        new URL(request.url).searchParams.get('meta_query[0][value]') === 'Top bar' ? new HttpResponse('<html>down</html>', { status: 503 }) : undefined,
      ),
    );
    const cache = new Map<string, unknown>();
    renderAlerts(cache);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2 * RETRY_DELAY_MS);
    });
    await alertsLoaded(cache);
    expect(popup()).toHaveAccessibleName(POPUP.title);
    expect(topBar()).not.toBeInTheDocument();
  });

  test('spec §8 alert failure: a network error shows no alert', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    server.use(http.get(ALERT_URL, () => HttpResponse.error()));
    const cache = new Map<string, unknown>();
    renderAlerts(cache);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2 * RETRY_DELAY_MS);
    });
    await alertsLoaded(cache);
    expect(topBar()).not.toBeInTheDocument();
    expect(popup()).not.toBeInTheDocument();
  });

  test('no content system configured: no request and no alert', async () => {
    process.env.NEXT_PUBLIC_WORDPRESS_URL = '';
    renderAlerts();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(alertRequests).toHaveLength(0);
    expect(topBar()).not.toBeInTheDocument();
  });

  test('top bar dismissal is remembered for the browser session (sessionStorage alert-dismissed:{id})', async () => {
    const user = userEvent.setup();
    const first = renderAlerts();
    const bar = await screen.findByRole('region', { name: 'Site notice' });
    await user.click(within(bar).getByRole('button', { name: 'Dismiss site notice' }));
    expect(topBar()).not.toBeInTheDocument();
    expect(sessionStorage.getItem(dismissedKey(TOP_BAR.id))).toBe('1');
    first.unmount();

    // Another page load in the same session (the in-memory copy forgotten): the bar stays away, the popup does not.
    resetDismissedForTests();
    renderAlerts();
    await screen.findByRole('dialog', { name: POPUP.title });
    expect(topBar()).not.toBeInTheDocument();
  });

  test('popup dismissal is remembered for the browser session', async () => {
    const user = userEvent.setup();
    const first = renderAlerts();
    const dialog = await screen.findByRole('dialog', { name: POPUP.title });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(popup()).not.toBeInTheDocument();
    expect(sessionStorage.getItem(dismissedKey(POPUP.id))).toBe('1');
    first.unmount();

    resetDismissedForTests();
    renderAlerts();
    await screen.findByRole('region', { name: 'Site notice' });
    expect(popup()).not.toBeInTheDocument();
    expect(dialogs.modalOpened).toHaveBeenCalledTimes(1);
  });

  test('storage that throws (blocked or full) never breaks the alerts: they show, and a dismissal holds for the page', async () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const user = userEvent.setup();
    renderAlerts();
    const bar = await screen.findByRole('region', { name: 'Site notice' });
    await user.click(within(bar).getByRole('button', { name: 'Dismiss site notice' }));
    expect(topBar()).not.toBeInTheDocument();
  });

  test('popup: a modal dialog; focus moves to its close button, Escape closes it and focus returns to what had it', async () => {
    const user = userEvent.setup();
    renderAlerts(new Map(), <button type="button">Before</button>);
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();

    const dialog = await screen.findByRole('dialog', { name: POPUP.title });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(popup()).not.toBeInTheDocument();
    expect(before).toHaveFocus();
    expect(sessionStorage.getItem(dismissedKey(POPUP.id))).toBe('1');
  });

  test('popup: the visible close button closes it and returns focus', async () => {
    const user = userEvent.setup();
    renderAlerts(new Map(), <button type="button">Before</button>);
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    const dialog = await screen.findByRole('dialog', { name: POPUP.title });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(popup()).not.toBeInTheDocument();
    expect(before).toHaveFocus();
  });

  test('popup: following its link closes it and counts as a dismissal', async () => {
    const user = userEvent.setup();
    renderAlerts();
    const dialog = await screen.findByRole('dialog', { name: POPUP.title });
    const link = within(dialog).getByRole('link', { name: POPUP.link });
    link.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot navigate
    await user.click(link);
    expect(popup()).not.toBeInTheDocument();
    expect(sessionStorage.getItem(dismissedKey(POPUP.id))).toBe('1');
  });

  test('top bar: dismissing it from the keyboard moves focus to the page content, not to the top of the document', async () => {
    const user = userEvent.setup();
    dialogs.restore(); // no popup in the way: without showModal it opens non-modally
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <SiteAlerts />
        <main tabIndex={-1}>content</main>
      </SWRConfig>,
    );
    const close = within(await screen.findByRole('region', { name: 'Site notice' })).getByRole('button', { name: 'Dismiss site notice' });
    close.focus();
    await user.keyboard('{Enter}');
    expect(topBar()).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  test('top bar: while shown, the content below it is moved down by its height (--site-notice-offset on <main> and the footer, not <html>), undone on dismissal', async () => {
    const user = userEvent.setup();
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <Layout data={null}>page</Layout>
      </SWRConfig>,
    );
    const bar = await screen.findByRole('region', { name: 'Site notice' });
    const main = screen.getByRole('main');
    const footer = document.querySelector('footer')!;
    expect(main.style.getPropertyValue('--site-notice-offset')).toMatch(/^\d+(\.\d+)?px$/);
    expect(footer.style.getPropertyValue('--site-notice-offset')).toBe(main.style.getPropertyValue('--site-notice-offset'));
    expect(document.documentElement.style.getPropertyValue('--site-notice-offset')).toBe('');
    await user.click(within(bar).getByRole('button', { name: 'Dismiss site notice' }));
    expect(main.style.getPropertyValue('--site-notice-offset')).toBe('');
    expect(footer.style.getPropertyValue('--site-notice-offset')).toBe('');
  });

  test('spec §2 application shell: the layout renders the alerts on every page, the top bar after the header (no server HTML: it arrives in the browser)', async () => {
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <Layout data={null}>page</Layout>
      </SWRConfig>,
    );
    expect(topBar()).not.toBeInTheDocument(); // the first render (the server's HTML) has none
    const bar = await screen.findByRole('region', { name: 'Site notice' });
    const header = screen.getByRole('banner');
    expect(header.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(bar.compareDocumentPosition(screen.getByRole('main')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: POPUP.title })).toBeInTheDocument();
  });

  test('the popup never opens over the cookie banner: not on the page view where the banner was unanswered, then on the next page', async () => {
    document.cookie = 'cc_cookie=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    mockRouter.asPath = '/about-us/news';
    const cache = new Map();
    // A new element each time, as the layout re-renders on every navigation.
    const ui = () => (
      <SWRConfig value={{ provider: () => cache, dedupingInterval: 0 }}>
        <SiteAlerts />
      </SWRConfig>
    );
    const { rerender } = render(ui());
    await screen.findByRole('region', { name: 'Site notice' }); // the top bar blocks nothing: it shows
    expect(popup()).not.toBeInTheDocument();

    answerCookieBanner(); // the visitor answers the banner: still the same page view
    rerender(ui());
    expect(popup()).not.toBeInTheDocument();

    mockRouter.asPath = '/about-us/news?page=2#top'; // same page, other query or fragment
    rerender(ui());
    expect(popup()).not.toBeInTheDocument();

    mockRouter.asPath = '/contact-us'; // the next page (a client-side navigation)
    rerender(ui());
    expect(await screen.findByRole('dialog', { name: POPUP.title })).toBeInTheDocument();
  });
});
