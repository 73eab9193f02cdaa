import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import type { NextRouter } from 'next/router';
import { Seo } from '@/components/seo/Seo';
import { SiteIdentityProvider } from '@/components/layout/SiteIdentity';
import { DEFAULT_IDENTITY, SITE_NAME } from '@/lib/shared/site/brand';
import { robotsContent } from '@/lib/shared/site/seo';
import type { ItemSeo } from '@/lib/shared/types';
import { DEFAULT_ROBOTS } from '@/lib/wordpress/seo';

// next/head collects its children for the document head; in tests, render them in place.
jest.mock('next/head', () => ({
  __esModule: true,
  default: ({ children }: { children: ReactNode }) => <>{children}</>,
}));

/**
 * Issue 33, docs/seo-and-redirects.md §5 "Head": `<Seo>` renders the SEO plugin's object as data
 * (never as HTML); each null field keeps today's default; the schema graph replaces the page's
 * own article JSON-LD; previews, search and the test pages stay noindex.
 */
const SITE = 'https://www.example.com';
const meta = (attr: 'name' | 'property', key: string) => document.querySelector(`meta[${attr}="${key}"]`)?.getAttribute('content') ?? null;
const canonical = () => document.querySelector('link[rel="canonical"]')?.getAttribute('href');
const scripts = () => [...document.querySelectorAll('script[type="application/ld+json"]')];

const empty = (overrides: Partial<ItemSeo> = {}): ItemSeo => ({
  source: 'yoast',
  title: null,
  description: null,
  robots: { ...DEFAULT_ROBOTS },
  canonical: null,
  og: { type: null, title: null, description: null, image: null, siteName: null, locale: null, publishedTime: null, modifiedTime: null },
  twitter: { card: null, title: null, description: null, image: null },
  schema: null,
  ...overrides,
});

const YOAST = empty({
  title: 'Card services - Corvane Payments',
  description: 'Issue, manage and settle cards.',
  robots: { index: true, follow: true, maxSnippet: -1, maxImagePreview: 'large', maxVideoPreview: -1, noarchive: false, nosnippet: false, noimageindex: false },
  canonical: 'https://www.paymentsweekly.example/card-services',
  og: {
    type: 'article', title: 'Cards, simply', description: 'OG text', siteName: 'Corvane', locale: 'en_GB',
    image: { url: 'https://media.example.com/wp-content/uploads/card.jpg', width: 1200, height: 630, alt: 'A card', type: 'image/jpeg' },
    publishedTime: '2026-03-24T09:00:00+00:00', modifiedTime: null,
  },
  twitter: { card: 'summary', title: 'Tweet title', description: null, image: null },
  schema: { '@context': 'https://schema.org', '@graph': [{ '@type': 'Article', headline: 'Cards' }] },
});

