import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Seo } from '@/components/seo/Seo';
import { FeedLinks } from '@/components/seo/FeedLinks';
import { SITE_DESCRIPTION, SITE_NAME, SITE_TAGLINE } from '@/lib/shared/site/brand';
import { articleJsonLd, eventJsonLd, isoDateField, metaDescription, organizationJsonLd, serializeJsonLd } from '@/lib/shared/site/seo';
import { SITE_URL } from '@/lib/shared/site/siteUrl';
import type { ContentItem } from '@/lib/shared/types';
import { getItemBySlug } from '@/lib/wordpress/content';

// next/head collects its children for the document head; in tests, render them in place (React 19
// hoists <title>, <meta> and <link> into document.head itself).
jest.mock('next/head', () => ({
  __esModule: true,
  default: ({ children }: { children: ReactNode }) => <>{children}</>,
}));

const SITE = 'https://www.example.com';
const meta = (attr: 'name' | 'property', key: string) =>
  document.querySelector(`meta[${attr}="${key}"]`)?.getAttribute('content') ?? null;
const jsonLdScripts = () => [...document.querySelectorAll('script[type="application/ld+json"]')];

const IMAGE = { url: 'https://media.example.com/wp-content/uploads/2026/02/office.png', alt: 'The new office', width: 1200, height: 630, sources: [] };

const item = (overrides: Partial<ContentItem> = {}): ContentItem => ({
  type: 'news',
  id: 1,
  slug: 'a-slug',
  title: 'A title',
  path: '/about-us/news/a-slug',
  date: '2026-02-10T09:00:00',
  modified: '2026-02-11T10:00:00',
  excerpt: 'An excerpt.',
  html: '<p>Body</p>',
  featuredImage: null,
  styles: { blocks: [], css: '', embeds: [] },
  fields: {},
  ...overrides,
});

describe('site URL', () => {
  it('SITE_URL comes from the environment (NEXT_PUBLIC_SITE_URL in a Next build, SITE_URL in tests)', () => {
    expect(SITE_URL).toBe(SITE);
  });
});

