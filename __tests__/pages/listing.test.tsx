import { render, screen, within } from '@testing-library/react';
import type { GetStaticPaths, GetStaticProps } from 'next';
import * as blogsIndex from '../../pages/resources/blogs/index';
import * as blogsPage from '../../pages/resources/blogs/page/[page]';
import * as caseStudiesIndex from '../../pages/resources/case-studies/index';
import * as caseStudiesPage from '../../pages/resources/case-studies/page/[page]';
import * as insightsIndex from '../../pages/resources/insights/index';
import * as insightsPage from '../../pages/resources/insights/page/[page]';
import * as whitePapersIndex from '../../pages/resources/white-papers/index';
import * as whitePapersPage from '../../pages/resources/white-papers/page/[page]';
import * as eventsIndex from '../../pages/about-us/events/index';
import * as eventsPage from '../../pages/about-us/events/page/[page]';
import * as newsIndex from '../../pages/about-us/news/index';
import * as newsPage from '../../pages/about-us/news/page/[page]';
import * as interviewsIndex from '../../pages/about-us/partner-interviews/index';
import * as interviewsPage from '../../pages/about-us/partner-interviews/page/[page]';
import * as pressIndex from '../../pages/about-us/press-releases/index';
import * as pressPage from '../../pages/about-us/press-releases/page/[page]';
import { ListingTemplate } from '@/components/templates/ListingTemplate';
import { getConfig } from '@/config';
import { LISTING_PAGE_SIZE, listingProps, parsePageParam } from '@/lib/site/listing';
import type { ListingProps } from '@/lib/shared/types';
import type { ContentTypeName } from '@/lib/shared/types';
import { CONTENT_TYPES } from '@/lib/shared/wordpress/contentTypes';
import { generateItems } from '../../__mocks__/wordpress/generator';
import { fakeWordPress, server } from '../setup/msw';

type Result = { props?: ListingProps & { layout: unknown }; notFound?: boolean; redirect?: { destination: string; permanent: boolean }; revalidate?: number };
type IndexModule = { getStaticProps: GetStaticProps; default: unknown };
type PageParams = { page: string };
type PageModule = { getStaticProps: GetStaticProps<Record<string, unknown>, PageParams>; getStaticPaths: GetStaticPaths<PageParams>; default: unknown };

const LISTINGS: [path: string, type: ContentTypeName, index: IndexModule, page: PageModule][] = [
  ['/resources/blogs', 'blog', blogsIndex, blogsPage],
  ['/about-us/news', 'news', newsIndex, newsPage],
  ['/about-us/press-releases', 'pressRelease', pressIndex, pressPage],
  ['/about-us/events', 'event', eventsIndex, eventsPage],
  ['/resources/case-studies', 'caseStudy', caseStudiesIndex, caseStudiesPage],
  ['/resources/white-papers', 'whitePaper', whitePapersIndex, whitePapersPage],
  ['/about-us/partner-interviews', 'partnerInterview', interviewsIndex, interviewsPage],
  ['/resources/insights', 'insight', insightsIndex, insightsPage],
];

/** Adds `count` generated items per content type to the fake WordPress (older than the seed's). */
function addItems(count: number) {
  const store = fakeWordPress();
  for (const { restBase, post } of generateItems(store, count)) store.collections[restBase].push(post);
}

const pageProps = async (module: PageModule, page: string) => (await module.getStaticProps({ params: { page } })) as Result;

/** Records the WordPress requests made while `run` runs. */
async function requestsDuring(run: () => Promise<unknown>): Promise<URL[]> {
  const urls: URL[] = [];
  const listener = ({ request }: { request: Request }) => {
    urls.push(new URL(request.url));
  };
  server.events.on('request:start', listener);
  try {
    await run();
  } finally {
    server.events.removeListener('request:start', listener);
  }
  return urls;
}

test('every type of the content-type table with a listingPath has a listing page (and only those)', () => {
  expect(LISTINGS.map(([path]) => path).sort()).toEqual(CONTENT_TYPES.flatMap((t) => (t.listingPath ? [t.listingPath] : [])).sort());
});

