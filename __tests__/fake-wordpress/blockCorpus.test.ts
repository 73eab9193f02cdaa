/** @jest-environment node */
import type { WpPost } from '@/lib/wordpress/raw';
import { BLOCK_POSTS, type BlockFixture } from '../../__mocks__/wordpress/seed/blocks';
import { CORE_BLOCKS_6_1, CORPUS_BLOCKS, LEFT_OUT_BLOCKS } from '../../__mocks__/wordpress/seed/coreBlocks';
import fixtures from '../../__mocks__/wordpress/fixtures/block-posts.json';
import { ORIGIN, request, WP } from './helpers';

/** The block names a serialized post uses (`core/` omitted), `freeform` for HTML outside any block comment. */
function blockNames(markup: string): Set<string> {
  const names = new Set([...markup.matchAll(/<!-- wp:([a-z0-9/-]+)/g)].map(([, name]) => name.replace(/^core\//, '')));
  let depth = 0;
  for (const token of markup.split(/(<!-- \/?wp:[^>]*-->)/)) {
    if (/^<!-- wp:.*\/-->$/.test(token)) continue;
    if (token.startsWith('<!-- wp:')) depth++;
    else if (token.startsWith('<!-- /wp:')) depth--;
    else if (depth === 0 && token.trim()) names.add('freeform');
  }
  return names;
}

type Item = WpPost & { block_styles?: { blocks: string[]; css: string } };

describe('issue 17: the block corpus in the seed', () => {
  it('is blog posts of serialized blocks, blocks-showcase among them, dated before the other blog posts', () => {
    expect(BLOCK_POSTS.map((p) => p.slug)).toContain('blocks-showcase');
    for (const post of BLOCK_POSTS) {
      expect(post.markup).toMatch(/^<!-- wp:/);
      expect(post.date < '2025-03-25').toBe(true);
    }
  });

  it('every core block of WordPress 6.1 is either used or left out with a reason', () => {
    expect(CORE_BLOCKS_6_1).toHaveLength(89);
    for (const name of Object.keys(LEFT_OUT_BLOCKS)) expect([name, CORE_BLOCKS_6_1.includes(name)]).toEqual([name, true]);
    const used = new Set(BLOCK_POSTS.flatMap((p) => [...blockNames(p.markup)]));
    expect([...used].filter((name) => !CORE_BLOCKS_6_1.includes(name))).toEqual([]);
    expect(CORPUS_BLOCKS.filter((name) => !used.has(name))).toEqual([]);
    expect([...used].filter((name) => name in LEFT_OUT_BLOCKS)).toEqual([]);
  });

  it('blocks-showcase is the block-rich article: a realistic mix of most of the corpus’s blocks', () => {
    const showcase = blockNames(BLOCK_POSTS.find((p) => p.slug === 'blocks-showcase')!.markup);
    expect(showcase.size).toBeGreaterThanOrEqual(CORPUS_BLOCKS.length - 3);
  });

  it('the main variations are there: column widths, stacking, button styles, aligned media, separator and table styles, embeds', () => {
    const all = BLOCK_POSTS.map((p) => p.markup).join('\n');
    for (const variation of [
      '"width":"33.33%"', '"width":"66.66%"', '"isStackedOnMobile":false', 'is-style-outline', '"customOverlayColor"', '"minHeight"',
      '"mediaPosition":"right"', '"columns":2', '"columns":3', 'blocks-gallery-caption', 'is-style-dots', 'is-style-wide', 'is-style-stripes',
      'is-style-plain', '"orientation":"vertical"', '"flexWrap":"nowrap"', 'is-provider-youtube', 'is-provider-vimeo', 'alignwide', 'alignfull',
      'alignleft', 'alignright', 'aligncenter', 'has-x-large-font-size', 'font-size:22px', 'background-color:#', '<details', '"level":6',
    ]) {
      expect([variation, all.includes(variation)]).toEqual([variation, true]);
    }
  });

  it('the fake serves WordPress’s rendering (the captured fixture) and block_styles; never the markup', async () => {
    const captured = fixtures as Record<string, BlockFixture>;
    for (const spec of BLOCK_POSTS) {
      const { json } = await request<Item[]>(`${WP}/posts?slug=${spec.slug}`);
      const fixture = captured[spec.slug];
      expect(fixture).toBeDefined();
      expect(json[0].content.rendered).toBe(fixture.rendered.split('http://wp-origin.invalid').join('http://wordpress.test'));
      expect(json[0].block_styles).toEqual({ blocks: fixture.block_styles.blocks, css: fixture.block_styles.css });
      expect(JSON.stringify(json[0])).not.toContain('<!-- wp:');
    }
  });

  it('every upload the captured rendering names (src, srcset, poster, href) is a file the fake serves: a capture from an older plugin would name copies that no longer exist', async () => {
    const captured = fixtures as Record<string, BlockFixture>;
    const files = new Set<string>();
    for (const { rendered } of Object.values(captured)) {
      for (const [url] of rendered.matchAll(/http:\/\/wp-origin\.invalid\/wp-content\/uploads\/[^\s"'<>?#,]+/g)) files.add(url.replace('http://wp-origin.invalid', ORIGIN));
    }
    expect([...files].some((url) => url.endsWith('-768x403.webp'))).toBe(true);
    const missing: string[] = [];
    for (const url of files) if ((await fetch(url, { method: 'HEAD' })).status !== 200) missing.push(url);
    expect(missing).toEqual([]);
  });

  it('every item with content carries block_styles (empty for classic content), on lists, slug and id reads', async () => {
    const { json: news } = await request<Item[]>(`${WP}/news`);
    for (const item of news) expect(item.block_styles).toEqual({ blocks: [], css: '' });
    const { json: one } = await request<Item>(`${WP}/posts/${BLOCK_POSTS[0].id}`);
    expect(one.block_styles).toBeDefined();
  });
});
