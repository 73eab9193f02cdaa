/** @jest-environment node */
import { BLOCK_POSTS } from '../../__mocks__/wordpress/seed/blocks';
import type { WpMedia, WpPost } from '@/lib/wordpress/raw';
import { fakeWordPress } from '../setup/msw';
import { request, WP, type ErrorBody } from './helpers';

type Item = WpPost & { _links?: Record<string, unknown>; _embedded?: Record<string, unknown[]> };

describe('collections: paging', () => {
  it('per_page defaults to 10 and X-WP-Total / X-WP-TotalPages count the published items', async () => {
    const published = fakeWordPress().collections.fp_page.filter((p) => p.status === 'publish').length;
    const first = await request<Item[]>(`${WP}/fp_page`);
    expect(first.status).toBe(200);
    expect(first.json).toHaveLength(10);
    expect(first.headers.get('X-WP-Total')).toBe(String(published));
    expect(first.headers.get('X-WP-TotalPages')).toBe(String(Math.ceil(published / 10)));

    const last = await request<Item[]>(`${WP}/fp_page?page=${Math.ceil(published / 10)}`);
    expect(last.json).toHaveLength(published % 10 || 10);
  });

  it.each(['0', '101', '-1'])('per_page=%s (outside 1..100) answers 400 rest_invalid_param with WordPress\'s message', async (value) => {
    const { status, json } = await request<ErrorBody>(`${WP}/posts?per_page=${value}`);
    expect(status).toBe(400);
    expect(json).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): per_page',
      data: {
        status: 400,
        params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
        details: { per_page: { code: 'rest_out_of_bounds', message: 'per_page must be between 1 (inclusive) and 100 (inclusive)', data: null } },
      },
    });
  });

  it.each(['abc', '1.5', '', '10abc'])('per_page=%p (not an integer) answers 400 "per_page is not of type integer."', async (value) => {
    const { status, json } = await request<ErrorBody>(`${WP}/posts?per_page=${value}`);
    expect(status).toBe(400);
    expect(json.code).toBe('rest_invalid_param');
    expect(json.message).toBe('Invalid parameter(s): per_page');
    expect(json.data.params).toEqual({ per_page: 'per_page is not of type integer.' });
  });

  it('integer-valued numeric strings (5.0, 1e1) are integers, as PHP\'s is_numeric reads them', async () => {
    expect((await request<Item[]>(`${WP}/fp_page?per_page=5.0`)).json).toHaveLength(5);
    expect((await request<Item[]>(`${WP}/fp_page?per_page=1e1`)).json).toHaveLength(10);
  });

  it('page=0 answers 400: "page must be greater than or equal to 1"', async () => {
    const { status, json } = await request<ErrorBody>(`${WP}/news?page=0`);
    expect(status).toBe(400);
    expect(json.data.params).toEqual({ page: 'page must be greater than or equal to 1' });
  });

  it('several invalid parameters are reported together, in WordPress\'s declaration order', async () => {
    const { json } = await request<ErrorBody>(`${WP}/news?per_page=500&page=x&order=up`);
    expect(json.message).toBe('Invalid parameter(s): page, per_page, order');
    expect(json.data.params?.order).toBe('order is not one of asc and desc.');
  });

  it('a page past the last answers 400 rest_post_invalid_page_number', async () => {
    const { status, json } = await request<ErrorBody>(`${WP}/news?page=99`);
    expect(status).toBe(400);
    expect(json).toEqual({
      code: 'rest_post_invalid_page_number',
      message: 'The page number requested is larger than the number of pages available.',
      data: { status: 400 },
    });
  });

  it('an empty collection answers 200 [] with totals 0, for page 1 and any later page', async () => {
    fakeWordPress().collections.insights = [];
    for (const page of [1, 3]) {
      const { status, json, headers } = await request<Item[]>(`${WP}/insights?page=${page}`);
      expect(status).toBe(200);
      expect(json).toEqual([]);
      expect(headers.get('X-WP-Total')).toBe('0');
      expect(headers.get('X-WP-TotalPages')).toBe('0');
    }
  });

  it('Link has rel="prev" and rel="next" on the collection URL with the request query kept and page replaced', async () => {
    const { headers } = await request(`${WP}/posts?per_page=2&page=2&_embed&t=1700000000`);
    expect(headers.get('Link')).toBe(
      '<http://wordpress.test/wp-json/wp/v2/posts?per_page=2&page=1&_embed=&t=1700000000>; rel="prev", ' +
        '<http://wordpress.test/wp-json/wp/v2/posts?per_page=2&page=3&_embed=&t=1700000000>; rel="next"',
    );
  });

  it('the last page links only rel="prev"; a single page sends only the api.w.org Link', async () => {
    const last = Math.ceil(Number((await request(`${WP}/posts?per_page=2`)).headers.get('X-WP-Total')) / 2);
    expect((await request(`${WP}/posts?per_page=2&page=${last}`)).headers.get('Link')).toBe(
      `<http://wordpress.test/wp-json/wp/v2/posts?per_page=2&page=${last - 1}>; rel="prev"`,
    );
    expect((await request(`${WP}/posts?per_page=100`)).headers.get('Link')).toBe(
      '<http://wordpress.test/wp-json/>; rel="https://api.w.org/"',
    );
  });

  it('walking pages of 100 until a short page reaches every item exactly once (the all-posts read)', async () => {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const { json } = await request<Item[]>(`${WP}/fp_page?per_page=7&page=${page}`);
      ids.push(...json.map((p) => p.id));
      if (json.length < 7) break;
    }
    const published = fakeWordPress().collections.fp_page.filter((p) => p.status === 'publish');
    expect(ids.sort()).toEqual(published.map((p) => p.id).sort());
  });
});

