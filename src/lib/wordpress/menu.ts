/**
 * The site menu (spec §2 "Site menu structure", §3 menu entities, §4 "Menu cache", §7 "Menu").
 *
 * `GET /wp-json/wp/v2/navigation/3` answers a flat list of menu items; they are normalized
 * (`normalizeMenuItems`) and built into three levels (`buildMenu`): top entries, their submenus,
 * and the items of each submenu.
 *
 * Decisions:
 * - Labels are plain text: tags stripped, character references decoded (`htmlToText`).
 * - Links to posts (items of `type: "post_type"`, which carry WordPress's absolute permalink in
 *   `url`, the post type NAME in `object` and the post's id in `object_id`) become the site path
 *   of the post (see "Menu links to WordPress permalinks" below).
 * - Other links on the content system's or the site's own origin become site paths
 *   (`serverContext().toSitePath`: the origin stripped; WordPress's home becomes `/`); other
 *   absolute URLs stay. An empty URL or `#` is a
 *   non-navigating group heading (`#`); other fragments (`#contact`) stay as they are.
 *   Only http(s), mailto and tel URLs, site paths and fragments are accepted: an item with any
 *   other link (`javascript:`, `data:`, a relative path without a leading slash) is malformed.
 * - A malformed item (not an object, no positive integer `ID`/`db_id`, a `menu_item_parent` that
 *   is not a non-negative integer, a label that is empty once tags are stripped, an unsafe link,
 *   an id already seen) is skipped and logged.
 * - `ui_type` is not checked: every item is a link (spec §3).
 * - Items nested deeper than three levels are flattened, depth first and in order, into the items
 *   of their second-level ancestor (right after their third-level ancestor), with `parentId` set to
 *   that submenu's id: no link an editor adds silently disappears, and the built menu stays
 *   consistent (every item's parentId is its submenu).
 * - Orphans (a parent id that no item has: its parent was unpublished or deleted) are shown at the
 *   top level after the other top entries, in WordPress's order, as WordPress's own
 *   `Walker_Nav_Menu` shows them; their `parentId` becomes 0. Items caught in a parent cycle are
 *   treated the same way (logged).
 * - WordPress's order is kept at every level.
 * - `isHidden`: the submenu's link contains the word `hidden` (case-insensitive, not part of a
 *   longer word: `/pages/hidden-offers` and `#hidden` are hidden, `/pages/hiddenite` is not).
 *
 * Menu links to posts (`postLinks`). With the companion plugin and its `HEADLESS_SITE_URL`, an
 * item linking to a published post carries the post's SITE address
 * (`https://www.example.com/about-us/news/some-slug`, `https://www.example.com/` for the home
 * page): on the site's own origin, it is taken as it is (its path; no read needed). Without the
 * plugin's setting (or from another WordPress) it carries WordPress's permalink
 * (`/ph_news/some-slug/`, `/some-post/`, `/?p=123`), which is not a path the site serves. For an
 * item of type `post_type` whose URL is on WordPress's origin (or on the site's, when the two
 * origins are the same):
 * - `object` → REST base through the post types read from `/wp/v2/types` (`./postTypes`, cached
 *   per process) → the content type of the table. A post type the table does not have (core
 *   `page`, …) keeps the plain rule above.
 * - Pages (`fp_page`): their section is not in the menu item, so the page is looked up by
 *   `object_id` in the `fp-page-id` id list, which carries slug and section; the path is the one
 *   the page's own route serves (`/{section}/{slug}`, `/` for the home page). A page the list
 *   does not have (not published) falls back to the permalink's last segment in the default
 *   section `pages`.
 * - Every other type: `sitePath(type, slug)` with the slug from the permalink's last path segment.
 *   A plain permalink (`/?p=123`, no slug in it) keeps the plain rule: resolving it would need
 *   that type's id list, a read per type that the menu does not otherwise need.
 * Both reads happen only when the menu has such items, once per menu load (so at most once per
 * 5 minutes, never per page). When either read fails, the items it was needed for keep the
 * plain rule, and the menu is served but not cached, so the next page tries again.
 *
 * Cache (`getMenu`): 5 minutes in memory, shared by every page of the process.
 * - A fresh entry is returned without fetching; concurrent callers share one request.
 * - A response that is not a list → the built-in `FALLBACK_MENU`, cached like a success (the
 *   content system answered; asking again within 5 minutes would answer the same). A non-empty list
 *   none of whose items is usable is treated the same way. An empty list is an empty menu.
 * - A fetch that throws (after the wrapper's 3 attempts) → `[]`, logged and not cached, so the next
 *   call (the next page built or revalidated) tries again.
 * - `clearMenuCache()` is called by the revalidation webhook.
 * The returned menus are frozen: they are shared by every caller.
 */
