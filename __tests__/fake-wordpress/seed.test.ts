/** @jest-environment node */
import { CONTENT_TYPES } from '@/lib/shared/wordpress/contentTypes';
import type { WpIdRecord, WpPost, WpSearchResult } from '@/lib/wordpress/raw';
import { createSeedStore, type StoredPost, type WordPressStore } from '../../__mocks__/wordpress/store';
import { ORIGIN } from '../../__mocks__/wordpress/urls';
import { BLOCK_POST_SLUGS } from '../../__mocks__/wordpress/seed/blocks';
import { CUSTOM, request, WP } from './helpers';

const OFFER_PAGES = [
  'secure-switching', 'alternative-payment-methods', 'estate-management', 'support-services', 'merchant-centered-acquiring',
  'vision-ai', 'existing-customers', 'prospective-partners', 'decisionpoint-network', 'donation-on-device',
  'loyalty-and-incentives', 'business-intelligence', 'card-services',
];
const INDUSTRY_PAGES = [
  'contract-food-services', 'casinos-and-gaming', 'ecommerce', 'food-and-beverage', 'higher-ed', 'hotel-lodging', 'retail',
  'sports-and-entertainment', 'travel-and-recreation',
];
const OTHER_PAGES = [
  'about-us-our-story', 'about-us-partner-testimonials', 'about-us-career', 'about-us-iso-network',
  'insights-blog', 'case-studies', 'brand-kit', 'whitepaper', 'community', 'events', 'partner-interviewes',
  'home', 'contact-us', 'get-in-touch-media-relations-salesforce-test-page', 'page-test-2',
];
const FRAME_TYPES = ['hero', 'rich-text', 'image-text', 'card-grid', 'cta', 'stats', 'logo-strip', 'testimonial'];
const CONTENT_BASES = ['posts', 'news', 'press-releases', 'whitepapers', 'case-studies', 'insights', 'events', 'virtual'] as const;

const store: WordPressStore = createSeedStore();
const published = (base: keyof WordPressStore['collections']): StoredPost[] => store.collections[base].filter((p) => p.status === 'publish');
const pageBySlug = new Map(published('fp_page').map((p) => [p.slug, p]));
const frameById = new Map(store.collections.frame.map((f) => [f.id, f]));

/** Every site path the seed can serve (spec §2 routes over the seed's slugs). */
function servablePaths(): Set<string> {
  const paths = new Set(['/', '/contact-us', '/resources/blogs', '/about-us/news', '/about-us/press-releases', '/about-us/events', '/resources/white-papers', '/resources/case-studies', '/about-us/partner-interviews', '/resources/insights']);
  for (const page of pageBySlug.keys()) paths.add(`/pages/${page}`);
  const detail: Record<(typeof CONTENT_BASES)[number], string> = {
    posts: '/resources/blogs', news: '/about-us/news', 'press-releases': '/about-us/press-release', whitepapers: '/resources/white-papers',
    'case-studies': '/resources/case-studies', insights: '/resources/insights', events: '/about-us/events', virtual: '/about-us/partner-interviews',
  };
  for (const base of CONTENT_BASES) for (const item of published(base)) paths.add(`${detail[base]}/${item.slug}`);
  return paths;
}

