/** @jest-environment node */
import type { WpAlert, WpIdRecord, WpMenuItem, WpPost, WpSearchResult } from '@/lib/wordpress/raw';
import { fakeWordPress } from '../setup/msw';
import { CUSTOM, request, WP, type ErrorBody } from './helpers';

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
    expect(bad.json.data.params?.subtype).toMatch(/^subtype\[0\] is not one of post, news, .*, and any\.$/);
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

  it.each(LISTS)('%s answers every published %s item, unpaginated, as {id, slug, title}', async (list, restBase) => {
    const store = fakeWordPress();
    const published = store.collections[restBase as keyof typeof store.collections].filter((p) => p.status === 'publish');
    const { status, json, headers } = await request<WpIdRecord[]>(`${CUSTOM}/${list}?t=123`);
    expect(status).toBe(200);
    expect(headers.get('X-WP-Total')).toBeNull();
    expect(json.map((r) => r.id).sort()).toEqual(published.map((p) => p.id).sort());
    for (const record of json) {
      expect(Object.keys(record)).toEqual(list === 'fp-page-id' ? ['id', 'slug', 'title', 'section'] : ['id', 'slug', 'title']);
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
