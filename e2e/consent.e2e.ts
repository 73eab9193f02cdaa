/**
 * Cookie consent in real Chromium (spec §2 consent overlays, §4 Consent, §5, §9):
 * - before any choice the first consent command is the default with all 7 signals denied, and no
 *   analytics cookie exists; the banner is a bar at the bottom that shifts no layout;
 * - accept all → an update with all 7 granted; cc_cookie: path /, SameSite Lax, ≈182 days;
 * - reject all and the close button → all denied, and _ga, _ga_XXXX, _gid are cleared;
 * - accept the current selection → only the chosen signals granted;
 * - the preferences dialog sits in the right half at 1280 px, Escape closes it, Tab stays inside;
 * - the footer "Cookie settings" reopens it, and a change to "reject" clears analytics cookies.
 *
 * Playwright sets navigator.webdriver, which the library's bot hiding (on in production) uses to
 * hide the banner from crawlers; each context here overrides it, as a visitor's browser reads.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, BrowserContextOptions, Cookie, Page } from 'playwright-core';
import { DESKTOP, LAYOUT_SHIFT_TOLERANCE, launchBrowser, layoutShiftScore, MOBILE, openPage, settled } from './helpers/browser';
import { poll, siteUrl } from './helpers/site';

const SIGNALS = [
  'analytics_storage',
  'ad_storage',
  'ad_user_data',
  'ad_personalization',
  'functionality_storage',
  'personalization_storage',
  'security_storage',
];
const all = (value: 'granted' | 'denied') => Object.fromEntries(SIGNALS.map((s) => [s, value]));
const CLOSE_LABEL = 'Close and reject non-essential cookies';
const PAGE = '/about-us/news';
const DAY_S = 24 * 60 * 60;

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
});

/** A fresh visitor (no cookies) whose browser does not announce automation. */
async function visitor(viewport: { width: number; height: number } = DESKTOP, options: BrowserContextOptions = {}) {
  const opened = await openPage(browser, viewport, options);
  contexts.push(opened.context);
  await opened.context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'webdriver', { configurable: true, get: () => false }),
  );
  return opened;
}

/** The gtag commands in the data layer, as plain arrays, with whether each was an Arguments object. */
function commands(page: Page): Promise<{ args: unknown[]; isArguments: boolean }[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) => ({
      args: Array.from(entry as ArrayLike<unknown>),
      isArguments: Object.prototype.toString.call(entry) === '[object Arguments]',
    })),
  );
}

async function updates(page: Page): Promise<Record<string, string>[]> {
  return (await commands(page))
    .filter((c) => c.args[0] === 'consent' && c.args[1] === 'update')
    .map((c) => c.args[2] as Record<string, string>);
}

/** Waits until `count` consent updates have been pushed and returns them. */
function waitForUpdates(page: Page, count: number): Promise<Record<string, string>[]> {
  return poll(async () => {
    const list = await updates(page);
    return list.length >= count ? list : undefined;
  }, { what: `${count} consent update(s)` });
}

const banner = (page: Page) => page.getByRole('dialog', { name: 'We value your privacy' });
const preferences = (page: Page) => page.getByRole('dialog', { name: 'Cookie preferences' });

async function openWithBanner(viewport?: { width: number; height: number }, options?: BrowserContextOptions) {
  const opened = await visitor(viewport, options);
  await opened.page.goto(siteUrl(PAGE));
  await banner(opened.page).waitFor({ state: 'visible' });
  return opened;
}

const analyticsCookies = (cookies: Cookie[]) => cookies.filter((c) => /^_ga/.test(c.name) || c.name === '_gid').map((c) => c.name);

async function addAnalyticsCookies(context: BrowserContext): Promise<void> {
  const url = siteUrl('/');
  await context.addCookies([
    { name: '_ga', value: 'GA1.1.123.456', url },
    { name: '_ga_XXXX1234', value: 'GS1.1.1.1.1.1', url },
    { name: '_gid', value: 'GA1.1.789.012', url },
  ]);
  expect(analyticsCookies(await context.cookies()).sort()).toEqual(['_ga', '_ga_XXXX1234', '_gid']);
}

