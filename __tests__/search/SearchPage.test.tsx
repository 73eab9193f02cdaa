import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetStaticPropsContext } from 'next';
import type { ReactNode } from 'react';
import SearchPage, { getStaticProps } from '../../pages/search';
import { HeaderSearch } from '@/components/search/HeaderSearch';
import { SEARCH_DEBOUNCE_MS } from '@/components/search/SiteSearch';
import type { SearchResult } from '@/lib/shared/search/types';
import { CONTENT_TYPES } from '@/lib/shared/wordpress/contentTypes';

jest.mock('next/head', () => ({
  __esModule: true,
  default: ({ children }: { children: ReactNode }) => <>{children}</>,
}));

const mockSearchSite = jest.fn<Promise<SearchResult[]>, [string, AbortSignal | undefined, string | null | undefined]>();
jest.mock('@/lib/shared/search/client', () => ({
  searchSite: (s: string, signal?: AbortSignal, type?: string | null) => mockSearchSite(s, signal, type),
}));

interface MockRouter {
  isReady: boolean;
  pathname: string;
  asPath: string;
  query: Record<string, string | string[]>;
  replace: jest.Mock;
  push: jest.Mock;
}
const mockRouter: MockRouter = { isReady: true, pathname: '/search', asPath: '/search', query: {}, replace: jest.fn(), push: jest.fn() };
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

/** The router's URL after a replace/push: `{ pathname, query }`. */
function navigate(url: { pathname: string; query?: Record<string, string> } | string) {
  const query = typeof url === 'string' ? Object.fromEntries(new URL(url, 'http://x').searchParams) : (url.query ?? {});
  mockRouter.query = query;
  return Promise.resolve(true);
}

const RESULTS: SearchResult[] = [
  { title: 'Payments Summit 2026', url: '/about-us/events/corvane-payments-summit-2026', type: 'Event', excerpt: 'Join us in Denver.' },
  { title: 'Alternative Payment Methods', url: '/pages/alternative-payment-methods', type: 'Page', excerpt: 'Accept wallets and more.' },
];

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const input = () => screen.getByRole('searchbox', { name: 'Search pages, news, blog posts and more' });
const status = () => screen.getByRole('status');
const resultsRegion = () => status().parentElement as HTMLElement;

beforeEach(() => {
  mockSearchSite.mockReset();
  mockRouter.isReady = true;
  mockRouter.query = {};
  mockRouter.replace = jest.fn(navigate);
  mockRouter.push = jest.fn(navigate);
});

afterEach(() => {
  jest.useRealTimers();
});

