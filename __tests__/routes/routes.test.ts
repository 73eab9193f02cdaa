/** @jest-environment node */
/**
 * Issue 36: the site's routes come from the content-type table in one module (src/lib/shared/routes.ts).
 * What cannot import it is held to it here: proxy.ts's literal matcher list (Next reads it without
 * running the file) and the plugin's PHP copy (wordpress-plugin/includes/Site/SiteRoutes.php).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { config } from '../../proxy';
import { PAGE_TAGGING_MATCHER } from '@/lib/site/browserProxyMatchers';
import { feedOfPath, feedPath, parseSitePath, PERMANENT_REDIRECTS, pluginRouteTable, PROXY_ROUTED_ADDRESSES } from '@/lib/shared/routes';
import { CONTENT_TYPES, sitePath } from '@/lib/shared/wordpress/contentTypes';

const SITE_ROUTES_PHP = path.join(__dirname, '../../wordpress-plugin/includes/Site/SiteRoutes.php');

type PhpValue = string | Record<string, string>;

/**
 * The class constants of a PHP file: `public const NAME = 'x';` and
 * `public const NAME = array( 'k' => 'v', … );` (string keys and values: what SiteRoutes.php's
 * route constants are). Anything else is skipped.
 */
function phpClassConstants(source: string): Record<string, PhpValue> {
  const constants: Record<string, PhpValue> = {};
  const quoted = String.raw`'((?:[^'\\]|\\.)*)'`;
  const unquote = (text: string) => text.replace(/\\(['\\])/g, '$1');
  for (const match of source.matchAll(new RegExp(String.raw`const\s+([A-Z_][A-Z0-9_]*)\s*=\s*(?:${quoted}\s*;|array\s*\(([^)]*)\)\s*;)`, 'g'))) {
    const [, name, scalar, array] = match;
    if (scalar !== undefined) {
      constants[name] = unquote(scalar);
      continue;
    }
    const entries: Record<string, string> = {};
    for (const pair of array.matchAll(new RegExp(String.raw`${quoted}\s*=>\s*${quoted}`, 'g'))) entries[unquote(pair[1])] = unquote(pair[2]);
    constants[name] = entries;
  }
  return constants;
}

/** SiteRoutes.php's route table, in the shape of `pluginRouteTable()`. */
function phpRouteTable(source: string) {
  const constants = phpClassConstants(source);
  return {
    prefixes: constants.PREFIXES,
    pageBase: constants.PAGE_BASE,
    defaultSection: constants.DEFAULT_SECTION,
    pageAddresses: constants.PAGE_ADDRESSES,
  };
}

describe('issue 36: the plugin’s SiteRoutes.php holds the site’s routes', () => {
  const source = readFileSync(SITE_ROUTES_PHP, 'utf8');

  test('its PREFIXES, PAGE_BASE, DEFAULT_SECTION and PAGE_ADDRESSES equal the content-type table’s', () => {
    expect(phpRouteTable(source)).toEqual(pluginRouteTable());
  });

  test('a drifted copy fails: a changed prefix, a missing type, an extra page address', () => {
    const drifted = [
      source.replace("'/about-us/news'", "'/about-us/newsroom'"),
      source.replace(/\n\s*'virtual'\s*=>[^\n]*/, ''),
      source.replace("'contact-us' => '/contact-us',", "'contact-us' => '/contact-us',\n\t\t'jobs' => '/jobs',"),
      source.replace("DEFAULT_SECTION = 'pages'", "DEFAULT_SECTION = 'page'"),
    ];
    for (const copy of drifted) {
      expect(copy).not.toBe(source);
      expect(phpRouteTable(copy)).not.toEqual(pluginRouteTable());
    }
  });

  test('the parser reads what PHP would (quotes escaped, spacing of the WordPress style)', () => {
    expect(phpClassConstants("public const A = 'it\\'s';\nconst B = array(\n\t'k'   => '/x',\n\t'l' => 'y',\n);")).toEqual({ A: "it's", B: { k: '/x', l: 'y' } });
  });
});

describe('issue 36: proxy.ts matches exactly the addresses the route module routes', () => {
  test('its literal matcher list is PROXY_ROUTED_ADDRESSES, then the trailing-slash and page matchers', () => {
    expect(config.matcher).toEqual([...PROXY_ROUTED_ADDRESSES, '/((?!_next/).+/)', PAGE_TAGGING_MATCHER]);
  });

  test('the redirects lead to the listing and page addresses of the table', () => {
    expect([...PERMANENT_REDIRECTS]).toEqual([
      ['/news', '/about-us/news'],
      ['/press-releases', '/about-us/press-releases'],
      ['/pages/home', '/'],
      ['/pages/contact-us', '/contact-us'],
    ]);
  });
});

describe('issue 36: parseSitePath reads back what sitePath writes', () => {
  test.each(CONTENT_TYPES.map((t) => [t.name]))('%s: an item’s path parses to the item', (name) => {
    expect(parseSitePath(sitePath(name, 'a-slug', 'industries'))).toEqual({ kind: 'item', type: name, slug: 'a-slug' });
    expect(parseSitePath(`${sitePath(name, 'a-slug', 'industries')}/`)).toEqual({ kind: 'item', type: name, slug: 'a-slug' });
  });

  test('page addresses, listings (every page of them) and other paths', () => {
    expect(parseSitePath('/')).toEqual({ kind: 'item', type: 'page', slug: 'home' });
    expect(parseSitePath('/contact-us')).toEqual({ kind: 'item', type: 'page', slug: 'contact-us' });
    expect(parseSitePath('/about-us/news')).toEqual({ kind: 'listing', type: 'news' });
    expect(parseSitePath('/about-us/news/page/3')).toEqual({ kind: 'listing', type: 'news' });
    expect(parseSitePath('/search')).toEqual({ kind: 'other', path: '/search' });
    expect(parseSitePath('/api/search')).toEqual({ kind: 'other', path: '/api/search' });
    expect(parseSitePath('/a/b/c')).toEqual({ kind: 'other', path: '/a/b/c' });
  });

  test('feeds: the path of a feed reads back as its name', () => {
    for (const type of CONTENT_TYPES.filter((t) => t.feed)) expect(feedOfPath(feedPath(type.feed as string))).toBe(type.feed);
    expect(feedOfPath('/feeds/a/b.xml')).toBeNull();
    expect(feedOfPath('/feeds/blogs')).toBeNull();
  });
});
