import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { MenuItem, TopMenuEntry } from '@/lib/shared/types';
import {
  buildMenu,
  clearMenuCache,
  FALLBACK_MENU,
  FALLBACK_MENU_ITEMS,
  getMenu,
  MENU_CACHE_MS,
  MENU_ID,
  normalizeMenuItems,
} from '@/lib/wordpress/menu';
import { clearPostTypesCache } from '@/lib/wordpress/postTypes';
import { prefixedPostTypeNames } from '../../__mocks__/wordpress/postTypes';
import { createSeedStore } from '../../__mocks__/wordpress/store';
import { fakeWordPress, server, WORDPRESS_BASE, recordWordPressRequests } from '../setup/msw';

const NAVIGATION = `${WORDPRESS_BASE}/wp-json/wp/v2/navigation/3`;

/** A WordPress menu item as navigation/3 lists it. */
const wp = (id: number, parent: number, title: string, url: string) => ({
  ID: id,
  db_id: id,
  menu_item_parent: String(parent),
  ui_type: 'link',
  title,
  url,
});

const item = (id: number, parentId: number, label: string, href: string): MenuItem => ({ id, parentId, type: 'link', label, href });

/** Every href of a built menu, at every level, in order. */
function allHrefs(menu: TopMenuEntry[]): string[] {
  return menu.flatMap((top) => [top.href, ...top.submenus.flatMap((sub) => [sub.href, ...sub.items.map((i) => i.href)])]);
}

let recorder: ReturnType<typeof recordWordPressRequests>;
let warn: jest.SpyInstance;
let error: jest.SpyInstance;

beforeEach(() => {
  clearMenuCache();
  clearPostTypesCache();
  recorder = recordWordPressRequests();
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  recorder.stop();
  warn.mockRestore();
  error.mockRestore();
  jest.useRealTimers();
});

describe('normalizeMenuItems', () => {
  it('spec §3 menu item: id from ID or db_id, parentId from menu_item_parent, type link, label decoded', () => {
    const items = normalizeMenuItems([
      { ID: 11, menu_item_parent: '0', ui_type: 'link', title: 'Payments &amp; Cards', url: '#' },
      { db_id: 12, menu_item_parent: '11', ui_type: 'link', title: 'Partner&#8217;s <em>corner</em>', url: '#' },
    ]);
    expect(items).toEqual([
      { id: 11, parentId: 0, type: 'link', label: 'Payments & Cards', href: '#' },
      { id: 12, parentId: 11, type: 'link', label: 'Partner\u2019s corner', href: '#' },
    ]);
  });

  it('spec §3 menu item href: links on the CMS or site origin become site paths; # and external URLs stay', () => {
    const items = normalizeMenuItems([
      wp(1, 0, 'CMS', 'http://wordpress.test/pages/secure-switching/'),
      wp(2, 0, 'Site', 'https://www.example.com/about-us/news?x=1#top'),
      wp(3, 0, 'External', 'https://partner.example.org/offer'),
      wp(4, 0, 'Heading', '#'),
      wp(5, 0, 'Empty link', ''),
      wp(6, 0, 'Mail', 'mailto:sales@example.com'),
      wp(7, 0, 'PDF', 'http://wordpress.test/wp-content/uploads/brochure.pdf'),
      wp(8, 0, 'Path', '/contact-us'),
    ]);
    expect(items.map((i) => i.href)).toEqual([
      '/pages/secure-switching',
      '/about-us/news?x=1#top',
      'https://partner.example.org/offer',
      '#',
      '#',
      'mailto:sales@example.com',
      'http://wordpress.test/wp-content/uploads/brochure.pdf',
      '/contact-us',
    ]);
  });

  it('spec §3 menu item: malformed items are skipped and logged, the others kept', () => {
    const items = normalizeMenuItems([
      null,
      'a string',
      { menu_item_parent: '0', title: 'No id', url: '/a' },
      { ID: 2, menu_item_parent: 'top', title: 'Bad parent', url: '/b' },
      { ID: 3, menu_item_parent: '0', title: '', url: '/c' },
      { ID: 4, menu_item_parent: '0', title: 'Script', url: 'javascript:alert(1)' },
      { ID: 5, menu_item_parent: '0', title: 'No url' },
      wp(6, 0, 'Kept', '/kept'),
      wp(6, 0, 'Duplicate', '/duplicate'),
    ]);
    expect(items).toEqual([item(6, 0, 'Kept', '/kept')]);
    expect(warn).toHaveBeenCalledTimes(8);
    expect(warn.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/unsafe url[\s\S]*duplicate id 6/);
  });
});

