/**
 * Rules of the header menu, operated by keyboard alone:
 * - at 1280 px: Tab reaches the first top item with a submenu; Enter opens it (aria-expanded=true,
 *   its links visible); ArrowDown moves focus to a link of it; Escape closes it and focus returns
 *   to its toggle;
 * - a hidden submenu's title never appears; '#' group headings are not links;
 * - at 375 px: the Menu button opens the drawer, focus moves inside, Tab stays inside, Escape
 *   closes it and focus returns to the Menu button.
 *
 * The menu's content is read from the content server (menu 3), so the test follows the seed.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './helpers/browser';
import { gotoHydrated, htmlToText, readState, squash } from './helpers/site';

interface WpMenuItem {
  ID: number;
  menu_item_parent: string;
  title: string;
  url: string;
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function wordpressMenu(): Promise<WpMenuItem[]> {
  const response = await fetch(`${readState().wordpressUrl}/wp-json/wp/v2/navigation/3`);
  expect(response.status).toBe(200);
  return (await response.json()) as WpMenuItem[];
}

/** Titles of the hidden submenus (a submenu whose link contains "hidden") and of their items, decoded. */
async function hiddenMenuTitles(page: Page): Promise<string[]> {
  const menu = await wordpressMenu();
  const topIds = new Set(menu.filter((m) => m.menu_item_parent === '0').map((m) => String(m.ID)));
  const hidden = menu.filter((m) => topIds.has(m.menu_item_parent) && /hidden/i.test(m.url));
  expect(hidden.length).toBeGreaterThan(0); // the seed has one (#hidden-legacy)
  const hiddenIds = new Set(hidden.map((m) => String(m.ID)));
  const items = menu.filter((m) => hiddenIds.has(m.menu_item_parent));
  return Promise.all([...hidden, ...items].map((m) => htmlToText(page, m.title)));
}

/** The element that has focus, described for assertions: tag, text and whether it is inside `root`. */
async function focusInfo(page: Page, root?: Locator) {
  return page.evaluate(
    (rootEl) => {
      const el = document.activeElement as HTMLElement | null;
      return {
        tag: el?.tagName.toLowerCase() ?? null,
        text: (el?.textContent ?? '').replace(/\s+/g, ' ').trim(),
        ariaLabel: el?.getAttribute('aria-label') ?? null,
        inside: rootEl ? rootEl.contains(el) : null,
        isBody: el === document.body,
      };
    },
    root ? await root.elementHandle() : null,
  );
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}

/** Presses Tab until `target` has focus; fails naming every element focus passed through. */
async function tabTo(page: Page, target: Locator, maxPresses = 25): Promise<void> {
  const trail: string[] = [];
  while (!(await isFocused(target))) {
    if (trail.length >= maxPresses) throw new Error(`Tab did not reach the target in ${maxPresses} presses; focus went: ${trail.join(' → ')}`);
    await page.keyboard.press('Tab');
    const info = await focusInfo(page);
    trail.push(`${info.tag} “${(info.ariaLabel ?? info.text).slice(0, 30)}”`);
  }
}

