/** @jest-environment node */
import { checkSearchRequest } from '@/lib/search/handler';
import { createTtlCache } from '@/lib/wordpress/ttlCache';
import { normalizeQuery, queryLength } from '@/lib/shared/search/query';
import { parsePostTypes } from '@/lib/wordpress/postTypes';
import { searchSubtypes, toSearchResult as toResult, toSearchResults as toResults, wordpressSearchUrl } from '@/lib/wordpress/search';

/**
 * The post types of a WordPress whose names are NOT the REST bases (as the companion plugin names
 * them), as `/wp/v2/types` lists them: the site must map through them, never assume a name.
 */
const TYPES = parsePostTypes({
  post: { slug: 'post', rest_base: 'posts', rest_namespace: 'wp/v2' },
  page: { slug: 'page', rest_base: 'pages', rest_namespace: 'wp/v2' },
  ph_news: { slug: 'ph_news', rest_base: 'news', rest_namespace: 'wp/v2' },
  ph_press_release: { slug: 'ph_press_release', rest_base: 'press-releases', rest_namespace: 'wp/v2' },
  ph_events: { slug: 'ph_events', rest_base: 'events', rest_namespace: 'wp/v2' },
  ph_virtual: { slug: 'ph_virtual', rest_base: 'virtual', rest_namespace: 'wp/v2' },
  ph_page: { slug: 'ph_page', rest_base: 'fp_page', rest_namespace: 'wp/v2' },
  ph_frame: { slug: 'ph_frame', rest_base: 'frame', rest_namespace: 'wp/v2' },
});
const toSearchResult = (value: unknown) => toResult(value, TYPES);
const toSearchResults = (value: unknown) => toResults(value, TYPES);

describe('search queries: 1 to 200 characters once trimmed; header and body agree', () => {
  it('normalizes by trimming and collapsing white space; counts characters, not UTF-16 units', () => {
    expect(normalizeQuery('  card \t\n services ')).toBe('card services');
    expect(queryLength('😀é')).toBe(2);
  });

  it('accepts a query whose header is its URL encoding, ignoring surrounding white space on either side', () => {
    expect(checkSearchRequest('  Card   services ', encodeURIComponent('Card   services'))).toEqual({ query: 'Card services' });
  });

  it.each([
    [undefined, 'x', /needs "s"/],
    [5, '5', /must be a string/],
    ['', '', /must not be empty/],
    ['x'.repeat(201), 'x'.repeat(201), /longer than 200/],
    ['x', undefined, /header is missing/],
    ['x', '%zz', /not valid URL encoding/],
    ['x', 'y', /same query/],
  ])('refuses s=%j with header %j', (s, header, problem) => {
    const checked = checkSearchRequest(s, header);
    expect('problem' in checked && checked.problem).toMatch(problem);
  });
});