describe('Seo', () => {
  it('renders the title with the site name, and canonical and og:url as {SITE_URL}{path}', () => {
    render(<Seo title="Corvane opens a regional office" path="/about-us/news/denver" />);
    expect(document.title).toBe(`Corvane opens a regional office | ${SITE_NAME}`);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/about-us/news/denver`);
    expect(meta('property', 'og:url')).toBe(`${SITE}/about-us/news/denver`);
    expect(meta('property', 'og:title')).toBe('Corvane opens a regional office');
    expect(meta('property', 'og:site_name')).toBe(SITE_NAME);
    expect(meta('property', 'og:type')).toBe('website');
  });

  it('drops query, fragment and trailing slash from the canonical URL', () => {
    render(<Seo title="News" path="/about-us/news/?page=2#top" />);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/about-us/news`);
  });

  it('the home page title is the site name and tagline', () => {
    render(<Seo title="Home" path="/" />);
    expect(document.title).toBe(`${SITE_NAME} | ${SITE_TAGLINE}`);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/`);
    expect(meta('property', 'og:title')).toBe(`${SITE_NAME} | ${SITE_TAGLINE}`);
  });

  it('falls back to the site description, and cuts long descriptions to 160 characters at a word', () => {
    render(<Seo title="Contact" path="/contact-us" />);
    expect(meta('name', 'description')).toBe(SITE_DESCRIPTION);
    expect(meta('property', 'og:description')).toBe(SITE_DESCRIPTION);
    const long = 'word '.repeat(60);
    expect(metaDescription(long).length).toBeLessThanOrEqual(160);
    expect(metaDescription(long)).toMatch(/word…$/);
  });

  it('with an image: og:image with width, height and alt, and a summary_large_image Twitter card', () => {
    render(<Seo title="Office" path="/about-us/news/denver" description="We opened an office." image={IMAGE} />);
    expect(meta('property', 'og:image')).toBe(IMAGE.url);
    expect(meta('property', 'og:image:width')).toBe('1200');
    expect(meta('property', 'og:image:height')).toBe('630');
    expect(meta('property', 'og:image:alt')).toBe('The new office');
    expect(meta('name', 'twitter:card')).toBe('summary_large_image');
    expect(meta('name', 'twitter:image')).toBe(IMAGE.url);
    expect(meta('name', 'description')).toBe('We opened an office.');
  });

  it('without an image: no og:image and a summary Twitter card', () => {
    render(<Seo title="Contact" path="/contact-us" image={null} />);
    expect(meta('property', 'og:image')).toBeNull();
    expect(meta('name', 'twitter:card')).toBe('summary');
  });

  it('an article has og:type article and its published and modified times', () => {
    render(<Seo title="A" path="/resources/blogs/a" type="article" publishedTime="2026-01-20T10:00:00" modifiedTime="2026-02-02T08:30:00" />);
    expect(meta('property', 'og:type')).toBe('article');
    expect(meta('property', 'article:published_time')).toBe('2026-01-20T10:00:00');
    expect(meta('property', 'article:modified_time')).toBe('2026-02-02T08:30:00');
  });

  it('noindex adds robots noindex, follow; pages are indexable by default', () => {
    const { unmount } = render(<Seo title="Test" path="/pages/page-test-2" />);
    expect(meta('name', 'robots')).toBeNull();
    unmount();
    render(<Seo title="Test" path="/pages/page-test-2" noindex />);
    expect(meta('name', 'robots')).toBe('noindex, follow');
  });
});

describe('JSON-LD escaping', () => {
  const hostile = 'Fees </script><script>alert(1)</script> & <!-- more \u2028\u2029';

  it('a </script> in a CMS title cannot end the script: < > & and U+2028/2029 are escaped, and the data parses back', () => {
    const json = serializeJsonLd({ headline: hostile });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual({ headline: hostile });
  });

  it('Seo renders each jsonLd object in its own script, escaped', () => {
    render(<Seo title="x" path="/x" jsonLd={[articleJsonLd(item({ title: hostile }), 'NewsArticle'), organizationJsonLd()]} />);
    const scripts = jsonLdScripts();
    expect(scripts).toHaveLength(2);
    expect(scripts[0].innerHTML).not.toContain('</script');
    expect(JSON.parse(scripts[0].textContent ?? '')).toMatchObject({ '@type': 'NewsArticle', headline: hostile });
    expect(document.querySelectorAll('script:not([type="application/ld+json"])')).toHaveLength(0);
  });
});

describe('JSON-LD builders', () => {
  it('organizationJsonLd names the company and its URL', () => {
    expect(organizationJsonLd()).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: SITE_NAME,
      url: `${SITE}/`,
      description: SITE_DESCRIPTION,
    });
  });

  it('articleJsonLd from a seed news item: headline, dates, image and absolute URL', async () => {
    const news = await getItemBySlug('news', 'corvane-opens-regional-office-in-denver');
    const data = articleJsonLd(news as ContentItem, 'NewsArticle');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Corvane opens a regional office in Denver',
      url: `${SITE}/about-us/news/corvane-opens-regional-office-in-denver`,
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${SITE}/about-us/news/corvane-opens-regional-office-in-denver` },
      datePublished: '2026-02-10T09:00:00',
      publisher: { '@type': 'Organization', name: SITE_NAME },
    });
    expect(data.image).toEqual([expect.stringMatching(/^https:\/\/media\.example\.com\//)]);
  });

  it('eventJsonLd reads start_date, end_date, location and registration_url of a seed event', async () => {
    const expo = await getItemBySlug('event', 'campus-dining-expo-2026');
    expect(eventJsonLd(expo as ContentItem)).toMatchObject({
      '@type': 'Event',
      name: 'Campus Dining Expo 2026',
      startDate: '2026-03-24T09:00:00',
      endDate: '2026-03-26T16:00:00',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Orlando, FL', address: 'Orlando, FL' },
      offers: { '@type': 'Offer', url: 'https://events.example.com/campus-dining-expo-2026' },
      url: `${SITE}/about-us/events/campus-dining-expo-2026`,
    });
  });

  it('an event "Online" is a VirtualLocation at its registration URL', async () => {
    const webinar = await getItemBySlug('event', 'webinar-reducing-false-declines');
    expect(eventJsonLd(webinar as ContentItem)).toMatchObject({
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: 'https://events.example.com/webinar-false-declines' },
    });
  });

  it('an event without a usable start_date has no JSON-LD; ACF date formats are read as ISO 8601', () => {
    expect(eventJsonLd(item({ fields: { location: 'Denver' } }))).toBeNull();
    expect(eventJsonLd(item({ fields: { start_date: 'next spring' } }))).toBeNull();
    expect(isoDateField('2026-03-24 09:00:00')).toBe('2026-03-24T09:00:00');
    expect(isoDateField('20260324')).toBe('2026-03-24');
    expect(isoDateField('2026-03-24T09:00:00+01:00')).toBe('2026-03-24T09:00:00+01:00');
    expect(isoDateField(null)).toBeNull();
  });

  it('an event registration URL that is not http(s) is left out', () => {
    const data = eventJsonLd(item({ fields: { start_date: '2026-03-24', registration_url: 'javascript:alert(1)' } }));
    expect(data?.offers).toBeUndefined();
  });
});

describe('FeedLinks', () => {
  it('advertises the blogs, news and press-release feeds as RSS alternates with absolute URLs', () => {
    render(<FeedLinks />);
    const links = [...document.querySelectorAll('link[rel="alternate"][type="application/rss+xml"]')];
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `${SITE}/feeds/blogs.xml`,
      `${SITE}/feeds/news.xml`,
      `${SITE}/feeds/press-releases.xml`,
    ]);
    expect(links.map((l) => l.getAttribute('title'))).toEqual([`${SITE_NAME}: Blog`, `${SITE_NAME}: News`, `${SITE_NAME}: Press releases`]);
  });
});
