import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Breadcrumbs, breadcrumbJsonLd, detailTrail } from '@/components/content/Breadcrumbs';
import { Card, CARD_IMAGE_SIZES } from '@/components/content/Card';
import { DateLine, DateRange } from '@/components/content/DateLine';
import { formatDate, formatTime, machineDate } from '@/components/content/dates';
import { FeaturedImage } from '@/components/content/FeaturedImage';
import { Pagination, pageSlots } from '@/components/content/Pagination';
import { RichHtml } from '@/components/content/RichHtml';
import type { CardItem } from '@/lib/shared/types';
import { sanitizeCmsHtml } from '@/lib/html/sanitize';

const routerPush = jest.fn<Promise<boolean>, [string]>(async () => true);
jest.mock('next/router', () => ({ __esModule: true, default: { push: (href: string) => routerPush(href) } }));

// next/link renders a plain <a>; the mock marks it so a test can tell client links from plain anchors.
jest.mock('next/link', () => ({
  __esModule: true,
  default: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} data-client-link="true" {...rest}>
      {children}
    </a>
  ),
}));

describe('RichHtml (server-sanitized CMS HTML)', () => {
  beforeEach(() => routerPush.mockClear());

  test('a plain click on a link to a site path navigates on the client (the Next router), not by a page load', async () => {
    render(<RichHtml html={'<p>See <a href="/pages/secure-switching">secure <b>switching</b></a>.</p>'} />);
    const link = screen.getByRole('link', { name: 'secure switching' });
    expect(link).toHaveAttribute('href', '/pages/secure-switching');
    const notPrevented = fireEvent.click(within(link).getByText('switching'));
    expect(notPrevented).toBe(false);
    expect(routerPush.mock.calls).toEqual([['/pages/secure-switching']]);
  });

  test('external, protocol-relative, mailto, fragment, new-window and download links, and modified clicks, stay the browser\'s', () => {
    render(
      <RichHtml
        html={[
          '<a href="https://www.pcisecuritystandards.org/" rel="nofollow">PCI</a>',
          '<a href="//cdn.example.com/file">CDN</a>',
          '<a href="mailto:press@corvane.example">Press</a>',
          '<a href="#details">Details</a>',
          '<a href="/pricing" target="_blank" rel="noopener noreferrer">New window</a>',
          '<a href="/files/report.pdf" download>Report</a>',
          '<a href="/contact-us">Contact</a>',
        ].join(' ')}
      />,
    );
    expect(screen.getByRole('link', { name: 'PCI' })).toHaveAttribute('rel', 'nofollow');
    for (const name of ['PCI', 'CDN', 'Press', 'Details', 'New window', 'Report']) {
      expect(fireEvent.click(screen.getByRole('link', { name }))).toBe(true);
    }
    const contact = screen.getByRole('link', { name: 'Contact' });
    expect(fireEvent.click(contact, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(contact, { metaKey: true })).toBe(true);
    expect(fireEvent.click(contact, { shiftKey: true })).toBe(true);
    expect(fireEvent.click(contact, { button: 1 })).toBe(true);
    expect(routerPush).not.toHaveBeenCalled();
  });

  test('the sanitizer finishes links and images: noopener noreferrer on new windows; images keep width and height and load lazily', () => {
    const html = sanitizeCmsHtml(
      '<a href="https://example.com/" target="_blank" rel="nofollow">Out</a><p><img src="https://media.example.com/a.png" alt="Diagram" width="1200" height="630" loading="eager"></p>',
    ).html;
    render(<RichHtml html={html} />);
    expect(screen.getByRole('link', { name: 'Out' }).getAttribute('rel')?.split(' ').sort()).toEqual(['nofollow', 'noopener', 'noreferrer']);
    const img = screen.getByRole('img', { name: 'Diagram' });
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '630');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
  });

  test('spec §5 strict parsing of character references is not enabled: &nbsp without semicolon and &amp; render as characters', () => {
    const { container } = render(<RichHtml html={sanitizeCmsHtml('<p>booth&nbsp214 &amp; more &#8217;n&rsquo;</p>').html} />);
    expect(container.textContent).toBe('booth\u00a0214 & more \u2019n\u2019');
  });

  test('keeps the markup structure (headings, lists) inside the wrapper with its class', () => {
    const { container } = render(<RichHtml className="prose" html={'<h2>Title</h2><ul><li>One</li><li>Two</li></ul>'} />);
    expect(container.firstElementChild).toHaveClass('prose');
    expect(screen.getByRole('heading', { level: 2, name: 'Title' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('dates', () => {
  test('WordPress dates are formatted without shifting time zones, the same on server and browser', () => {
    expect(formatDate('2026-02-10T09:00:00')).toBe('February 10, 2026');
    expect(formatDate('2025-12-31T23:30:00')).toBe('December 31, 2025');
    expect(formatTime('2025-10-22T16:00:00')).toBe('4:00 PM');
    expect(formatTime('2025-10-22T00:05:00')).toBe('12:05 AM');
    expect(machineDate('20260324')).toBe('2026-03-24');
    expect(formatDate('not a date')).toBeNull();
    expect(formatDate('2026-02-30')).toBeNull();
  });

  test('DateLine renders a <time dateTime> and nothing for a missing date', () => {
    const { container, rerender } = render(<DateLine date="2026-02-10T09:00:00" label="Published" />);
    const time = container.querySelector('time');
    expect(time).toHaveAttribute('dateTime', '2026-02-10T09:00');
    expect(container).toHaveTextContent('Published February 10, 2026');
    rerender(<DateLine date="" />);
    expect(container).toBeEmptyDOMElement();
  });

  test('DateRange shows start and end; an end on the same day shows only its time', () => {
    const { container, rerender } = render(<DateRange start="2026-05-12T09:00:00" end="2026-05-13T17:00:00" />);
    expect(container).toHaveTextContent('May 12, 2026 – May 13, 2026');
    expect([...container.querySelectorAll('time')].map((t) => t.getAttribute('dateTime'))).toEqual(['2026-05-12T09:00', '2026-05-13T17:00']);
    rerender(<DateRange start="2025-10-22T16:00:00" end="2025-10-22T17:00:00" withTime />);
    expect(container).toHaveTextContent('October 22, 2025, 4:00 PM – 5:00 PM');
    rerender(<DateRange start="2025-10-22T16:00:00" />);
    expect(container.querySelectorAll('time')).toHaveLength(1);
  });
});

describe('Pagination', () => {
  test('nav with an accessible name, prev/next links and the current page marked aria-current', () => {
    render(<Pagination basePath="/about-us/news" page={2} totalPages={3} label="News pages" />);
    const nav = screen.getByRole('navigation', { name: 'News pages' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/about-us/news',
      '/about-us/news',
      '/about-us/news/page/2',
      '/about-us/news/page/3',
      '/about-us/news/page/3',
    ]);
    expect(within(nav).getByRole('link', { name: 'Previous page' })).toHaveAttribute('rel', 'prev');
    expect(within(nav).getByRole('link', { name: 'Next page' })).toHaveAttribute('rel', 'next');
    const current = within(nav).getByRole('link', { name: 'Page 2' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Page 1' })).not.toHaveAttribute('aria-current');
  });

  test('page 1 lives at the listing path; the first page has no previous link and the last no next link', () => {
    const { rerender } = render(<Pagination basePath="/resources/blogs" page={1} totalPages={2} />);
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/resources/blogs');
    rerender(<Pagination basePath="/resources/blogs" page={2} totalPages={2} />);
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
  });

  test('a single page renders no pagination', () => {
    const { container } = render(<Pagination basePath="/resources/blogs" page={1} totalPages={1} />);
    expect(container).toBeEmptyDOMElement();
  });

  test('many pages: first, last and the current page with its neighbours, gaps in between', () => {
    expect(pageSlots(1, 3)).toEqual([1, 2, 3]);
    expect(pageSlots(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageSlots(3, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pageSlots(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
  });
});

describe('Breadcrumbs', () => {
  test('Home › Listing › Title: links for the ancestors, the current page marked and not linked', () => {
    render(<Breadcrumbs trail={detailTrail({ label: 'News', href: '/about-us/news' }, 'Corvane opens an office')} />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['News', '/about-us/news'],
    ]);
    expect(within(nav).getByText('Corvane opens an office')).toHaveAttribute('aria-current', 'page');
  });

  test('BreadcrumbList JSON-LD names every crumb with its absolute URL', () => {
    const data = breadcrumbJsonLd(detailTrail({ label: 'News', href: '/about-us/news' }, 'Title'), '/about-us/news/title');
    expect(data).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://www.example.com/' },
        { position: 2, name: 'News', item: 'https://www.example.com/about-us/news' },
        { position: 3, name: 'Title', item: 'https://www.example.com/about-us/news/title' },
      ],
    });
  });
});

describe('Card and FeaturedImage', () => {
  const item: CardItem = {
    id: 1,
    type: 'event',
    title: 'Corvane Payments Summit 2026',
    path: '/about-us/events/corvane-payments-summit-2026',
    date: '2025-12-15T09:00:00',
    excerpt: 'Two days of product news.',
    featuredImage: {
      url: 'https://media.example.com/summit.png',
      alt: 'An audience',
      width: 1200,
      height: 630,
      sources: [
        { url: 'https://media.example.com/summit-300x158.png', width: 300 },
        { url: 'https://media.example.com/summit-768x403.png', width: 768 },
        { url: 'https://media.example.com/summit.png', width: 1200 },
      ],
    },
    fields: { start_date: '2026-05-12T09:00:00', end_date: '2026-05-13T17:00:00', location: 'Denver, CO' },
  };

  test('a card shows its image, its title as the one link, its dates, place and excerpt', () => {
    render(<Card item={item} headingLevel="h3" />);
    expect(screen.getByRole('heading', { level: 3, name: item.title })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('link', { name: item.title })).toHaveAttribute('href', item.path);
    expect(screen.getByText('Denver, CO')).toBeInTheDocument();
    expect(screen.getByText('Two days of product news.')).toBeInTheDocument();
    // The title already names the card: its image is decorative.
    const img = document.querySelector('img');
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  test('featured images carry explicit width and height; the page hero is eager with high fetch priority', () => {
    const { container, rerender } = render(<FeaturedImage image={item.featuredImage!} sizes="100vw" />);
    let img = container.querySelector('img')!;
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '630');
    expect(img).toHaveAttribute('loading', 'lazy');
    rerender(<FeaturedImage image={item.featuredImage!} priority sizes="100vw" />);
    img = container.querySelector('img')!;
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  test("issue 13: a featured image offers WordPress's copies as srcset, with the slot's sizes; src stays the original", () => {
    const { container } = render(<FeaturedImage image={item.featuredImage!} sizes="(min-width: 900px) 50rem, 100vw" />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', 'https://media.example.com/summit.png');
    expect(img).toHaveAttribute(
      'srcset',
      'https://media.example.com/summit-300x158.png 300w, https://media.example.com/summit-768x403.png 768w, https://media.example.com/summit.png 1200w',
    );
    expect(img).toHaveAttribute('sizes', '(min-width: 900px) 50rem, 100vw');
  });

  test('issue 13: an image without copies gets neither srcset nor sizes', () => {
    const { container } = render(<FeaturedImage image={{ ...item.featuredImage!, sources: [] }} sizes="100vw" />);
    const img = container.querySelector('img')!;
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });

  test("issue 13: a card's image is lazy, with a srcset and the grid column's sizes", () => {
    render(<Card item={item} />);
    const img = document.querySelector('img')!;
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img.getAttribute('srcset')).toContain('summit-300x158.png 300w');
    expect(img).toHaveAttribute('sizes', CARD_IMAGE_SIZES);
  });
});