describe('the menu at 1280 px, by keyboard alone', () => {
  let context: BrowserContext;
  let page: Page;
  let nav: Locator;

  beforeEach(async () => {
    ({ context, page } = await openPage(browser, DESKTOP));
    expect(await gotoHydrated(page, '/')).toBe(200);
    nav = page.locator('header').getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(true);
  });

  afterEach(async () => {
    await context?.close();
  });

  test('Tab reaches the first top item with a submenu; Enter opens it; ArrowDown moves to a link; Escape closes and returns focus', async () => {
    const toggles = nav.locator('button[aria-expanded]');
    expect(await toggles.count()).toBeGreaterThan(0);
    const first = toggles.first();

    // Tab from the top of the page until the first toggle has focus (skip link and logo come before it).
    await tabTo(page, first);
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    const panel = page.locator(`[id="${await first.getAttribute('aria-controls')}"]`);
    expect(await panel.isVisible()).toBe(false);

    await page.keyboard.press('Enter');
    await page.waitForFunction((el) => el?.getAttribute('aria-expanded') === 'true', await first.elementHandle());
    expect(await panel.isVisible()).toBe(true);
    const links = panel.getByRole('link');
    expect(await links.count()).toBeGreaterThan(0);
    for (const link of await links.all()) expect(await link.isVisible()).toBe(true);

    await page.keyboard.press('ArrowDown');
    const afterArrow = await focusInfo(page, panel);
    expect(afterArrow).toMatchObject({ tag: 'a', inside: true });

    await page.keyboard.press('Escape');
    await page.waitForFunction((el) => el?.getAttribute('aria-expanded') === 'false', await first.elementHandle());
    expect(await panel.isVisible()).toBe(false);
    expect(await isFocused(first)).toBe(true);
  });

  test('a hidden submenu’s title never appears, even with every panel open', async () => {
    const hiddenTitles = await hiddenMenuTitles(page);
    for (const toggle of await nav.locator('button[aria-expanded]').all()) {
      await toggle.focus();
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await page.keyboard.press('Enter');
      const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
      await panel.waitFor({ state: 'visible' });
      const shown = squash(await panel.innerText());
      const panelName = squash(await toggle.innerText());
      expect({ panel: panelName, shown: hiddenTitles.filter((t) => shown.includes(t)) }).toEqual({ panel: panelName, shown: [] });
    }
    // Nor anywhere in the page's markup, hidden elements included (scripts, such as Next's page data, are data, not shown).
    const everything = squash(
      await page.evaluate(() => {
        const body = document.body.cloneNode(true) as HTMLElement;
        body.querySelectorAll('script, style, template, noscript').forEach((el) => el.remove());
        return body.textContent;
      }),
    );
    expect(hiddenTitles.filter((t) => everything.includes(t))).toEqual([]);
  });

  test('‘#’ group headings are not links', async () => {
    const menu = await wordpressMenu();
    const linked = new Set(await Promise.all(menu.filter((m) => m.url.trim() !== '#').map((m) => htmlToText(page, m.title))));
    const headings = await Promise.all(menu.filter((m) => m.url.trim() === '#').map((m) => htmlToText(page, m.title)));
    expect(headings.length).toBeGreaterThan(0);

    // No link of the menu points at '#'.
    const hrefs = await nav.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.filter((href) => href.trim() === '#' || href.endsWith('/#'))).toEqual([]);

    // Open every panel, then: each heading is shown, and (unless another item has the same label) not as a link.
    for (const toggle of await nav.locator('button[aria-expanded]').all()) {
      await toggle.focus();
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await page.keyboard.press('Enter');
      const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
      await panel.waitFor({ state: 'visible' });
      const panelText = squash(await panel.innerText());
      const toggleText = squash(await toggle.innerText());
      for (const heading of headings) {
        if (toggleText === heading) continue; // a '#' top item is the toggle button itself
        if (!panelText.includes(heading)) continue;
        if (!linked.has(heading)) expect({ heading, links: await panel.getByRole('link', { name: heading, exact: true }).count() }).toEqual({ heading, links: 0 });
      }
    }
    // The top items linking to '#' are buttons or text, never links.
    for (const heading of headings) {
      if (linked.has(heading)) continue;
      expect({ heading, links: await nav.getByRole('link', { name: heading, exact: true }).count() }).toEqual({ heading, links: 0 });
    }
  });
});

describe('the drawer at 375 px, by keyboard alone', () => {
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    ({ context, page } = await openPage(browser, MOBILE));
    expect(await gotoHydrated(page, '/')).toBe(200);
  });

  afterEach(async () => {
    await context?.close();
  });

  test('the Menu button opens the drawer, focus moves inside, Tab stays inside, Escape closes and focus returns to the button', async () => {
    const menuButton = page.locator('header').getByRole('button', { name: 'Menu', exact: true });
    expect(await menuButton.isVisible()).toBe(true);
    // The desktop menu is not shown at this width.
    expect(await page.locator('header').getByRole('navigation', { name: 'Main' }).first().isVisible()).toBe(false);

    // Reach the button with Tab.
    await tabTo(page, menuButton);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');

    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor({ state: 'visible' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    await page.waitForFunction((el) => el?.contains(document.activeElement) === true, await drawer.elementHandle());

    // Tab and Shift+Tab cycle inside the drawer (more presses than it has controls).
    const outside: string[] = [];
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const info = await focusInfo(page, drawer);
      if (!info.inside) outside.push(`Tab ${i + 1}: ${info.tag} “${info.text || info.ariaLabel}”`);
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      const info = await focusInfo(page, drawer);
      if (!info.inside) outside.push(`Shift+Tab ${i + 1}: ${info.tag} “${info.text || info.ariaLabel}”`);
    }
    expect(outside).toEqual([]);

    // Expanding every section by keyboard shows links; a hidden submenu never shows.
    for (const sectionToggle of await drawer.locator('button[aria-expanded]').all()) {
      await sectionToggle.focus();
      if ((await sectionToggle.getAttribute('aria-expanded')) !== 'true') await page.keyboard.press('Enter');
      await page.waitForFunction((el) => el?.getAttribute('aria-expanded') === 'true', await sectionToggle.elementHandle());
    }
    expect(await drawer.getByRole('link').count()).toBeGreaterThan(0);
    const shown = squash(await drawer.innerText());
    expect((await hiddenMenuTitles(page)).filter((t) => shown.includes(t))).toEqual([]);
    await drawer.locator('button[aria-expanded]').first().focus();

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await isFocused(menuButton)).toBe(true);
  });
});
