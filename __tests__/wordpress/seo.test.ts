/** @jest-environment node */
import { getIdList, getItemBySlug } from '@/lib/wordpress/content';
import { idListSeo, mapSeoUrl, normalizeSeo } from '@/lib/wordpress/seo';

/**
 * Issue 33, docs/seo-and-redirects.md §1 and §5: the plugin's `seo` object is untrusted input.
 * Every field's type is checked (a wrong one is dropped with a warning and its default kept), and
 * every URL goes through one mapping: WordPress's front end or the site's origin →
 * `{SITE_URL}{site path}`, media → the media host, external → kept.
 */
const SITE = 'https://www.example.com';
const WP = 'http://wordpress.test';
const MEDIA = 'https://media.example.com';

const full = (overrides: Record<string, unknown> = {}) => ({
  source: 'yoast',
  title: 'Card services - Corvane Payments',
  description: 'Issue, manage and settle cards.',
  robots: { index: true, follow: true, max_snippet: -1, max_image_preview: 'large', max_video_preview: -1, noarchive: false, nosnippet: false, noimageindex: false },
  canonical: `${WP}/pages/card-services/`,
  og: {
    type: 'article',
    title: 'Card services',
    description: 'Issue, manage and settle cards.',
    image: { url: `${WP}/wp-content/uploads/2026/03/card.jpg`, width: 1200, height: 630, alt: 'A card terminal', type: 'image/jpeg' },
    site_name: 'Corvane Payments',
    locale: 'en_US',
    published_time: '2026-03-24T09:00:00+00:00',
    modified_time: '2026-03-25T10:00:00+00:00',
  },
  twitter: { card: 'summary_large_image', title: null, description: null, image: null },
  schema: { '@context': 'https://schema.org', '@graph': [{ '@type': 'WebPage', '@id': `${WP}/pages/card-services/`, url: `${WP}/pages/card-services/`, image: `${WP}/wp-content/uploads/a.png`, sameAs: 'https://social.example/corvane' }] },
  ...overrides,
});

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe('issue 33 §5 one URL mapping (mapSeoUrl)', () => {
  it.each([
    ['WordPress front end → site URL with the site path', `${WP}/pages/card-services/`, `${SITE}/pages/card-services`],
    ['the site’s own origin → kept on the site, path normalized', `${SITE}/about-us/news/a/`, `${SITE}/about-us/news/a`],
    ['WordPress home → the site’s home', `${WP}/`, `${SITE}/`],
    ['media on WordPress → the media host', `${WP}/wp-content/uploads/2026/03/card.jpg`, `${MEDIA}/wp-content/uploads/2026/03/card.jpg`],
    ['external → kept as written', 'https://www.paymentsweekly.example/a/b/', 'https://www.paymentsweekly.example/a/b/'],
    ['a site path → the site URL', '/pages/x', `${SITE}/pages/x`],
  ])('%s', (_rule, url, expected) => {
    expect(mapSeoUrl(url)).toBe(expected);
  });

  it.each([['javascript:alert(1)'], ['data:text/html,<b>'], [42], [''], ['//evil.example/x']])('refuses %p (not an http(s) URL or a site path) → null', (value) => {
    expect(mapSeoUrl(value)).toBeNull();
  });
});

