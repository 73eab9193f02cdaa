/** @jest-environment node */
import { checkSearchRequest } from '@/lib/search/handler';
import { createTtlCache } from '@/lib/wordpress/ttlCache';
import { normalizeQuery, queryLength } from '@/lib/search/query';
import { toSearchResult, toSearchResults, wordpressSearchUrl } from '@/lib/wordpress/search';

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

  it('the URL is the site path of the content-type table, the type its label', () => {
    expect(toSearchResult(result({ subtype: 'press-release' }))).toEqual({ title: 'T', url: '/about-us/press-release/some-slug', type: 'Press release', excerpt: '' });
    expect(toSearchResult(result({ subtype: 'virtual' }))?.url).toBe('/about-us/partner-interviews/some-slug');
    expect(toSearchResult(result({ subtype: 'events' }))?.url).toBe('/about-us/events/some-slug');
  });

  it('prefers the embedded post slug; a page without acf.section is under /pages', () => {
    const embedded = { _embedded: { self: [{ slug: 'real-slug', title: { rendered: 'T' }, excerpt: { rendered: '' } }] } };
    expect(toSearchResult(result({ subtype: 'fp_page', ...embedded }))?.url).toBe('/pages/real-slug');
  });

  it('the excerpt is plain text cut at 30 words with an ellipsis', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const r = toSearchResult(result({ subtype: 'post', _embedded: { self: [{ slug: 's', excerpt: { rendered: `<p>${words} &amp;</p>` } }] } }));
    expect(r?.excerpt).toBe(`${Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ')}…`);
  });

  it('drops unknown subtypes, non-objects, results without a slug and duplicates', () => {
    expect(toSearchResult(result({ subtype: 'frame' }))).toBeNull();
    expect(toSearchResult(result({ subtype: 'post', url: 'http://wordpress.test/?p=1' }))).toBeNull();
    expect(toSearchResult(null)).toBeNull();
    expect(toSearchResults([result({ subtype: 'post' }), result({ subtype: 'post', id: 2 })])).toHaveLength(1);
  });

  it('an answer that is not a list is a failure', () => {
    expect(() => toSearchResults({ code: 'x' })).toThrow();
  });

  it('asks for the subtypes as one comma list (WordPress reads a repeated key as its last value)', () => {
    const url = new URL(wordpressSearchUrl('http://wordpress.test', 'a&b'));
    expect(url.searchParams.getAll('subtype')).toHaveLength(1);
    expect(url.searchParams.get('search')).toBe('a&b');
  });
});

describe('the search cache: bounded, least recently used evicted first, entries expire', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps at most maxEntries, evicting the least recently used', async () => {
    const cache = createTtlCache<string, string>(60_000, { maxEntries: 2 });
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
    const cache = createTtlCache<string, number>(1000, { maxEntries: 10 });
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
