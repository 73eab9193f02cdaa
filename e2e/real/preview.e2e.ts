/**
 * Issue 11 against the real WordPress with the plugin (contract C, end to end): the editor logs in
 * to wp-admin in Chromium and follows the preview link WordPress generates; the plugin signs and
 * redirects; the site checks the token, reads the draft with the preview reader's application
 * password (the harness gives the site PREVIEW_SECRET and the credentials, and WordPress the
 * HEADLESS_* constants, e2e/harness/globalSetup.ts) and renders it.
 *
 * Content is made through WordPress's REST API as the admin (application password): a new draft,
 * an autosave of a published item (a per-user autosave revision, as the block editor makes for an
 * edited published post), and the seed's draft fp_page. What the test creates is deleted after.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { instance } from '../../scripts/real-wordpress/paths';
import { DESKTOP, launchBrowser, openPage } from '../helpers/browser';
import { adminRest, logInToWpAdmin } from '../helpers/realWordPress';
import { readState } from '../helpers/site';
import { exitPreview, expectExpiredTamperedAndOtherItemRefused, expectPreviewAnswer, expectPreviewBar, expectRefused, previewCookies } from '../helpers/preview';

const state = readState();
const wordpress = instance().url;
const PUBLISHED_SLUG = 'corvane-opens-regional-office-in-denver';
const PUBLISHED_TITLE = 'Corvane opens a regional office in Denver';
const PUBLISHED_PATH = `/about-us/news/${PUBLISHED_SLUG}`;

type Item = { id: number; slug: string; link: string; type: string; status: string; title: { raw?: string; rendered: string } };

const admin = adminRest();
const rest = <T>(method: string, path: string, body?: unknown): Promise<T> => admin.request<T>(method, path, body);

/** WordPress's preview URL as its editors build it: the item's `link` plus `preview=true` (the block editor for drafts). */
function previewUrlOf(link: string): string {
  const url = new URL(link);
  url.searchParams.set('preview', 'true');
  return url.toString();
}

/** The site link WordPress's preview URL redirects to (the plugin's signed link), with this context's login cookies. */
async function signedLinkFor(context: BrowserContext, previewUrl: string): Promise<string> {
  const response = await context.request.get(previewUrl, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()['cache-control']).toMatch(/no-store/);
  const location = response.headers().location ?? '';
  expect(location.startsWith(`${state.siteUrl}/api/preview?`)).toBe(true);
  return location;
}

let browser: Browser;
let editor: { context: BrowserContext; page: Page };
const created: Array<{ base: string; id: number }> = [];
let autosaveCleanup: (() => Promise<void>) | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  editor = await openPage(browser, DESKTOP);
  await logInToWpAdmin(editor.page);
});

afterAll(async () => {
  await browser?.close();
  for (const { base, id } of created) await rest('DELETE', `/wp/v2/${base}/${id}?force=true`).catch(() => undefined);
  await autosaveCleanup?.().catch(() => undefined);
});