import { htmlToText } from '../shared/excerpt';
import type { ContentLink, MenuItem, SubmenuEntry, TopMenuEntry } from '../shared/types';
import { getIdList } from './content';
import { sitePath } from '../shared/wordpress/contentTypes';
import { fetchJson, segment, WP_PREFIX, wpUrl } from '../shared/wordpress/http';
import { contentTypeOfPostType, getPostTypes, type PostTypeMap } from './postTypes';
import { serverContext, type ServerContext } from './serverContext';
import { processShared } from '../server/processShared';
import { createTtlCache } from './ttlCache';
import { isRecord } from '../shared/isRecord';
import { registerProcessCache } from '../cache/processCaches';

export const MENU_ID = 3;
export const MENU_CACHE_MS = 300_000;

const warn = (message: string) => console.warn(`[menu] ${message}`);

function positiveInt(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

function parentOf(value: unknown): number | null {
  if (value === 0 || value === '0') return 0;
  return positiveInt(value);
}

/** The item's link as the site uses it, or null when it is not a link the site may render. */
function menuHref(url: string, toSitePath: (href: string) => string): string | null {
  const href = url.trim();
  if (href === '' || href === '#') return '#';
  if (href.startsWith('#')) return href;
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  if (href.startsWith('//')) return toSitePath(`https:${href}`);
  if (/^https?:\/\/[^/]/i.test(href)) return toSitePath(href);
  if (/^(mailto|tel):/i.test(href)) return href;
  return null;
}

function describe(raw: unknown): string {
  try {
    return JSON.stringify(raw)?.slice(0, 200) ?? String(raw);
  } catch {
    return String(raw);
  }
}

/** The site path of a menu item that links to a post, or null when the plain link rule applies. */
export type PostLinkResolver = (item: Record<string, unknown>) => string | null;

/**
 * Normalizes WordPress's flat menu items (spec §3 "Menu item"); malformed items are skipped and
 * logged. `postLink` gives the site path of items that link to posts (see `postLinks`).
 */
export function normalizeMenuItems(raw: unknown[], postLink: PostLinkResolver = () => null): MenuItem[] {
  const { toSitePath } = serverContext();
  const seen = new Set<number>();
  const items: MenuItem[] = [];
  for (const entry of raw) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      warn(`skipped a menu item that is not an object: ${describe(entry)}`);
      continue;
    }
    const item = entry as Record<string, unknown>;
    const id = positiveInt(item.ID) ?? positiveInt(item.db_id);
    const parentId = parentOf(item.menu_item_parent);
    const label = typeof item.title === 'string' ? htmlToText(item.title) : '';
    const plainHref = typeof item.url === 'string' ? menuHref(item.url, toSitePath) : null;
    const href = plainHref === null ? null : (postLink(item) ?? plainHref);
    const problem =
      id === null ? 'no positive integer ID or db_id'
      : parentId === null ? 'a menu_item_parent that is not a non-negative integer'
      : label === '' ? 'an empty title'
      : href === null ? 'a missing or unsafe url'
      : seen.has(id) ? `the duplicate id ${id}`
      : null;
    if (problem !== null) {
      warn(`skipped a menu item with ${problem}: ${describe(entry)}`);
      continue;
    }
    seen.add(id as number);
    items.push({ id: id as number, parentId: parentId as number, type: 'link', label, href: href as string });
  }
  return items;
}

