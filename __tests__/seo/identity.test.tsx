import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Layout } from '@/components/layout/Layout';
import { StatusPage } from '@/components/layout/StatusPage';
import { HomeTemplate } from '@/components/templates/HomeTemplate';
import { SiteIdentityProvider } from '@/components/layout/SiteIdentity';
import { SITE_NAME, SITE_TAGLINE } from '@/lib/shared/site/brand';
import { buildFeed, feedType } from '@/lib/site/feeds';
import { clearProcessCaches } from '@/lib/site/invalidation';
import { getLayoutData } from '@/lib/site/layout';
import { organizationJsonLd } from '@/lib/shared/site/seo';
import { sitemapPaths } from '@/lib/site/sitemap';
import type { SiteIdentity } from '@/lib/shared/types';
import { getSiteSeo, normalizeSiteSeo, resetSiteSeoForTests } from '@/lib/wordpress/identity';
import { fakeWordPress, server } from '../setup/msw';

jest.mock('next/head', () => ({
  __esModule: true,
  default: ({ children }: { children: ReactNode }) => <>{children}</>,
}));
const mockRouter = { asPath: '/' };
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

/**
 * Issue 33, docs/seo-and-redirects.md §2 and §5 "Identity": the site's name, tagline, icon
 * (WordPress's REST index) and organization (the SEO plugin) reach every page through the layout
 * data (read with the menu, cached like it, cleared by the `menu` scope) and show in the header,
 * the footer, the home page, titles, the feeds and the JSON-LD; brand.ts keeps only the defaults.
 * And §5 "Robots and the sitemap": noindex items and items canonical elsewhere are not listed.
 */
const NORTHWIND: SiteIdentity = {
  name: 'Northwind Payments',
  tagline: 'Payments for everyone',
  locale: 'en_US',
  icon: { url: 'https://media.example.com/wp-content/uploads/icon.png', width: 512, height: 512 },
  organization: { name: 'Northwind Payments Ltd', logo: { url: 'https://media.example.com/wp-content/uploads/logo.png', width: 600, height: 200, alt: null, type: null } },
};