describe('buildMenu', () => {
  const flat: MenuItem[] = [
    item(1, 0, 'Offers', '#'),
    item(2, 1, 'Payments', '#'),
    item(3, 2, 'Secure Switching', '/pages/secure-switching'),
    item(4, 2, 'Card Services', '/pages/card-services'),
    item(5, 0, 'Contact', '/contact-us'),
    item(6, 1, 'Support', '/pages/support-services'),
    item(7, 6, 'Estate', '/pages/estate-management'),
  ];

  it('spec §2 site menu structure: three levels (top items, submenus, items) in WordPress order', () => {
    const menu = buildMenu(flat);
    expect(menu.map((t) => t.label)).toEqual(['Offers', 'Contact']);
    expect(menu[0].submenus.map((s) => s.title)).toEqual(['Payments', 'Support']);
    expect(menu[0].submenus[0].items).toEqual([item(3, 2, 'Secure Switching', '/pages/secure-switching'), item(4, 2, 'Card Services', '/pages/card-services')]);
    expect(menu[0].submenus[1].items).toEqual([item(7, 6, 'Estate', '/pages/estate-management')]);
  });

  it('spec §3 built entries: top {id, parentId, type, label, href, submenus, arrowDirection down, hasArrow}; submenu {id, parentId, title, href, items, isHidden}', () => {
    const [offers, contact] = buildMenu(flat);
    expect(offers).toMatchObject({ id: 1, parentId: 0, type: 'link', label: 'Offers', href: '#', arrowDirection: 'down', hasArrow: true });
    expect(offers.submenus[0]).toMatchObject({ id: 2, parentId: 1, title: 'Payments', href: '#', isHidden: false });
    expect(contact).toEqual({
      id: 5, parentId: 0, type: 'link', label: 'Contact', href: '/contact-us', submenus: [], arrowDirection: 'down', hasArrow: false,
    });
  });

  it('spec §3 built top entry: hasArrow is true exactly when submenus exist', () => {
    const menu = buildMenu([item(1, 0, 'Alone', '/a'), item(2, 0, 'Parent', '#'), item(3, 2, 'Child', '/c')]);
    expect(menu.map((t) => [t.label, t.hasArrow])).toEqual([['Alone', false], ['Parent', true]]);
  });

  it('spec §2 hidden: a submenu whose link contains the word hidden is flagged hidden', () => {
    const menu = buildMenu([
      item(1, 0, 'Top', '#'),
      item(2, 1, 'Hidden path', '/pages/hidden-offers'),
      item(3, 1, 'Hidden anchor', '#hidden'),
      item(4, 1, 'Hidden upper', 'https://partner.example.org/HIDDEN'),
      item(5, 1, 'Visible', '/pages/offers'),
      item(6, 1, 'Longer word', '/pages/hiddenite'),
    ]);
    expect(menu[0].submenus.map((s) => [s.title, s.isHidden])).toEqual([
      ['Hidden path', true],
      ['Hidden anchor', true],
      ['Hidden upper', true],
      ['Visible', false],
      ['Longer word', false],
    ]);
  });

  it("spec §2 group heading: a '#' link is kept as a non-navigating heading at every level", () => {
    const menu = buildMenu([item(1, 0, 'Top', '#'), item(2, 1, 'Group', '#'), item(3, 2, 'Sub-group', '#')]);
    expect(allHrefs(menu)).toEqual(['#', '#', '#']);
    expect(menu[0].submenus[0].items[0].label).toBe('Sub-group');
  });

  it('deep nesting: items below the third level are flattened, in order, into their submenu items', () => {
    const menu = buildMenu([
      item(1, 0, 'Top', '#'),
      item(2, 1, 'Submenu', '#'),
      item(3, 2, 'Level 3 A', '/a'),
      item(4, 3, 'Level 4', '/a/4'),
      item(5, 4, 'Level 5', '/a/4/5'),
      item(6, 2, 'Level 3 B', '/b'),
    ]);
    expect(menu[0].submenus[0].items).toEqual([
      item(3, 2, 'Level 3 A', '/a'),
      item(4, 2, 'Level 4', '/a/4'),
      item(5, 2, 'Level 5', '/a/4/5'),
      item(6, 2, 'Level 3 B', '/b'),
    ]);
  });

  it('orphans: an item whose parent is missing is shown at the top level after the others, with its children', () => {
    const menu = buildMenu([item(10, 99, 'Orphan', '#'), item(11, 10, 'Orphan child', '/o'), item(1, 0, 'Top', '/t')]);
    expect(menu.map((t) => [t.label, t.parentId])).toEqual([['Top', 0], ['Orphan', 0]]);
    expect(menu[1].submenus.map((s) => s.title)).toEqual(['Orphan child']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('has no parent 99'));
  });

  it('orphans: items caught in a parent cycle are not lost', () => {
    const menu = buildMenu([item(1, 2, 'A', '/a'), item(2, 1, 'B', '/b'), item(3, 3, 'Self', '/s')]);
    expect(menu.map((t) => t.label)).toEqual(['A', 'Self']);
    expect(menu[0].submenus.map((s) => s.title)).toEqual(['B']);
  });
});