/** True when the element that has focus is inside `selector`. */
const focusInside = (page: Page, selector: string) =>
  page.evaluate((sel) => Boolean(document.activeElement && document.querySelector(sel)?.contains(document.activeElement)), selector);

describe('cookie consent (spec §4)', () => {
  test('spec §4 before any choice: the first consent command is the default with all 7 signals denied, and no _ga/_gid cookie', async () => {
    const { page, context, errors } = await openWithBanner();
    const list = await commands(page);
    const firstConsent = list.find((c) => c.args[0] === 'consent');
    expect(firstConsent).toEqual({ args: ['consent', 'default', all('denied')], isArguments: true });
    expect(list.filter((c) => c.args[1] === 'update')).toEqual([]);
    // The default is the first script of the document that runs (JSON-LD data blocks a page adds
    // through next/head may precede it in <head>; they do not execute).
    const firstScript = await page.evaluate(() => {
      const runs = (s: HTMLScriptElement) => !s.type || /^(text|application)\/(javascript|ecmascript)$|^module$/i.test(s.type);
      return [...document.scripts].filter(runs).map((s) => ({ id: s.id, inHead: s.parentElement === document.head }))[0];
    });
    expect(firstScript).toEqual({ id: 'consent-default', inHead: true });
    expect(analyticsCookies(await context.cookies())).toEqual([]);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('cc_cookie');
    expect(errors.pageErrors).toEqual([]);
  });

  test("issue 19: the library's stylesheet is not render-blocking: the page's own stylesheets hold none of its rules, it comes with the consent chunk", async () => {
    const { page } = await openWithBanner();
    // The stylesheets the server HTML links (render-blocking), and every stylesheet once the banner shows.
    const linked = await page.evaluate(async (url) => {
      const html = await (await fetch(url)).text();
      return [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('link[rel="stylesheet"]')].map((l) => new URL(l.getAttribute('href')!, url).href);
    }, siteUrl('/'));
    const texts = await page.evaluate((hrefs) => Promise.all(hrefs.map(async (href) => (await fetch(href)).text())), linked);
    expect(linked.length).toBeGreaterThan(0);
    // The toggle's knob and the table rows are styled by the library only (consent.css has no such rule).
    const libraryRule = /toggle__icon-circle|pm__table-tr/;
    expect(texts.filter((css) => libraryRule.test(css))).toEqual([]);
    const loaded = await page.evaluate(() => [...document.styleSheets].some((sheet) => [...sheet.cssRules].some((rule) => /toggle__icon-circle/.test(rule.cssText))));
    expect(loaded).toBe(true);
  });

  test('spec §2 the banner is a bar at the bottom, buttons of unequal weight, no layout shift (CLS 0), no serious axe violation', async () => {
    const { page } = await openWithBanner();
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await banner(page).boundingBox();
    expect(box).not.toBeNull();
    const viewport = page.viewportSize() ?? DESKTOP;
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(viewport.height);
    expect(Math.round(box?.width ?? 0)).toBe(viewport.width);
    expect(await banner(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    const weights = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('#cc-main .cm__btn:not(.cc-close-btn)')].map((b) => [b.textContent?.trim(), getComputedStyle(b).backgroundColor]),
    );
    const background = Object.fromEntries(weights);
    expect(background['Accept all']).not.toBe(background['Reject all']);
    expect(Object.keys(background)).toEqual(expect.arrayContaining(['Accept all', 'Reject all', 'Manage Individual preferences']));
    expect(await layoutShiftScore(page)).toBeLessThan(LAYOUT_SHIFT_TOLERANCE);
    const results = await new AxeBuilder({ page }).include('#cc-main').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  test('spec §4 accept all: an update with all 7 granted; spec §9 cc_cookie path /, SameSite Lax, expires in ≈182 days', async () => {
    const { page, context } = await openWithBanner();
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    const list = await waitForUpdates(page, 1);
    expect(list).toEqual([all('granted')]);
    await expect(banner(page).isVisible()).resolves.toBe(false);
    const cookie = (await context.cookies()).find((c) => c.name === 'cc_cookie');
    expect(cookie).toBeDefined();
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / DAY_S;
    expect(days).toBeGreaterThan(181.9);
    expect(days).toBeLessThanOrEqual(182.01);
    const stored = JSON.parse(decodeURIComponent(cookie?.value ?? '{}')) as { categories: string[]; services: Record<string, string[]> };
    // The spec's five, and "External media" (embeds, issue 17) with every provider.
    expect(stored.categories.sort()).toEqual(['advertisement', 'analytics', 'embeds', 'functionality', 'necessary', 'security']);
    expect(stored.services.embeds?.length).toBeGreaterThan(0);

    // Next page load: no banner, and onConsent restores the granted signals after the default.
    await page.reload();
    const again = await waitForUpdates(page, 1);
    expect(again).toEqual([all('granted')]);
    expect((await commands(page))[0]?.args.slice(0, 2)).toEqual(['consent', 'default']);
    await settled(page, { idle: true });
    await expect(banner(page).isVisible()).resolves.toBe(false);
  });

  test('spec §4 reject all: an update with all 7 denied, and _ga, _ga_XXXX and _gid set beforehand are gone', async () => {
    const { page, context } = await openWithBanner();
    await addAnalyticsCookies(context);
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    expect(await waitForUpdates(page, 1)).toEqual([all('denied')]);
    expect(analyticsCookies(await context.cookies())).toEqual([]);
    const cookie = (await context.cookies()).find((c) => c.name === 'cc_cookie');
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}')).categories).toEqual(['necessary']);
  });

  test('spec §4 analytics cookies present at page load without analytics consent are cleared', async () => {
    const { page, context } = await visitor();
    await addAnalyticsCookies(context);
    await page.goto(siteUrl(PAGE));
    await banner(page).waitFor({ state: 'visible' });
    await poll(async () => (analyticsCookies(await context.cookies()).length === 0 ? true : undefined), { what: 'analytics cookies cleared' });
  });

  test('spec §4 the close button (keyboard) counts as reject: all denied, cookies cleared, banner hidden', async () => {
    const { page, context } = await openWithBanner();
    await addAnalyticsCookies(context);
    const close = banner(page).getByRole('button', { name: CLOSE_LABEL });
    await expect(close.isVisible()).resolves.toBe(true);
    // Reached with the keyboard: Tab through the banner until the close button has focus.
    await banner(page).getByRole('button', { name: 'Accept all' }).focus();
    let reached = false;
    for (let i = 0; i < 10 && !reached; i += 1) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate((label) => document.activeElement?.getAttribute('aria-label') === label, CLOSE_LABEL);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    expect(await waitForUpdates(page, 1)).toEqual([all('denied')]);
    await poll(async () => ((await banner(page).isVisible()) ? undefined : true), { what: 'banner hidden' });
    expect(analyticsCookies(await context.cookies())).toEqual([]);
    const cookie = (await context.cookies()).find((c) => c.name === 'cc_cookie');
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}')).categories).toEqual(['necessary']);
  });

  test('spec §4 accept the current selection: only the chosen service is granted', async () => {
    const { page } = await openWithBanner();
    await banner(page).getByRole('button', { name: 'Manage Individual preferences' }).click();
    const dialog = preferences(page);
    await dialog.waitFor({ state: 'visible' });
    // The dialog slides in: a click during the transition lands where the toggle no longer is.
    await settled(page);
    const toggle = dialog.locator('input[value="analytics"]');
    // The switch's input is visually hidden under its styled track: click the element itself.
    await toggle.evaluate((input: HTMLInputElement) => input.click());
    expect(await toggle.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Accept current selection' }).click();
    expect(await waitForUpdates(page, 1)).toEqual([{ ...all('denied'), analytics_storage: 'granted' }]);
  });

  test('issue 19: a tap on "Manage Individual preferences" dims the page in its first frame; the dialog, not built ahead, follows', async () => {
    const { page, errors } = await openWithBanner(MOBILE, { hasTouch: true, isMobile: true });
    await settled(page, { idle: true });
    // Nothing built ahead during the load: a first visit does not pay for a dialog it may never open.
    expect(await page.locator('#cc-main .pm').count()).toBe(0);
    // The state of every frame from the tap on, read in each frame's animation callbacks (what that frame paints).
    await page.evaluate(() => {
      const frames: { opening: boolean; built: boolean; shown: boolean }[] = [];
      (window as unknown as { __frames: typeof frames }).__frames = frames;
      const record = () => {
        const root = document.documentElement;
        frames.push({ opening: root.classList.contains('cc--opening'), built: document.querySelector('#cc-main .pm') !== null, shown: root.classList.contains('show--preferences') });
        if (!root.classList.contains('show--preferences') && frames.length < 600) requestAnimationFrame(record);
      };
      document.addEventListener('click', () => requestAnimationFrame(record), { capture: true, once: true });
    });
    const box = await banner(page).getByRole('button', { name: 'Manage Individual preferences' }).boundingBox();
    if (!box) throw new Error('the button has no box');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await preferences(page).waitFor({ state: 'visible' });
    const frames = await page.evaluate(() => (window as unknown as { __frames: { opening: boolean; built: boolean; shown: boolean }[] }).__frames);
    // The tap's frame: dimmed, nothing built (a finger's mouseenter no longer builds it inside the tap).
    expect(frames[0]).toEqual({ opening: true, built: false, shown: false });
    // Then the dialog, built once, takes over from the dimming.
    expect(frames.at(-1)).toEqual({ opening: false, built: true, shown: true });
    expect(await page.locator('#cc-main .pm').count()).toBe(1);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('#cc-main .pm-overlay') as Element).opacity)).toBe('1');
    expect(errors.pageErrors).toEqual([]);
  });

  test('spec §2/§5 the preferences dialog: right half at 1280 px, equal-weight buttons, Escape closes it, Tab stays inside', async () => {
    const { page } = await openWithBanner(DESKTOP);
    await banner(page).getByRole('button', { name: 'Manage Individual preferences' }).click();
    const dialog = preferences(page);
    await dialog.waitFor({ state: 'visible' });
    await settled(page); // the opening transition
    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.x ?? 0).toBeGreaterThanOrEqual(DESKTOP.width / 2);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(DESKTOP.width);
    const [acceptAll, rejectAll] = await Promise.all(
      ['Accept all', 'Reject all'].map((name) => dialog.getByRole('button', { name, exact: true }).evaluate((b) => getComputedStyle(b).backgroundColor)),
    );
    expect(acceptAll).toBe(rejectAll);

    // Focus moves into the dialog and Tab never leaves it.
    await poll(async () => ((await focusInside(page, '#cc-main .pm')) ? true : undefined), { what: 'focus inside the dialog' });
    for (let i = 0; i < 20; i += 1) {
      await page.keyboard.press('Tab');
      expect({ tab: i + 1, inside: await focusInside(page, '#cc-main .pm') }).toEqual({ tab: i + 1, inside: true });
    }
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect({ shiftTab: i + 1, inside: await focusInside(page, '#cc-main .pm') }).toEqual({ shiftTab: i + 1, inside: true });
    }
    const results = await new AxeBuilder({ page }).include('#cc-main .pm').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    await page.keyboard.press('Escape');
    await poll(async () => ((await dialog.isVisible()) ? undefined : true), { what: 'dialog closed by Escape' });
  });

  test('spec §4 the footer "Cookie settings" reopens the dialog; changing to reject clears the analytics cookies', async () => {
    const { page, context } = await openWithBanner();
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await waitForUpdates(page, 1);
    await addAnalyticsCookies(context);
    const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
    await settings.scrollIntoViewIfNeeded();
    await settings.click();
    const dialog = preferences(page);
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: 'Reject all', exact: true }).click();
    const list = await waitForUpdates(page, 2);
    expect(list).toEqual([all('granted'), all('denied')]);
    expect(analyticsCookies(await context.cookies())).toEqual([]);
  });

  test('spec §2 on a small screen the banner and the dialog still work (375 px)', async () => {
    const { page } = await openWithBanner(MOBILE);
    const box = await banner(page).boundingBox();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(MOBILE.height);
    await banner(page).getByRole('button', { name: 'Manage Individual preferences' }).click();
    await preferences(page).waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await poll(async () => ((await preferences(page).isVisible()) ? undefined : true), { what: 'dialog closed' });
  });
});