const HIDDEN_WORD = /(^|[^a-z0-9])hidden($|[^a-z0-9])/i;

/** Builds the three menu levels (spec §2, §3) from normalized items, in WordPress's order. */
export function buildMenu(items: MenuItem[]): TopMenuEntry[] {
  const ids = new Set(items.map((item) => item.id));
  const children = new Map<number, MenuItem[]>();
  for (const item of items) {
    const siblings = children.get(item.parentId);
    if (siblings) siblings.push(item);
    else children.set(item.parentId, [item]);
  }
  const placed = new Set<number>();
  const childrenOf = (id: number) => (children.get(id) ?? []).filter((child) => !placed.has(child.id));

  // Depth first, in order: the item's descendants below the third level, flattened.
  const descendants = (parent: MenuItem, submenuId: number): MenuItem[] => {
    const out: MenuItem[] = [];
    for (const child of childrenOf(parent.id)) {
      placed.add(child.id);
      out.push({ ...child, parentId: submenuId }, ...descendants(child, submenuId));
    }
    return out;
  };

  const submenu = (item: MenuItem, topId: number): SubmenuEntry => {
    placed.add(item.id);
    const entries: MenuItem[] = [];
    for (const child of childrenOf(item.id)) {
      placed.add(child.id);
      entries.push({ ...child, parentId: item.id }, ...descendants(child, item.id));
    }
    return { id: item.id, parentId: topId, title: item.label, href: item.href, items: entries, isHidden: HIDDEN_WORD.test(item.href) };
  };

  const top = (item: MenuItem): TopMenuEntry => {
    placed.add(item.id);
    const submenus = childrenOf(item.id).map((child) => submenu(child, item.id));
    return {
      id: item.id, parentId: 0, type: 'link', label: item.label, href: item.href,
      submenus, arrowDirection: 'down', hasArrow: submenus.length > 0,
    };
  };

  const entries = items.filter((item) => item.parentId === 0).map(top);
  for (const item of items) {
    if (placed.has(item.id)) continue;
    const reason = ids.has(item.parentId) ? 'is caught in a parent cycle' : `has no parent ${item.parentId}`;
    warn(`menu item ${item.id} (${item.label}) ${reason}: shown at the top level`);
    entries.push(top(item));
  }
  return entries;
}

/* ------------------------------------------------------------------------------------------ */
/* The built-in fallback menu (spec §2 "Menu links used as fallback")                          */
/* ------------------------------------------------------------------------------------------ */

type FallbackNode = readonly [label: string, href: string, children?: readonly FallbackNode[]];

const page = (slug: string, label: string): FallbackNode => [label, `/pages/${slug}`];

