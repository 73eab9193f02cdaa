/**
 * Issue 18 over the real WordPress with the plugin, the site behind Varnish
 * (deploy/varnish/site.vcl; the harness starts it on E2E_VARNISH_PORT and gives the site
 * VARNISH_URL): an editor's change made in WordPress shows through the cache within seconds (the
 * plugin's webhook → regeneration → soft purge by surrogate key → warm), while the cache still
 * answers visitors itself; and a draft seen in preview through Varnish never lands in the cache.
 * The site is built with REVALIDATE_SECONDS=60, so a change seen within seconds was purged, not
 * picked up by the lifetime running out.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { instance } from '../../scripts/real-wordpress/paths';
import { DESKTOP, launchBrowser, openPage } from '../helpers/browser';
import { adminRest, logInToWpAdmin } from '../helpers/realWordPress';
import { poll, readState } from '../helpers/site';
import { exitPreview, previewCookies } from '../helpers/preview';

const state = readState();
const tag = randomBytes(4).toString('hex');
const admin = adminRest(30_000);
const rest = <T>(method: string, path: string, body?: unknown): Promise<T> => admin.request<T>(method, path, body);
const PUBLISHED_SLUG = 'corvane-opens-regional-office-in-denver';
const PUBLISHED_TITLE = 'Corvane opens a regional office in Denver';
const PUBLISHED_PATH = `/about-us/news/${PUBLISHED_SLUG}`;

function varnish(): string {
  if (!state.varnishUrl) throw new Error('The harness started no Varnish (E2E_WORDPRESS=real starts one on E2E_VARNISH_PORT)');
  return state.varnishUrl;
}

/** A visitor's request through Varnish: status, X-Cache, headers and HTML. */
async function throughCache(path: string): Promise<{ status: number; cache: string | null; headers: Headers; html: string }> {
  const response = await fetch(`${varnish()}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  return { status: response.status, cache: response.headers.get('x-cache'), headers: response.headers, html: await response.text() };
}

const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1].replace(/<[^>]+>/g, '').trim();

const created: { base: string; id: number }[] = [];
let browser: Browser;
let editor: { context: BrowserContext; page: Page };
let autosaveCleanup: (() => Promise<void>) | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  editor = await openPage(browser, DESKTOP);
});

afterAll(async () => {
  await browser?.close();
  await autosaveCleanup?.().catch(() => undefined);
  for (const { base, id } of created) await rest('DELETE', `/wp/v2/${base}/${id}?force=true`).catch(() => undefined);
});

describe('issue 18: the site behind Varnish, purged when editors publish', () => {
  test('a title edited in WordPress shows through the cache within 5 s; the cache answers with it (HIT), keys stripped, security headers kept', async () => {
    const slug = `e2e-cache-${tag}`;
    const path = `/about-us/news/${slug}`;
    const item = await rest<{ id: number }>('POST', '/wp/v2/news', { title: `Cached before ${tag}`, slug, status: 'publish', content: 'E2E cache' });
    created.push({ base: 'news', id: item.id });
    await poll(async () => ((await throughCache(path)).html.includes(`Cached before ${tag}`) ? true : undefined), { timeoutMs: 30_000, what: `${path} through Varnish` });
    const cached = await throughCache(path);
    expect(cached).toMatchObject({ status: 200, cache: 'HIT' });
    expect(cached.headers.get('surrogate-key')).toBeNull();
    expect(cached.headers.get('xkey')).toBeNull();
    const direct = await fetch(`${state.siteUrl}${path}`);
    await direct.arrayBuffer();
    expect(direct.headers.get('surrogate-key')).toContain(`item:news:${slug}`);
    expect(cached.headers.get('content-security-policy')).toBe(direct.headers.get('content-security-policy'));
    expect(cached.headers.get('x-frame-options')).toBe('DENY');

    const edited = Date.now();
    await rest('POST', `/wp/v2/news/${item.id}`, { title: `Cached after ${tag}` });
    await poll(async () => (h1((await throughCache(path)).html) === `Cached after ${tag}` ? true : undefined), { timeoutMs: 5_000, intervalMs: 50, what: `${path} to show the new title through Varnish` });
    expect(Date.now() - edited).toBeLessThanOrEqual(5_000);
    // The new page is what the cache now holds, for every visitor.
    const after = await throughCache(path);
    expect(after.cache).toBe('HIT');
    expect(h1(after.html)).toBe(`Cached after ${tag}`);
    // And in a browser, through the cache.
    const visitor = await openPage(browser, DESKTOP);
    try {
      await visitor.page.goto(`${varnish()}${path}`);
      await expect(visitor.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`Cached after ${tag}`);
    } finally {
      await visitor.context.close();
    }
  });

  test('a published item edited but not updated, previewed through Varnish: the editor sees the draft (PASS), visitors through the same Varnish still get the published page from the cache', async () => {
    await logInToWpAdmin(editor.page);
    // The published page is in the cache.
    await throughCache(PUBLISHED_PATH);
    expect(await throughCache(PUBLISHED_PATH)).toMatchObject({ status: 200, cache: 'HIT' });

    const published = (await rest<{ id: number; type: string; content: { raw: string } }[]>('GET', `/wp/v2/news?slug=${PUBLISHED_SLUG}&context=edit`))[0];
    const draftTitle = `Denver office: a draft in preview ${tag}`;
    const autosave = await rest<{ id: number }>('POST', `/wp/v2/news/${published.id}/autosaves`, { title: draftTitle, content: published.content.raw });
    autosaveCleanup = () => rest('DELETE', `/wp/v2/news/${published.id}/revisions/${autosave.id}?force=true`).then(() => undefined);

    // WordPress's preview link → the plugin's signed link on the site; the editor opens it through Varnish.
    const wordpressPreview = `${instance().url}/?post_type=${published.type}&p=${published.id}&preview=true`;
    const signed = await editor.context.request.get(wordpressPreview, { maxRedirects: 0 });
    expect(signed.status()).toBe(302);
    const link = new URL(signed.headers().location ?? '');
    expect(link.pathname).toBe('/api/preview');
    const viaVarnish = `${varnish()}${link.pathname}${link.search}`;
    const entered = await editor.page.goto(viaVarnish);
    expect(entered?.status()).toBe(200);
    expect(await previewCookies(editor.page)).toHaveLength(2);

    // With the preview cookies, through Varnish: the draft, never from the cache.
    const preview = await editor.page.goto(`${varnish()}${PUBLISHED_PATH}`);
    expect(preview?.headers()['x-cache']).toBe('PASS');
    expect(preview?.headers()['cache-control']).toMatch(/no-store/);
    await expect(editor.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(draftTitle);
    await editor.page.reload();
    await expect(editor.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(draftTitle);

    // Visitors through the same Varnish: the published page, from the cache; the draft is nowhere in it.
    for (let i = 0; i < 3; i++) {
      const answer = await throughCache(PUBLISHED_PATH);
      expect(answer.cache).toBe('HIT');
      expect(h1(answer.html)).toBe(PUBLISHED_TITLE);
      expect(answer.html).not.toContain(draftTitle);
    }
    const visitor = await openPage(browser, DESKTOP);
    try {
      await visitor.page.goto(`${varnish()}${PUBLISHED_PATH}`);
      await expect(visitor.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(PUBLISHED_TITLE);
    } finally {
      await visitor.context.close();
    }
    await exitPreview(editor.page);
  });
});
