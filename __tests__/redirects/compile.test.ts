/** @jest-environment node */
/**
 * Issue 33 §5: the compiled redirect table (src/lib/redirects/compile.ts): matching by every flag
 * and status, target mapping, $n, query modes, chains in one hop, loops refused, first match wins.
 */
import { changedPlainSources, matchRedirect, MAX_HOPS, MAX_SUBJECT_LENGTH, normalizeQuery } from '@/lib/redirects/compile';
import { compiled, rule } from './helpers';

const match = (table: ReturnType<typeof compiled>, path: string, search = '') => matchRedirect(table, path, search);

describe('plain rules', () => {
  test('a plain source answers its status and site target', () => {
    expect(match(compiled([rule()]), '/from')).toEqual({ status: 301, location: '/to', external: false });
  });

  test.each([301, 302, 307, 308] as const)('status %i is answered as given', (status) => {
    expect(match(compiled([rule({ status })]), '/from')).toMatchObject({ status, location: '/to' });
  });

  test.each([410, 404] as const)('status %i answers without a location', (status) => {
    expect(match(compiled([rule({ status, target: null })]), '/from')).toEqual({ status });
  });

  test('an unmatched path is null (and an empty table too)', () => {
    expect(match(compiled([rule()]), '/elsewhere')).toBeNull();
    expect(match(compiled([]), '/from')).toBeNull();
  });

  test('ignore_case: matches in any case; without it, only as written', () => {
    expect(match(compiled([rule({ source: '/Careers', ignore_case: true })]), '/cAREERS')).toMatchObject({ location: '/to' });
    expect(match(compiled([rule({ source: '/Careers' })]), '/careers')).toBeNull();
    expect(match(compiled([rule({ source: '/Careers' })]), '/Careers')).toMatchObject({ location: '/to' });
  });

  test('ignore_trailing_slash: with or without the slash; without the flag, only as written', () => {
    expect(match(compiled([rule()]), '/from/')).toMatchObject({ location: '/to' });
    const strict = compiled([rule({ ignore_trailing_slash: false })]);
    expect(match(strict, '/from/')).toBeNull();
    expect(match(strict, '/from')).toMatchObject({ location: '/to' });
    const slashed = compiled([rule({ source: '/from/', ignore_trailing_slash: false })]);
    expect(match(slashed, '/from/')).toMatchObject({ location: '/to' });
    expect(match(slashed, '/from')).toBeNull();
  });

  test('query "ignore": any query matches and none is passed on', () => {
    expect(match(compiled([rule()]), '/from', '?a=1')).toMatchObject({ location: '/to' });
  });

  test('query "pass": the request query is appended to the target (after its own)', () => {
    expect(match(compiled([rule({ query: 'pass' })]), '/from', '?a=1')).toMatchObject({ location: '/to?a=1' });
    expect(match(compiled([rule({ query: 'pass', target: '/to?x=2' })]), '/from', '?a=1')).toMatchObject({ location: '/to?x=2&a=1' });
    expect(match(compiled([rule({ query: 'pass' })]), '/from')).toMatchObject({ location: '/to' });
  });

  test('query "exact": the query must equal the rule\'s, in any order; the target keeps only its own', () => {
    const table = compiled([rule({ source: '/campaign?b=2&a=1', query: 'exact', target: '/landing?ref=c' })]);
    expect(match(table, '/campaign', '?a=1&b=2')).toMatchObject({ location: '/landing?ref=c' });
    expect(match(table, '/campaign', '?a=1')).toBeNull();
    expect(match(table, '/campaign', '')).toBeNull();
    expect(match(table, '/campaign', '?a=1&b=2&c=3')).toBeNull();
    expect(normalizeQuery('?b=2&a=1')).toBe('a=1&b=2');
  });

  test('a percent-encoded request matches a source written decoded, and the reverse', () => {
    expect(match(compiled([rule({ source: '/über' })]), '/%C3%BCber')).toMatchObject({ location: '/to' });
    expect(match(compiled([rule({ source: '/%C3%BCber' })]), '/über')).toMatchObject({ location: '/to' });
  });

  test('first match wins, in the table\'s order (plain and regex mixed)', () => {
    const table = compiled([rule({ source: '^/from$', regex: true, target: '/regex' }), rule({ target: '/plain' }), rule({ target: '/later' })]);
    expect(match(table, '/from')).toMatchObject({ location: '/regex' });
    const plainFirst = compiled([rule({ target: '/plain' }), rule({ source: '^/fr', regex: true, target: '/regex' })]);
    expect(match(plainFirst, '/from')).toMatchObject({ location: '/plain' });
    expect(match(compiled([rule({ target: '/first' }), rule({ target: '/second' })]), '/from')).toMatchObject({ location: '/first' });
  });
});