const FALLBACK_TREE: readonly FallbackNode[] = [
  ['Offers', '#', [
    ['Payments', '#', [
      page('secure-switching', 'Secure Switching'),
      page('alternative-payment-methods', 'Alternative Payment Methods'),
      page('merchant-centered-acquiring', 'Merchant-Centered Acquiring'),
      page('card-services', 'Card Services'),
      page('decisionpoint-network', 'DecisionPoint Network'),
    ]],
    ['Operations', '#', [
      page('estate-management', 'Estate Management'),
      page('support-services', 'Support Services'),
      page('business-intelligence', 'Business Intelligence'),
      page('vision-ai', 'Vision AI'),
    ]],
    ['Engagement', '#', [
      page('loyalty-and-incentives', 'Loyalty and Incentives'),
      page('donation-on-device', 'Donation on Device'),
    ]],
    ['Customers and partners', '#', [
      page('existing-customers', 'Existing Customers'),
      page('prospective-partners', 'Prospective Partners'),
    ]],
  ]],
  ['Industries', '#', [
    page('contract-food-services', 'Contract Food Services'),
    page('casinos-and-gaming', 'Casinos and Gaming'),
    page('ecommerce', 'eCommerce'),
    page('food-and-beverage', 'Food and Beverage'),
    page('higher-ed', 'Higher Education'),
    page('hotel-lodging', 'Hotel and Lodging'),
    page('retail', 'Retail'),
    page('sports-and-entertainment', 'Sports and Entertainment'),
    page('travel-and-recreation', 'Travel and Recreation'),
  ]],
  ['About us', '#', [
    ['Company', '#', [
      page('about-us-our-story', 'Our Story'),
      page('about-us-partner-testimonials', 'Partner Testimonials'),
      page('about-us-career', 'Careers'),
      page('about-us-iso-network', 'ISO Network'),
    ]],
    ['Newsroom', '#', [
      ['News', '/news'],
      ['Press Releases', '/press-releases'],
    ]],
    ['Community', '#', [
      page('community', 'Community'),
      page('events', 'Events'),
      // The real page's slug is misspelt; the link must match it.
      page('partner-interviewes', 'Partner Interviews'),
    ]],
  ]],
  ['Resources', '#', [
    page('insights-blog', 'Insights Blog'),
    page('case-studies', 'Case Studies'),
    page('brand-kit', 'Brand Kit'),
    page('whitepaper', 'Whitepaper'),
  ]],
];

function flatten(nodes: readonly FallbackNode[], parentId: number, out: MenuItem[]): MenuItem[] {
  for (const [label, href, children] of nodes) {
    const id = out.length + 1;
    out.push({ id, parentId, type: 'link', label, href });
    if (children) flatten(children, id, out);
  }
  return out;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}

/** The fallback menu as WordPress would list it: flat, in order, with parent ids. */
export const FALLBACK_MENU_ITEMS: readonly MenuItem[] = deepFreeze(flatten(FALLBACK_TREE, 0, []));

/** The built-in menu used when the content system answers something that is not a menu. */
export const FALLBACK_MENU: TopMenuEntry[] = deepFreeze(buildMenu([...FALLBACK_MENU_ITEMS]));

/* ------------------------------------------------------------------------------------------ */
/* Menu links to WordPress permalinks                                                          */
/* ------------------------------------------------------------------------------------------ */

/** A menu item that links to a post on WordPress's (or the site's) origin. */
interface PostLinkItem {
  /** The post type NAME (`ph_news`). */
  object: string;
  objectId: number | null;
  permalink: URL;
}

function postLinkItem(item: Record<string, unknown>, { isOwnUrl, isSiteAddress }: Pick<ServerContext, 'isOwnUrl' | 'isSiteAddress'>): PostLinkItem | null {
  if (item.type !== 'post_type' || typeof item.object !== 'string' || item.object === '' || typeof item.url !== 'string') return null;
  const trimmed = item.url.trim();
  const href = trimmed.startsWith('//') ? `https:${trimmed}` : trimmed;
  // A site address (the plugin's link of a published item) is already the item's site path.
  if (!isOwnUrl(href) || isSiteAddress(href)) return null;
  try {
    return { object: item.object, objectId: positiveInt(item.object_id), permalink: new URL(href) };
  } catch {
    return null;
  }
}

/** The slug in a pretty permalink (its last path segment); null for a plain one (`/?p=123`, `/?page_id=4`). */
function permalinkSlug(permalink: URL): string | null {
  const plain = ['p', 'page_id', 'attachment_id'].some((name) => permalink.searchParams.has(name));
  const segments = permalink.pathname.split('/').filter(Boolean);
  return plain || segments.length === 0 ? null : segments[segments.length - 1];
}

export interface PostLinks {
  resolve: PostLinkResolver;
  /** False when a read the links needed failed (those items keep their plain links). */
  complete: boolean;
}

const errorText = (error: unknown) => (error as Error)?.message ?? String(error);

