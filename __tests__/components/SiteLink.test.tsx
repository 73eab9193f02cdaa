/**
 * Issue 19: site links are plain anchors that the Next router follows on a plain left click, and
 * whose page is prefetched when a pointer or finger comes to them (no viewport watching).
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { SiteLink } from '@/components/content/SiteLink';

const mockPush = jest.fn(() => Promise.resolve(true));
const mockPrefetch = jest.fn(() => Promise.resolve());
jest.mock('next/router', () => ({ __esModule: true, default: { push: (...args: unknown[]) => mockPush(...(args as [])), prefetch: (...args: unknown[]) => mockPrefetch(...(args as [])) } }));

describe('issue 19: SiteLink', () => {
  beforeEach(() => {
    mockPush.mockClear();
    mockPrefetch.mockClear();
  });

  it('is a plain anchor with its href (works without JavaScript)', () => {
    render(<SiteLink href="/about-us/news">News</SiteLink>);
    expect(screen.getByRole('link', { name: 'News' })).toHaveAttribute('href', '/about-us/news');
  });

  it('a plain left click navigates on the client, without a page load', () => {
    render(<SiteLink href="/about-us/news">News</SiteLink>);
    const click = fireEvent.click(screen.getByRole('link', { name: 'News' }), { button: 0 });
    expect(click).toBe(false); // default prevented
    expect(mockPush).toHaveBeenCalledWith('/about-us/news');
  });

  it.each([
    ['with Ctrl', { ctrlKey: true }],
    ['with Meta', { metaKey: true }],
    ['with Shift', { shiftKey: true }],
    ['with the middle button', { button: 1 }],
  ])('a click %s stays the browser\'s', (_, init) => {
    render(<SiteLink href="/about-us/news">News</SiteLink>);
    fireEvent.click(screen.getByRole('link', { name: 'News' }), init);
    expect(mockPush).not.toHaveBeenCalled();
  });

  it('a link that opens another window stays the browser\'s', () => {
    render(
      <SiteLink href="/about-us/news" target="_blank">
        News
      </SiteLink>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'News' }));
    expect(mockPush).not.toHaveBeenCalled();
  });

  it('runs its own onClick first, and a handled click is not followed', () => {
    const onClick = jest.fn((event: React.MouseEvent) => event.preventDefault());
    render(
      <SiteLink href="/about-us/news" onClick={onClick}>
        News
      </SiteLink>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'News' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(mockPush).not.toHaveBeenCalled();
  });

  it('prefetches its page when a pointer enters it or a finger touches it', () => {
    render(<SiteLink href="/about-us/news">News</SiteLink>);
    const link = screen.getByRole('link', { name: 'News' });
    expect(mockPrefetch).not.toHaveBeenCalled();
    fireEvent.mouseEnter(link);
    fireEvent.touchStart(link);
    expect(mockPrefetch).toHaveBeenCalledTimes(2);
    expect(mockPrefetch).toHaveBeenCalledWith('/about-us/news');
  });
});
