/**
 * Issue 11 "From the Preview button, in both the block and the classic editor" — the WordPress
 * half (contract C), in the real block editor of WordPress 6.1: its Preview opens WordPress's own
 * preview URL, which answers 302 to the site's `/api/preview` with a token the site can check.
 * For a published item with unsaved edits, the preview read then serves that editor's autosave
 * while the public read keeps the published text. (What the site does with the link is the site's
 * tests'; the classic editor's Preview link is covered by the plugin's PHPUnit tests.)
 */
import { createHmac } from 'node:crypto';
import type { Browser, BrowserContext, Page, Response as BrowserResponse } from 'playwright-core';
import { DESKTOP, launchBrowser } from '../helpers/browser';
import { adminSecrets, basicAuth, dismissWelcomeGuide, logInToWpAdmin } from '../helpers/realWordPress';
import { readState } from '../helpers/site';

const admin = adminSecrets();
let browser: Browser;
let context: BrowserContext;
let page: Page;
const created: number[] = [];

async function wp(path: string, init: RequestInit = {}, auth = basicAuth(admin.adminUser, admin.appPassword)): Promise<Response> {
  return fetch(`${readState().wordpressUrl}/wp-json${path}`, {
    ...init,
    headers: { authorization: auth, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  page = await context.newPage();
  await logInToWpAdmin(page);
});

afterAll(async () => {
  for (const id of created) await wp(`/wp/v2/news/${id}?force=true`, { method: 'DELETE' });
  await browser?.close();
});

async function openEditor(path: string): Promise<void> {
  await page.goto(`${readState().wordpressUrl}/wp-admin/${path}`);
  await page.waitForSelector('.edit-post-header');
  await dismissWelcomeGuide(page);
  await page.locator('.edit-post-welcome-guide').waitFor({ state: 'detached' });
}

/**
 * Clicks the block editor's Preview → "Preview in new tab", and returns WordPress's answer to the
 * preview URL the tab opened (the 302) and where it sent the tab.
 */
async function previewFromBlockEditor(): Promise<{ wordpress: BrowserResponse; site: URL }> {
  const { wordpressUrl, siteUrl } = readState();
  const wordpressAnswer = context.waitForEvent('response', {
    predicate: (r) => r.url().startsWith(`${wordpressUrl}/?`) && new URL(r.url()).searchParams.get('preview') === 'true',
    timeout: 60_000,
  });
  const siteRequest = context.waitForEvent('request', { predicate: (r) => r.url().startsWith(`${siteUrl}/api/preview?`), timeout: 60_000 });
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await page.getByRole('menuitem', { name: /Preview in new tab/ }).click();
  const [wordpress, request] = await Promise.all([wordpressAnswer, siteRequest]);
  await request.frame().page().close();
  return { wordpress, site: new URL(request.url()) };
}

/** The site's check of contract C's token, written here from the contract (not from the plugin). */
function expectSignedLink(site: URL, type: string, id: number): void {
  const { previewSecret } = readState();
  const params = Object.fromEntries(site.searchParams);
  expect(Object.keys(params)).toEqual(['type', 'id', 'user', 'expires', 'token']);
  expect(params).toMatchObject({ type, id: String(id), user: expect.stringMatching(/^[1-9]\d*$/) });
  const expires = Number(params.expires);
  const now = Math.floor(Date.now() / 1000);
  expect(expires).toBeGreaterThan(now);
  expect(expires).toBeLessThanOrEqual(now + 600);
  const message = `${params.type}\n${params.id}\n${params.user}\n${params.expires}`;
  expect(params.token).toBe(createHmac('sha256', previewSecret).update(message).digest('hex'));
}

function expectRedirectHeaders(wordpress: BrowserResponse): void {
  expect(wordpress.status()).toBe(302);
  const headers = wordpress.headers();
  expect(headers['cache-control']).toContain('no-store');
  expect(headers['referrer-policy']).toBe('no-referrer');
}

describe('issue 11 Preview buttons reach the site through a signed WordPress preview link', () => {
  test('a new draft without a slug: WordPress preview URL, then 302 to /api/preview with a valid token', async () => {
    await openEditor('post-new.php?post_type=ph_news');
    await page.locator('h1[aria-label="Add title"]').fill('Preview button draft');
    const { wordpress, site } = await previewFromBlockEditor();
    const id = Number(new URL(wordpress.url()).searchParams.get('p'));
    created.push(id);
    expectRedirectHeaders(wordpress);
    expectSignedLink(site, 'news', id);
    const draft = (await (await wp(`/wp/v2/news/${id}?context=edit`)).json()) as { status: string; slug: string };
    expect(draft).toMatchObject({ status: 'draft', slug: '' });
  });

  test('a published item with unsaved edits: the preview read serves the autosave, the public read the published text', async () => {
    const response = await wp('/wp/v2/news', { method: 'POST', body: JSON.stringify({ title: 'Published preview title', status: 'publish' }) });
    const { id } = (await response.json()) as { id: number };
    created.push(id);
    await openEditor(`post.php?post=${id}&action=edit`);
    await page.locator('h1[aria-label="Add title"]').fill('Edited but not updated');
    const { wordpress, site } = await previewFromBlockEditor();
    expect(new URL(wordpress.url()).searchParams.get('preview_id')).toBe(String(id));
    expectRedirectHeaders(wordpress);
    expectSignedLink(site, 'news', id);

    const { preview } = readState();
    if (!preview) throw new Error('the harness gave no preview reader (real mode)');
    const read = await wp(`/custom-api/v1/preview/news/${id}?user=${site.searchParams.get('user')}`, {}, basicAuth(preview.user, preview.password));
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toContain('no-store');
    expect(((await read.json()) as { title: { rendered: string } }).title.rendered).toBe('Edited but not updated');
    const publicRead = await fetch(`${readState().wordpressUrl}/wp-json/wp/v2/news/${id}`);
    expect(((await publicRead.json()) as { title: { rendered: string } }).title.rendered).toBe('Published preview title');
  });

  test('the preview reader reads drafts through the preview route only with its own capability', async () => {
    const { preview } = readState();
    if (!preview) throw new Error('the harness gave no preview reader (real mode)');
    const response = await wp('/wp/v2/news', { method: 'POST', body: JSON.stringify({ title: 'Reader draft', status: 'draft' }) });
    const { id } = (await response.json()) as { id: number };
    created.push(id);
    const asReader = basicAuth(preview.user, preview.password);
    expect((await wp(`/custom-api/v1/preview/news/${id}`, {}, asReader)).status).toBe(200);
    expect((await fetch(`${readState().wordpressUrl}/wp-json/custom-api/v1/preview/news/${id}`)).status).toBe(401);
    expect((await wp(`/wp/v2/news/${id}`, { method: 'POST', body: JSON.stringify({ title: 'x' }) }, asReader)).status).toBe(403);
    const me = (await (await wp('/wp/v2/users/me?context=edit', {}, asReader)).json()) as { roles: string[] };
    expect(me.roles).toEqual(['headless_previewer']);
  });
});