describe('WordPress search results become site search results', () => {
  const result = (extra: Record<string, unknown>) => ({ id: 1, title: 'T', url: 'http://wordpress.test/x/some-slug/', type: 'post', ...extra });

  it('the subtype (a post type NAME) maps through /wp/v2/types to the content type; the URL is its site path, the type its label', () => {
    expect(toSearchResult(result({ subtype: 'ph_press_release' }))).toEqual({ title: 'T', url: '/about-us/press-release/some-slug', type: 'Press release', excerpt: '' });
    expect(toSearchResult(result({ subtype: 'ph_virtual' }))?.url).toBe('/about-us/partner-interviews/some-slug');
    expect(toSearchResult(result({ subtype: 'ph_events' }))?.url).toBe('/about-us/events/some-slug');
    expect(toSearchResult(result({ subtype: 'post' }))?.url).toBe('/resources/blogs/some-slug');
  });

  it('no post type name is assumed: a subtype named like a REST base or a guessed name, unknown to this WordPress, is dropped', () => {
    expect(toSearchResult(result({ subtype: 'news' }))).toBeNull();
    expect(toSearchResult(result({ subtype: 'press-release' }))).toBeNull();
    expect(toSearchResult(result({ subtype: 'fp_page' }))).toBeNull();
  });

  it('prefers the embedded post slug; a page without acf.section is under /pages', () => {
    const embedded = { _embedded: { self: [{ slug: 'real-slug', title: { rendered: 'T' }, excerpt: { rendered: '' } }] } };
    expect(toSearchResult(result({ subtype: 'ph_page', ...embedded }))?.url).toBe('/pages/real-slug');
  });

  // SITE_URL is https://www.example.com in the tests.
  it('issue 10 §2: a url that is a site address (the plugin with HEADLESS_SITE_URL) is taken as it is: the home page, a page in its section', () => {
    expect(toSearchResult(result({ subtype: 'ph_page', url: 'https://www.example.com/' }))?.url).toBe('/');
    expect(toSearchResult(result({ subtype: 'ph_page', url: 'https://www.example.com/solutions/card-services' }))?.url).toBe('/solutions/card-services');
    const embedded = { _embedded: { self: [{ slug: 'denver', title: { rendered: 'T' }, excerpt: { rendered: '' } }] } };
    expect(toSearchResult(result({ subtype: 'ph_news', url: 'https://www.example.com/about-us/news/denver', ...embedded }))?.url).toBe('/about-us/news/denver');
  });

  it('issue 10 §2: WordPress permalinks (no plugin setting) still give the table path; a test page at its site address is dropped', () => {
    expect(toSearchResult(result({ subtype: 'ph_news', url: 'http://wordpress.test/ph_news/denver/' }))?.url).toBe('/about-us/news/denver');
    expect(toSearchResult(result({ subtype: 'ph_page', url: 'https://www.example.com/pages/page-test-2' }))).toBeNull();
  });

  it('the excerpt is plain text cut at 30 words with an ellipsis', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const r = toSearchResult(result({ subtype: 'post', _embedded: { self: [{ slug: 's', excerpt: { rendered: `<p>${words} &amp;</p>` } }] } }));
    expect(r?.excerpt).toBe(`${Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ')}…`);
  });

  it('drops unknown subtypes, non-objects, results without a slug and duplicates', () => {
    expect(toSearchResult(result({ subtype: 'ph_frame' }))).toBeNull();
    expect(toSearchResult(result({ subtype: 'post', url: 'http://wordpress.test/?p=1' }))).toBeNull();
    expect(toSearchResult(null)).toBeNull();
    expect(toSearchResults([result({ subtype: 'post' }), result({ subtype: 'post', id: 2 })])).toHaveLength(1);
  });

  it('an answer that is not a list is a failure', () => {
    expect(() => toSearchResults({ code: 'x' })).toThrow();
  });

  it('asks for the subtypes as one comma list (WordPress reads a repeated key as its last value)', () => {
    const url = new URL(wordpressSearchUrl('http://wordpress.test', 'a&b', ['post', 'ph_news']));
    expect(url.searchParams.getAll('subtype')).toEqual(['post,ph_news']);
    expect(url.searchParams.get('search')).toBe('a&b');
  });

  it("searches only the table's types that this WordPress has, by its names, in the table's order (never frames or core pages)", () => {
    expect(searchSubtypes(TYPES)).toEqual(['post', 'ph_news', 'ph_press_release', 'ph_events', 'ph_virtual', 'ph_page']);
  });
});

describe('/wp/v2/types is read into REST base ↔ post type name', () => {
  it('keys by the slug (the name); only the wp/v2 namespace counts; entries without a REST base are skipped', () => {
    const types = parsePostTypes({
      ph_news: { slug: 'ph_news', rest_base: 'news', rest_namespace: 'wp/v2' },
      other: { slug: 'other', rest_base: 'whitepapers', rest_namespace: 'acme/v1' },
      broken: { slug: 'broken' },
      notAnObject: 'x',
      ph_case_study: { slug: 'ph_case_study', rest_base: 'case-studies' },
    });
    expect(Object.fromEntries(types.nameByRestBase)).toEqual({ news: 'ph_news', 'case-studies': 'ph_case_study' });
    expect(Object.fromEntries(types.restBaseByName)).toEqual({ ph_news: 'news', ph_case_study: 'case-studies' });
  });

  it('an answer that is not an object of post types (a list, an error string) is a failed read', () => {
    expect(() => parsePostTypes([])).toThrow();
    expect(() => parsePostTypes('oops')).toThrow();
    expect(() => parsePostTypes(null)).toThrow();
  });
});

describe('the search cache: bounded, least recently used evicted first, entries expire', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps at most maxEntries, evicting the least recently used', async () => {
    const cache = createTtlCache<string, string>(60_000, { name: 'test-lru', maxEntries: 2 });
    const load = jest.fn(async () => 'v');
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('a', load); // a is now the most recently used
    await cache.get('c', load); // evicts b
    expect(cache.size).toBe(2);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('b', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('an entry expires after ttlMs; a rejected load is not kept; clear forgets everything', async () => {
    jest.useFakeTimers();
    const cache = createTtlCache<string, number>(1000, { name: 'test-ttl', maxEntries: 10 });
    let n = 0;
    const load = async () => ++n;
    expect(await cache.get('k', load)).toBe(1);
    jest.advanceTimersByTime(999);
    expect(await cache.get('k', load)).toBe(1);
    jest.advanceTimersByTime(1);
    expect(await cache.get('k', load)).toBe(2);
    await expect(cache.get('e', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('e', load)).toBe(3);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(await cache.get('k', load)).toBe(4);
  });
});