describe('FALLBACK_MENU', () => {
  const offers = [
    'secure-switching', 'alternative-payment-methods', 'estate-management', 'support-services', 'merchant-centered-acquiring',
    'vision-ai', 'existing-customers', 'prospective-partners', 'decisionpoint-network', 'donation-on-device',
    'loyalty-and-incentives', 'business-intelligence', 'card-services',
  ].map((s) => `/pages/${s}`);
  const industries = [
    'contract-food-services', 'casinos-and-gaming', 'ecommerce', 'food-and-beverage', 'higher-ed', 'hotel-lodging', 'retail',
    'sports-and-entertainment', 'travel-and-recreation',
  ].map((s) => `/pages/${s}`);
  const aboutUs = [
    ...['about-us-our-story', 'about-us-partner-testimonials', 'about-us-career', 'about-us-iso-network'].map((s) => `/pages/${s}`),
    '/news', '/press-releases', '/pages/community', '/pages/events', '/pages/partner-interviewes',
  ];
  const resources = ['insights-blog', 'case-studies', 'brand-kit', 'whitepaper'].map((s) => `/pages/${s}`);

  const links = (entry: TopMenuEntry) => allHrefs([entry]).filter((h) => h !== '#');

  it('spec §2 menu links used as fallback: Offers, Industries, About us and Resources hold exactly the listed links', () => {
    expect(FALLBACK_MENU.map((t) => t.label)).toEqual(['Offers', 'Industries', 'About us', 'Resources']);
    const [o, i, a, r] = FALLBACK_MENU;
    expect(links(o).sort()).toEqual([...offers].sort());
    expect(links(i).sort()).toEqual([...industries].sort());
    expect(links(a).sort()).toEqual([...aboutUs].sort());
    expect(links(r).sort()).toEqual([...resources].sort());
  });

  it('spec §2 site menu structure: the fallback is built by buildMenu from a flat list, in three levels, with readable labels', () => {
    expect(buildMenu([...FALLBACK_MENU_ITEMS])).toEqual(FALLBACK_MENU);
    expect(FALLBACK_MENU.every((t) => t.hasArrow && t.href === '#')).toBe(true);
    expect(FALLBACK_MENU.some((t) => t.submenus.some((s) => s.href === '#' && s.items.length > 0))).toBe(true);
    const labels = FALLBACK_MENU_ITEMS.map((i) => i.label);
    expect(labels).toEqual(expect.arrayContaining(['Secure Switching', 'Partner Interviews', 'Insights Blog']));
    expect(labels.every((l) => /^[A-Z]|^e[A-Z]/.test(l))).toBe(true);
    expect(new Set(FALLBACK_MENU_ITEMS.map((i) => i.id)).size).toBe(FALLBACK_MENU_ITEMS.length);
  });
});

