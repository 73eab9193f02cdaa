/** @jest-environment node */
import type { WpMenuItem, WpPost, WpSearchResult } from '@/lib/wordpress/raw';
import { createSeedStore } from '../../__mocks__/wordpress/store';
import { parseArgs } from '../../scripts/local-wordpress';
import { fakeWordPress } from '../setup/msw';
import { ORIGIN, request, WP } from './helpers';

/**
 * Issue 10 §2: the fake answers as the companion plugin does. Without `HEADLESS_SITE_URL` (the
 * default) links are WordPress's permalinks; with it (`siteUrl`, the local server's `--site-url`),
 * published items of the site's types are linked at their site address, as the real WordPress
 * with the plugin answers (e2e/real/site-links.e2e.ts).
 */
const SITE = 'https://www.example.com';
const DENVER = 'corvane-opens-regional-office-in-denver';

const useSiteUrl = () => Object.assign(fakeWordPress(), createSeedStore({ siteUrl: `${SITE}/` }));

describe('issue 10 §2 the fake links published items as the plugin does', () => {
  it('without HEADLESS_SITE_URL: REST `link`, menu and search `url` are WordPress permalinks', async () => {
    const [news] = (await request<WpPost[]>(`${WP}/news?slug=${DENVER}`)).json;
    expect(news.link).toBe(`${ORIGIN}/news/${DENVER}/`);
    const menu = (await request<WpMenuItem[]>(`${WP}/navigation/3`)).json.filter((i) => i.type === 'post_type');
    expect(menu.every((i) => i.url.startsWith(ORIGIN))).toBe(true);
  });

  it('with HEADLESS_SITE_URL: the site address of the content-type table, for REST, embeds, menus and search', async () => {
    useSiteUrl();
    const [news] = (await request<WpPost[]>(`${WP}/news?slug=${DENVER}`)).json;
    expect(news.link).toBe(`${SITE}/about-us/news/${DENVER}`);
    expect((await request<WpPost>(`${WP}/news/${news.id}`)).json.link).toBe(`${SITE}/about-us/news/${DENVER}`);
    const [home] = (await request<WpPost[]>(`${WP}/fp_page?slug=home`)).json;
    expect(home.link).toBe(`${SITE}/`);
    const menu = (await request<WpMenuItem[]>(`${WP}/navigation/3`)).json.filter((i) => i.type === 'post_type');
    expect(menu.map((i) => i.url).sort()).toEqual([`${SITE}/about-us/news/${DENVER}`, `${SITE}/pages/card-services`]);
    const results = (await request<Array<WpSearchResult & { _embedded: { self: WpPost[] } }>>(`${WP}/search?search=Denver&_embed=self`)).json;
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.url.startsWith(`${SITE}/`) && r._embedded.self[0].link === r.url)).toBe(true);
  });

  it('with HEADLESS_SITE_URL: a page in another section is linked there; frames keep WordPress permalinks', async () => {
    useSiteUrl();
    fakeWordPress().collections.fp_page.find((p) => p.slug === 'card-services')!.acf.section = 'solutions';
    expect((await request<WpPost[]>(`${WP}/fp_page?slug=card-services`)).json[0].link).toBe(`${SITE}/solutions/card-services`);
    const [frame] = (await request<WpPost[]>(`${WP}/frame?per_page=1`)).json;
    expect(frame.link.startsWith(ORIGIN)).toBe(true);
  });

  it('the local server: --site-url, an http(s) URL without a query', () => {
    expect(parseArgs(['--site-url', 'http://127.0.0.1:3900/'])).toEqual({ siteUrl: 'http://127.0.0.1:3900' });
    expect(() => parseArgs(['--site-url', 'ftp://x'])).toThrow('--site-url');
    expect(() => parseArgs(['--site-url', 'http://x/?a=1'])).toThrow('--site-url');
  });
});
