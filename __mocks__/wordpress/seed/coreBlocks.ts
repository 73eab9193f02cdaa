/**
 * The core blocks of WordPress 6.1 (the `name` of every `wp-includes/blocks/*\/block.json` of
 * 6.1.9) and what the block corpus (./blocks.ts) does with each: used, or left out and why.
 * docs/blocks-fidelity.md shows the same list; the unit tests hold the corpus to it, and the
 * real-WordPress corpus test holds this list to the installed WordPress.
 */

export const CORE_BLOCKS_6_1: readonly string[] = [
  'archives', 'audio', 'avatar', 'block', 'button', 'buttons', 'calendar', 'categories', 'code', 'column', 'columns',
  'comment-author-name', 'comment-content', 'comment-date', 'comment-edit-link', 'comment-reply-link', 'comment-template',
  'comments-pagination-next', 'comments-pagination-numbers', 'comments-pagination-previous', 'comments-pagination',
  'comments-title', 'comments', 'cover', 'embed', 'file', 'freeform', 'gallery', 'group', 'heading', 'home-link', 'html',
  'image', 'latest-comments', 'latest-posts', 'legacy-widget', 'list-item', 'list', 'loginout', 'media-text', 'missing',
  'more', 'navigation-link', 'navigation-submenu', 'navigation', 'nextpage', 'page-list', 'paragraph', 'pattern',
  'post-author-biography', 'post-author', 'post-comments-form', 'post-content', 'post-date', 'post-excerpt',
  'post-featured-image', 'post-navigation-link', 'post-template', 'post-terms', 'post-title', 'preformatted', 'pullquote',
  'query-no-results', 'query-pagination-next', 'query-pagination-numbers', 'query-pagination-previous', 'query-pagination',
  'query-title', 'query', 'quote', 'read-more', 'rss', 'search', 'separator', 'shortcode', 'site-logo', 'site-tagline',
  'site-title', 'social-link', 'social-links', 'spacer', 'table', 'tag-cloud', 'template-part', 'term-description',
  'text-columns', 'verse', 'video', 'widget-group',
];

const THEME_TEMPLATE = 'only makes sense in a theme template (it shows the site, the current post or a query, not an editor’s content); the site draws its own header, titles, dates and listings';
const SITE_DATA = 'lists WordPress’s own site data (archives, taxonomies, comments, pages, its search or login) linking to WordPress pages that the plugin sends to the site; the site has its own listings, search and feeds';

/** Blocks the corpus leaves out, with the reason (docs/blocks-fidelity.md). */
export const LEFT_OUT_BLOCKS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    [
      'avatar', 'comment-author-name', 'comment-content', 'comment-date', 'comment-edit-link', 'comment-reply-link', 'comment-template',
      'comments-pagination-next', 'comments-pagination-numbers', 'comments-pagination-previous', 'comments-pagination', 'comments-title',
      'comments', 'home-link', 'navigation-link', 'navigation-submenu', 'navigation', 'post-author-biography', 'post-author',
      'post-comments-form', 'post-content', 'post-date', 'post-excerpt', 'post-featured-image', 'post-navigation-link', 'post-template',
      'post-terms', 'post-title', 'query-no-results', 'query-pagination-next', 'query-pagination-numbers', 'query-pagination-previous',
      'query-pagination', 'query-title', 'query', 'read-more', 'site-logo', 'site-tagline', 'site-title', 'template-part', 'term-description',
    ].map((name) => [name, THEME_TEMPLATE]),
  ),
  ...Object.fromEntries(['archives', 'calendar', 'categories', 'latest-comments', 'latest-posts', 'page-list', 'search', 'tag-cloud', 'loginout'].map((name) => [name, SITE_DATA])),
  rss: `${SITE_DATA}; and it fetches a feed from the internet while WordPress renders (the test WordPress has none)`,
  pattern: 'a template placeholder that pulls a registered pattern into a theme template; in a post the editor inserts the pattern’s blocks themselves',
  'legacy-widget': 'widget areas of classic themes only (the widgets screen), never in post content',
  'widget-group': 'widget areas of classic themes only (the widgets screen), never in post content',
  missing: 'the editor’s stand-in for a block whose type is not registered; no editor saves it on purpose',
  'text-columns': 'deprecated since WordPress 5.3 and hidden from the inserter (Columns replaced it)',
  nextpage: 'splits a post into several pages (`<!--nextpage-->`, `?page=2`); the site shows an item on one page',
  shortcode: 'prints whatever the plugin that registered the shortcode prints; core’s own shortcodes ([gallery], [audio], [video], [caption], [embed]) are the classic editor’s forms of blocks the corpus has',
};

/** The core blocks the corpus uses: every block of 6.1 that is not left out. */
export const CORPUS_BLOCKS: readonly string[] = CORE_BLOCKS_6_1.filter((name) => !(name in LEFT_OUT_BLOCKS));