describe('issue 33 §1 normalizeSeo checks every field', () => {
  it('a well-formed object: plain values kept, URLs mapped, the item’s own permalink → its site path', () => {
    const seo = normalizeSeo(full(), 'page/card-services', { link: `${WP}/pages/card-services/`, path: '/pages/card-services' });
    expect(seo).toMatchObject({
      source: 'yoast',
      title: 'Card services - Corvane Payments',
      description: 'Issue, manage and settle cards.',
      robots: { index: true, follow: true, maxSnippet: -1, maxImagePreview: 'large', maxVideoPreview: -1, noarchive: false },
      canonical: `${SITE}/pages/card-services`,
      og: { type: 'article', siteName: 'Corvane Payments', locale: 'en_US', image: { url: `${MEDIA}/wp-content/uploads/2026/03/card.jpg`, width: 1200, height: 630, alt: 'A card terminal', type: 'image/jpeg' } },
      twitter: { card: 'summary_large_image', title: null, image: null },
    });
    const node = (seo?.schema?.['@graph'] as Array<Record<string, unknown>>)[0];
    expect(node).toEqual({ '@type': 'WebPage', '@id': `${SITE}/pages/card-services`, url: `${SITE}/pages/card-services`, image: `${MEDIA}/wp-content/uploads/a.png`, sameAs: 'https://social.example/corvane' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('a WordPress permalink that is not the site path (no HEADLESS_SITE_URL) is the item itself: its canonical is its site address', () => {
    const seo = normalizeSeo(full({ canonical: `${WP}/news/some-slug/` }), 'news/some-slug', { link: `${WP}/news/some-slug/`, path: '/about-us/news/some-slug' });
    expect(seo?.canonical).toBe(`${SITE}/about-us/news/some-slug`);
  });

  it('fields of the wrong type are dropped with a warning; their defaults are kept', () => {
    const seo = normalizeSeo(
      full({
        source: 'wix',
        title: 42,
        description: ['x'],
        robots: { index: 'no', follow: false, max_snippet: 1.5, max_image_preview: 'huge', noarchive: 1 },
        canonical: 'javascript:alert(1)',
        og: { type: 7, image: { url: 'ftp://x', width: 10 }, locale: 'english', published_time: 'yesterday' },
        twitter: 'big',
        schema: ['not', 'a', 'graph'],
      }),
      'news/x',
    );
    expect(seo).toMatchObject({
      source: 'wordpress',
      title: null,
      description: null,
      robots: { index: true, follow: false, maxSnippet: null, maxImagePreview: null, noarchive: false },
      canonical: null,
      og: { type: null, image: null, locale: null, publishedTime: null },
      twitter: { card: null, title: null, description: null, image: null },
      schema: null,
    });
    const messages = warn.mock.calls.map((c) => String(c[0])).join('\n');
    for (const field of ['seo.title', 'seo.robots.index', 'seo.robots.max_image_preview', 'seo.canonical', 'seo.og.type', 'seo.twitter', 'seo.schema']) expect(messages).toContain(field);
  });

  it('empty strings and missing keys → null (the site’s default), not ""', () => {
    const seo = normalizeSeo({ source: 'rankmath', title: '   ', description: '', og: {}, robots: {} }, 'blog/x');
    expect(seo).toMatchObject({ source: 'rankmath', title: null, description: null, canonical: null, robots: { index: true, follow: true }, og: { title: null, image: null }, schema: null });
    expect(warn).not.toHaveBeenCalled();
  });

  it('absent → null quietly; not an object → null with a warning', () => {
    expect(normalizeSeo(undefined, 'x')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    expect(normalizeSeo('<title>x</title>', 'x')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('markup in strings stays text (it is rendered as text, never as HTML)', () => {
    const seo = normalizeSeo(full({ title: '</title><script>alert(1)</script>' }), 'x');
    expect(seo?.title).toBe('</title><script>alert(1)</script>');
  });
});

describe('issue 33 the items and id lists the site reads carry it', () => {
  it('getItemBySlug normalizes the fake’s seo field onto ContentItem', async () => {
    const item = await getItemBySlug('news', 'corvane-opens-regional-office-in-denver');
    expect(item?.seo).toMatchObject({
      source: 'yoast',
      title: 'Corvane opens a regional office in Denver - Corvane Payments',
      canonical: `${SITE}/about-us/news/corvane-opens-regional-office-in-denver`,
      og: { title: 'Corvane opens its Denver office', image: { url: `${MEDIA}/wp-content/uploads/2025/05/team-office.png` } },
    });
  });

  it('the id lists mark the noindex item and the item whose canonical is elsewhere; others carry nothing', async () => {
    const pages = await getIdList('page');
    expect(pages.find((p) => p.slug === 'summer-terminal-trade-in')).toMatchObject({ noindex: true });
    expect(pages.find((p) => p.slug === 'secure-switching')).not.toHaveProperty('noindex');
    const insights = await getIdList('insight');
    expect(insights.find((p) => p.slug === 'why-soft-declines-arent-really-soft')?.canonical).toBe('https://www.paymentsweekly.example/analysis/why-soft-declines-arent-really-soft');
    // A canonical the plugin gives as the item's own site address is the item itself.
    expect(idListSeo({ canonical: `${SITE}/resources/insights/a/` }, '/resources/insights/a')).toEqual({});
  });
});
