/** @jest-environment node */
import type { WpAlert, WpIdRecord, WpMenuItem, WpPost, WpSearchResult } from '@/lib/wordpress/raw';
import { prefixedPostTypeNames } from '../../__mocks__/wordpress/postTypes';
import { createSeedStore } from '../../__mocks__/wordpress/store';
import { fakeWordPress } from '../setup/msw';
import { CUSTOM, ORIGIN, request, WP, type ErrorBody } from './helpers';

/** The alert read exactly as spec §7 describes it. */
function alertQuery(type: string, compare = 'LIKE', extra = ''): string {
  return (
    `${WP}/alert?per_page=100&meta_query[relation]=AND` +
    `&meta_query[0][key]=alert_type&meta_query[0][value]=${encodeURIComponent(type)}&meta_query[0][compare]=${compare}` +
    `&meta_query[1][key]=enable&meta_query[1][value]=1&meta_query[1][compare]=${compare}${extra}`
  );
}

describe('alerts (meta_query)', () => {
  it('meta_query AND with LIKE answers only the enabled alert of the requested type', async () => {
    const top = await request<WpAlert[]>(alertQuery('Top bar'));
    expect(top.json.map((a) => [a.id, a.acf.alert_type, a.acf.enable])).toEqual([[701, 'Top bar', '1']]);
    const popup = await request<WpAlert[]>(alertQuery('Popup'));
    expect(popup.json.map((a) => a.id)).toEqual([703]);
  });

  it('without meta_query every alert is listed, disabled ones newest first (so a client must filter)', async () => {
    const { json } = await request<WpAlert[]>(`${WP}/alert?per_page=100`);
    expect(json.map((a) => [a.acf.alert_type, a.acf.enable])).toEqual([
      ['Top bar', '0'],
      ['Popup', '0'],
      ['Top bar', '1'],
      ['Popup', '1'],
    ]);
  });

  it('LIKE is a case-insensitive substring match; = compares whole values, case-insensitively like MySQL', async () => {
    expect((await request<WpAlert[]>(alertQuery('top'))).json.map((a) => a.id)).toEqual([701]);
    expect((await request<WpAlert[]>(alertQuery('top', '='))).json).toEqual([]);
    expect((await request<WpAlert[]>(alertQuery('TOP BAR', '='))).json.map((a) => a.id)).toEqual([701]);
  });

  it('relation OR matches items satisfying any clause', async () => {
    const url =
      `${WP}/alert?meta_query[relation]=OR&meta_query[0][key]=alert_type&meta_query[0][value]=Popup` +
      `&meta_query[1][key]=enable&meta_query[1][value]=1`;
    expect((await request<WpAlert[]>(url)).json.map((a) => a.id).sort()).toEqual([701, 703, 704]);
  });

  it('_fields trims alerts to the requested fields', async () => {
    const { json } = await request<Record<string, unknown>[]>(alertQuery('Top bar', 'LIKE', '&_fields=id,title,content,acf'));
    expect(Object.keys(json[0])).toEqual(['id', 'title', 'content', 'acf']);
    expect(json[0].acf).toEqual({ alert_type: 'Top bar', enable: '1', link_url: '/about-us/events/corvane-payments-summit-2026', link_label: 'Register now' });
  });

  it('an alert switched on in the store is answered at once', async () => {
    fakeWordPress().collections.alert.find((a) => a.id === 702)!.acf.enable = '1';
    expect((await request<WpAlert[]>(alertQuery('Top bar'))).json.map((a) => a.id)).toEqual([702, 701]);
  });
});

describe('menu (navigation/3)', () => {
  it('answers a flat list of menu items with string parents, ui_type link, title, url and menu_order', async () => {
    const { status, json } = await request<(WpMenuItem & { menu_order: number })[]>(`${WP}/navigation/3`);
    expect(status).toBe(200);
    expect(Array.isArray(json)).toBe(true);
    expect(json[0]).toMatchObject({ ID: 801, db_id: 801, menu_item_parent: '0', ui_type: 'link', title: 'Solutions', url: '#', menu_order: 1 });
    const ids = new Set(json.map((i) => String(i.ID)));
    for (const item of json) {
      expect(typeof item.menu_item_parent).toBe('string');
      expect(item.menu_item_parent === '0' || ids.has(item.menu_item_parent)).toBe(true);
    }
    expect(json.map((i) => i.menu_order)).toEqual(json.map((_, i) => i + 1));
  });

  it('other navigation ids answer 404 rest_post_invalid_id', async () => {
    const { status, json } = await request<ErrorBody>(`${WP}/navigation/4`);
    expect([status, json.code]).toEqual([404, 'rest_post_invalid_id']);
  });
});

