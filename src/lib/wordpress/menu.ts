/**
 * The site menu (spec §2 "Site menu structure", §3 menu entities, §4 "Menu cache", §7 "Menu").
 *
 * `GET /wp-json/wp/v2/navigation/3` answers a flat list of menu items; they are normalized
 * (`normalizeMenuItems`) and built into three levels (`buildMenu`): top entries, their submenus,
 * and the items of each submenu.
 *
 * Decisions:
 * - Labels are plain text: tags stripped, character references decoded (`htmlToText`).
 * - Links on the content system's or the site's own origin become site paths
 *   (`serverContext().toSitePath`); other absolute URLs stay. An empty URL or `#` is a
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
import { htmlToText } from '../excerpt';
import type { MenuItem, SubmenuEntry, TopMenuEntry } from '../types';
import { fetchJson, segment, WP_PREFIX, wpUrl } from './http';
import { serverContext } from './serverContext';
import { processShared } from '../processShared';
import { createTtlCache } from './ttlCache';

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

/** Normalizes WordPress's flat menu items (spec §3 "Menu item"); malformed items are skipped and logged. */
export function normalizeMenuItems(raw: unknown[]): MenuItem[] {
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
    const href = typeof item.url === 'string' ? menuHref(item.url, toSitePath) : null;
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
/* Reading, with the 5-minute cache                                                            */
/* ------------------------------------------------------------------------------------------ */

// One per process: the revalidation webhook (an API route, another bundle) clears the cache the pages read.
const cache = processShared('menu-cache', () => createTtlCache<'menu', TopMenuEntry[]>(MENU_CACHE_MS));

async function loadMenu(): Promise<TopMenuEntry[]> {
  const { base } = serverContext();
  const { data } = await fetchJson<unknown>(wpUrl(base, WP_PREFIX, `navigation/${segment(MENU_ID)}`));
  if (!Array.isArray(data)) {
    warn(`navigation/${MENU_ID} did not answer a list: the built-in fallback menu is used`);
    return FALLBACK_MENU;
  }
  const items = normalizeMenuItems(data);
  if (data.length > 0 && items.length === 0) {
    warn(`navigation/${MENU_ID} has no usable item: the built-in fallback menu is used`);
    return FALLBACK_MENU;
  }
  return deepFreeze(buildMenu(items));
}

/** The site menu, cached for 5 minutes (spec §4). Never throws: a failed read gives `[]`. */
export async function getMenu(): Promise<TopMenuEntry[]> {
  try {
    return await cache.get('menu', loadMenu);
  } catch (error) {
    console.error(`[menu] the menu could not be read, an empty menu is used: ${(error as Error)?.message ?? String(error)}`);
    return [];
  }
}

/** Forgets the cached menu (the revalidation webhook calls it when the menu changes). */
export function clearMenuCache(): void {
  cache.clear();
}
