/**
 * Embeds gated on consent, in real Chromium (issue 17, docs/blocks.md "Embeds",
 * docs/consent-and-analytics.md "External media"), step by step:
 * 1. before any choice: a placeholder per embed (provider, notice, a "Load …" button, a plain
 *    link), no iframe, and no request at all to any provider's host;
 * 2. the button loads that iframe (the provider's privacy address, sandbox, allow, referrer
 *    policy, lazy, title) in the placeholder's box (no shift), records consent to that provider
 *    in cc_cookie's "embeds" category, and loads the provider's other embeds on the page, not
 *    the other provider's;
 * 3. on reload the accepted provider's embeds load directly;
 * 4. withdrawing it (preferences: untick "External media"; or "Reject all") brings the
 *    placeholders back;
 * 5. at 375 px the placeholder keeps its ratio, its button and link are inside it, focus is
 *    visible, and axe finds nothing;
 * and throughout no CSP violation and no page error.
 *
 * Two sources of markup: the seed blog post that holds __mocks__/wordpress/seed/embeds.ts, as
 * the site's sanitizer writes it (a YouTube and a Vimeo embed, each as WordPress's oEmbed iframe
 * and as the bare URL WordPress leaves without oEmbed), and the same post with the placeholders injected into the served page
 * exactly as the sanitizer's contract says (embedPlaceholderHtml inside WordPress's wrapper), so
 * the gate is proven on markup this test controls whatever the sanitizer does.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage, serveAltered, settled } from './helpers/browser';
import { NEXT_DATA_SCRIPT, poll, siteUrl } from './helpers/site';
import { EMBED_SANDBOX, embedFrameOrigins, embedPlaceholderHtml, matchEmbed } from '../src/lib/embeds/providers';

const POST = '/resources/blogs/reading-the-numbers-business-intelligence-for-busy-operators';
const PROVIDER_HOSTS = ['youtube.com', 'youtube-nocookie.com', 'youtu.be', 'ytimg.com', 'googlevideo.com', 'vimeo.com', 'vimeocdn.com'];
const isProviderRequest = (url: string) => {
  const host = new URL(url).hostname;
  return PROVIDER_HOSTS.some((provider) => host === provider || host.endsWith(`.${provider}`));
};

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

/** The placeholders the sanitizer's contract produces for the seed post's four embeds. */
function expectedBodyAdditions(): string {
  const figure = (url: string) => {
    const embed = matchEmbed(url);
    if (!embed) throw new Error(`no embed for ${url}`);
    const provider = embed.provider.key;
    return `<figure class="wp-block-embed is-type-video is-provider-${provider} wp-block-embed-${provider} wp-embed-aspect-16-9 wp-has-aspect-ratio"><div class="wp-block-embed__wrapper">${embedPlaceholderHtml(embed)}</div></figure>`;
  };
  return [
    'https://www.youtube.com/embed/M7lc1UVf-VE?feature=oembed',
    'https://player.vimeo.com/video/76979871?h=8272103f6e&dnt=1&app_id=122963',
    'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    'https://vimeo.com/22439234',
  ]
    .map(figure)
    .join('\n');
}

/** JSON as Next writes it into __NEXT_DATA__ (`<`, `>`, `&` and the two line separators escaped). */
const nextJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * Serves the post with the contract's placeholders in place of whatever embeds its body holds:
 * the body's HTML in the page has its embed figures removed and the expected ones appended, and
 * `styles.embeds` in __NEXT_DATA__ names both providers. The document's data does not repeat the
 * body (src/lib/shared/site/documentData.ts), so the body as served is read from the page's JSON.
 */