describe('search page /search (spec §1 site search, §7 "Search")', () => {
  test('spec §7 search, deep link: /search?q=… searches for q once the router is ready and lists results linking to site pages', async () => {
    mockSearchSite.mockResolvedValue(RESULTS);
    mockRouter.isReady = false; // a static page: the query is not known on the first render
    mockRouter.query = {};
    const { rerender } = render(<SearchPage />);
    expect(input()).toHaveValue('');
    expect(mockSearchSite).not.toHaveBeenCalled();

    mockRouter.isReady = true;
    mockRouter.query = { q: 'payments' };
    rerender(<SearchPage />);
    expect(input()).toHaveValue('payments');
    expect(mockSearchSite).toHaveBeenCalledTimes(1);
    expect(mockSearchSite).toHaveBeenCalledWith('payments', expect.any(AbortSignal), null);

    expect(await screen.findByText('2 results for “payments”')).toBe(status());
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    RESULTS.forEach((result, i) => {
      const item = within(items[i] as HTMLElement);
      expect(item.getByRole('heading', { level: 2 })).toHaveTextContent(result.title);
      expect(item.getByRole('link', { name: result.title })).toHaveAttribute('href', result.url);
      expect(item.getByText(result.type)).toBeInTheDocument();
      expect(item.getByText(result.excerpt)).toBeInTheDocument();
    });
    expect(mockRouter.replace).not.toHaveBeenCalled(); // the URL already says q=payments
  });

  test('the result count is announced politely (aria-live) and the page has one h1 and a labelled search landmark', async () => {
    mockSearchSite.mockResolvedValue([RESULTS[0] as SearchResult]);
    mockRouter.query = { q: 'summit' };
    render(<SearchPage />);
    expect(await screen.findByText('1 result for “summit”')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('search', { name: 'Search the site' })).toContainElement(input());
  });

  test('loading state: aria-busy and "Searching…" while the request is in flight', async () => {
    const answer = deferred<SearchResult[]>();
    mockSearchSite.mockReturnValue(answer.promise);
    mockRouter.query = { q: 'payments' };
    render(<SearchPage />);
    expect(status()).toHaveTextContent('Searching…');
    expect(resultsRegion()).toHaveAttribute('aria-busy', 'true');

    await act(async () => answer.resolve(RESULTS));
    expect(status()).toHaveTextContent('2 results for “payments”');
    expect(resultsRegion()).toHaveAttribute('aria-busy', 'false');
  });

  test('empty state: "No results for …"', async () => {
    mockSearchSite.mockResolvedValue([]);
    mockRouter.query = { q: 'zebra' };
    render(<SearchPage />);
    expect(await screen.findByText('No results for “zebra”')).toBe(status());
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  test('error state: the error message is shown and announced; "Try again" searches again', async () => {
    mockSearchSite.mockRejectedValueOnce(new Error('Search is unavailable, please try again.')).mockResolvedValueOnce(RESULTS);
    mockRouter.query = { q: 'payments' };
    const user = userEvent.setup();
    render(<SearchPage />);
    expect(await screen.findByText('Search is unavailable, please try again.')).toBe(status());
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(mockSearchSite).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('2 results for “payments”')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  test('live search: typing searches once, 300 ms after the last keystroke, and puts q in the URL (router.replace, shallow)', async () => {
    jest.useFakeTimers();
    mockSearchSite.mockResolvedValue(RESULTS);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<SearchPage />);

    await user.type(input(), 'pay');
    expect(mockSearchSite).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(mockSearchSite).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(mockSearchSite).toHaveBeenCalledTimes(1);
    expect(mockSearchSite).toHaveBeenLastCalledWith('pay', expect.any(AbortSignal), null);
    expect(mockRouter.replace).toHaveBeenLastCalledWith({ pathname: '/search', query: { q: 'pay' } }, undefined, { shallow: true, scroll: false });
    expect(await screen.findByText('2 results for “pay”')).toBeInTheDocument();
    expect(input()).toHaveValue('pay'); // the URL update does not touch what was typed
  });

  test('live search: a new query aborts the request in flight, and a late answer to the old one never shows', async () => {
    jest.useFakeTimers();
    const first = deferred<SearchResult[]>();
    const second = deferred<SearchResult[]>();
    mockSearchSite.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<SearchPage />);

    await user.type(input(), 'pay');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    });
    const firstSignal = mockSearchSite.mock.calls[0]?.[1] as AbortSignal;
    await user.type(input(), 'ments');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    });
    expect(mockSearchSite).toHaveBeenCalledTimes(2);
    expect(mockSearchSite).toHaveBeenLastCalledWith('payments', expect.any(AbortSignal), null);
    expect(firstSignal.aborted).toBe(true);

    await act(async () => second.resolve([RESULTS[1] as SearchResult]));
    await act(async () => first.resolve(RESULTS));
    expect(status()).toHaveTextContent('1 result for “payments”');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  test('keyboard: Enter searches at once, without waiting for the pause', async () => {
    mockSearchSite.mockResolvedValue(RESULTS);
    const user = userEvent.setup();
    render(<SearchPage />);
    await user.type(input(), 'summit{Enter}');
    expect(mockSearchSite).toHaveBeenCalledTimes(1);
    expect(mockSearchSite).toHaveBeenCalledWith('summit', expect.any(AbortSignal), null);
    expect(await screen.findByText('2 results for “summit”')).toBeInTheDocument();
    // Tab from the box reaches the submit button, the type filter (one stop: the chosen type), then the result links.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('radio', { name: 'All' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: RESULTS[0]?.title })).toHaveFocus();
  });

  test('spec §5 a search with an empty string makes no call: clearing the box clears the results and q', async () => {
    jest.useFakeTimers();
    mockSearchSite.mockResolvedValue(RESULTS);
    mockRouter.query = { q: 'payments' };
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<SearchPage />);
    expect(await screen.findByText('2 results for “payments”')).toBeInTheDocument();

    await user.clear(input());
    await user.type(input(), '   ');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    });
    expect(mockSearchSite).toHaveBeenCalledTimes(1);
    expect(status()).toHaveTextContent('');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(mockRouter.replace).toHaveBeenLastCalledWith({ pathname: '/search', query: {} }, undefined, { shallow: true, scroll: false });
  });

  test('q changed from outside (the header search box used on /search, back/forward) searches for the new q', async () => {
    mockSearchSite.mockResolvedValue(RESULTS);
    mockRouter.query = { q: 'payments' };
    const { rerender } = render(<SearchPage />);
    await screen.findByText('2 results for “payments”');

    mockRouter.query = { q: 'loyalty' };
    rerender(<SearchPage />);
    expect(input()).toHaveValue('loyalty');
    expect(mockSearchSite).toHaveBeenLastCalledWith('loyalty', expect.any(AbortSignal), null);
    expect(await screen.findByText('2 results for “loyalty”')).toBeInTheDocument();
  });

  test('a result whose URL is not a site path gets no link (never a javascript: or WordPress URL)', async () => {
    mockSearchSite.mockResolvedValue([{ title: 'Odd', url: 'javascript:alert(1)', type: 'Page', excerpt: '' }]);
    mockRouter.query = { q: 'odd' };
    render(<SearchPage />);
    await screen.findByText('1 result for “odd”');
    expect(screen.getByRole('heading', { level: 2, name: 'Odd' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Odd' })).not.toBeInTheDocument();
  });

  test('without JavaScript the form still submits: GET /search with q', () => {
    render(<SearchPage />);
    const form = screen.getByRole('search', { name: 'Search the site' });
    expect(form).toHaveAttribute('action', '/search');
    expect(form).toHaveAttribute('method', 'get');
    expect(input()).toHaveAttribute('name', 'q');
  });

  test('Seo: title "Search", canonical /search, kept out of search engines (noindex)', () => {
    render(<SearchPage />);
    expect(document.title).toMatch(/^Search/);
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.example.com/search');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  });

  test('spec §2 application shell: getStaticProps gives the page the layout data (menu and footer)', async () => {
    const result = await getStaticProps({} as GetStaticPropsContext);
    expect(result).toHaveProperty('props.layout.menu');
    expect(result).toHaveProperty('props.layout.footer');
    expect(result).toHaveProperty('revalidate');
  });
});

describe('header search box', () => {
  const toggle = () => screen.getByText('Search', { selector: 'summary span' }).closest('summary') as HTMLElement;

  test('a GET form to /search with a labelled q field and a submit button, behind a search button (works without JavaScript)', () => {
    const { container } = render(<HeaderSearch />);
    const details = container.querySelector('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(toggle()).toHaveTextContent('Search');
    const form = screen.getByRole('search', { name: 'Site search', hidden: true });
    expect(form).toHaveAttribute('action', '/search');
    expect(form).toHaveAttribute('method', 'get');
    const field = within(form).getByRole('searchbox', { name: 'Search the site', hidden: true });
    expect(field).toHaveAttribute('name', 'q');
    expect(within(form).getByRole('button', { name: 'Search', hidden: true })).toHaveAttribute('type', 'submit');
  });

  test('opening it puts focus in the field at once (no typed key lost); Escape closes it and returns focus to the search button', async () => {
    const user = userEvent.setup();
    const { container } = render(<HeaderSearch />);
    const details = container.querySelector('details') as HTMLDetailsElement;
    toggle().click();
    expect(details.open).toBe(true);
    expect(screen.getByRole('searchbox', { name: 'Search the site' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(details.open).toBe(false);
    expect(toggle()).toHaveFocus();
  });

  test('with JavaScript it navigates on the client to /search?q=… (trimmed) and closes', async () => {
    const user = userEvent.setup();
    const { container } = render(<HeaderSearch />);
    await user.click(toggle());
    await user.type(screen.getByRole('searchbox', { name: 'Search the site' }), '  card services {Enter}');
    expect(mockRouter.push).toHaveBeenCalledWith({ pathname: '/search', query: { q: 'card services' } });
    expect((container.querySelector('details') as HTMLDetailsElement).open).toBe(false);
  });

  test('an empty box leads to the search page', async () => {
    const user = userEvent.setup();
    render(<HeaderSearch />);
    await user.click(toggle());
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(mockRouter.push).toHaveBeenCalledWith('/search');
  });

  test('a click outside closes it', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <>
        <HeaderSearch />
        <p>elsewhere</p>
      </>,
    );
    await user.click(toggle());
    expect((container.querySelector('details') as HTMLDetailsElement).open).toBe(true);
    await user.click(screen.getByText('elsewhere'));
    expect((container.querySelector('details') as HTMLDetailsElement).open).toBe(false);
  });
});

describe('search page: type filter, keyboard, marks and dates (docs/search-index.md part E)', () => {
  const filter = () => screen.getByRole('group', { name: 'Filter by type' });
  const radio = (name: string) => within(filter()).getByRole('radio', { name });

  test('the filter: "All" and each content type by its plural label, radio buttons in a fieldset inside the form (submitted without JavaScript too)', () => {
    render(<SearchPage />);
    const names = within(filter())
      .getAllByRole('radio')
      .map((r) => (r.closest('label') as HTMLElement).textContent);
    expect(names).toEqual(['All', ...CONTENT_TYPES.map((t) => t.pluralLabel)]);
    expect(radio('All')).toBeChecked();
    expect(screen.getByRole('search', { name: 'Search the site' })).toContainElement(filter());
    expect(filter().tagName).toBe('FIELDSET');
    for (const r of within(filter()).getAllByRole('radio')) expect(r).toHaveAttribute('name', 'type');
    expect(radio('News')).toHaveAttribute('value', 'news');
  });

  test('choosing a type searches at once with that type, puts type in the URL (shallow replace) and announces the filtered count', async () => {
    mockSearchSite.mockResolvedValue(RESULTS);
    mockRouter.query = { q: 'payments' };
    const user = userEvent.setup();
    render(<SearchPage />);
    await screen.findByText('2 results for “payments”');

    mockSearchSite.mockResolvedValue([RESULTS[0] as SearchResult]);
    await user.click(radio('Events'));
    expect(radio('Events')).toBeChecked();
    expect(mockSearchSite).toHaveBeenCalledTimes(2);
    expect(mockSearchSite).toHaveBeenLastCalledWith('payments', expect.any(AbortSignal), 'event');
    expect(mockRouter.replace).toHaveBeenLastCalledWith({ pathname: '/search', query: { q: 'payments', type: 'event' } }, undefined, {
      shallow: true,
      scroll: false,
    });
    expect(await screen.findByText('1 result for “payments” in Events')).toBe(status());

    // Back to All: no type in the request or the URL.
    await user.click(radio('All'));
    expect(mockSearchSite).toHaveBeenLastCalledWith('payments', expect.any(AbortSignal), null);
    expect(mockRouter.replace).toHaveBeenLastCalledWith({ pathname: '/search', query: { q: 'payments' } }, undefined, { shallow: true, scroll: false });
  });

  test('a type chosen while typing is still in its pause searches at once for what the box holds', async () => {
    jest.useFakeTimers();
    mockSearchSite.mockResolvedValue(RESULTS);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<SearchPage />);
    await user.type(input(), 'loyalty');
    await user.click(radio('News'));
    expect(mockSearchSite).toHaveBeenCalledTimes(1);
    expect(mockSearchSite).toHaveBeenLastCalledWith('loyalty', expect.any(AbortSignal), 'news');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    });
    expect(mockSearchSite).toHaveBeenCalledTimes(1); // the pending keystroke search was cancelled
  });

  test('an empty box with a type makes no request (spec §5), but the URL keeps the type', async () => {
    const user = userEvent.setup();
    render(<SearchPage />);
    await user.click(radio('Pages'));
    expect(mockSearchSite).not.toHaveBeenCalled();
    expect(mockRouter.replace).toHaveBeenLastCalledWith({ pathname: '/search', query: { type: 'page' } }, undefined, { shallow: true, scroll: false });
    expect(status()).toHaveTextContent('');
  });

  test('type from the URL on load and on back/forward: the radio follows and the search uses it; an unknown type is All', async () => {
    mockSearchSite.mockResolvedValue(RESULTS);
    mockRouter.query = { q: 'payments', type: 'pressRelease' };
    const { rerender } = render(<SearchPage />);
    expect(radio('Press releases')).toBeChecked();
    expect(mockSearchSite).toHaveBeenLastCalledWith('payments', expect.any(AbortSignal), 'pressRelease');
    expect(await screen.findByText('2 results for “payments” in Press releases')).toBeInTheDocument();

    mockRouter.query = { q: 'payments' }; // back
    rerender(<SearchPage />);
    expect(radio('All')).toBeChecked();
    expect(mockSearchSite).toHaveBeenLastCalledWith('payments', expect.any(AbortSignal), null);
    expect(await screen.findByText('2 results for “payments”')).toBe(status());

    mockRouter.query = { q: 'payments', type: 'nonsense' };
    rerender(<SearchPage />);
    expect(radio('All')).toBeChecked();
    expect(mockSearchSite).toHaveBeenCalledTimes(2); // the same search as before: nothing new to ask
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  test('keyboard: ArrowDown from the box to the first result, Down/Up between results, Up from the first back to the box', async () => {
    mockSearchSite.mockResolvedValue(RESULTS);
    mockRouter.query = { q: 'payments' };
    const user = userEvent.setup();
    render(<SearchPage />);
    await screen.findByText('2 results for “payments”');
    const [first, second] = RESULTS.map((r) => screen.getByRole('link', { name: r.title }));

    await user.click(input());
    await user.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{ArrowDown}'); // the last: stays (the page may scroll)
    expect(second).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(input()).toHaveFocus();
    // With a modifier the arrows are the browser's.
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(input()).toHaveFocus();
  });

  test('keyboard: ArrowDown without results stays in the box; the arrows are not taken from the box then', async () => {
    const user = userEvent.setup();
    render(<SearchPage />);
    await user.click(input());
    const event = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true });
    act(() => {
      input().dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(false);
    expect(input()).toHaveFocus();
  });

  test('keyboard: Escape in the box clears it, the results and q, and says so; Escape in an empty box is left alone', async () => {
    mockSearchSite.mockResolvedValue(RESULTS);
    mockRouter.query = { q: 'payments' };
    const user = userEvent.setup();
    render(<SearchPage />);
    await screen.findByText('2 results for “payments”');
    await user.click(input());
    await user.keyboard('{Escape}');
    expect(input()).toHaveValue('');
    expect(input()).toHaveFocus();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(status()).toHaveTextContent('Search cleared');
    expect(mockRouter.replace).toHaveBeenLastCalledWith({ pathname: '/search', query: {} }, undefined, { shallow: true, scroll: false });
    expect(mockSearchSite).toHaveBeenCalledTimes(1);

    const event = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    act(() => {
      input().dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(false);
  });

  test('Enter on a result opens it (a native link: the router follows the click)', async () => {
    mockSearchSite.mockResolvedValue(RESULTS);
    mockRouter.query = { q: 'payments' };
    render(<SearchPage />);
    await screen.findByText('2 results for “payments”');
    const link = screen.getByRole('link', { name: RESULTS[0]?.title });
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', RESULTS[0]?.url);
  });

  test('marks: the matched words of titles and excerpts are <mark>s; the link keeps the whole title as its name', async () => {
    mockSearchSite.mockResolvedValue([
      {
        title: 'Card payments for payment providers',
        url: '/resources/blogs/card-payments',
        type: 'Blog post',
        excerpt: 'How payments flow.',
        date: '2026-02-10T09:00:00',
        matches: { title: [[5, 13], [18, 25]], excerpt: [[4, 12], [40, 50]] },
        terms: ['payments'],
      },
      { title: 'Wallets', url: '/pages/wallets', type: 'Page', excerpt: 'No marks here.' },
    ]);
    mockRouter.query = { q: 'payments' };
    render(<SearchPage />);
    await screen.findByText('2 results for “payments”');
    const [marked, plain] = within(screen.getByRole('list')).getAllByRole('listitem') as HTMLElement[];
    const link = within(marked as HTMLElement).getByRole('link', { name: 'Card payments for payment providers' });
    expect([...link.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['payments', 'payment']);
    const excerpt = within(marked as HTMLElement).getByText((_, el) => el?.tagName === 'P' && el.textContent === 'How payments flow.');
    expect([...excerpt.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['payments']); // [40, 50] is out of bounds: ignored
    expect((plain as HTMLElement).querySelector('mark')).toBeNull();
  });

  test('dates: a valid date is a <time dateTime> beside the type, formatted as the site\'s other dates; a bad one shows nothing', async () => {
    mockSearchSite.mockResolvedValue([
      { title: 'Dated', url: '/about-us/news/dated', type: 'News', excerpt: '', date: '2026-02-10T09:00:00' },
      { title: 'Bad date', url: '/about-us/news/bad', type: 'News', excerpt: '', date: 'yesterday' },
      { title: 'No date', url: '/pages/none', type: 'Page', excerpt: '' },
    ]);
    mockRouter.query = { q: 'dated' };
    render(<SearchPage />);
    await screen.findByText('3 results for “dated”');
    const [dated, bad, none] = within(screen.getByRole('list')).getAllByRole('listitem') as HTMLElement[];
    const time = (dated as HTMLElement).querySelector('time');
    expect(time).toHaveAttribute('dateTime', '2026-02-10T09:00');
    expect(time).toHaveTextContent('February 10, 2026');
    expect(time?.closest('p')).toHaveTextContent('NewsFebruary 10, 2026');
    expect((bad as HTMLElement).querySelector('time')).toBeNull();
    expect((none as HTMLElement).querySelector('time')).toBeNull();
  });
});