describe('collections: filters', () => {
  it('slug matches one item, a comma-separated list or slug[]; an unknown slug answers 200 []', async () => {
    expect((await request<Item[]>(`${WP}/fp_page?slug=home`)).json.map((p) => p.slug)).toEqual(['home']);
    const both = await request<Item[]>(`${WP}/fp_page?slug=retail,ecommerce`);
    expect(both.json.map((p) => p.slug).sort()).toEqual(['ecommerce', 'retail']);
    const brackets = await request<Item[]>(`${WP}/fp_page?slug[]=retail&slug[]=ecommerce`);
    expect(brackets.json.map((p) => p.slug).sort()).toEqual(['ecommerce', 'retail']);
    const unknown = await request<Item[]>(`${WP}/fp_page?slug=no-such-page`);
    expect([unknown.status, unknown.json]).toEqual([200, []]);
  });

  it('a repeated plain slug key keeps only its last value (PHP query parsing)', async () => {
    const { json } = await request<Item[]>(`${WP}/fp_page?slug=retail&slug=ecommerce`);
    expect(json.map((p) => p.slug)).toEqual(['ecommerce']);
  });

  it('only items with status publish are listed, found by slug or counted', async () => {
    const { json, headers } = await request<Item[]>(`${WP}/news?per_page=100`);
    expect(json.every((n) => n.status === 'publish')).toBe(true);
    expect(json.map((n) => n.slug)).not.toContain('upcoming-announcement-draft');
    expect(headers.get('X-WP-Total')).toBe(String(json.length));
    expect((await request<Item[]>(`${WP}/news?slug=upcoming-announcement-draft`)).json).toEqual([]);
    expect((await request<Item[]>(`${WP}/fp_page?slug=pricing-draft`)).json).toEqual([]);
  });

  it('status=draft is refused for unauthenticated clients: 400 "Status is forbidden."', async () => {
    const { status, json } = await request<ErrorBody>(`${WP}/news?status=draft`);
    expect(status).toBe(400);
    expect(json.data.params).toEqual({ status: 'Status is forbidden.' });
  });

  it('context=edit is refused with 401 rest_forbidden_context', async () => {
    const { status, json } = await request<ErrorBody>(`${WP}/news?context=edit`);
    expect([status, json.code]).toEqual([401, 'rest_forbidden_context']);
  });

  it('sticky=true lists only sticky posts and sticky=false the others', async () => {
    const sticky = await request<Item[]>(`${WP}/posts?sticky=true`);
    expect(sticky.json.map((p) => p.id)).toEqual([501]);
    expect(sticky.json[0].sticky).toBe(true);
    const others = await request<Item[]>(`${WP}/posts?sticky=false&per_page=100`);
    expect(others.json.map((p) => p.id)).not.toContain(501);
    expect(others.json.length).toBe(fakeWordPress().collections.posts.length - 1);
  });

  it('sticky is validated as a boolean on posts and ignored as unknown on other types', async () => {
    expect((await request<ErrorBody>(`${WP}/posts?sticky=maybe`)).json.data.params).toEqual({ sticky: 'sticky is not of type boolean.' });
    const news = await request<Item[]>(`${WP}/news?sticky=true&per_page=100`);
    expect(news.status).toBe(200);
    expect(news.json.length).toBeGreaterThan(1);
  });

  it('search needs every term in the title, excerpt or content (case-insensitive); -term excludes; "quoted phrases" stay whole', async () => {
    // The block corpus's posts (seed/blocks.ts) are left out: their many words and file names would match most terms.
    const corpus = BLOCK_POSTS.map((p) => p.id).join(',');
    const ids = async (query: string): Promise<number[]> => (await request<Item[]>(`${WP}/posts?search=${query}&exclude=${corpus}`)).json.map((p) => p.id);
    expect(await ids('LOYALTY')).toEqual([503]);
    expect(await ids('loyalty%20cafe')).toEqual([503]);
    expect(await ids('loyalty%20-cafe')).toEqual([]);
    expect(await ids('%22regulars%20visit%22')).toEqual([503]);
    expect(await ids('%22visit%20regulars%22')).toEqual([]);
    expect((await ids('terminals')).sort()).toEqual([501, 502]);
  });

  it('include and exclude filter by id; orderby=include keeps the include order', async () => {
    expect((await request<Item[]>(`${WP}/posts?include=503,501`)).json.map((p) => p.id)).toEqual([501, 503]);
    expect((await request<Item[]>(`${WP}/posts?include=503,501&orderby=include`)).json.map((p) => p.id)).toEqual([503, 501]);
    expect((await request<Item[]>(`${WP}/posts?exclude=501&per_page=100`)).json.map((p) => p.id)).not.toContain(501);
  });

  it('default order is date descending; order=asc and orderby=title/slug/id reorder', async () => {
    const byDate = (await request<Item[]>(`${WP}/news`)).json.map((n) => n.date);
    expect(byDate).toEqual([...byDate].sort().reverse());
    const asc = (await request<Item[]>(`${WP}/news?order=asc`)).json.map((n) => n.date);
    expect(asc).toEqual([...byDate].reverse());
    const slugs = (await request<Item[]>(`${WP}/news?orderby=slug&order=asc`)).json.map((n) => n.slug);
    expect(slugs).toEqual([...slugs].sort());
    const ids = (await request<Item[]>(`${WP}/news?orderby=id`)).json.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('orderby=relevance without search and orderby=include without include answer WordPress\'s 400 errors', async () => {
    expect((await request<ErrorBody>(`${WP}/posts?orderby=relevance`)).json.code).toBe('rest_no_search_term_defined');
    expect((await request<ErrorBody>(`${WP}/posts?orderby=include`)).json.code).toBe('rest_orderby_include_missing_include');
    expect((await request<ErrorBody>(`${WP}/posts?orderby=popularity`)).json.data.params?.orderby).toMatch(/^orderby is not one of author, date, id, .* and title\.$/);
  });

  it('unknown parameters such as the cache-busting t are ignored', async () => {
    const plain = await request<Item[]>(`${WP}/news`);
    const busted = await request<Item[]>(`${WP}/news?t=1700000000123&foo[bar]=1`);
    expect(busted.status).toBe(200);
    expect(busted.json).toEqual(plain.json);
  });

  it('HEAD answers the same status and headers as GET, without a body', async () => {
    const head = await request(`${WP}/news?per_page=2`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('X-WP-Total')).toBe((await request(`${WP}/news?per_page=2`)).headers.get('X-WP-Total'));
    expect((await request(`${WP}/news?per_page=0`, { method: 'HEAD' })).status).toBe(400);
  });
});

describe('collections: _embed and _fields', () => {
  it('_embed (with or without a value) adds _embedded["wp:featuredmedia"] = [the media object]', async () => {
    for (const flag of ['_embed', '_embed=', '_embed=1', '_embed=true']) {
      const [post] = (await request<Item[]>(`${WP}/news?per_page=1&${flag}`)).json;
      const [media] = (post._embedded?.['wp:featuredmedia'] ?? []) as WpMedia[];
      expect(media.id).toBe(post.featured_media);
      expect(media.source_url).toMatch(/^http:\/\/wordpress\.test\/wp-content\/uploads\/.+\.png$/);
      expect(media.media_details?.width).toBeGreaterThan(0);
    }
    const [plain] = (await request<Item[]>(`${WP}/news?per_page=1`)).json;
    expect(plain._embedded).toBeUndefined();
  });

  it('items without featured media (featured_media 0) get no _embedded', async () => {
    const [page] = (await request<Item[]>(`${WP}/fp_page?slug=home&_embed`)).json;
    expect(page.featured_media).toBe(0);
    // WordPress still embeds the author (issue 9 §4: as the real WordPress answers).
    expect(page._embedded?.['wp:featuredmedia']).toBeUndefined();
    expect(Object.keys(page._embedded ?? {})).toEqual(['author']);
  });

  it('_embed with a list of relations embeds only those relations', async () => {
    const [other] = (await request<Item[]>(`${WP}/news?per_page=1&_embed=replies`)).json;
    expect(other._embedded).toBeUndefined();
    const [author] = (await request<Item[]>(`${WP}/news?per_page=1&_embed=author`)).json;
    expect(Object.keys(author._embedded ?? {})).toEqual(['author']);
    const [media] = (await request<Item[]>(`${WP}/news?per_page=1&_embed=wp:featuredmedia`)).json;
    expect(media._embedded?.['wp:featuredmedia']).toHaveLength(1);
  });

  it('a featured media id that does not exist embeds WordPress\'s error object', async () => {
    fakeWordPress().collections.news[0].featured_media = 99999;
    const [post] = (await request<Item[]>(`${WP}/news?slug=${fakeWordPress().collections.news[0].slug}&_embed`)).json;
    expect(post._embedded?.['wp:featuredmedia']).toEqual([{ code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } }]);
  });

  it('_fields keeps only the listed fields; a dotted path keeps a nested field', async () => {
    const { json } = await request<Record<string, unknown>[]>(`${WP}/fp_page?slug=home&_fields=id,slug,acf.section`);
    expect(json).toEqual([{ id: 401, slug: 'home', acf: { section: 'pages' } }]);
    const list = await request<Record<string, unknown>[]>(`${WP}/fp_page?slug=home&_fields[]=id&_fields[]=title`);
    expect(Object.keys(list.json[0])).toEqual(['id', 'title']);
  });

  it('_fields drops _links unless asked; _fields=…,_embedded with _embed keeps only the embed', async () => {
    const [noLinks] = (await request<Item[]>(`${WP}/news?per_page=1&_embed&_fields=id,title`)).json;
    expect(Object.keys(noLinks)).toEqual(['id', 'title']);
    const [embedOnly] = (await request<Item[]>(`${WP}/news?per_page=1&_embed&_fields=id,_embedded`)).json;
    expect(Object.keys(embedOnly)).toEqual(['id', '_embedded']);
    const [links] = (await request<Item[]>(`${WP}/news?per_page=1&_fields=id,_links`)).json;
    expect(Object.keys(links._links ?? {})).toEqual(expect.arrayContaining(['self', 'collection', 'wp:featuredmedia']));
  });

  it('empty custom-field and meta objects are encoded as [] like PHP empty arrays', async () => {
    const [post] = (await request<Record<string, unknown>[]>(`${WP}/posts?per_page=1&_fields=acf,meta`)).json;
    expect(post).toEqual({ acf: [], meta: [] });
  });
});

describe('collections: modified_after / modified_before (WordPress 5.7+, as WP_Date_Query compares post_modified)', () => {
  /** Sets three news items' `modified` (site time: the fake's time zone is UTC) and returns their ids. */
  function stamp(): number[] {
    const news = fakeWordPress().collections.news.filter((n) => n.status === 'publish').slice(0, 3);
    const times = ['2030-05-01T10:00:00', '2030-05-01T10:00:01', '2030-05-01T12:30:00'];
    news.forEach((item, i) => Object.assign(item, { modified: times[i], modified_gmt: times[i] }));
    return news.map((n) => n.id);
  }
  const ids = async (query: string) => (await request<Item[]>(`${WP}/news?per_page=100&_fields=id&${query}`)).json.map((i) => i.id).sort((a, b) => a - b);

  it('strictly after, to the second: the bound itself is left out, fractions of a second are dropped', async () => {
    const [a, b, c] = stamp();
    expect(await ids('modified_after=2030-05-01T10:00:00Z')).toEqual([b, c].sort((x, y) => x - y));
    expect(await ids('modified_after=2030-05-01T09:59:59Z')).toEqual([a, b, c].sort((x, y) => x - y));
    // 10:00:00.900 is formatted '10:00:00' by WordPress: the item at 10:00:00 is still not after it.
    expect(await ids('modified_after=2030-05-01T10:00:00.900Z')).toEqual([b, c].sort((x, y) => x - y));
    expect(await ids('modified_after=2030-05-01T12:30:00Z')).toEqual([]);
    expect(await ids('modified_before=2030-05-01T10:00:01Z&modified_after=2030-05-01T09:00:00Z')).toEqual([a]);
  });

  it('an offset is honoured; a value without a zone is in the site\'s time zone (UTC here); a space for the T is accepted', async () => {
    const [, b, c] = stamp();
    // 12:00+02:00 is 10:00 UTC.
    expect(await ids('modified_after=2030-05-01T12:00:00%2B02:00')).toEqual([b, c].sort((x, y) => x - y));
    expect(await ids('modified_after=2030-05-01T06:00:00-04')).toEqual([b, c].sort((x, y) => x - y));
    expect(await ids('modified_after=2030-05-01T12:00:00')).toEqual([c]);
    expect(await ids('modified_after=2030-05-01%2012:00:00')).toEqual([c]);
  });

  it.each(['yesterday', '2030-05-01', '2030-05-01T10:00', '1714557600'])('modified_after=%p (not an RFC 3339 date-time) answers 400 rest_invalid_param "Invalid date."', async (value) => {
    const { status, json } = await request<ErrorBody>(`${WP}/posts?modified_after=${encodeURIComponent(value)}`);
    expect(status).toBe(400);
    expect(json).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): modified_after',
      data: { status: 400, params: { modified_after: 'Invalid date.' }, details: { modified_after: { code: 'rest_invalid_date', message: 'Invalid date.', data: null } } },
    });
  });

  it('pages and totals count only the items that match', async () => {
    stamp();
    const first = await request<Item[]>(`${WP}/news?per_page=2&modified_after=2030-01-01T00:00:00Z`);
    expect(first.json).toHaveLength(2);
    expect(first.headers.get('X-WP-Total')).toBe('3');
    expect(first.headers.get('X-WP-TotalPages')).toBe('2');
  });
});
