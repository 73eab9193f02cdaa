/**
 * Issue 10 §2 "WordPress's own front end points at the site", against the real WordPress with the
 * plugin (the harness wrote this run's site URL into its HEADLESS_SITE_URL):
 * - the REST `link` of every published item of every content type is the item's address on the
 *   site, as the site's own content-type table computes it (`sitePath`): this holds the plugin's
 *   PHP table (`SiteRoutes`) to the site's TypeScript one;
 * - WordPress's own links of a post (its permalink, `?p=ID`, the home page) redirect to the site,
 *   which shows the item;
 * - wp-admin, REST, the login, cron, feeds, uploads and previews are not redirected to the site.
 */
import type { Browser, Page } from 'playwright-core';
import { CONTENT_TYPES, DEFAULT_PAGE_SECTION, sitePath, type ContentTypeDef } from '../../src/lib/shared/wordpress/contentTypes';
import { DESKTOP, launchBrowser, openPage } from '../helpers/browser';
import { contentTypeDef, h1Texts, htmlToText, idList, readState, siteUrl, squash } from '../helpers/site';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openPage(browser, DESKTOP));
});

afterAll(async () => {
  await browser?.close();
});

interface RestItem {
  id: number;
  slug: string;
  link: string;
  title: { rendered: string };
  acf: { section?: string } | unknown[];
}

/** Every published item of a type, as `/wp/v2/{restBase}` serves it (all pages). */
async function everyItem(def: ContentTypeDef): Promise<RestItem[]> {
  const { wordpressUrl } = readState();
  const items: RestItem[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const response = await fetch(`${wordpressUrl}/wp-json/wp/v2/${def.restBase}?per_page=100&page=${pageNumber}&_fields=id,slug,link,title,acf`);
    expect(response.status).toBe(200);
    items.push(...((await response.json()) as RestItem[]));
    if (pageNumber >= Number(response.headers.get('x-wp-totalpages') ?? '1')) return items;
  }
}

const sectionOf = (item: RestItem): string =>
  !Array.isArray(item.acf) && typeof item.acf.section === 'string' && item.acf.section ? item.acf.section : DEFAULT_PAGE_SECTION;

/** A request to WordPress that does not follow redirects: its status and Location. */
async function wordpressAnswer(path: string): Promise<{ status: number; location: string | null }> {
  const response = await fetch(`${readState().wordpressUrl}${path}`, { redirect: 'manual' });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location') };
}

describe('issue 10 §2 REST links are the site addresses of the site’s content-type table', () => {
  test.each(CONTENT_TYPES.map((def) => [def.restBase, def] as const))(
    '%s: every published item’s `link` is SITE_URL + sitePath(type, slug)',
    async (_base, def) => {
      const items = await everyItem(def);
      expect(items.length).toBeGreaterThan(0);
      const wrong = items
        .map((item) => ({ slug: item.slug, link: item.link, expected: siteUrl(sitePath(def.name, item.slug, sectionOf(item))) }))
        .filter((item) => item.link !== item.expected);
      expect(wrong).toEqual([]);
    },
  );

  // (A page in another section than `pages`: the seed has none; PHPUnit's SiteLinksTest covers it.)
  test('the home page: the site’s `/`', async () => {
    const pages = await everyItem(contentTypeDef('page'));
    expect(pages.find((item) => item.slug === 'home')?.link).toBe(siteUrl('/'));
  });

  test('types without a page on the site (frames) keep WordPress’s own links', async () => {
    const { wordpressUrl } = readState();
    const response = await fetch(`${wordpressUrl}/wp-json/wp/v2/frame?per_page=1&_fields=link`);
    const [frame] = (await response.json()) as { link: string }[];
    expect(frame.link.startsWith(wordpressUrl)).toBe(true);
  });
});

describe('issue 10 §2 WordPress’s own front end redirects to the site', () => {
  /** Opens a WordPress address in Chromium; returns the first answer's status and where the browser ended. */
  async function visit(path: string): Promise<{ firstStatus: number | undefined; finalUrl: string; finalStatus: number | undefined }> {
    const response = await page.goto(`${readState().wordpressUrl}${path}`);
    let first = response?.request();
    while (first?.redirectedFrom()) first = first.redirectedFrom() ?? undefined;
    return { firstStatus: (await first?.response())?.status(), finalUrl: page.url(), finalStatus: response?.status() };
  }

  test('a blog post’s permalink: 301 to its site address, and the site shows the post', async () => {
    const [post] = (await everyItem(contentTypeDef('blog'))).slice(0, 1);
    // WordPress's permalink structure here is /%postname%/ (scripts/real-wordpress).
    const visited = await visit(`/${post.slug}/`);
    expect(visited).toEqual({ firstStatus: 301, finalUrl: siteUrl(sitePath('blog', post.slug)), finalStatus: 200 });
    expect((await h1Texts(page)).map(squash)).toContain(squash(await htmlToText(page, post.title.rendered)));
  });

  test('`?p=ID` of a news item: 301 to its site address', async () => {
    const [news] = await idList(contentTypeDef('news'));
    const visited = await visit(`/?p=${news.id}`);
    expect(visited).toEqual({ firstStatus: 301, finalUrl: siteUrl(sitePath('news', news.slug)), finalStatus: 200 });
  });

  test('the home page: 301 to the site’s home', async () => {
    expect(await wordpressAnswer('/')).toEqual({ status: 301, location: siteUrl('/') });
  });

  test('an address WordPress does not have: 302 to the site’s home', async () => {
    expect(await wordpressAnswer('/no-such-address-on-wordpress/')).toEqual({ status: 302, location: siteUrl('/') });
  });

  test('wp-admin, REST, login, cron, feeds, uploads and previews are not sent to the site', async () => {
    const { wordpressUrl } = readState();
    const media = (await (await fetch(`${wordpressUrl}/wp-json/wp/v2/media?per_page=1&_fields=source_url`)).json()) as { source_url: string }[];
    const upload = new URL(media[0].source_url);
    expect(upload.pathname).toMatch(/^\/wp-content\/uploads\//);
    const [news] = await idList(contentTypeDef('news'));
    const answers = Object.fromEntries(
      await Promise.all(
        ['/wp-admin/', '/wp-json/', '/?rest_route=/wp/v2/types', '/wp-login.php', '/wp-cron.php', '/feed/', upload.pathname, `/?p=${news.id}&preview=true`].map(
          async (path) => [path, await wordpressAnswer(path)] as const,
        ),
      ),
    );
    for (const [path, answer] of Object.entries(answers)) {
      expect({ path, toTheSite: answer.location?.startsWith(readState().siteUrl) ?? false, serverError: answer.status >= 500 }).toEqual({
        path,
        toTheSite: false,
        serverError: false,
      });
    }
    expect(answers['/wp-json/'].status).toBe(200);
    expect(answers['/wp-login.php'].status).toBe(200);
    expect(answers[upload.pathname].status).toBe(200);
    expect(answers['/wp-admin/']).toEqual({ status: 302, location: expect.stringContaining(`${wordpressUrl}/wp-login.php`) });
  });
});