/**
 * What the menu's links to posts need (see the module comment): the post types, when some item
 * links to a post, and the `fp-page-id` list, when some item links to a page. No read at all for
 * a menu of custom links.
 */
export async function postLinks(raw: readonly unknown[]): Promise<PostLinks> {
  const context = serverContext();
  const linked = raw.flatMap((entry) => {
    const item = isRecord(entry) ? postLinkItem(entry, context) : null;
    return item ? [item] : [];
  });
  if (linked.length === 0) return { resolve: () => null, complete: true };

  let types: PostTypeMap;
  try {
    types = await getPostTypes();
  } catch (error) {
    warn(`the post types could not be read, links to posts keep WordPress's paths: ${errorText(error)}`);
    return { resolve: () => null, complete: false };
  }
  let complete = true;
  let pages: ReadonlyMap<number, ContentLink> = new Map();
  if (linked.some((item) => contentTypeOfPostType(types, item.object)?.name === 'page')) {
    try {
      pages = new Map((await getIdList('page')).map((link) => [link.id, link]));
    } catch (error) {
      warn(`the page list could not be read, links to pages use the default section: ${errorText(error)}`);
      complete = false;
    }
  }

  const resolve: PostLinkResolver = (entry) => {
    const item = postLinkItem(entry, context);
    const def = item ? contentTypeOfPostType(types, item.object) : undefined;
    if (!item || !def) return null;
    const page = def.name === 'page' && item.objectId !== null ? pages.get(item.objectId) : undefined;
    if (page) return page.path;
    const slug = permalinkSlug(item.permalink);
    return slug ? sitePath(def.name, slug) : null;
  };
  return { resolve, complete };
}

/* ------------------------------------------------------------------------------------------ */
/* Reading, with the 5-minute cache                                                            */
/* ------------------------------------------------------------------------------------------ */

interface LoadedMenu {
  menu: TopMenuEntry[];
  /** False when a secondary read failed: the menu is served but not cached. */
  complete: boolean;
}

// One per process: the revalidation webhook (an API route, another bundle) clears the cache the pages read.
const cache = processShared('menu-cache', () =>
  createTtlCache<'menu', LoadedMenu>(MENU_CACHE_MS, { name: 'menu', maxEntries: 1, keep: (loaded) => loaded.complete }),
);

async function loadMenu(): Promise<LoadedMenu> {
  const { base } = serverContext();
  const { data } = await fetchJson<unknown>(wpUrl(base, WP_PREFIX, `navigation/${segment(MENU_ID)}`));
  if (!Array.isArray(data)) {
    warn(`navigation/${MENU_ID} did not answer a list: the built-in fallback menu is used`);
    return { menu: FALLBACK_MENU, complete: true };
  }
  const links = await postLinks(data);
  const items = normalizeMenuItems(data, links.resolve);
  if (data.length > 0 && items.length === 0) {
    warn(`navigation/${MENU_ID} has no usable item: the built-in fallback menu is used`);
    return { menu: FALLBACK_MENU, complete: links.complete };
  }
  return { menu: deepFreeze(buildMenu(items)), complete: links.complete };
}

/** The site menu, cached for 5 minutes (spec §4). Never throws: a failed read gives `[]`. */
export async function getMenu(): Promise<TopMenuEntry[]> {
  try {
    return (await cache.get('menu', loadMenu)).menu;
  } catch (error) {
    console.error(`[menu] the menu could not be read, an empty menu is used: ${errorText(error)}`);
    return [];
  }
}

/** Forgets the cached menu (the revalidation webhook calls it, with `clearPostTypesCache`, when the menu changes). */
export function clearMenuCache(): void {
  cache.clear();
}

// The menu changed (invalidation scope `menu`). Issue 36: registered, so the invalidation clears it (src/lib/cache/processCaches.ts).
registerProcessCache({ name: 'menu-cache', scopes: ['menu'], clear: clearMenuCache });