describe('issue 33 §5 Seo renders the SEO object as data', () => {
  it('title, description, robots (full string), canonical, og:*, twitter:* from the object', () => {
    render(<Seo title="Card services" path="/pages/card-services" seo={YOAST} />);
    expect(document.title).toBe('Card services - Corvane Payments');
    expect(meta('name', 'description')).toBe('Issue, manage and settle cards.');
    expect(meta('name', 'robots')).toBe('index, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1');
    expect(canonical()).toBe('https://www.paymentsweekly.example/card-services');
    expect(meta('property', 'og:url')).toBe('https://www.paymentsweekly.example/card-services');
    expect(meta('property', 'og:title')).toBe('Cards, simply');
    expect(meta('property', 'og:description')).toBe('OG text');
    expect(meta('property', 'og:type')).toBe('article');
    expect(meta('property', 'og:site_name')).toBe('Corvane');
    expect(meta('property', 'og:locale')).toBe('en_GB');
    expect(meta('property', 'og:image')).toBe('https://media.example.com/wp-content/uploads/card.jpg');
    expect(meta('property', 'og:image:width')).toBe('1200');
    expect(meta('property', 'og:image:alt')).toBe('A card');
    expect(meta('property', 'og:image:type')).toBe('image/jpeg');
    expect(meta('property', 'article:published_time')).toBe('2026-03-24T09:00:00+00:00');
    expect(meta('name', 'twitter:card')).toBe('summary');
    expect(meta('name', 'twitter:title')).toBe('Tweet title');
    // null = use the Open Graph value, as Twitter does.
    expect(meta('name', 'twitter:description')).toBe('OG text');
    expect(meta('name', 'twitter:image')).toBe('https://media.example.com/wp-content/uploads/card.jpg');
  });

  it('each null field keeps today’s default (title with the site name, description, canonical, no robots meta when indexable)', () => {
    render(<Seo title="Card services" description="The page's own text." path="/pages/card-services" seo={empty({ source: 'wordpress' })} />);
    expect(document.title).toBe(`Card services | ${SITE_NAME}`);
    expect(meta('name', 'description')).toBe("The page's own text.");
    expect(canonical()).toBe(`${SITE}/pages/card-services`);
    expect(meta('name', 'robots')).toBe('index, follow');
    expect(meta('property', 'og:title')).toBe('Card services');
    expect(meta('property', 'og:site_name')).toBe(SITE_NAME);
    expect(meta('name', 'twitter:card')).toBe('summary');
  });

  it('noindex from the plugin: the full robots string', () => {
    const robots = { index: false, follow: true, maxSnippet: -1, maxImagePreview: 'large' as const, maxVideoPreview: -1, noarchive: true, nosnippet: false, noimageindex: true };
    render(<Seo title="Campaign" path="/pages/campaign" seo={empty({ robots })} />);
    expect(meta('name', 'robots')).toBe('noindex, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1, noarchive, noimageindex');
    expect(robotsContent({ ...DEFAULT_ROBOTS, follow: false })).toBe('index, nofollow');
  });

  it('search and test pages (noindex prop) and previews stay noindex whatever the plugin says', () => {
    const { unmount } = render(<Seo title="Search" path="/search" noindex seo={YOAST} />);
    expect(meta('name', 'robots')).toMatch(/^noindex, follow, max-snippet/);
    unmount();
    render(
      <RouterContext.Provider value={{ isPreview: true } as NextRouter}>
        <Seo title="Draft" path="/about-us/news/draft" seo={YOAST} />
      </RouterContext.Provider>,
    );
    expect(meta('name', 'robots')).toMatch(/^noindex,/);
  });

  it('the schema graph replaces the page’s own article and breadcrumb JSON-LD; an Event the graph lacks is kept', () => {
    const article = { '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'Own' };
    const event = { '@context': 'https://schema.org', '@type': 'Event', name: 'Summit' };
    const breadcrumb = { '@context': 'https://schema.org', '@type': 'BreadcrumbList' };
    const { unmount } = render(<Seo title="x" path="/x" jsonLd={[article, breadcrumb]} seo={YOAST} />);
    expect(scripts().map((s) => JSON.parse(s.textContent ?? ''))).toEqual([YOAST.schema]);
    unmount();
    const second = render(<Seo title="x" path="/x" jsonLd={[event, breadcrumb]} seo={YOAST} />);
    expect(scripts().map((s) => JSON.parse(s.textContent ?? '')['@type'] ?? 'graph')).toEqual(['graph', 'Event']);
    second.unmount();
    render(<Seo title="x" path="/x" jsonLd={[article, breadcrumb]} seo={empty()} />);
    expect(scripts().map((s) => JSON.parse(s.textContent ?? '')['@type'])).toEqual(['NewsArticle', 'BreadcrumbList']);
  });
});

describe('issue 33 §5 nothing WordPress sends is rendered as HTML', () => {
  const TITLE = '</title><script>alert(1)</script>';
  const DESCRIPTION = 'A </script><img src=x onerror=alert(2)> & "quotes"';

  it('a title and a description holding markup render as text, and no element is injected', () => {
    const seo = empty({ title: TITLE, description: DESCRIPTION, og: { ...empty().og, title: TITLE }, schema: { '@context': 'https://schema.org', '@graph': [{ '@type': 'WebPage', name: TITLE, description: DESCRIPTION }] } });
    const { container } = render(<Seo title="x" path="/x" seo={seo} />);
    expect(document.title).toBe(TITLE);
    expect(meta('name', 'description')).toBe(DESCRIPTION);
    expect(meta('property', 'og:title')).toBe(TITLE);
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect([...document.querySelectorAll('script')].every((s) => s.getAttribute('type') === 'application/ld+json')).toBe(true);
    // The JSON-LD cannot be closed from inside: no raw "<" in it, and it parses back to the same data.
    const [json] = scripts();
    expect(json.innerHTML).not.toMatch(/</);
    expect(JSON.parse(json.textContent ?? '')['@graph'][0]).toEqual({ '@type': 'WebPage', name: TITLE, description: DESCRIPTION });
    expect(container.innerHTML).not.toContain('<script>alert');
  });
});

describe('issue 33 §5 identity in the head', () => {
  it('titles, og:site_name and og:locale use the site’s name from WordPress; the home title its tagline', () => {
    const identity = { ...DEFAULT_IDENTITY, name: 'Northwind Payments', tagline: 'Payments for everyone', locale: 'en_GB' };
    const { unmount } = render(
      <SiteIdentityProvider value={identity}>
        <Seo title="News" path="/about-us/news" />
      </SiteIdentityProvider>,
    );
    expect(document.title).toBe('News | Northwind Payments');
    expect(meta('property', 'og:site_name')).toBe('Northwind Payments');
    expect(meta('property', 'og:locale')).toBe('en_GB');
    unmount();
    render(
      <SiteIdentityProvider value={identity}>
        <Seo title="Northwind Payments" path="/" />
      </SiteIdentityProvider>,
    );
    expect(document.title).toBe('Northwind Payments | Payments for everyone');
  });
});

describe('issue 33: the SEO plugin\'s search title', () => {
  test('its {query} token is filled with the visitor\'s phrase; with no phrase (the static page as served) the page keeps its own title', () => {
    const { searchTitle } = jest.requireActual<typeof import('@/lib/shared/site/seo')>('@/lib/shared/site/seo');
    expect(searchTitle('You searched for {query} - Northwind', 'fees')).toBe('You searched for fees - Northwind');
    expect(searchTitle('You searched for {query} - Northwind', '')).toBeNull();
    expect(searchTitle('Search results - Northwind', '')).toBe('Search results - Northwind');
    expect(searchTitle(null, 'fees')).toBeNull();
  });
});