beforeEach(() => {
  clearProcessCaches({ menu: true, content: true });
  resetSiteSeoForTests();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('issue 33 §2 the identity is read from WordPress with the menu', () => {
  it('the layout data carries the REST index’s name and tagline and the SEO plugin’s organization and icon', async () => {
    const site = fakeWordPress().site!;
    site.name = 'Northwind Payments';
    site.description = 'Payments for everyone';
    site.siteIcon = 41;
    const { site: identity } = await getLayoutData();
    expect(identity).toEqual({
      name: 'Northwind Payments',
      tagline: 'Payments for everyone',
      locale: 'en_US',
      icon: { url: 'https://media.example.com/wp-content/uploads/2025/01/logo-corvane.png', width: 512, height: 512 },
      organization: { name: 'Corvane Payments Inc.', logo: expect.objectContaining({ url: 'https://media.example.com/wp-content/uploads/2025/01/logo-corvane.png', width: 480, height: 160 }) },
    });
  });

  it('cached like the menu, and read anew after the webhook’s `menu` scope', async () => {
    expect((await getLayoutData()).site?.name).toBe('Corvane Payments');
    fakeWordPress().site!.name = 'Renamed';
    expect((await getLayoutData()).site?.name).toBe('Corvane Payments');
    clearProcessCaches({ menu: false, content: true });
    expect((await getLayoutData()).site?.name).toBe('Corvane Payments');
    clearProcessCaches({ menu: true, content: false });
    expect((await getLayoutData()).site?.name).toBe('Renamed');
  });

  it('without the companion plugin (404): the REST index’s name and tagline, no organization, no page SEO', async () => {
    fakeWordPress().site!.companion = false;
    fakeWordPress().site!.name = 'Plain WordPress';
    const seo = await getSiteSeo();
    expect(seo.identity).toMatchObject({ name: 'Plain WordPress', tagline: 'Payments that keep your business moving', organization: null, icon: null });
    expect(seo.home).toBeNull();
    expect(seo.archives).toEqual({});
  });

  it('WordPress failing after a good read: the last complete answer, not cached (a page regenerated during an outage keeps the name)', async () => {
    fakeWordPress().site!.name = 'Before the outage';
    expect((await getSiteSeo()).identity.name).toBe('Before the outage');
    clearProcessCaches({ menu: true, content: false });
    jest.useFakeTimers();
    server.use(http.get('*/wp-json/', () => new HttpResponse('oops', { status: 500 })), http.get('*/wp-json/custom-api/v1/seo', () => HttpResponse.error()));
    const pending = getSiteSeo();
    await jest.advanceTimersByTimeAsync(2 * 3000);
    expect((await pending).identity.name).toBe('Before the outage');
    jest.useRealTimers();
    server.resetHandlers(...[]);
    fakeWordPress().site!.name = 'After the outage';
    expect((await getSiteSeo()).identity.name).toBe('After the outage');
  });

  it('WordPress failing in a process that never read it: the defaults, not cached (the next page tries again)', async () => {
    jest.useFakeTimers();
    server.use(http.get('*/wp-json/', () => new HttpResponse('oops', { status: 500 })), http.get('*/wp-json/custom-api/v1/seo', () => HttpResponse.error()));
    const pending = getSiteSeo();
    await jest.advanceTimersByTimeAsync(2 * 3000);
    expect((await pending).identity).toMatchObject({ name: SITE_NAME, tagline: SITE_TAGLINE, organization: null });
    jest.useRealTimers();
    server.resetHandlers(...[]);
    server.use(http.get('*/wp-json/', () => HttpResponse.json({ name: 'Back again' })), http.get('*/wp-json/custom-api/v1/seo', () => HttpResponse.json({}, { status: 404 })));
    expect((await getSiteSeo()).identity.name).toBe('Back again');
  });

  it('untrusted answers: wrong fields keep their defaults; a name with markup is plain text', () => {
    const seo = normalizeSiteSeo({ name: 'A &amp; B <b>Co</b>', description: 7, site_icon_url: 'javascript:x' }, { organization: 'x', archives: [], home: 'x' });
    expect(seo.identity).toEqual({ name: 'A & B Co', tagline: SITE_TAGLINE, locale: 'en_US', icon: null, organization: null });
    expect(seo.home).toBeNull();
  });
});

describe('issue 33 §5 the identity shows in the layout, the home page, titles, JSON-LD and feeds', () => {
  it('header logo, footer name and copyright, and the favicon from the site icon', () => {
    render(
      <Layout data={{ menu: [], footer: [], site: NORTHWIND }}>
        <p>page</p>
      </Layout>,
    );
    expect(screen.getAllByRole('link', { name: 'Northwind Payments home' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Northwind Payments');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(/© \d{4} Northwind Payments\. All rights reserved\./);
    expect(screen.getByRole('contentinfo')).not.toHaveTextContent(SITE_NAME);
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(NORTHWIND.icon?.url);
    expect(document.querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute('title')).toMatch(/^Northwind Payments: /);
  });

  it('without layout data (the 500 page): the default name, the site’s own favicon, and the status page title', () => {
    render(
      <Layout data={null}>
        <StatusPage code="Error 500" title="Something went wrong" heading="Sorry">
          <p>x</p>
        </StatusPage>
      </Layout>,
    );
    expect(screen.getAllByRole('link', { name: `${SITE_NAME} home` }).length).toBeGreaterThan(0);
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon.svg');
    expect(document.title).toBe(`Something went wrong | ${SITE_NAME}`);
  });

  it('the home page: eyebrow and headline from the name and tagline, title and Organization JSON-LD', () => {
    render(
      <SiteIdentityProvider value={NORTHWIND}>
        <HomeTemplate frames={[]} description="" news={[]} blogs={[]} />
      </SiteIdentityProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payments for everyone');
    expect(screen.getByText('Northwind Payments', { selector: '.eyebrow' })).toBeInTheDocument();
    expect(document.title).toBe('Northwind Payments | Payments for everyone');
    const org = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}');
    expect(org).toMatchObject({ '@type': 'Organization', name: 'Northwind Payments Ltd', logo: { url: 'https://media.example.com/wp-content/uploads/logo.png', width: 600, height: 200 } });
  });

  it('the JSON-LD Organization without an SEO plugin organization: the site’s name', () => {
    expect(organizationJsonLd({ ...NORTHWIND, organization: null })).toMatchObject({ name: 'Northwind Payments' });
  });

  it('the feeds’ title and description use the name from WordPress', async () => {
    fakeWordPress().site!.name = 'Northwind Payments';
    const xml = await buildFeed(feedType('news')!);
    expect(xml).toContain('<title>Northwind Payments: News</title>');
    expect(xml).toContain('<description>The latest news from Northwind Payments</description>');
  });
});

describe('issue 33 §5 the sitemap leaves out noindex items and items canonical elsewhere', () => {
  it('the noindex campaign page and the syndicated insight are not listed; their neighbours are', async () => {
    const paths = await sitemapPaths();
    expect(paths).not.toContain('/pages/summer-terminal-trade-in');
    expect(paths).not.toContain('/resources/insights/why-soft-declines-arent-really-soft');
    expect(paths).toContain('/pages/secure-switching');
    expect(paths).toContain('/resources/insights/contactless-share-passes-80-percent');
  });

  it('a plugin whose id lists say nothing (no noindex/canonical fields): every item is listed', async () => {
    fakeWordPress().site!.companion = false;
    const paths = await sitemapPaths();
    expect(paths).toContain('/pages/summer-terminal-trade-in');
    expect(paths).toContain('/resources/insights/why-soft-declines-arent-really-soft');
  });
});
