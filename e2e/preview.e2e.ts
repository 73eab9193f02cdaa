/**
 * Issue 11 over the fake WordPress (the plugin's side is e2e/real/preview.e2e.ts): the site's
 * `/api/preview` with links signed as the plugin signs them, the draft rendered by the site's own
 * template with the layout, the preview bar, the headers of preview answers, and "Exit preview".
 * Drafts and autosaves are made through the local content server's admin API
 * (`POST /__fake/{restBase}`, `PATCH /__fake/{restBase}/{id}`), and the seed is restored after.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ARTIFACTS_DIR } from './harness/config';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './helpers/browser';
import { readState } from './helpers/site';
import { exitPreview, expectExpiredTamperedAndOtherItemRefused, expectPreviewAnswer, expectPreviewBar, previewCookies, previewLink } from './helpers/preview';
import { fakeAdmin } from './helpers/fakeAdmin';

const state = readState();
const EDITOR = 1;
const PUBLISHED = { id: 521, slug: 'corvane-opens-regional-office-in-denver', title: 'Corvane opens a regional office in Denver' };
const PUBLISHED_PATH = `/about-us/news/${PUBLISHED.slug}`;

const admin = fakeAdmin;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await admin('POST', 'reset');
});

describe('issue 11 preview links the site refuses', () => {
  test('an expired, a tampered and an other-item token each answer 401 JSON and set no cookie', async () => {
    await expectExpiredTamperedAndOtherItemRefused({ restBase: 'news', id: PUBLISHED.id, user: EDITOR }, 525);
  });
});

describe('issue 11 a preview in the browser', () => {
  test('a new draft without a slug: its title and body in the site\'s template, with the layout, the bar, private no-store and noindex', async () => {
    const draft = await admin('POST', 'news', { title: 'A draft nobody has seen', content: '<p>The body of the draft, only for editors.</p>', slug: '' });
    const { context, page } = await openPage(browser, DESKTOP);
    try {
      const response = await page.goto(previewLink({ restBase: 'news', id: Number(draft.id), user: EDITOR }));
      expect(new URL(page.url()).pathname).toBe(`/about-us/news/preview-${draft.id}`);
      expectPreviewAnswer(response);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('A draft nobody has seen');
      await expect(page.locator('main').textContent()).resolves.toContain('The body of the draft, only for editors.');
      await expect(page.locator('header').first().isVisible()).resolves.toBe(true);
      await expect(page.locator('footer').first().isVisible()).resolves.toBe(true);
      await expectPreviewBar(page);
      expect(await previewCookies(page)).toEqual(['__next_preview_data', '__prerender_bypass']);
      // Only the previewed page shows a draft: another page in preview mode shows published content, still private and noindex.
      const other = await page.goto(`${state.siteUrl}${PUBLISHED_PATH}`);
      expectPreviewAnswer(other);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(PUBLISHED.title);
      // Not published: Exit returns home.
      await exitPreview(page);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await previewCookies(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a published item edited but not updated: the preview shows the autosave, the public address (another context) the published title; Exit returns to the published page', async () => {
    await admin('PATCH', `news/${PUBLISHED.id}`, { autosaves: { [EDITOR]: { title: 'Denver office: edited, not updated', modified: '2999-01-01T00:00:00' } } });
    const editor = await openPage(browser, DESKTOP);
    const visitor = await openPage(browser, DESKTOP);
    try {
      const response = await editor.page.goto(previewLink({ restBase: 'news', id: PUBLISHED.id, user: EDITOR }));
      expect(new URL(editor.page.url()).pathname).toBe(PUBLISHED_PATH);
      expectPreviewAnswer(response);
      await expect(editor.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Denver office: edited, not updated');
      await expectPreviewBar(editor.page);

      const publicAnswer = await visitor.page.goto(`${state.siteUrl}${PUBLISHED_PATH}`);
      expect(publicAnswer?.headers()['x-robots-tag']).toBeUndefined();
      expect(publicAnswer?.headers()['cache-control']).not.toMatch(/private/);
      await expect(visitor.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(PUBLISHED.title);
      expect(await visitor.page.getByRole('complementary', { name: 'Preview' }).count()).toBe(0);

      const exited = await exitPreview(editor.page);
      expect(new URL(editor.page.url()).pathname).toBe(PUBLISHED_PATH);
      expect(exited.headers()['x-robots-tag']).toBeUndefined();
      await expect(editor.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(PUBLISHED.title);
      await editor.page.reload();
      await expect(editor.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(PUBLISHED.title);
      expect(await editor.page.getByRole('complementary', { name: 'Preview' }).count()).toBe(0);
      expect(await previewCookies(editor.page)).toEqual([]);
    } finally {
      await editor.context.close();
      await visitor.context.close();
    }
  });

  test('an fp_page draft shows its frames at /pages/{slug}, which visitors cannot see', async () => {
    const draftId = await findPageId('pricing-draft');
    const { context, page } = await openPage(browser, DESKTOP);
    try {
      const response = await page.goto(previewLink({ restBase: 'fp_page', id: draftId, user: EDITOR }));
      expect(new URL(page.url()).pathname).toBe('/pages/pricing-draft');
      expectPreviewAnswer(response);
      await expect(page.locator('main').textContent()).resolves.toContain('Ready to talk payments?');
      await expectPreviewBar(page);
    } finally {
      await context.close();
    }
    const publicAnswer = await fetch(`${state.siteUrl}/pages/pricing-draft`);
    expect(publicAnswer.status).toBe(404);
  });
});

describe('issue 11 the preview bar as an editor sees it (screenshots preview-bar-{1280,375}.png in e2e/artifacts/)', () => {
  for (const [name, viewport] of [['1280', DESKTOP], ['375', MOBILE]] as const) {
    test(`at ${name} px the bar is on screen when the page opens and "Exit preview" is reached with the keyboard`, async () => {
      const draftId = await findPageId('pricing-draft');
      const { context, page } = await openPage(browser, viewport);
      try {
        await page.goto(previewLink({ restBase: 'fp_page', id: draftId, user: EDITOR }));
        await expectPreviewBar(page);
        const box = await page.getByRole('complementary', { name: 'Preview' }).boundingBox();
        expect(box).not.toBeNull();
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
        expect(box!.width).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: path.join(ARTIFACTS_DIR, `preview-bar-${name}.png`), animations: 'disabled' });
        let focused = '';
        for (let presses = 0; presses < 60 && focused !== 'Exit preview'; presses++) {
          await page.keyboard.press('Tab');
          focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
        }
        expect(focused).toBe('Exit preview');
      } finally {
        await context.close();
      }
    });
  }
});

/** The fake's id of an fp_page by its slug (drafts are in no public list: the admin API lists every item). */
async function findPageId(slug: string): Promise<number> {
  const items = (await (await fetch(`${state.wordpressUrl}/__fake/fp_page`)).json()) as Array<{ id: number; slug: string }>;
  const item = items.find((i) => i.slug === slug);
  if (!item) throw new Error(`no fp_page ${slug}`);
  return item.id;
}