describe('seed content', () => {
  it('every page of the fallback menu, home, contact-us and the two test pages is a published fp_page with section pages and frames', () => {
    for (const slug of [...OFFER_PAGES, ...INDUSTRY_PAGES, ...OTHER_PAGES]) {
      const page = pageBySlug.get(slug);
      expect(page).toBeDefined();
      expect(page?.acf.section).toBe('pages');
      expect((page?.acf.frames as number[]).length).toBeGreaterThan(0);
    }
  });

  it('offer pages are built from several frame types; other pages from 1-3 frames', () => {
    for (const slug of OFFER_PAGES) {
      const types = new Set((pageBySlug.get(slug)?.acf.frames as number[]).map((id) => frameById.get(id)?.acf.frame_type));
      expect(types.size).toBeGreaterThanOrEqual(4);
    }
    for (const slug of [...INDUSTRY_PAGES, ...OTHER_PAGES.filter((s) => s !== 'home')]) {
      expect((pageBySlug.get(slug)?.acf.frames as number[]).length).toBeLessThanOrEqual(3);
    }
  });

  it('every frame a page lists exists and names a frame type that exists', () => {
    const typeSlugs = new Set(store.collections.frame_type.map((t) => t.slug));
    for (const page of store.collections.fp_page) {
      for (const id of page.acf.frames as number[]) {
        const frame = frameById.get(id);
        expect(frame).toBeDefined();
        expect(typeSlugs.has(String(frame?.acf.frame_type))).toBe(true);
      }
    }
  });

  it('the eight frame types each hold fields_mapping: a JSON list of rules with exactly one of valueSingle/valueObject/valueList', () => {
    expect(store.collections.frame_type.map((t) => t.slug).sort()).toEqual([...FRAME_TYPES].sort());
    for (const type of store.collections.frame_type) {
      const rules = JSON.parse(type.fields_mapping ?? '') as Record<string, unknown>[];
      expect(rules.length).toBeGreaterThan(1);
      for (const rule of rules) {
        expect(typeof rule.field).toBe('string');
        expect(['valueSingle', 'valueObject', 'valueList'].filter((k) => k in rule)).toHaveLength(1);
      }
    }
  });

  it('every mapping path of a frame type reads data from its frames (no mapping points at nothing)', () => {
    const read = (source: unknown, path: string): unknown =>
      path.split('.').reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), source);
    for (const type of store.collections.frame_type) {
      const frames = store.collections.frame.filter((f) => f.acf.frame_type === type.slug);
      const rules = JSON.parse(type.fields_mapping ?? '') as { valueSingle?: { path: string }; valueObject?: Record<string, { path: string }>; valueList?: { path: string } }[];
      for (const rule of rules) {
        const paths = rule.valueSingle ? [rule.valueSingle.path] : rule.valueObject ? Object.values(rule.valueObject).map((v) => v.path) : [rule.valueList?.path ?? ''];
        for (const path of paths) expect([type.slug, path, frames.some((f) => read(f, path.replace(/\.0$/, '')) !== undefined)]).toEqual([type.slug, path, true]);
      }
    }
  });

  it('hero images exercise the ".0" rule: one hero stores a plain URL string, the others a list of URLs', () => {
    const heroes = store.collections.frame.filter((f) => f.acf.frame_type === 'hero');
    const strings = heroes.filter((f) => typeof f.acf.image === 'string');
    expect(strings.map((f) => f.slug)).toEqual(['home-hero']);
    expect(heroes.filter((f) => Array.isArray(f.acf.image)).length).toBeGreaterThan(10);
  });

  it('hostile markup (script, onclick, javascript: link) is in exactly one clearly named frame, on the community page only', () => {
    const hostile = store.collections.frame.filter((f) => /<script|onclick=|javascript:/i.test(JSON.stringify(f.acf)));
    expect(hostile.map((f) => f.slug)).toEqual(['community-board-sanitizer-check']);
    const pages = store.collections.fp_page.filter((p) => (p.acf.frames as number[]).includes(hostile[0].id));
    expect(pages.map((p) => p.slug)).toEqual(['community']);
    // Issue 33: markup pasted into one item's SEO box (its `seoMeta`, never HTML on the site) is the other named exception.
    const seoHostile = CONTENT_BASES.flatMap((b) => store.collections[b]).filter((p) => /<script|onerror=/i.test(JSON.stringify(p.seoMeta ?? {})));
    expect(seoHostile.map((p) => p.slug)).toEqual(['pinecrest-arena-halftime-rush']);
    const withoutSeoBox = [...CONTENT_BASES.flatMap((b) => store.collections[b]), ...store.collections.alert].map((post) => ({ ...post, seoMeta: undefined }));
    expect(JSON.stringify(withoutSeoBox)).not.toMatch(/<script|onclick=|javascript:/i);
  });

  it('content HTML and one frame still reference the CMS development host, for media-URL rewriting', () => {
    const devHost = 'https://dev-cms.example.test/wp-content/uploads/';
    const contents = CONTENT_BASES.flatMap((b) => store.collections[b]).filter((p) => p.content.rendered.includes(`src="${devHost}`));
    expect(contents.length).toBeGreaterThanOrEqual(2);
    const frames = store.collections.frame.filter((f) => JSON.stringify(f.acf).includes(devHost));
    expect(frames.map((f) => f.slug)).toEqual(['estate-management-detail']);
    // An upload or one of WordPress's copies of it (body images carry a srcset of the copies).
    const files = new Set(
      store.media.flatMap((m) => [m.media_details.file, ...Object.values(m.media_details.sizes).map((size) => `${m.uploadFile.replace(/[^/]*$/, '')}${size.file}`)]),
    );
    const referenced = JSON.stringify(store).match(/https:\/\/dev-cms\.example\.test\/wp-content\/uploads\/[^"\\ ,]+/g) ?? [];
    for (const url of referenced) expect(files.has(url.slice(devHost.length))).toBe(true);
  });

  it('every site link in content, frames, alerts and the menu is a path the seed can serve', () => {
    const paths = servablePaths();
    // Not the Redirection plugin's rules (issue 33): their `url` is a source that redirects, not a link.
    const links = (JSON.stringify({ ...store, redirection: undefined }).match(/(?:href=\\"|"(?:url|link_url|cta_url|primary_url|secondary_url)":")(\/[^"\\#]*)/g) ?? []).map((m) =>
      m.replace(/^.*?(\/)/, '/'),
    );
    expect(links.length).toBeGreaterThan(50);
    for (const link of links) expect([link, paths.has(link)]).toEqual([link, true]);
  });

  it('the menu has three levels of links, group headings (#), one hidden submenu and one item four levels deep', () => {
    const items = store.menus[3];
    const parent = new Map(items.map((i) => [i.ID, Number(i.menu_item_parent)]));
    const depth = (id: number): number => (parent.get(id) ? 1 + depth(parent.get(id) as number) : 1);
    const depths = items.map((i) => depth(i.ID));
    expect(new Set(depths)).toEqual(new Set([1, 2, 3, 4]));
    expect(depths.filter((d) => d === 4)).toHaveLength(1);
    expect(items.filter((i) => i.url.includes('hidden')).map((i) => depth(i.ID))).toEqual([2]);
    expect(items.filter((i) => depth(i.ID) === 1).map((i) => i.title)).toEqual(['Solutions', 'Industries', 'Resources', 'About Us', 'Contact Us']);
    // Two items link to posts, as the menu screen's post-type boxes add them: WordPress's permalink in `url`.
    expect(items.filter((i) => i.type === 'post_type').map((i) => [i.object, i.object_id, i.type_label, i.url])).toEqual([
      ['fp_page', String(store.collections.fp_page.find((p) => p.slug === 'card-services')?.id), 'Page', `${ORIGIN}/fp_page/card-services/`],
      ['news', '521', 'News', `${ORIGIN}/news/corvane-opens-regional-office-in-denver/`],
    ]);
    const linked = new Set(items.map((i) => i.url));
    linked.add('/pages/card-services'); // the link to the page itself (above)
    for (const slug of [...OFFER_PAGES, ...INDUSTRY_PAGES, 'about-us-our-story', 'about-us-partner-testimonials', 'about-us-career', 'about-us-iso-network', 'insights-blog', 'case-studies', 'brand-kit', 'whitepaper', 'community', 'events', 'partner-interviewes']) {
      expect(linked.has(`/pages/${slug}`)).toBe(true);
    }
  });

  it('ids are unique across all post types, media and menu items, like WordPress\'s one posts table', () => {
    const ids = [
      ...Object.values(store.collections).flat().map((p) => p.id),
      ...store.media.map((m) => m.id),
      ...store.menus[3].map((m) => m.ID),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('each content type has 4-6 published items with an existing featured image, dated 2025-2026 (blog posts: besides the block corpus)', () => {
    const mediaIds = new Set(store.media.map((m) => m.id));
    const corpus = new Set(BLOCK_POST_SLUGS);
    for (const base of CONTENT_BASES) {
      const items = published(base).filter((p) => !corpus.has(p.slug));
      expect([base, items.length >= 4 && items.length <= 6]).toEqual([base, true]);
      for (const item of items) {
        expect(mediaIds.has(item.featured_media)).toBe(true);
        expect(item.date).toMatch(/^202[56]-\d\d-\d\dT\d\d:\d\d:\d\d$/);
      }
    }
    expect(published('posts').filter((p) => p.sticky)).toHaveLength(1);
  });

  it('type-specific custom fields are present (white papers, case studies, events, partner interviews)', () => {
    for (const p of published('whitepapers')) expect(Object.keys(p.acf)).toEqual(['summary', 'download_url']);
    for (const p of published('case-studies')) expect(Object.keys(p.acf)).toEqual(['client', 'summary', 'cta_label', 'cta_url']);
    for (const p of published('events')) {
      expect(Object.keys(p.acf)).toEqual(['start_date', 'end_date', 'location', 'registration_url']);
      expect(String(p.acf.start_date)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    }
    for (const p of published('virtual')) expect(Object.keys(p.acf)).toEqual(['partner_name', 'partner_role', 'company']);
  });

  it('titles and excerpts carry character references as WordPress emits them, one &nbsp without its semicolon', () => {
    const text = JSON.stringify(CONTENT_BASES.flatMap((b) => store.collections[b]).map((p) => [p.title.rendered, p.excerpt.rendered]));
    for (const reference of ['&#8217;', '&#8211;', '&amp;', '&#038;', '&hellip;']) expect([reference, text.includes(reference)]).toEqual([reference, true]);
    expect(text.match(/&nbsp(?!;)/g)).toHaveLength(1);
  });

  it('alerts: one enabled and one disabled alert of each type', () => {
    const alerts = store.collections.alert.map((a) => `${String(a.acf.alert_type)}:${String(a.acf.enable)}`).sort();
    expect(alerts).toEqual(['Popup:0', 'Popup:1', 'Top bar:0', 'Top bar:1']);
  });

  it('createSeedStore returns an independent deep copy on every call', () => {
    const a = createSeedStore();
    const b = createSeedStore();
    a.collections.news[0].title.rendered = 'changed';
    (a.collections.fp_page[0].acf.frames as number[]).push(1);
    a.menus[3].pop();
    a.media[0].media_details.sizes.full.width = 1;
    expect(b).toEqual(createSeedStore());
    expect(b).not.toEqual(a);
  });
});

describe('the site content-type table agrees with the fake WordPress', () => {
  it.each(CONTENT_TYPES.map((t) => [t.name, t] as const))('%s: REST base, by-id base, id list and search subtype (its post type as /wp/v2/types names it) are served', async (_name, type) => {
    const list = await request<WpPost[]>(`${WP}/${type.restBase}?per_page=1${type.embed ? '&_embed' : ''}`);
    expect(list.status).toBe(200);
    const [item] = list.json;
    const types = await request<Record<string, { slug: string; rest_base: string }>>(`${WP}/types`);
    const postType = Object.values(types.json).find((t) => t.rest_base === type.restBase);
    expect(postType?.slug).toBe(item.type);
    expect((await request<WpPost>(`${WP}/${type.byIdBase}/${item.id}`)).json.id).toBe(item.id);
    expect((await request<WpPost[]>(`${WP}/${type.restBase}?slug=${item.slug}`)).json[0].id).toBe(item.id);
    const ids = await request<WpIdRecord[]>(`${CUSTOM}/${type.idList}`);
    expect(ids.json.map((r) => r.id)).toContain(item.id);
    const search = await request<WpSearchResult[]>(`${WP}/search?subtype=${item.type}&per_page=1`);
    expect(search.json[0].subtype).toBe(item.type);
  });
});
