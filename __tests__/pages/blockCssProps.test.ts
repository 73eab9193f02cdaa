import * as blogs from '../../pages/resources/blogs/[slug]';
import * as framePages from '../../pages/[section]/[slug]';
import { resetConfigForTests } from '@/config';
import type { PreviewData } from '@/lib/preview/previewData';
import { resetBlockCssForTests } from '@/lib/html/blockCss';
import { FAKE_PREVIEW_PASSWORD, FAKE_PREVIEW_USER } from '../../__mocks__/wordpress/preview';
import { DONATION_COLUMNS } from '../../__mocks__/wordpress/seed/articles';
import { fakeWordPress, recordWordPressRequests } from '../setup/msw';

/**
 * docs/blocks.md "Block CSS": a page with a CMS body carries its block stylesheet in its static
 * props (`blockCss`), which _app renders as one <style> in the head (server HTML included).
 */
beforeEach(() => resetBlockCssForTests());

type Props = { props?: { blockCss?: string } };

it('a detail page with columns and buttons gets their CSS, the common CSS and the global styles, scoped to its body', async () => {
  const result = (await blogs.getStaticProps({ params: { slug: 'tap-and-donate-how-venues-raise-more-at-the-counter' } })) as Props;
  const css = result.props?.blockCss ?? '';
  expect(css).toContain('.wp-body .wp-block-columns{display:flex');
  expect(css).toContain('.wp-body .wp-block-button__link{');
  expect(css).toContain('.wp-body .wp-block-buttons');
  expect(css).toContain('--wp--preset--color--primary');
});

it('a detail page without blocks gets no stylesheet and no block CSS request', async () => {
  const post = fakeWordPress().collections.posts.find((p) => p.slug === 'five-signs-your-terminal-estate-needs-attention');
  if (!post) throw new Error('seed post missing');
  post.content = { rendered: '<p>Plain words, no blocks.</p>', protected: false };
  const recorder = recordWordPressRequests();
  const result = (await blogs.getStaticProps({ params: { slug: 'five-signs-your-terminal-estate-needs-attention' } })) as Props;
  recorder.stop();
  expect(result.props?.blockCss).toBe('');
  expect(recorder.urls.filter((url) => url.pathname.startsWith('/wp-includes/') || url.pathname.endsWith('/global-styles'))).toEqual([]);
});

it('a frame page carries blockCss too (its frames\u2019 lifted CSS; empty when it has none)', async () => {
  const result = (await framePages.getStaticProps({ params: { section: 'pages', slug: 'secure-switching' } })) as Props;
  expect(typeof result.props?.blockCss).toBe('string');
});

describe('previews', () => {
  beforeAll(() => {
    process.env.WORDPRESS_PREVIEW_USER = FAKE_PREVIEW_USER;
    process.env.WORDPRESS_PREVIEW_PASSWORD = FAKE_PREVIEW_PASSWORD;
    resetConfigForTests();
  });
  afterAll(() => {
    delete process.env.WORDPRESS_PREVIEW_USER;
    delete process.env.WORDPRESS_PREVIEW_PASSWORD;
    resetConfigForTests();
  });

  it("a draft's page carries the block stylesheet of the draft's body (its autosave's blocks)", async () => {
    const post = fakeWordPress().collections.posts.find((p) => p.slug === 'five-signs-your-terminal-estate-needs-attention');
    if (!post) throw new Error('seed post missing');
    post.content = { rendered: '<p>Published words.</p>', protected: false };
    post.autosaves = { 7: { content: DONATION_COLUMNS, modified: '2999-01-01T00:00:00' } };
    const previewData: PreviewData = { restBase: 'posts', id: post.id, user: 7, slug: post.slug, section: 'pages', published: '/resources/blogs/five-signs-your-terminal-estate-needs-attention' };
    const draft = (await blogs.getStaticProps({ params: { slug: post.slug }, preview: true, previewData })) as Props;
    expect(draft.props?.blockCss).toContain('.wp-body .wp-block-columns{display:flex');
    const published = (await blogs.getStaticProps({ params: { slug: post.slug } })) as Props;
    expect(published.props?.blockCss).toBe('');
  });
});