interface TypeBody {
  description: string;
  hierarchical: boolean;
  has_archive: boolean;
  name: string;
  slug: string;
  icon: string | null;
  taxonomies: string[];
  rest_base: string;
  rest_namespace: string;
  _links: Record<string, { href: string }[]>;
}

describe('post types (wp/v2/types), as WordPress 6.1 answers an anonymous client', () => {
  const VIEW_KEYS = ['description', 'hierarchical', 'has_archive', 'name', 'slug', 'icon', 'taxonomies', 'rest_base', 'rest_namespace', '_links'];
  const PLUGIN_BASES = ['news', 'press-releases', 'whitepapers', 'case-studies', 'insights', 'events', 'virtual', 'fp_page', 'frame', 'frame_type', 'alert'];

  it("/types is an object keyed by post type name: post, core's other show_in_rest types, then the plugin's, each in the view context", async () => {
    const { status, json } = await request<Record<string, TypeBody>>(`${WP}/types`);
    expect(status).toBe(200);
    expect(Array.isArray(json)).toBe(false);
    expect(Object.keys(json).slice(0, 8)).toEqual(['post', 'page', 'attachment', 'nav_menu_item', 'wp_block', 'wp_template', 'wp_template_part', 'wp_navigation']);
    for (const [name, type] of Object.entries(json)) {
      expect(Object.keys(type)).toEqual(VIEW_KEYS);
      expect([name, type.rest_namespace]).toEqual([type.slug, 'wp/v2']);
      expect(type._links.collection[0].href).toBe(`${WP}/types`);
      expect(type._links['wp:items'][0].href).toBe(`${WP}/${type.rest_base}`);
    }
    expect(json.post).toMatchObject({ name: 'Posts', rest_base: 'posts', taxonomies: ['category', 'post_tag'], icon: 'dashicons-admin-post' });
    expect(json.attachment.rest_base).toBe('media');
    expect(json.wp_navigation.rest_base).toBe('navigation');
    expect(Object.values(json).slice(8).map((t) => t.rest_base)).toEqual(PLUGIN_BASES);
  });

  it("every plugin type's REST base is a collection the fake serves (its wp:items link)", async () => {
    const { json } = await request<Record<string, TypeBody>>(`${WP}/types`);
    for (const type of Object.values(json).slice(8)) expect((await request(type._links['wp:items'][0].href)).status).toBe(200);
  });

  it('/types/{name} answers that one type; unknown → 404 rest_type_invalid; a type not in REST → 401 rest_cannot_read_type; context=edit → 401', async () => {
    const list = await request<Record<string, TypeBody>>(`${WP}/types`);
    const one = await request<TypeBody>(`${WP}/types/press-release`);
    expect([one.status, one.json]).toEqual([200, list.json['press-release']]);
    const unknown = await request<ErrorBody>(`${WP}/types/press-releases`);
    expect([unknown.status, unknown.json.code, unknown.json.message]).toEqual([404, 'rest_type_invalid', 'Invalid post type.']);
    const hidden = await request<ErrorBody>(`${WP}/types/revision`);
    expect([hidden.status, hidden.json.code]).toEqual([401, 'rest_cannot_read_type']);
    expect((await request<ErrorBody>(`${WP}/types?context=edit`)).json.code).toBe('rest_cannot_view');
    expect((await request<ErrorBody>(`${WP}/types/post?context=edit`)).json.code).toBe('rest_forbidden_context');
    const embed = await request<Record<string, TypeBody>>(`${WP}/types?context=embed`);
    expect(Object.keys(embed.json.news)).toEqual(['name', 'slug', 'icon', 'rest_base', 'rest_namespace', '_links']);
  });

  it('issue 9 §3: renamed post types (ph_ prefix) are listed by their names at unchanged REST bases; items, permalinks and menu links follow', async () => {
    Object.assign(fakeWordPress(), createSeedStore({ postTypeNames: prefixedPostTypeNames('ph_') }));
    const { json } = await request<Record<string, TypeBody>>(`${WP}/types`);
    expect(Object.fromEntries(Object.values(json).slice(8).map((t) => [t.rest_base, t.slug]))).toEqual({
      news: 'ph_news', 'press-releases': 'ph_press_release', whitepapers: 'ph_whitepaper', 'case-studies': 'ph_case_study',
      insights: 'ph_insights', events: 'ph_events', virtual: 'ph_virtual', fp_page: 'ph_fp_page', frame: 'ph_frame',
      frame_type: 'ph_frame_type', alert: 'ph_alert',
    });
    expect(json.post.slug).toBe('post');
    expect((await request(`${WP}/types/news`)).status).toBe(404);
    expect((await request<TypeBody>(`${WP}/types/ph_news`)).json.rest_base).toBe('news');
    const [item] = (await request<WpPost[]>(`${WP}/news?slug=corvane-opens-regional-office-in-denver`)).json;
    expect([item.type, item.link]).toEqual(['ph_news', `${ORIGIN}/ph_news/corvane-opens-regional-office-in-denver/`]);
    const menu = (await request<Array<WpMenuItem & { type: string; object: string }>>(`${WP}/navigation/3`)).json;
    expect(menu.filter((i) => i.type === 'post_type').map((i) => i.object)).toEqual(['ph_fp_page', 'ph_news']);
  });
});