describe('getMenu', () => {
  const answer = (body: JsonBodyType, init?: ResponseInit) => http.get(NAVIGATION, () => HttpResponse.json(body, init));
  const menuRequests = () => recorder.urls.filter((u) => u.pathname === `/wp-json/wp/v2/navigation/${MENU_ID}`);

  it('spec §7 menu: reads GET /wp-json/wp/v2/navigation/3 with the t parameter and builds the menu', async () => {
    server.use(answer([wp(1, 0, 'Offers', '#'), wp(2, 1, 'Payments', 'http://wordpress.test/pages/payments/'), wp(3, 2, 'Cards', '/pages/cards')]));
    const menu = await getMenu();
    expect(MENU_ID).toBe(3);
    expect(menuRequests()).toHaveLength(1);
    expect(menuRequests()[0].searchParams.get('t')).toMatch(/^\d+$/);
    expect(menu).toHaveLength(1);
    expect(menu[0].submenus[0]).toMatchObject({ title: 'Payments', href: '/pages/payments', items: [item(3, 2, 'Cards', '/pages/cards')] });
  });

  it('spec §4 menu cache: a valid entry is returned without fetching', async () => {
    jest.useFakeTimers();
    server.use(answer([wp(1, 0, 'First', '/first')]));
    const first = await getMenu();
    server.use(answer([wp(1, 0, 'Second', '/second')]));
    await jest.advanceTimersByTimeAsync(MENU_CACHE_MS - 1);
    const second = await getMenu();
    expect(second).toEqual(first);
    expect(second[0].label).toBe('First');
    expect(menuRequests()).toHaveLength(1);
  });

  it('spec §4 menu cache: an entry expires after 5 minutes (300000 ms) and is fetched again', async () => {
    jest.useFakeTimers();
    expect(MENU_CACHE_MS).toBe(300_000);
    server.use(answer([wp(1, 0, 'First', '/first')]));
    await getMenu();
    server.use(answer([wp(1, 0, 'Second', '/second')]));
    await jest.advanceTimersByTimeAsync(MENU_CACHE_MS);
    const menu = await getMenu();
    expect(menu[0].label).toBe('Second');
    expect(menuRequests()).toHaveLength(2);
  });

  it('spec §4 menu cache: concurrent callers share one in-flight request', async () => {
    server.use(answer([wp(1, 0, 'Only', '/only')]));
    const menus = await Promise.all([getMenu(), getMenu(), getMenu()]);
    expect(menus.map((m) => m[0].label)).toEqual(['Only', 'Only', 'Only']);
    expect(menuRequests()).toHaveLength(1);
  });

  it('spec §4 menu cache: a non-list answer gives the built-in fallback menu, cached like a success', async () => {
    jest.useFakeTimers();
    server.use(answer({ id: 3, title: { rendered: 'Header' }, content: { rendered: '<!-- wp:navigation-link /-->' } }));
    expect(await getMenu()).toBe(FALLBACK_MENU);
    await jest.advanceTimersByTimeAsync(MENU_CACHE_MS - 1);
    expect(await getMenu()).toBe(FALLBACK_MENU);
    expect(menuRequests()).toHaveLength(1);
  });

  it('spec §4 menu cache: a non-empty list without one usable item gives the fallback menu; an empty list an empty menu', async () => {
    server.use(answer([{ title: 'no id' }, null]));
    expect(await getMenu()).toBe(FALLBACK_MENU);
    clearMenuCache();
    server.use(answer([]));
    expect(await getMenu()).toEqual([]);
  });

  it('spec §4 menu cache: a fetch that throws after the 3 attempts gives an empty list, not cached', async () => {
    jest.useFakeTimers();
    server.use(http.get(NAVIGATION, () => new HttpResponse('oops', { status: 500 })));
    const pending = getMenu();
    await jest.advanceTimersByTimeAsync(2 * 3000);
    expect(await pending).toEqual([]);
    expect(menuRequests()).toHaveLength(3);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Exceeded max retries'));

    server.use(answer([wp(1, 0, 'Back', '/back')]));
    const menu = await getMenu();
    expect(menu.map((t) => t.label)).toEqual(['Back']);
    expect(menuRequests()).toHaveLength(4);
  });

  it('spec §8 menu failure: a network error is swallowed too', async () => {
    jest.useFakeTimers();
    server.use(http.get(NAVIGATION, () => HttpResponse.error()));
    const pending = getMenu();
    await jest.advanceTimersByTimeAsync(2 * 3000);
    await expect(pending).resolves.toEqual([]);
  });

  it('clearMenuCache (revalidation webhook): the next call fetches again', async () => {
    server.use(answer([wp(1, 0, 'First', '/first')]));
    await getMenu();
    server.use(answer([wp(1, 0, 'Second', '/second')]));
    clearMenuCache();
    expect((await getMenu())[0].label).toBe('Second');
    expect(menuRequests()).toHaveLength(2);
  });

  it('clearMenuCache during a read: the read already under way does not store its stale menu', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(NAVIGATION, async () => {
        await gate;
        return HttpResponse.json([wp(1, 0, 'Stale', '/stale')]);
      }),
    );
    const pending = getMenu();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(menuRequests()).toHaveLength(1);
    clearMenuCache();
    release();
    expect((await pending)[0].label).toBe('Stale');
    server.use(answer([wp(1, 0, 'Fresh', '/fresh')]));
    expect((await getMenu())[0].label).toBe('Fresh');
    expect(menuRequests()).toHaveLength(2);
  });

  it('the cached menu is frozen: one caller cannot change what the next one gets', async () => {
    server.use(answer([wp(1, 0, 'First', '/first')]));
    const menu = await getMenu();
    expect(() => {
      (menu[0] as { label: string }).label = 'changed';
    }).toThrow(TypeError);
    expect((await getMenu())[0].label).toBe('First');
  });
});