async function injectPlaceholders(context: BrowserContext): Promise<void> {
  await serveAltered(context, `**${POST}`, async (text, url) => {
    const match = NEXT_DATA_SCRIPT.exec(text);
    if (!match) throw new Error('no __NEXT_DATA__');
    const data = JSON.parse(match[2] as string) as { buildId: string; props: { pageProps: { item: { styles: { embeds: string[] } } } } };
    const json = await fetch(new URL(`/_next/data/${data.buildId}${POST}.json`, url));
    const original = ((await json.json()) as { pageProps: { item: { html: string } } }).pageProps.item.html;
    const withoutEmbeds = original.replace(/<figure class="wp-block-embed[\s\S]*?<\/figure>/g, '');
    const item = data.props.pageProps.item;
    item.styles = { ...item.styles, embeds: ['vimeo', 'youtube'] };
    if (!text.includes(original)) throw new Error('the body is not in the page verbatim');
    return text.replace(match[0], `${match[1]}${nextJson(data)}${match[3]}`).replace(original, `${withoutEmbeds}\n${expectedBodyAdditions()}`);
  });
}

interface Visitor {
  page: Page;
  context: BrowserContext;
  requests: string[];
  problems: string[];
}

/** A fresh visitor whose browser does not announce automation (the consent banner's bot hiding), recording every request and every CSP problem. */
async function visitor(inject: boolean, viewport: { width: number; height: number } = DESKTOP): Promise<Visitor> {
  const opened = await openPage(browser, viewport);
  contexts.push(opened.context);
  const { context, page } = opened;
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'webdriver', { configurable: true, get: () => false });
    document.addEventListener('securitypolicyviolation', (event) => {
      ((window as unknown as { cspViolations?: string[] }).cspViolations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  // The site's popup alert (a modal <dialog> that opens on the page load after the consent choice)
  // would cover the footer's "Cookie settings": no alerts here (a failed read shows none).
  await context.route(/\/wp-json\/wp\/v2\/alert\b/, (route) => route.abort());
  if (inject) await injectPlaceholders(context);
  const requests: string[] = [];
  const problems: string[] = [];
  context.on('request', (request: Request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (/Content Security Policy|Permissions-Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { page, context, requests, problems };
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
const placeholders = (page: Page) => page.locator('.site-embed');
const frames = (page: Page) => page.locator('.site-embed iframe');
const providerRequests = (v: Visitor) => v.requests.filter(isProviderRequest);
/** The first placeholder's box in page coordinates (independent of scrolling). */
const firstBox = (page: Page) =>
  placeholders(page)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
    });

async function open(v: Visitor): Promise<void> {
  await v.page.goto(siteUrl(POST));
  await v.page.locator('.site-embed').first().waitFor();
  // The consent manager has run (the banner, or a stored choice applied) and the network is quiet.
  await settled(v.page, { idle: true });
}

function storedEmbeds(cookies: { name: string; value: string }[]): string[] | undefined {
  const cookie = cookies.find((c) => c.name === 'cc_cookie');
  if (!cookie) return undefined;
  return (JSON.parse(decodeURIComponent(cookie.value)) as { services?: Record<string, string[]> }).services?.embeds;
}

async function expectNoProblems(v: Visitor): Promise<void> {
  expect(await violations(v.page)).toEqual([]);
  expect(v.problems).toEqual([]);
}

describe.each([
  ['markup the test injects as the sanitizer contract says', true],
  ['the seed post as the site\'s sanitizer writes it', false],
])('issue 17 embeds gated on consent (%s)', (_label, inject) => {
  test('step by step: nothing before consent; the button loads it and records consent; reload loads directly; withdrawing brings placeholders back', async () => {
    const v = await visitor(inject);
    const { page } = v;

    // 1. Before any choice.
    await open(v);
    await page.getByRole('dialog', { name: 'We value your privacy' }).waitFor({ state: 'visible' });
    await expect(placeholders(page).count()).resolves.toBe(4);
    await expect(frames(page).count()).resolves.toBe(0);
    expect(providerRequests(v)).toEqual([]);
    const buttons = page.getByRole('button', { name: /^Load (YouTube|Vimeo) video$/ });
    await expect(buttons.allTextContents()).resolves.toEqual(['Load YouTube video', 'Load Vimeo video', 'Load YouTube video', 'Load Vimeo video']);
    const links = page.locator('.site-embed a');
    await expect(links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).resolves.toEqual([
      'https://www.youtube.com/watch?v=M7lc1UVf-VE',
      'https://vimeo.com/76979871/8272103f6e',
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      'https://vimeo.com/22439234',
    ]);
    // The placeholder has the embed's 16:9 box.
    const before = await firstBox(page);
    expect(Math.abs(before.height - (before.width * 9) / 16)).toBeLessThan(2);
    expect(storedEmbeds(await v.context.cookies())).toBeUndefined();

    // 2. The button: this iframe now, consent recorded, the provider's other embed too. (Scrolled
    // to the middle of the viewport first: the banner is a bar over the bottom of the page.)
    await placeholders(page).first().evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await buttons.first().click();
    const first = placeholders(page).first().locator('iframe');
    await first.waitFor();
    await expect(first.getAttribute('src')).resolves.toBe('https://www.youtube-nocookie.com/embed/M7lc1UVf-VE');
    await expect(first.getAttribute('sandbox')).resolves.toBe(EMBED_SANDBOX);
    await expect(first.getAttribute('allow')).resolves.toBe('fullscreen; picture-in-picture; encrypted-media');
    await expect(first.getAttribute('referrerpolicy')).resolves.toBe('strict-origin-when-cross-origin');
    await expect(first.getAttribute('loading')).resolves.toBe('lazy');
    await expect(first.getAttribute('title')).resolves.toBe('YouTube video');
    await poll(async () => ((await frames(page).count()) === 2 ? true : undefined), { what: 'both YouTube embeds' });
    await expect(frames(page).evaluateAll((fs) => fs.map((f) => f.getAttribute('src')))).resolves.toEqual([
      'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE',
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    ]);
    await expect(page.locator('[data-embed="vimeo"] iframe').count()).resolves.toBe(0);
    // The iframe took the placeholder's box: nothing moved.
    expect(await firstBox(page)).toEqual(before);
    const frameBox = await first.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
    });
    expect(Math.abs(frameBox.width - before.width)).toBeLessThanOrEqual(2);
    expect(Math.abs(frameBox.height - before.height)).toBeLessThanOrEqual(2);
    await poll(async () => (storedEmbeds(await v.context.cookies())?.includes('youtube') ? true : undefined), { what: 'consent stored' });
    expect(storedEmbeds(await v.context.cookies())).toEqual(['youtube']);
    // The browser asked YouTube's privacy host (the test's network aborts it), never Vimeo.
    await poll(async () => (providerRequests(v).some((url) => url.startsWith('https://www.youtube-nocookie.com/embed/')) ? true : undefined), { what: 'the iframe request' });
    expect(providerRequests(v).filter((url) => /vimeo/.test(new URL(url).hostname))).toEqual([]);
    for (const url of providerRequests(v)) expect(embedFrameOrigins()).toContain(new URL(url).origin);

    // 3. Reload: YouTube loads without a click; Vimeo still waits.
    v.requests.length = 0;
    await page.reload();
    await poll(async () => ((await frames(page).count()) === 2 ? true : undefined), { what: 'YouTube embeds after reload' });
    await expect(page.locator('[data-embed="vimeo"] iframe').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Load Vimeo video' }).count()).resolves.toBe(2);
    // A choice is stored now: no banner.
    await expect(page.getByRole('dialog', { name: 'We value your privacy' }).isVisible()).resolves.toBe(false);

    // 4a. Withdraw in the preferences: untick "External media", save → placeholders back.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
    await dialog.waitFor({ state: 'visible' });
    await settled(page);
    const toggle = dialog.locator('input[value="embeds"]');
    await expect(toggle.isChecked()).resolves.toBe(true);
    await toggle.evaluate((input: HTMLInputElement) => input.click());
    await dialog.getByRole('button', { name: 'Accept current selection' }).click();
    await poll(async () => ((await frames(page).count()) === 0 ? true : undefined), { what: 'embeds removed' });
    await expect(page.getByRole('button', { name: 'Load YouTube video' }).count()).resolves.toBe(2);
    expect(storedEmbeds(await v.context.cookies())).toEqual([]);

    // 4b. Accept again with a button, then "Reject all": removed again.
    await page.getByRole('button', { name: 'Load Vimeo video' }).first().click();
    await poll(async () => ((await page.locator('[data-embed="vimeo"] iframe').count()) === 2 ? true : undefined), { what: 'Vimeo embeds' });
    await expect(page.locator('[data-embed="vimeo"] iframe').first().getAttribute('src')).resolves.toBe('https://player.vimeo.com/video/76979871?h=8272103f6e&dnt=1');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await dialog.waitFor({ state: 'visible' });
    await settled(page);
    await dialog.getByRole('button', { name: 'Reject all' }).click();
    await poll(async () => ((await frames(page).count()) === 0 ? true : undefined), { what: 'embeds removed by Reject all' });

    await expectNoProblems(v);
  });

  test('at 375 px: the placeholder keeps the 16:9 box, its button and link inside it, no horizontal scroll', async () => {
    const v = await visitor(inject, MOBILE);
    await open(v);
    const box = await placeholders(v.page).first().boundingBox();
    const button = await v.page.getByRole('button', { name: 'Load YouTube video' }).first().boundingBox();
    const link = await v.page.locator('.site-embed a').first().boundingBox();
    if (!box || !button || !link) throw new Error('no boxes');
    expect(Math.abs(box.height - (box.width * 9) / 16)).toBeLessThan(2);
    for (const inner of [button, link]) {
      expect(inner.x).toBeGreaterThanOrEqual(box.x);
      expect(inner.y).toBeGreaterThanOrEqual(box.y);
      expect(inner.x + inner.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      expect(inner.y + inner.height).toBeLessThanOrEqual(box.y + box.height + 0.5);
    }
    expect(button.height).toBeGreaterThanOrEqual(44);
    await expect(v.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    // Focus is visible on the button.
    await v.page.getByRole('button', { name: 'Load YouTube video' }).first().focus();
    await v.page.keyboard.press('Shift+Tab');
    await v.page.keyboard.press('Tab');
    await expect(v.page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)).resolves.toBe('solid');
    expect(providerRequests(v)).toEqual([]);
    // No accessibility violation in the placeholders (contrast, names, …).
    const results = await new AxeBuilder({ page: v.page }).include('.site-embed').analyze();
    expect(results.violations.map((violation) => `${violation.id} (${violation.impact})`)).toEqual([]);
    await expectNoProblems(v);
  });
});