describe.each(LISTINGS)('listing %s', (path, type, index, page) => {
  test('page 1 at the listing path: newest first, the layout and revalidate', async () => {
    const result = (await index.getStaticProps({})) as Result;
    const listing = result.props!.listing;
    expect(listing.basePath).toBe(path);
    expect(listing.path).toBe(path);
    expect(listing.type).toBe(type);
    expect(listing.items.length).toBeGreaterThan(0);
    const dates = listing.items.map((i) => i.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(result.props!.layout).toBeDefined();
    expect(result.revalidate).toBe(getConfig().revalidateSeconds);
  });

  test('pages 2+ are generated on demand (no paths, fallback blocking); page/1 redirects to the listing path', async () => {
    expect(await page.getStaticPaths({})).toEqual({ paths: [], fallback: 'blocking' });
    expect((await pageProps(page, '1')).redirect).toEqual({ destination: path, permanent: true });
  });
});

describe('listing pagination: 12 per page, pages 2..totalPages, one request per page', () => {
  beforeEach(() => addItems(20)); // 4 published seed news + 20 → 24 news, 2 pages

  test('page 1 holds 12 cards and knows the page count', async () => {
    const result = (await newsIndex.getStaticProps({})) as Result;
    expect(result.props!.listing.items).toHaveLength(LISTING_PAGE_SIZE);
    expect(result.props!.listing.totalPages).toBe(2);
    expect(result.props!.listing.items[0].title).toBe('Corvane opens a regional office in Denver');
  });

  test('page 2 at {listingPath}/page/2 continues where page 1 stopped, newest first', async () => {
    const first = ((await newsIndex.getStaticProps({})) as Result).props!.listing;
    const second = (await pageProps(newsPage, '2')).props!.listing;
    expect(second.path).toBe('/about-us/news/page/2');
    expect(second.page).toBe(2);
    expect(second.items).toHaveLength(24 - LISTING_PAGE_SIZE);
    expect(second.items[0].date < first.items[first.items.length - 1].date).toBe(true);
    const ids = new Set([...first.items, ...second.items].map((i) => i.id));
    expect(ids.size).toBe(24);
  });

  test('one WordPress request per listing page: {restBase}?per_page=12&page={n}', async () => {
    const urls = await requestsDuring(() => listingProps('news', 2));
    expect(urls).toHaveLength(1);
    expect(urls[0].pathname).toBe('/wp-json/wp/v2/news');
    expect(urls[0].searchParams.get('per_page')).toBe('12');
    expect(urls[0].searchParams.get('page')).toBe('2');
  });

  test.each(['3', '99', '0', '02', '-1', 'abc', '1.5'])('page %s is a 404 (outside 2..totalPages or not a page number)', async (n) => {
    const result = await pageProps(newsPage, n);
    expect(result.notFound).toBe(true);
    expect(result.revalidate).toBe(getConfig().revalidateSeconds);
  });

  test('the listing template paginates: nav, current page aria-current, prev link to the listing path', async () => {
    const { listing } = (await pageProps(newsPage, '2')).props!;
    render(<ListingTemplate listing={listing} />);
    const nav = screen.getByRole('navigation', { name: 'News pages' });
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/about-us/news');
    expect(within(nav).queryByRole('link', { name: 'Next page' })).toBeNull();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });
});

describe('listing props', () => {
  test('cards carry no body HTML (small page props) and the item excerpt (spec §5: at most 100 words)', async () => {
    const { listing } = (await listingProps('blog', 1))!;
    for (const item of listing.items) {
      expect(item).not.toHaveProperty('html');
      expect(item.excerpt.length).toBeGreaterThan(0);
      expect(item.excerpt.split(' ').length).toBeLessThanOrEqual(100);
    }
  });

  test('event cards keep the event dates and place', async () => {
    const { listing } = (await listingProps('event', 1))!;
    const summit = listing.items.find((i) => i.title === 'Corvane Payments Summit 2026')!;
    expect(summit.fields).toEqual({ start_date: '2026-05-12T09:00:00', end_date: '2026-05-13T17:00:00', location: 'Denver, CO' });
  });

  test('page 1 of an empty listing exists (a friendly empty state, not a 404)', async () => {
    fakeWordPress().collections.insights.length = 0;
    const props = await listingProps('insight', 1);
    expect(props?.listing.items).toEqual([]);
    expect(props?.listing.totalPages).toBe(1);
    render(<ListingTemplate listing={props!.listing} />);
    expect(screen.getByText(/Nothing has been published here yet/)).toBeInTheDocument();
  });

  test('parsePageParam accepts plain page numbers only', () => {
    expect(parsePageParam('2')).toBe(2);
    expect(parsePageParam('12')).toBe(12);
    for (const bad of ['0', '02', '', 'x', '2x', undefined, ['2']]) expect(parsePageParam(bad)).toBeNull();
  });
});