describe('regex rules', () => {
  test('$1 is filled from the pattern\'s groups', () => {
    const table = compiled([rule({ source: '^/blog/([a-z0-9-]+)$', regex: true, target: '/resources/blogs/$1' })]);
    expect(match(table, '/blog/some-post')).toMatchObject({ status: 301, location: '/resources/blogs/some-post' });
    expect(match(table, '/blog/some/post')).toBeNull();
  });

  test('ignore_case on a regex adds the i flag', () => {
    const table = compiled([rule({ source: '^/promo/(\\d+)$', regex: true, ignore_case: true, target: '/offers/$1' })]);
    expect(match(table, '/PROMO/12')).toMatchObject({ location: '/offers/12' });
    expect(match(compiled([rule({ source: '^/promo$', regex: true })]), '/PROMO')).toBeNull();
  });

  test('ignore_trailing_slash on a regex: the path with the slash toggled is tried too', () => {
    const table = compiled([rule({ source: '^/a/(\\w+)$', regex: true, target: '/b/$1' })]);
    expect(match(table, '/a/x/')).toMatchObject({ location: '/b/x' });
    expect(match(compiled([rule({ source: '^/a/(\\w+)$', regex: true, ignore_trailing_slash: false, target: '/b/$1' })]), '/a/x/')).toBeNull();
  });

  test('a pattern naming a query is matched against path and query', () => {
    const table = compiled([rule({ source: '^/search\\?q=(\\w+)$', regex: true, target: '/find/$1' })]);
    expect(match(table, '/search', '?q=cards')).toMatchObject({ location: '/find/cards' });
    expect(match(table, '/search')).toBeNull();
  });

  test('"pass" on a regex appends the query', () => {
    const table = compiled([rule({ source: '^/promo/(\\d+)$', regex: true, query: 'pass', target: '/offers/$1' })]);
    expect(match(table, '/promo/3', '?utm=x')).toMatchObject({ location: '/offers/3?utm=x' });
  });

  test('a capture cannot turn a site target into another host', () => {
    const table = compiled([rule({ source: '^/go/(.*)$', regex: true, target: '/$1' })]);
    expect(match(table, '//evil.example/x'.replace(/^\/\//, '/go//'))).toMatchObject({ location: '/evil.example/x' });
    expect(match(table, '/go/%5Cevil.example')).toBeNull();
  });

  test('a capture is re-encoded in the location (no raw spaces or line breaks)', () => {
    const table = compiled([rule({ source: '^/go/(.*)$', regex: true, target: '/to/$1' })]);
    const found = match(table, '/go/a%20b%0D%0AX-Evil:1');
    expect(found && 'location' in found ? found.location : '').not.toMatch(/[\s]/);
  });

  test('a pattern JavaScript cannot run is dropped with one warning, the others stand', () => {
    const table = compiled([rule({ source: '^/legacy/(\\d++)$', regex: true }), rule()]);
    expect(table.warnings).toEqual([expect.stringMatching(/rule 0 .*possessive/)]);
    expect(match(table, '/from')).toMatchObject({ location: '/to' });
    expect(table.size).toBe(1);
  });

  test(`paths (with their query) over ${MAX_SUBJECT_LENGTH} characters are not tried against patterns`, () => {
    const table = compiled([rule({ source: '^/a', regex: true })]);
    expect(match(table, `/a${'x'.repeat(MAX_SUBJECT_LENGTH)}`)).toBeNull();
    expect(match(table, '/ax')).toMatchObject({ location: '/tox' });
  });

  test('the target is made as Redirection makes it, with preg_replace over the URL: an unanchored pattern replaces only what it matched, every match; ${1} and \\1 name groups', () => {
    expect(match(compiled([rule({ source: '^/old', regex: true, target: '/new' })]), '/old/page')).toMatchObject({ location: '/new/page' });
    expect(match(compiled([rule({ source: 'colour', regex: true, target: 'color' })]), '/colour/colours')).toMatchObject({ location: '/color/colors' });
    expect(match(compiled([rule({ source: '^/p/(\\d+)$', regex: true, target: '/posts/${1}-\\1' })]), '/p/7')).toMatchObject({ location: '/posts/7-7' });
    // Matched against path and query: what the pattern leaves of the query stays in the URL.
    expect(match(compiled([rule({ source: '^/shop', regex: true, query: 'exact', target: '/store' })]), '/shop/item', '?size=m')).toMatchObject({ location: '/store/item?size=m' });
  });
});

describe('targets', () => {
  test('a URL on WordPress\'s host becomes a site path, without WordPress\'s trailing slash', () => {
    const table = compiled([rule({ target: 'https://cms.example.com/pages/prospective-partners/' })]);
    expect(match(table, '/from')).toEqual({ status: 301, location: '/pages/prospective-partners', external: false });
  });

  test('a URL on the site\'s own origin becomes a site path (query and fragment kept)', () => {
    expect(match(compiled([rule({ target: 'https://www.example.com/contact-us?x=1#form' })]), '/from')).toMatchObject({ location: '/contact-us?x=1#form', external: false });
  });

  test('a WordPress in a folder: its path prefix is removed', () => {
    const { compileRedirects } = jest.requireActual<typeof import('@/lib/redirects/compile')>('@/lib/redirects/compile');
    const table = compileRedirects({ version: 'v', redirects: [rule({ target: 'https://cms.example.com/wp/pages/x/' })] }, { wordpressUrl: 'https://cms.example.com/wp', siteUrl: 'https://www.example.com' });
    expect(matchRedirect(table, '/from', '')).toMatchObject({ location: '/pages/x' });
  });

  test('an external URL is kept as written; "pass" appends the query', () => {
    expect(match(compiled([rule({ target: 'https://status.example.net/' })]), '/from')).toEqual({ status: 301, location: 'https://status.example.net/', external: true });
    expect(match(compiled([rule({ target: 'https://status.example.net/a?b=1', query: 'pass' })]), '/from', '?c=2')).toMatchObject({ location: 'https://status.example.net/a?b=1&c=2' });
  });

  test('a relative target is a site path; a protocol-relative one a URL', () => {
    expect(match(compiled([rule({ target: 'new-page' })]), '/from')).toMatchObject({ location: '/new-page', external: false });
    expect(match(compiled([rule({ target: '//other.example.org/x' })]), '/from')).toMatchObject({ location: 'https://other.example.org/x', external: true });
  });

  test('a target of another scheme, or whose host comes from the pattern, drops the rule', () => {
    const table = compiled([
      rule({ target: 'javascript:alert(1)' }),
      rule({ source: '^/x/(.*)$', regex: true, target: 'https://$1/' }),
    ]);
    expect(table.size).toBe(0);
    expect(table.warnings).toEqual([expect.stringMatching(/rule 0 .*scheme/), expect.stringMatching(/rule 1 .*host/)]);
  });

  test('a target that is one of the site\'s own permanent redirects goes straight to its end', () => {
    expect(match(compiled([rule({ target: '/news/' })]), '/from')).toMatchObject({ location: '/about-us/news' });
  });
});

describe('chains and loops', () => {
  test('a chain of site redirects is answered in one hop to its end', () => {
    const table = compiled([rule({ source: '/a', target: '/b' }), rule({ source: '/b', target: 'https://cms.example.com/c/' }), rule({ source: '/c', target: '/d' })]);
    expect(match(table, '/a')).toEqual({ status: 301, location: '/d', external: false });
  });

  test('a chain is permanent only when every hop is, and keeps the first hop\'s method handling', () => {
    expect(match(compiled([rule({ source: '/a', target: '/b' }), rule({ source: '/b', target: '/c', status: 302 })]), '/a')).toMatchObject({ status: 302 });
    expect(match(compiled([rule({ source: '/a', target: '/b', status: 308 }), rule({ source: '/b', target: '/c', status: 301 })]), '/a')).toMatchObject({ status: 308 });
    expect(match(compiled([rule({ source: '/a', target: '/b', status: 308 }), rule({ source: '/b', target: '/c', status: 302 })]), '/a')).toMatchObject({ status: 307 });
  });

  test('a chain ending at an external URL ends there; one reaching a 410 rule redirects to that address', () => {
    expect(match(compiled([rule({ source: '/a', target: '/b' }), rule({ source: '/b', target: 'https://x.example.net/' })]), '/a')).toMatchObject({ location: 'https://x.example.net/', external: true });
    expect(match(compiled([rule({ source: '/a', target: '/b' }), rule({ source: '/b', status: 410, target: null })]), '/a')).toMatchObject({ status: 301, location: '/b' });
  });

  test('a chain carries the passed query through its hops', () => {
    const table = compiled([rule({ source: '/a', target: '/b', query: 'pass' }), rule({ source: '/b', target: '/c', query: 'pass' })]);
    expect(match(table, '/a', '?u=1')).toMatchObject({ location: '/c?u=1' });
  });

  test('a loop is refused: logged once at load, never served', () => {
    const table = compiled([rule({ source: '/loop-a', target: '/loop-b' }), rule({ source: '/loop-b', target: '/loop-a' }), rule({ source: '/ok' })]);
    expect(table.warnings.filter((w) => /loop/.test(w))).toHaveLength(2);
    expect(match(table, '/loop-a')).toBeNull();
    expect(match(table, '/loop-b/')).toBeNull();
    expect(match(table, '/ok')).toMatchObject({ location: '/to' });
    expect(table.warnings.filter((w) => /loop/.test(w))).toHaveLength(2);
  });

  test('a loop through a pattern is found at the first request and logged once', () => {
    const table = compiled([rule({ source: '^/x/(.*)$', regex: true, target: '/y/$1' }), rule({ source: '^/y/(.*)$', regex: true, target: '/x/$1' })]);
    expect(table.warnings).toEqual([]);
    expect(match(table, '/x/1')).toBeNull();
    expect(match(table, '/x/1')).toBeNull();
    expect(table.warnings).toEqual([expect.stringMatching(/rule 0 .*loop/)]);
  });

  test('a rule leading to itself (ignore_case) is a loop', () => {
    expect(match(compiled([rule({ source: '/About', ignore_case: true, target: '/about' })]), '/About')).toBeNull();
  });

  test(`a chain longer than ${MAX_HOPS} redirects is refused`, () => {
    const rules = Array.from({ length: MAX_HOPS + 3 }, (_, i) => rule({ source: `/s${i}`, target: `/s${i + 1}` }));
    expect(match(compiled(rules), '/s0')).toBeNull();
    expect(match(compiled(rules.slice(0, MAX_HOPS)), '/s0')).toMatchObject({ location: `/s${MAX_HOPS}` });
  });
});

describe('changed plain sources (what a table change purges)', () => {
  test('added, removed and changed plain sources; regex rules and unchanged ones are not named', () => {
    const before = { version: '1', redirects: [rule({ source: '/same' }), rule({ source: '/changed/' }), rule({ source: '/removed' }), rule({ source: '^/r', regex: true })] };
    const after = { version: '2', redirects: [rule({ source: '/same' }), rule({ source: '/changed/', target: '/else' }), rule({ source: '/added?x=1', query: 'exact' }), rule({ source: '^/q', regex: true })] };
    expect(changedPlainSources(before, after)).toEqual(['/added', '/changed', '/removed']);
  });
});