describe('search (wp/v2/search)', () => {
  it('answers {id, title, url, type: post, subtype} across the content types, with X-WP-Total headers', async () => {
    const { json, headers } = await request<WpSearchResult[]>(`${WP}/search?search=campus&per_page=100`);
    expect(json.length).toBeGreaterThan(3);
    expect(new Set(json.map((r) => r.subtype)).size).toBeGreaterThan(2);
    for (const result of json) {
      expect(Object.keys(result)).toEqual(['id', 'title', 'url', 'type', 'subtype', '_links']);
      expect(result.type).toBe('post');
      expect(['post', 'news', 'press-release', 'whitepaper', 'case-study', 'insights', 'events', 'virtual', 'fp_page']).toContain(result.subtype);
    }
    expect(headers.get('X-WP-Total')).toBe(String(json.length));
  });

  it('orders by relevance: title matches come first', async () => {
    const { json } = await request<WpSearchResult[]>(`${WP}/search?search=campus&per_page=100`);
    const inTitle = json.map((r) => r.title.toLowerCase().includes('campus'));
    expect(inTitle.indexOf(false)).toBeGreaterThan(0);
    expect(inTitle.slice(inTitle.indexOf(false))).not.toContain(true);
  });

  it('subtype restricts the post types; an unknown subtype answers 400', async () => {
    const { json } = await request<WpSearchResult[]>(`${WP}/search?search=campus&subtype=news,case-study`);
    expect(new Set(json.map((r) => r.subtype))).toEqual(new Set(['news', 'case-study']));
    const bad = await request<ErrorBody>(`${WP}/search?subtype=frame`);
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('rest_invalid_param');
    // Every public post type in REST but attachments, core's page included, as WordPress lists them.
    expect(bad.json.data.params?.subtype).toMatch(/^subtype\[0\] is not one of post, page, news, .*, and any\.$/);
  });

  it("issue 9 §3: subtype takes the installation's post type names; a name it does not have answers 400 rest_invalid_param for the whole search", async () => {
    Object.assign(fakeWordPress(), createSeedStore({ postTypeNames: prefixedPostTypeNames('ph_') }));
    const renamed = await request<WpSearchResult[]>(`${WP}/search?search=campus&subtype=ph_news,ph_case_study`);
    expect(renamed.status).toBe(200);
    expect(new Set(renamed.json.map((r) => r.subtype))).toEqual(new Set(['ph_news', 'ph_case_study']));
    for (const result of renamed.json as Array<WpSearchResult & { _links: { about: { href: string }[] } }>) {
      expect(result._links.about[0].href).toBe(`${WP}/types/${result.subtype}`);
    }
    const old = await request<ErrorBody>(`${WP}/search?search=campus&subtype=ph_news,news`);
    expect([old.status, old.json.code]).toEqual([400, 'rest_invalid_param']);
    expect(old.json.data.params?.subtype).toMatch(/^subtype\[1\] is not one of post, page, ph_news, ph_press_release, .*, and any\.$/);
  });

  it('an empty search returns every published item of the searchable types, like WordPress', async () => {
    const store = fakeWordPress();
    const expected = ['posts', 'news', 'press-releases', 'whitepapers', 'case-studies', 'insights', 'events', 'virtual', 'fp_page'] as const;
    const total = expected.reduce((n, base) => n + store.collections[base].filter((p) => p.status === 'publish').length, 0);
    for (const url of [`${WP}/search`, `${WP}/search?search=`]) {
      expect((await request(url)).headers.get('X-WP-Total')).toBe(String(total));
    }
  });

  it('a page past the last answers 400 rest_search_invalid_page_number; per_page is validated as elsewhere', async () => {
    expect((await request<ErrorBody>(`${WP}/search?search=campus&page=50`)).json.code).toBe('rest_search_invalid_page_number');
    expect((await request<ErrorBody>(`${WP}/search?per_page=101`)).json.message).toBe('Invalid parameter(s): per_page');
  });

  it('type=term finds nothing (the fake has no terms)', async () => {
    const { status, json } = await request(`${WP}/search?search=campus&type=term`);
    expect([status, json]).toEqual([200, []]);
  });

  it('_embed embeds each result\'s item (its self link)', async () => {
    const { json } = await request<(WpSearchResult & { _embedded: { self: WpPost[] } })[]>(`${WP}/search?search=weekend&_embed`);
    expect(json[0]._embedded.self[0]).toMatchObject({ id: json[0].id, slug: 'marlow-market-weekend-switch' });
  });
});