describe('integration: getMenu over the fake WordPress', () => {
  it('spec §2 site menu structure: the seed menu of navigation/3 is built in three levels, in order', async () => {
    const menu = await getMenu();
    expect(menu.map((t) => t.label)).toEqual(['Solutions', 'Industries', 'Resources', 'About Us', 'Contact Us']);
    const [solutions, industries, resources] = menu;
    expect(solutions.submenus.map((s) => s.title)).toEqual(['Payments', 'Operations', 'Engagement', 'Customers & Partners', 'Legacy tools']);
    expect(solutions.submenus.find((s) => s.title === 'Engagement')?.items.map((i) => i.label)).toEqual(['Loyalty & Incentives', 'Donation on Device']);
    expect(industries.submenus.map((s) => s.items.length)).toEqual([3, 3, 3]);
    expect(menu[4]).toMatchObject({ label: 'Contact Us', href: '/contact-us', hasArrow: false, submenus: [] });
    expect(menu.slice(0, 4).every((t) => t.hasArrow && t.arrowDirection === 'down')).toBe(true);
    // The fourth-level item is flattened into its submenu, right after its parent.
    expect(resources.submenus[1].items.map((i) => i.label)).toEqual(['White Paper Hub', 'Customer Stories', 'Brand Kit', 'Logo Files']);
    expect(allHrefs(menu).every((href) => href.startsWith('#') || href.startsWith('/'))).toBe(true);
  });

  it('spec §2 hidden: the seed submenu linking to #hidden-legacy is the only hidden one', async () => {
    const hidden = (await getMenu()).flatMap((t) => t.submenus).filter((s) => s.isHidden);
    expect(hidden.map((s) => s.title)).toEqual(['Legacy tools']);
  });

  it('spec §4 menu cache: an edit in WordPress shows after 5 minutes, not before', async () => {
    jest.useFakeTimers();
    await getMenu();
    const items = fakeWordPress().menus[MENU_ID];
    items.find((i) => i.title === 'Contact Us')!.title = 'Talk to us';
    await jest.advanceTimersByTimeAsync(MENU_CACHE_MS - 1);
    expect((await getMenu()).at(-1)?.label).toBe('Contact Us');
    await jest.advanceTimersByTimeAsync(1);
    expect((await getMenu()).at(-1)?.label).toBe('Talk to us');
  });

  it('spec §4 menu cache: a menu WordPress no longer has (404 after the retries) gives an empty list, then recovers', async () => {
    jest.useFakeTimers();
    const saved = fakeWordPress().menus[MENU_ID];
    delete fakeWordPress().menus[MENU_ID];
    const pending = getMenu();
    await jest.advanceTimersByTimeAsync(2 * 3000);
    expect(await pending).toEqual([]);
    fakeWordPress().menus[MENU_ID] = saved;
    expect(await getMenu()).toHaveLength(5);
  });

  it('spec §4 menu cache: an emptied menu in WordPress is an empty menu, not the fallback', async () => {
    fakeWordPress().menus[MENU_ID] = [];
    expect(await getMenu()).toEqual([]);
  });
});

