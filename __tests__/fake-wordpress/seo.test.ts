/** @jest-environment node */
import type { WpPost } from '@/lib/wordpress/raw';
import { CONTENT_TYPES } from '@/lib/shared/wordpress/contentTypes';
import { fakeWordPress } from '../setup/msw';
import { CUSTOM, ORIGIN, request, WP } from './helpers';

/**
 * Issue 33 (docs/seo-and-redirects.md §1, §2): the fake answers as the companion plugin with Yoast
 * SEO: every item of the site's content types carries the `seo` object, every key present; the
 * REST index names the site; `custom-api/v1/seo` gives the identity and the pages' SEO (404
 * without the plugin); the id lists say what the sitemap leaves out.
 */
type Seo = Record<string, unknown> & { robots: Record<string, unknown>; og: Record<string, unknown>; twitter: Record<string, unknown> };
type WithSeo = WpPost & { seo: Seo };

const KEYS = ['source', 'title', 'description', 'robots', 'canonical', 'og', 'twitter', 'schema'];

describe('issue 33 §1 the fake serves the seo field', () => {
  it.each(CONTENT_TYPES.map((t) => t.restBase))('every item of %s carries the seo object, every key present (Yoast defaults)', async (base) => {
    const items = (await request<WithSeo[]>(`${WP}/${base}?per_page=100`)).json;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(Object.keys(item.seo).sort()).toEqual([...KEYS].sort());
      expect(item.seo.source).toBe('yoast');
      expect(Object.keys(item.seo.robots).sort()).toEqual(['follow', 'index', 'max_image_preview', 'max_snippet', 'max_video_preview', 'noarchive', 'noimageindex', 'nosnippet']);
      expect(item.seo.canonical === item.link || typeof item.seo.canonical === 'string').toBe(true);
    }
    const plain = items.find((i) => !fakeWordPress().collections[base as 'news'].find((p) => p.id === i.id)?.seoMeta);
    // Yoast's `%%title%%` is the rendered (texturized) title as plain text.
    const rendered = plain?.title.rendered.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n))) ?? '';
    expect(rendered).not.toMatch(/[<&]/);
    expect(plain?.seo.title).toBe(`${rendered} - Corvane Payments`);
    expect(plain?.seo.canonical).toBe(plain?.link);
    expect(plain?.seo.robots).toMatchObject({ index: true, follow: true, max_snippet: -1, max_image_preview: 'large', max_video_preview: -1 });
  });

  it('answers `_fields=seo` and single items, and leaves embeds without it', async () => {
    const [only] = (await request<Array<Record<string, unknown>>>(`${WP}/news?slug=corvane-opens-regional-office-in-denver&_fields=seo`)).json;
    expect(Object.keys(only)).toEqual(['seo']);
    const [news] = (await request<WithSeo[]>(`${WP}/news?slug=corvane-opens-regional-office-in-denver`)).json;
    expect((await request<WithSeo>(`${WP}/news/${news.id}`)).json.seo).toEqual(news.seo);
    expect((await request<WithSeo>(`${WP}/news/${news.id}?context=embed`)).json.seo).toBeUndefined();
  });

  it('per-item values from the seed: noindex, external canonical, custom title and description, social image', async () => {
    const one = async (base: string, slug: string) => (await request<WithSeo[]>(`${WP}/${base}?slug=${slug}`)).json[0].seo;
    expect((await one('fp_page', 'summer-terminal-trade-in')).robots.index).toBe(false);
    expect(await one('insights', 'why-soft-declines-arent-really-soft')).toMatchObject({ canonical: 'https://www.paymentsweekly.example/analysis/why-soft-declines-arent-really-soft' });
    expect(await one('posts', 'what-payment-orchestration-means-for-multi-site-merchants')).toMatchObject({
      title: 'Payment orchestration for multi-site merchants: a guide - Corvane Payments',
      description: expect.stringContaining('one routing layer'),
    });
    const denver = await one('news', 'corvane-opens-regional-office-in-denver');
    expect(denver.og.image).toMatchObject({ url: `${ORIGIN}/wp-content/uploads/2025/05/team-office.png`, width: 1600, height: 700, type: 'image/png' });
  });

  it('the id lists say noindex and a canonical that is not the item’s own', async () => {
    const pages = (await request<Array<{ slug: string; noindex: boolean; canonical: string | null }>>(`${CUSTOM}/fp-page-id`)).json;
    expect(pages.find((p) => p.slug === 'summer-terminal-trade-in')).toMatchObject({ noindex: true, canonical: null });
    expect(pages.find((p) => p.slug === 'secure-switching')).toMatchObject({ noindex: false, canonical: null });
    const insights = (await request<Array<{ slug: string; canonical: string | null }>>(`${CUSTOM}/insights-id`)).json;
    expect(insights.find((p) => p.slug === 'why-soft-declines-arent-really-soft')?.canonical).toMatch(/^https:\/\/www\.paymentsweekly\.example\//);
  });

  it('without an SEO plugin: source "wordpress", title, canonical and schema null; without the companion plugin: no field', async () => {
    fakeWordPress().site!.seoPlugin = 'none';
    const [post] = (await request<WithSeo[]>(`${WP}/posts?per_page=1`)).json;
    expect(post.seo).toMatchObject({ source: 'wordpress', title: null, canonical: null, schema: null });
    fakeWordPress().site!.companion = false;
    const [bare] = (await request<WithSeo[]>(`${WP}/posts?per_page=1`)).json;
    expect(bare.seo).toBeUndefined();
  });
});

describe('issue 33 §2 the fake serves the identity', () => {
  it('the REST index: name, description, url, home, site_icon_url (with `_fields`)', async () => {
    const index = (await request<Record<string, unknown>>(`${ORIGIN}/wp-json/?_fields=name,description,url,home,site_icon_url`)).json;
    expect(index).toEqual({ name: 'Corvane Payments', description: 'Payments that keep your business moving', url: ORIGIN, home: ORIGIN, site_icon_url: '' });
    fakeWordPress().site!.siteIcon = 41;
    expect((await request<Record<string, unknown>>(`${ORIGIN}/wp-json/`)).json.site_icon_url).toBe(`${ORIGIN}/wp-content/uploads/2025/01/logo-corvane.png`);
  });

  it('custom-api/v1/seo: name, organization, home, search, archives; 404 without the companion plugin', async () => {
    const seo = (await request<Record<string, unknown> & { home: Seo; archives: Record<string, Seo | null> }>(`${CUSTOM}/seo`)).json;
    expect(seo).toMatchObject({ source: 'yoast', name: 'Corvane Payments', locale: 'en_US', icon: null, organization: { name: 'Corvane Payments Inc.' } });
    expect(seo.home.title).toBe('Corvane Payments - Payments that keep your business moving');
    expect(seo.archives.news?.title).toBe('Company news - Corvane Payments');
    fakeWordPress().site!.companion = false;
    const missing = await request<{ code: string }>(`${CUSTOM}/seo`);
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe('rest_no_route');
  });
});
