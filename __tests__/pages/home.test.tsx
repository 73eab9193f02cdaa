import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import Home, { getStaticProps } from '../../pages/index';
import type { HomeProps } from '@/components/templates/HomeTemplate';
import { getConfig } from '@/config';
import { clearFrameTypeCache } from '@/lib/wordpress/frames';
import { fakeWordPress } from '../setup/msw';

jest.mock('next/head', () => ({ __esModule: true, default: ({ children }: { children: ReactNode }) => <>{children}</> }));

type Result = { props?: HomeProps & { layout: unknown }; revalidate?: number; notFound?: boolean };

beforeEach(() => {
  clearFrameTypeCache();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('home page /', () => {
  test('getStaticProps: the home frames, 3 latest news, 3 latest blog posts, the layout and revalidate', async () => {
    const result = (await getStaticProps({})) as Result;
    const props = result.props!;
    expect(props.frames.map((f) => f.frameType)).toEqual(['hero', 'card-grid', 'stats', 'logo-strip', 'testimonial', 'cta']);
    expect(props.news.map((n) => n.title)).toEqual([
      'Corvane opens a regional office in Denver',
      'Corvane wins Payments Innovation Award for Vision AI',
      'Q3 update: 1,000 new locations & a faster network',
    ]);
    expect(props.blogs).toHaveLength(3);
    expect(props.blogs[0].title).toBe('What payment orchestration means for multi-site merchants');
    expect(props.layout).toBeDefined();
    expect(result.revalidate).toBe(getConfig().revalidateSeconds);
  });

  test('renders the hero heading as the only h1, teasers with links to the listings, the closing CTA last, Organization JSON-LD', async () => {
    const { props } = (await getStaticProps({})) as Result;
    const { container } = render(<Home {...props!} />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Payments that keep your business moving']);
    const news = screen.getByRole('region', { name: 'Latest news' });
    expect(within(news).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(within(news).getByRole('link', { name: /All news/ })).toHaveAttribute('href', '/about-us/news');
    const blog = screen.getByRole('region', { name: 'From the blog' });
    expect(within(blog).getByRole('link', { name: /All blog posts/ })).toHaveAttribute('href', '/resources/blogs');
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby') && document.getElementById(r.getAttribute('aria-labelledby')!)?.textContent);
    expect(regions.slice(-3)).toEqual(['Latest news', 'From the blog', 'Ready to talk payments?']);
    const jsonLd = [...container.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!));
    // Issue 33: the SEO plugin's home graph (it names the organization) replaces the site's own Organization JSON-LD.
    expect(jsonLd).toHaveLength(1);
    expect(jsonLd[0]['@graph']).toEqual(expect.arrayContaining([expect.objectContaining({ '@type': 'Organization', name: 'Corvane Payments Inc.' })]));
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.example.com/');
  });

  test('without a home page in WordPress the home page still renders (a heading and the teasers)', async () => {
    const store = fakeWordPress();
    store.collections.fp_page = store.collections.fp_page.filter((p) => p.slug !== 'home');
    const result = (await getStaticProps({})) as Result;
    expect(result.notFound).toBeUndefined();
    expect(result.props!.frames).toEqual([]);
    render(<Home {...result.props!} />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Latest news' })).toBeInTheDocument();
  });
});
