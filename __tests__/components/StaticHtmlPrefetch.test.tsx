/**
 * Issue 36: StaticHtml's markup has no handlers of its own (its components do not hydrate), yet a
 * listing's static body is made of SiteLinks, prefetched on pointer or touch. On a first load
 * their own handlers never attach; the kept element prefetches for them, by delegation.
 */
import { act, fireEvent } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { SiteLink } from '@/components/content/SiteLink';
import { StaticBody } from '@/components/static/StaticHtml';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mockPrefetch = jest.fn(() => Promise.resolve());
const mockPush = jest.fn(() => Promise.resolve(true));
jest.mock('next/router', () => ({
  __esModule: true,
  default: { asPath: '/about-us/news', prefetch: (...args: unknown[]) => mockPrefetch(...(args as [])), push: (...args: unknown[]) => mockPush(...(args as [])), replace: jest.fn() },
}));

/** A listing's body as ListingTemplate renders it: cards whose titles are SiteLinks, and a CMS link. */
function Listing() {
  return (
    <StaticBody contentKey="/about-us/news">
      <ul>
        <li>
          <h2>
            <SiteLink href="/about-us/news/first">
              <span>First</span> story
            </SiteLink>
          </h2>
        </li>
        <li>
          <SiteLink href="/about-us/news/second">Second</SiteLink>
        </li>
      </ul>
      <a href="https://example.com/elsewhere">Elsewhere</a>
      <a href="/brochure.pdf" download>
        Brochure
      </a>
    </StaticBody>
  );
}

describe('issue 36: SiteLinks in a StaticHtml kept on a first load are prefetched on pointer and touch', () => {
  let root: Root | undefined;
  let container: HTMLDivElement;
  const link = (name: string) => [...container.querySelectorAll('a')].find((a) => a.textContent === name)!;

  beforeEach(async () => {
    mockPrefetch.mockClear();
    container = document.createElement('div');
    document.body.appendChild(container);
    container.innerHTML = renderToString(<Listing />);
    await act(async () => {
      root = hydrateRoot(container, <Listing />);
    });
    // The markup was kept, not hydrated: the SiteLinks inside never ran.
    expect(container.querySelector('[data-static]')!.innerHTML).toContain('First');
  });
  afterEach(() => {
    act(() => root?.unmount());
    container.remove();
  });

  it('a pointer coming onto a site link prefetches its page, once while it moves over the link', () => {
    fireEvent.mouseOver(link('First story').querySelector('span')!, { relatedTarget: document.body });
    expect(mockPrefetch).toHaveBeenCalledWith('/about-us/news/first');
    fireEvent.mouseOver(link('First story'), { relatedTarget: link('First story').querySelector('span') });
    expect(mockPrefetch).toHaveBeenCalledTimes(1);
  });

  it('a finger on a site link prefetches its page', () => {
    fireEvent.touchStart(link('Second'));
    expect(mockPrefetch).toHaveBeenCalledWith('/about-us/news/second');
  });

  it('links the router does not follow (another site, a download) and the gaps between links prefetch nothing', () => {
    fireEvent.mouseOver(link('Elsewhere'));
    fireEvent.mouseOver(link('Brochure'));
    fireEvent.mouseOver(container.querySelector('ul')!);
    expect(mockPrefetch).not.toHaveBeenCalled();
  });

  it('a click still navigates on the client (the element’s delegated onClick)', () => {
    fireEvent.click(link('Second'), { button: 0 });
    expect(mockPush).toHaveBeenCalledWith('/about-us/news/second');
  });
});