describe('issue 9 §3: menu items that link to WordPress permalinks become site paths', () => {
  const TYPES = `${WORDPRESS_BASE}/wp-json/wp/v2/types`;
  const PAGE_LIST = `${WORDPRESS_BASE}/wp-json/custom-api/v1/fp-page-id`;
  const reads = (path: string) => recorder.urls.filter((u) => `${u.origin}${u.pathname}` === path);
  const hrefOf = (menu: TopMenuEntry[], label: string) =>
    menu.flatMap((t) => [t, ...t.submenus.flatMap((s) => [{ label: s.title, href: s.href }, ...s.items])]).find((e) => e.label === label)?.href;
  /** A menu item of type post_type, as a classic menu lists a link to a post. */
  const toPost = (id: number, title: string, object: string, objectId: number, url: string) => ({
    ...wp(id, 0, title, url), type: 'post_type', object, object_id: String(objectId),
  });
  const useMenu = (items: unknown[]) => server.use(http.get(NAVIGATION, () => HttpResponse.json(items)));
  const cardServicesId = () => fakeWordPress().collections.fp_page.find((p) => p.slug === 'card-services')!.id;

  it("the seed's links to a news article and to a page (WordPress permalinks) become the site's own paths", async () => {
    const menu = await getMenu();
    expect(hrefOf(menu, 'Our Denver office')).toBe('/about-us/news/corvane-opens-regional-office-in-denver');
    expect(hrefOf(menu, 'Card Services')).toBe('/pages/card-services');
    expect(allHrefs(menu).every((href) => href.startsWith('#') || href.startsWith('/'))).toBe(true);
  });

  it('on a WordPress whose post types have other names (ph_news, ph_fp_page), the same site paths', async () => {
    Object.assign(fakeWordPress(), createSeedStore({ postTypeNames: prefixedPostTypeNames('ph_') }));
    const raw = (await (await fetch(NAVIGATION)).json()) as Array<{ type: string; url: string }>;
    expect(raw.filter((i) => i.type === 'post_type').map((i) => i.url)).toEqual([
      `${WORDPRESS_BASE}/ph_fp_page/card-services/`,
      `${WORDPRESS_BASE}/ph_news/corvane-opens-regional-office-in-denver/`,
    ]);
    recorder.urls.length = 0;
    const menu = await getMenu();
    expect(hrefOf(menu, 'Our Denver office')).toBe('/about-us/news/corvane-opens-regional-office-in-denver');
    expect(hrefOf(menu, 'Card Services')).toBe('/pages/card-services');
  });

  it("a page's section is not in the menu item: it comes from the fp-page-id list (by object_id); the home page is /", async () => {
    fakeWordPress().collections.fp_page.find((p) => p.slug === 'card-services')!.acf.section = 'solutions';
    const home = fakeWordPress().collections.fp_page.find((p) => p.slug === 'home')!;
    useMenu([
      toPost(1, 'Cards', 'fp_page', cardServicesId(), `${WORDPRESS_BASE}/fp_page/card-services/`),
      toPost(2, 'Home', 'fp_page', home.id, `${WORDPRESS_BASE}/fp_page/home/`),
    ]);
    expect((await getMenu()).map((t) => t.href)).toEqual(['/solutions/card-services', '/']);
  });

  it('the post types and the page list are read once per menu load, never per page; a menu of custom links reads neither', async () => {
    await getMenu();
    await getMenu();
    expect([reads(NAVIGATION), reads(TYPES), reads(PAGE_LIST)].map((r) => r.length)).toEqual([1, 1, 1]);

    clearMenuCache();
    clearPostTypesCache();
    recorder.urls.length = 0;
    useMenu([wp(1, 0, 'Plain', `${WORDPRESS_BASE}/pages/secure-switching/`)]);
    expect((await getMenu())[0].href).toBe('/pages/secure-switching');
    expect([reads(NAVIGATION), reads(TYPES), reads(PAGE_LIST)].map((r) => r.length)).toEqual([1, 0, 0]);
  });

  it("a plain permalink (?p=) of a page resolves through the page list; of another type it keeps WordPress's address (no id list read for it)", async () => {
    useMenu([
      toPost(1, 'Cards', 'fp_page', cardServicesId(), `${WORDPRESS_BASE}/?post_type=fp_page&p=${cardServicesId()}`),
      toPost(2, 'Denver', 'news', 521, `${WORDPRESS_BASE}/?post_type=news&p=521`),
    ]);
    expect((await getMenu()).map((t) => t.href)).toEqual(['/pages/card-services', '/?post_type=news&p=521']);
    expect(recorder.urls.filter((u) => u.pathname.endsWith('/news-id'))).toEqual([]);
  });

  it("links to WordPress's home become /; post types the site does not have, custom links and other hosts keep the plain rule", async () => {
    useMenu([
      wp(1, 0, 'Home', `${WORDPRESS_BASE}/`),
      toPost(2, 'A core page', 'page', 12, `${WORDPRESS_BASE}/about/`),
      toPost(3, 'Elsewhere', 'news', 521, 'https://partner.example.org/news/some-slug/'),
      { ...wp(4, 0, 'Custom', `${WORDPRESS_BASE}/news/typed-by-hand/`), type: 'custom', object: 'custom' },
      toPost(5, 'Unknown type', 'no_such_type', 77, `${WORDPRESS_BASE}/no_such_type/x/`),
    ]);
    expect((await getMenu()).map((t) => t.href)).toEqual(['/', '/about', 'https://partner.example.org/news/some-slug/', '/news/typed-by-hand', '/no_such_type/x']);
  });

  it('post types unreadable: the links keep the plain rule, and that menu is not cached (the next page tries again)', async () => {
    jest.useFakeTimers();
    let typesDown = true;
    // Down, then back: a resolver that returns nothing falls through to the fake WordPress.
    server.use(http.get(TYPES, () => (typesDown ? HttpResponse.json({ code: 'x' }, { status: 500 }) : undefined)));
    const pending = getMenu();
    await jest.advanceTimersByTimeAsync(2 * 3000);
    const menu = await pending;
    expect(hrefOf(menu, 'Our Denver office')).toBe('/news/corvane-opens-regional-office-in-denver');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('post types could not be read'));

    typesDown = false;
    expect(hrefOf(await getMenu(), 'Our Denver office')).toBe('/about-us/news/corvane-opens-regional-office-in-denver');
    expect(reads(NAVIGATION)).toHaveLength(2);
    // Now complete: cached.
    await getMenu();
    expect(reads(NAVIGATION)).toHaveLength(2);
  });

  // Issue 10 §2: with the companion plugin's HEADLESS_SITE_URL, WordPress gives published posts'
  // menu links as their SITE address (SITE_URL is https://www.example.com in the tests).
  const SITE = 'https://www.example.com';

  it('issue 10 §2: links carrying the site address (the plugin with HEADLESS_SITE_URL) are taken as they are, with no read', async () => {
    fakeWordPress().collections.fp_page.find((p) => p.slug === 'card-services')!.acf.section = 'solutions';
    const home = fakeWordPress().collections.fp_page.find((p) => p.slug === 'home')!;
    useMenu([
      toPost(1, 'Denver', 'news', 521, `${SITE}/about-us/news/corvane-opens-regional-office-in-denver`),
      toPost(2, 'Cards', 'fp_page', cardServicesId(), `${SITE}/solutions/card-services`),
      toPost(3, 'Home', 'fp_page', home.id, `${SITE}/`),
      toPost(4, 'Contact', 'fp_page', 77, `${SITE}/contact-us`),
    ]);
    recorder.urls.length = 0;
    expect((await getMenu()).map((t) => t.href)).toEqual([
      '/about-us/news/corvane-opens-regional-office-in-denver',
      '/solutions/card-services',
      '/',
      '/contact-us',
    ]);
    expect([reads(TYPES), reads(PAGE_LIST)].map((r) => r.length)).toEqual([0, 0]);
  });

  it("issue 10 §2: the seed's menu over the plugin with HEADLESS_SITE_URL (the fake's siteUrl): the same site paths", async () => {
    Object.assign(fakeWordPress(), createSeedStore({ siteUrl: SITE, postTypeNames: prefixedPostTypeNames('ph_') }));
    const menu = await getMenu();
    expect(hrefOf(menu, 'Our Denver office')).toBe('/about-us/news/corvane-opens-regional-office-in-denver');
    expect(hrefOf(menu, 'Card Services')).toBe('/pages/card-services');
  });

  it('issue 10 §2: a menu mixing site addresses and WordPress permalinks gives site paths for both', async () => {
    useMenu([
      toPost(1, 'Denver', 'news', 521, `${SITE}/about-us/news/corvane-opens-regional-office-in-denver`),
      toPost(2, 'Cards', 'fp_page', cardServicesId(), `${WORDPRESS_BASE}/fp_page/card-services/`),
    ]);
    expect((await getMenu()).map((t) => t.href)).toEqual(['/about-us/news/corvane-opens-regional-office-in-denver', '/pages/card-services']);
  });

  it('page list unreadable: a link to a page uses its permalink slug in the default section; other links are mapped', async () => {
    jest.useFakeTimers();
    fakeWordPress().collections.fp_page.find((p) => p.slug === 'card-services')!.acf.section = 'solutions';
    server.use(http.get(PAGE_LIST, () => HttpResponse.error()));
    const pending = getMenu();
    await jest.advanceTimersByTimeAsync(2 * 3000);
    const menu = await pending;
    expect(hrefOf(menu, 'Card Services')).toBe('/pages/card-services');
    expect(hrefOf(menu, 'Our Denver office')).toBe('/about-us/news/corvane-opens-regional-office-in-denver');
  });
});