describe('issue 11 previews from WordPress (real WordPress, the plugin)', () => {
  test('a new draft, previewed from the link WordPress generates for it, shows its title and body in the site\'s template, with the bar, private no-store and noindex', async () => {
    const draft = await rest<Item>('POST', '/wp/v2/news?context=edit', {
      title: 'Preview e2e: a draft nobody has seen',
      content: '<!-- wp:paragraph --><p>The body of the draft, only for editors.</p><!-- /wp:paragraph -->',
      status: 'draft',
    });
    created.push({ base: 'news', id: draft.id });
    expect(draft.slug).toBe('');

    const response = await editor.page.goto(previewUrlOf(draft.link));
    expect(new URL(editor.page.url()).origin).toBe(new URL(state.siteUrl).origin);
    expect(new URL(editor.page.url()).pathname).toBe(`/about-us/news/preview-${draft.id}`);
    expectPreviewAnswer(response);
    await expect(editor.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Preview e2e: a draft nobody has seen');
    await expect(editor.page.locator('main').textContent()).resolves.toContain('The body of the draft, only for editors.');
    await expect(editor.page.locator('footer').first().isVisible()).resolves.toBe(true);
    await expectPreviewBar(editor.page);

    // The draft is not public.
    expect((await fetch(`${state.siteUrl}/about-us/news/preview-${draft.id}`)).status).toBe(404);
  });

  test('an expired token, a tampered token and a token for another item each answer 401 without a cookie; WordPress\'s own link works', async () => {
    const draft = created[0] ?? (await rest<Item>('POST', '/wp/v2/news?context=edit', { title: 'Preview e2e: refusals', status: 'draft' }));
    if (!created.some((c) => c.id === draft.id)) created.push({ base: 'news', id: draft.id });
    const published = (await rest<Item[]>('GET', `/wp/v2/news?slug=${PUBLISHED_SLUG}`))[0];
    const item = await rest<Item>('GET', `/wp/v2/news/${draft.id}?context=edit`);
    const signed = new URL(await signedLinkFor(editor.context, previewUrlOf(item.link)));
    const user = Number(signed.searchParams.get('user'));
    expect(signed.searchParams.get('type')).toBe('news');
    expect(Number(signed.searchParams.get('id'))).toBe(draft.id);
    // WordPress signed for 5 minutes at most 10.
    expect(Number(signed.searchParams.get('expires')) - Date.now() / 1000).toBeLessThanOrEqual(600);

    await expectExpiredTamperedAndOtherItemRefused({ restBase: 'news', id: draft.id, user }, published.id);
    // WordPress's own token, moved to another item or tampered with: 401, no cookie.
    const other = new URL(signed);
    other.searchParams.set('id', String(published.id));
    await expectRefused(other.toString());
    const tampered = new URL(signed);
    const token = tampered.searchParams.get('token') as string;
    tampered.searchParams.set('token', `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`);
    await expectRefused(tampered.toString());
    // The genuine link answers 307 with the cookies (HttpOnly, SameSite=Lax, session).
    const genuine = await fetch(signed, { redirect: 'manual' });
    expect(genuine.status).toBe(307);
    expect(genuine.headers.get('x-robots-tag')).toBe('noindex');
    expect(genuine.headers.get('cache-control')).toBe('no-store');
    const cookies = genuine.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).toMatch(/HttpOnly/);
    for (const cookie of cookies) expect(cookie).toMatch(/SameSite=Lax/);
    for (const cookie of cookies) expect(cookie).not.toMatch(/Max-Age|Expires/i);
  });

  test('a published post edited but not updated: its preview shows the edited title while the public address, in another context, shows the published one; Exit returns to the published page and a reload shows published content', async () => {
    const published = (await rest<Item[]>('GET', `/wp/v2/news?slug=${PUBLISHED_SLUG}&context=edit`))[0];
    const autosave = await rest<{ id: number }>('POST', `/wp/v2/news/${published.id}/autosaves`, {
      title: 'Denver office: edited, not updated',
      content: (published as unknown as { content: { raw: string } }).content.raw,
    });
    autosaveCleanup = () => rest('DELETE', `/wp/v2/news/${published.id}/revisions/${autosave.id}?force=true`).then(() => undefined);
    // Still published with its own title.
    expect((await rest<Item>('GET', `/wp/v2/news/${published.id}?context=edit`)).title.raw).toBe(PUBLISHED_TITLE);

    // The preview link WordPress gives a published item (the plugin's preview_post_link: ?post_type=…&p=…&preview=true).
    const previewUrl = `${wordpress}/?post_type=${published.type}&p=${published.id}&preview=true`;
    const response = await editor.page.goto(previewUrl);
    expect(new URL(editor.page.url()).pathname).toBe(PUBLISHED_PATH);
    expectPreviewAnswer(response);
    await expect(editor.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Denver office: edited, not updated');
    await expectPreviewBar(editor.page);

    const visitor = await openPage(browser, DESKTOP);
    try {
      const publicAnswer = await visitor.page.goto(`${state.siteUrl}${PUBLISHED_PATH}`);
      expect(publicAnswer?.headers()['x-robots-tag']).toBeUndefined();
      await expect(visitor.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(PUBLISHED_TITLE);
      expect(await visitor.page.getByRole('complementary', { name: 'Preview' }).count()).toBe(0);
    } finally {
      await visitor.context.close();
    }

    await exitPreview(editor.page);
    expect(new URL(editor.page.url()).pathname).toBe(PUBLISHED_PATH);
    await expect(editor.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(PUBLISHED_TITLE);
    await editor.page.reload();
    await expect(editor.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(PUBLISHED_TITLE);
    expect(await editor.page.getByRole('complementary', { name: 'Preview' }).count()).toBe(0);
    expect(await previewCookies(editor.page)).toEqual([]);
  });

  test('an fp_page draft shows its frames', async () => {
    const [draft] = await rest<Item[]>('GET', '/wp/v2/fp_page?slug=pricing-draft&status=draft&context=edit');
    expect(draft?.status).toBe('draft');
    const response = await editor.page.goto(previewUrlOf(draft.link));
    expect(new URL(editor.page.url()).pathname).toBe('/pages/pricing-draft');
    expectPreviewAnswer(response);
    await expect(editor.page.locator('main').textContent()).resolves.toContain('Ready to talk payments?');
    await expectPreviewBar(editor.page);
    expect((await fetch(`${state.siteUrl}/pages/pricing-draft`)).status).toBe(404);
  });
});