describe('custom-api id lists', () => {
  const LISTS: [string, string][] = [
    ['frame-id', 'frame'],
    ['fp-page-id', 'fp_page'],
    ['news-id', 'news'],
    ['post-id', 'posts'],
    ['whitepaper-id', 'whitepapers'],
    ['case-study-id', 'case-studies'],
    ['insights-id', 'insights'],
    ['press-release-id', 'press-releases'],
    ['events-id', 'events'],
    ['virtual-id', 'virtual'],
  ];

  it.each(LISTS)('%s answers every published %s item, unpaginated, as {id, slug, title} (+ noindex, canonical on the site\'s types)', async (list, restBase) => {
    const store = fakeWordPress();
    const published = store.collections[restBase as keyof typeof store.collections].filter((p) => p.status === 'publish');
    const { status, json, headers } = await request<WpIdRecord[]>(`${CUSTOM}/${list}?t=123`);
    expect(status).toBe(200);
    expect(headers.get('X-WP-Total')).toBeNull();
    expect(json.map((r) => r.id).sort()).toEqual(published.map((p) => p.id).sort());
    for (const record of json) {
      // Issue 33: `noindex` and `canonical` for the sitemap (docs/seo-and-redirects.md §1 "In the id lists").
      // Frames are no page of the site: no SEO keys.
      const seoKeys = restBase === 'frame' ? [] : ['noindex', 'canonical'];
      expect(Object.keys(record)).toEqual(list === 'fp-page-id' ? ['id', 'slug', 'title', 'section', ...seoKeys] : ['id', 'slug', 'title', ...seoKeys]);
      expect(typeof record.title).toBe('string');
    }
  });

  it('fp-page-id records carry the page section', async () => {
    const { json } = await request<WpIdRecord[]>(`${CUSTOM}/fp-page-id`);
    expect(json.find((r) => r.slug === 'secure-switching')?.section).toBe('pages');
  });

  it('post-id?sticky=true lists only the sticky posts', async () => {
    expect((await request<WpIdRecord[]>(`${CUSTOM}/post-id?sticky=true`)).json.map((r) => r.id)).toEqual([501]);
  });

  it('titles are plain text as WordPress stores them, character references included', async () => {
    const news = (await request<WpIdRecord[]>(`${CUSTOM}/news-id`)).json;
    expect(news.find((r) => r.id === 523)?.title).toBe('Q3 update: 1,000 new locations &amp; a faster network');
    const posts = (await request<WpIdRecord[]>(`${CUSTOM}/post-id`)).json;
    expect(posts.find((r) => r.id === 503)?.title).toBe("Loyalty that pays for itself: a cafe owner's guide");
  });

  it('an unknown id list answers 404 rest_no_route', async () => {
    expect((await request<ErrorBody>(`${CUSTOM}/page-id`)).json.code).toBe('rest_no_route');
  });
});
