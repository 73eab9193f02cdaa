/**
 * Issue 19: parts of the page kept as the server rendered them (StaticHtml) are not hydrated:
 * the components inside do not run in the browser, their markup stays, the element's own handlers
 * work, and new content (a client-side navigation) replaces the markup instead of adding to it.
 */
import { act, type ReactNode } from 'react';
import { hydrateRoot, createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { StaticHtml } from '@/components/static/StaticHtml';

// React's act() environment (the real next/router, mocked here, happened to set it up).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mockRouter = { asPath: '/resources/blogs/a-post#the-numbers', replace: jest.fn(async () => true) };
jest.mock('next/router', () => ({
  __esModule: true,
  get default() {
    return mockRouter;
  },
}));

const renders = jest.fn();

function Inner({ text }: { text: string }) {
  renders(text);
  return <a href="https://example.com/about-us">{text}</a>;
}

function App({ contentKey, label, onClick }: { contentKey: unknown; label: string; onClick?: () => void }) {
  return (
    <StaticHtml as="section" className="kept" contentKey={contentKey} onClick={onClick}>
      <Inner text={label} />
    </StaticHtml>
  );
}

describe('issue 19: StaticHtml keeps server markup without hydrating it', () => {
  let root: Root | undefined;
  let container: HTMLDivElement;

  beforeEach(() => {
    renders.mockClear();
    container = document.createElement('div');
    document.body.appendChild(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container.remove();
  });

  /** The server's HTML in the document, then hydration, as a page load does. */
  async function load(element: ReactNode): Promise<string> {
    const html = renderToString(element);
    container.innerHTML = html;
    renders.mockClear();
    await act(async () => {
      root = hydrateRoot(container, element);
    });
    return html;
  }

  it('renders its children on the server, in its element marked data-static', () => {
    const html = renderToString(<App contentKey="page-1" label="About us" />);
    expect(html).toMatch(/^<section data-static="[^"]+" class="kept"><a href="https:\/\/example.com\/about-us">About us<\/a><\/section>$/);
    expect(renders).toHaveBeenCalledWith('About us');
  });

  it('does not run the components inside while the page hydrates, and keeps their markup', async () => {
    const html = await load(<App contentKey="page-1" label="About us" />);
    expect(renders).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(html);
  });

  it('hydrates the element itself: its click handler works', async () => {
    const onClick = jest.fn();
    await load(<App contentKey="page-1" label="About us" onClick={onClick} />);
    act(() => container.querySelector('a')!.click());
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('keeps the markup on a later render with the same content key', async () => {
    const key = { page: 1 };
    const html = await load(<App contentKey={key} label="About us" />);
    await act(async () => root!.render(<App contentKey={key} label="About us" />));
    expect(renders).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(html);
  });

  it('renders new content in place of the kept markup when the key changes (a client-side navigation)', async () => {
    await load(<App contentKey="page-1" label="About us" />);
    await act(async () => root!.render(<App contentKey="page-2" label="Careers" />));
    expect(renders).toHaveBeenCalledWith('Careers');
    expect(container.querySelectorAll('section')).toHaveLength(1);
    expect(container.querySelectorAll('a')).toHaveLength(1);
    expect(container.textContent).toBe('Careers');
  });

  it('renders its children when there is no server markup (mounted later, or rendered in the browser only)', async () => {
    await act(async () => {
      root = createRoot(container);
      root.render(<App contentKey="page-3" label="Press" />);
    });
    expect(renders).toHaveBeenCalledWith('Press');
    expect(container.textContent).toBe('Press');
  });

  it('shows the same content when React renders afresh instead of hydrating (after a hydration error)', async () => {
    container.innerHTML = renderToString(<App contentKey="page-1" label="About us" />);
    await act(async () => {
      root = createRoot(container);
      root.render(<App contentKey="page-1" label="About us" />);
    });
    expect(container.querySelectorAll('section')).toHaveLength(1);
    expect(container.querySelectorAll('a')).toHaveLength(1);
    expect(container.textContent).toBe('About us');
  });

  describe('complete={false}: the page data left the body to the markup (src/lib/shared/site/documentData.ts)', () => {
    function Body({ label, complete }: { label: string; complete: boolean }) {
      return (
        <StaticHtml contentKey="post" complete={complete}>
          <Inner text={label} />
        </StaticHtml>
      );
    }

    beforeEach(() => mockRouter.replace.mockClear());

    it('keeps the server markup and loads nothing when the page hydrates', async () => {
      const html = renderToString(<Body label="The whole body" complete />);
      container.innerHTML = html;
      renders.mockClear();
      await act(async () => {
        root = hydrateRoot(container, <Body label="" complete={false} />);
      });
      expect(renders).not.toHaveBeenCalled();
      expect(container.innerHTML).toBe(html);
      expect(mockRouter.replace).not.toHaveBeenCalled();
    });

    it('renders what the incomplete props hold, busy, and loads the page data again, once, when React renders afresh (after a hydration error)', async () => {
      container.innerHTML = renderToString(<Body label="The whole body" complete />);
      renders.mockClear();
      await act(async () => {
        root = createRoot(container);
        root.render(<Body label="" complete={false} />);
      });
      expect(renders).toHaveBeenCalledWith('');
      expect(container.textContent).toBe('');
      expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
      // Twice, without the fragment: Next takes an address that differs only in it for a jump
      // within the page, which loads nothing; the second replace is the page by itself, a load.
      expect(mockRouter.replace.mock.calls).toEqual([
        ['/resources/blogs/a-post', undefined, { scroll: false }],
        ['/resources/blogs/a-post', undefined, { scroll: false }],
      ]);
      // The router's whole data arrives as new props: the children render, in the same element.
      await act(async () => root!.render(<Body label="The whole body" complete />));
      expect(container.textContent).toBe('The whole body');
      expect(container.querySelectorAll('div')).toHaveLength(1);
      expect(container.querySelector('[aria-busy]')).toBeNull();
      // Incomplete again at the same address (it cannot be, but): no second load, never a loop.
      await act(async () => root!.render(<Body label="" complete={false} />));
      expect(mockRouter.replace).toHaveBeenCalledTimes(2);
    });
  });

  describe('keepWhile: kept only while a media query matches (the desktop menu on a phone)', () => {
    let matchesNow = true;
    const listeners = new Set<() => void>();
    beforeEach(() => {
      matchesNow = true;
      listeners.clear();
      window.matchMedia = jest.fn().mockImplementation((query: string) => ({
        media: query,
        get matches() {
          return matchesNow;
        },
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      })) as unknown as typeof window.matchMedia;
    });

    function Menu({ label }: { label: string }) {
      return (
        <StaticHtml contentKey="/" keepWhile="(max-width: 599.98px)">
          <Inner text={label} />
        </StaticHtml>
      );
    }

    it('keeps the markup while the query matches at load', async () => {
      await load(<Menu label="Products" />);
      expect(renders).not.toHaveBeenCalled();
    });

    it('hydrates as usual when the query does not match at load', async () => {
      matchesNow = false;
      await load(<Menu label="Products" />);
      expect(renders).toHaveBeenCalledWith('Products');
    });

    it('renders the children once the query stops matching (the viewport widens)', async () => {
      await load(<Menu label="Products" />);
      matchesNow = false;
      await act(async () => listeners.forEach((listener) => listener()));
      expect(renders).toHaveBeenCalledWith('Products');
      expect(container.querySelectorAll('a')).toHaveLength(1);
    });
  });
});
