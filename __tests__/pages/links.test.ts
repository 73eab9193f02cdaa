import { existsSync } from 'node:fs';
import path from 'node:path';
import * as sectionPage from '../../pages/[section]/[slug]';
import { visibleSubmenus } from '@/components/layout/links';
import { FALLBACK_NAVIGATION, FOOTER } from '@/lib/site/layout';
import { listingProps } from '@/lib/site/listing';
import { detailRoute } from '@/lib/site/staticProps';
import { CONTENT_TYPES } from '@/lib/shared/wordpress/contentTypes';
import { clearFrameTypeCache } from '@/lib/wordpress/frames';
import { FALLBACK_MENU_ITEMS, getMenu } from '@/lib/wordpress/menu';
import type { TopMenuEntry } from '@/lib/shared/types';

import { NextRequest } from 'next/server';
import { PERMANENT_REDIRECTS, proxy } from '../../proxy';

const PAGES = path.join(__dirname, '../../pages');

/** A page file that serves exactly this path (no dynamic segment): `/contact-us` → pages/contact-us.tsx. */
const staticPageFile = (href: string) =>
  [`${href}.tsx`, `${href}/index.tsx`].map((f) => path.join(PAGES, f)).find((f) => existsSync(f) && !f.includes('['));

async function redirectOf(href: string): Promise<string | null> {
  return PERMANENT_REDIRECTS.get(href) ?? null;
}

/**
 * Where a site link ends up on the seed content: 'ok' when a page answers it, else why not.
 * Follows the proxy's redirects (proxy.ts), then static page files, listing pages, detail pages
 * (`/about-us/news/{slug}`, …: menu links to posts) and `/{section}/{slug}` pages through their
 * getStaticProps against the fake WordPress.
 */
async function resolve(href: string, hops = 0): Promise<string> {
  if (href === '#') return 'ok'; // a group heading (spec §2): it does not navigate
  if (!href.startsWith('/') || href.startsWith('//')) return `not a site path: ${href}`;
  const bare = href.split(/[?#]/)[0];
  const target = await redirectOf(bare);
  if (target) return hops > 3 ? `redirect loop at ${href}` : resolve(target, hops + 1);
  const listing = CONTENT_TYPES.find((t) => t.listingPath === bare);
  if (listing) return (await listingProps(listing.name, 1)) ? 'ok' : `empty listing ${bare}`;
  if (bare === '/' || staticPageFile(bare)) return 'ok';
  const detail = CONTENT_TYPES.find((t) => t.routePrefix && new RegExp(`^${t.routePrefix}/[^/]+$`).test(bare));
  if (detail) {
    const result = (await detailRoute(detail.name).getStaticProps({ params: { slug: bare.slice(detail.routePrefix.length + 1) } })) as { notFound?: boolean };
    return result.notFound ? `404 ${bare}` : 'ok';
  }
  const match = /^\/([^/]+)\/([^/]+)$/.exec(bare);
  if (match) {
    const result = (await sectionPage.getStaticProps({ params: { section: match[1], slug: match[2] } })) as { notFound?: boolean };
    return result.notFound ? `404 ${bare}` : 'ok';
  }
  return `no page serves ${bare}`;
}

/** The links a visitor sees in a built menu (hidden submenus are never shown). */
function menuLinks(menu: TopMenuEntry[]): string[] {
  return menu.flatMap((top) => [top.href, ...visibleSubmenus(top).flatMap((s) => [s.href, ...s.items.map((i) => i.href)])]);
}

async function unresolved(hrefs: readonly string[]): Promise<string[]> {
  const results = await Promise.all([...new Set(hrefs)].map(async (href) => [href, await resolve(href)] as const));
  return results.filter(([, result]) => result !== 'ok').map(([href, result]) => `${href}: ${result}`);
}

beforeEach(() => {
  clearFrameTypeCache();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('spec §2: every navigation link resolves to a real page on the seed content', () => {
  test('/news and /press-releases (fallback menu links) redirect permanently to the listing pages', async () => {
    for (const [source, destination] of [
      ['/news', '/about-us/news'],
      ['/press-releases', '/about-us/press-releases'],
      ['/pages/home', '/'],
      ['/pages/contact-us', '/contact-us'],
    ]) {
      const response = proxy(new NextRequest(`https://www.example.com${source}?utm=x`));
      expect({ source, status: response.status, location: response.headers.get('location') }).toEqual({
        source,
        status: 308,
        location: `https://www.example.com${destination}?utm=x`,
      });
    }
  });

  test('every link of the fallback menu (spec §2 "Menu links used as fallback")', async () => {
    expect(await unresolved(FALLBACK_MENU_ITEMS.map((item) => item.href))).toEqual([]);
  });

  test('every link of the fixed fallback navigation (Home, News, Press Release, Contact Us)', async () => {
    expect(await unresolved(FALLBACK_NAVIGATION.map((link) => link.href))).toEqual([]);
  });

  test('every link of the menu WordPress serves (navigation/3)', async () => {
    const menu = await getMenu();
    expect(menu.length).toBeGreaterThan(0);
    expect(await unresolved(menuLinks(menu))).toEqual([]);
  });

  test('every link of the footer', async () => {
    expect(await unresolved(FOOTER.flatMap((section) => section.links.map((link) => link.href)))).toEqual([]);
  });

  test('the resolver itself catches a broken link', async () => {
    expect(await resolve('/pages/no-such-page')).toBe('404 /pages/no-such-page');
    expect(await resolve('/resources/nothing/here/at-all')).toMatch(/^no page serves/);
  });
});
