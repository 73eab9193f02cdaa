/**
 * Issue 17, the block corpus: the seed's block posts (`__mocks__/wordpress/seed/blocks.ts`) are
 * block markup as WordPress 6.1's own block editor saves it. Each post's `post_content`, read
 * back from WordPress (`context=edit`), is parsed by the editor's block parser in wp-admin, and
 * every block (inner blocks included) must be valid: its saved HTML equal to what the editor's
 * `save` would write from its attributes. A block the editor calls invalid would show editors
 * "This block contains unexpected or invalid content", and would not be the markup editors make.
 */
import type { Browser, Page } from 'playwright-core';
import { BLOCK_POSTS, REUSABLE_BLOCKS } from '../../__mocks__/wordpress/seed/blocks';
import { editorReady, invalidBlocks } from '../helpers/blockEditor';
import { DESKTOP, launchBrowser, openPage } from '../helpers/browser';
import { adminRest, dismissWelcomeGuide, logInToWpAdmin } from '../helpers/realWordPress';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { CORE_BLOCKS_6_1 } from '../../__mocks__/wordpress/seed/coreBlocks';
import { ABSPATH, instance } from '../../scripts/real-wordpress/paths';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openPage(browser, DESKTOP));
  await logInToWpAdmin(page);
  await page.goto(`${instance().url}/wp-admin/post-new.php`);
  await editorReady(page);
  await dismissWelcomeGuide(page);
});

afterAll(async () => {
  await browser?.close();
});

describe('issue 17: the block corpus is block markup as WordPress 6.1’s editor saves it', () => {
  test.each(BLOCK_POSTS.map((p) => p.slug))('%s: every block is valid in the block editor', async (slug) => {
    const [post] = await adminRest(60_000).request<{ content: { raw: string } }[]>('GET', `/wp/v2/posts?slug=${slug}&context=edit&_fields=content`);
    expect(post).toBeDefined();
    expect(await invalidBlocks(page, post.content.raw)).toEqual([]);
  });

  test.each(REUSABLE_BLOCKS.map((b) => b.title))('the reusable block “%s”: every block is valid in the block editor', async (title) => {
    const blocks = await adminRest(60_000).request<{ title: { raw: string }; content: { raw: string } }[]>('GET', '/wp/v2/blocks?per_page=100&context=edit');
    const block = blocks.find((b) => b.title.raw === title);
    expect(block).toBeDefined();
    expect(await invalidBlocks(page, block!.content.raw)).toEqual([]);
  });

  test('the list of 6.1’s core blocks the corpus is held to is the installed WordPress’s (wp-includes/blocks/*/block.json)', () => {
    const dir = path.join(ABSPATH, 'wp-includes', 'blocks');
    const installed = readdirSync(dir)
      .filter((name) => existsSync(path.join(dir, name, 'block.json')))
      .map((name) => (JSON.parse(readFileSync(path.join(dir, name, 'block.json'), 'utf8')) as { name: string }).name.replace(/^core\//, ''));
    expect([...installed].sort()).toEqual([...CORE_BLOCKS_6_1].sort());
  });
});
