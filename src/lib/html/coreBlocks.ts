/**
 * The core blocks of WordPress 6.1 (the directories of its `wp-includes/blocks/`), without
 * `core/`. A name reaches `ContentItem.styles.blocks`, and from there the address of a block's
 * CSS file, only when it is on this list: names from WordPress (the plugin's `block_styles.blocks`)
 * and from class attributes are untrusted.
 */
export const CORE_BLOCKS: ReadonlySet<string> = new Set([
  'archives', 'audio', 'avatar', 'block', 'button', 'buttons', 'calendar', 'categories', 'code', 'column', 'columns',
  'comment-author-name', 'comment-content', 'comment-date', 'comment-edit-link', 'comment-reply-link',
  'comment-template', 'comments-pagination-next', 'comments-pagination-numbers', 'comments-pagination-previous',
  'comments-pagination', 'comments-title', 'comments', 'cover', 'embed', 'file', 'freeform', 'gallery', 'group',
  'heading', 'home-link', 'html', 'image', 'latest-comments', 'latest-posts', 'legacy-widget', 'list-item', 'list',
  'loginout', 'media-text', 'missing', 'more', 'navigation-link', 'navigation-submenu', 'navigation', 'nextpage',
  'page-list', 'paragraph', 'pattern', 'post-author-biography', 'post-author', 'post-comments-form', 'post-content',
  'post-date', 'post-excerpt', 'post-featured-image', 'post-navigation-link', 'post-template', 'post-terms',
  'post-title', 'preformatted', 'pullquote', 'query-no-results', 'query-pagination-next', 'query-pagination-numbers',
  'query-pagination-previous', 'query-pagination', 'query-title', 'query', 'quote', 'read-more', 'rss', 'search',
  'separator', 'shortcode', 'site-logo', 'site-tagline', 'site-title', 'social-link', 'social-links', 'spacer',
  'table', 'tag-cloud', 'template-part', 'term-description', 'text-columns', 'verse', 'video', 'widget-group',
]);

/**
 * The core block a class names: `wp-block-media-text` → `media-text`; null for element classes
 * (`wp-block-button__link`, `wp-block-cover__inner-container`), variants (`wp-block-embed-youtube`)
 * and anything not a core block of 6.1.
 */
export function blockOfClass(className: string): string | null {
  if (!className.startsWith('wp-block-')) return null;
  const name = className.slice('wp-block-'.length);
  return CORE_BLOCKS.has(name) ? name : null;
}

/** A block name from WordPress (`core/columns`) → `columns`; null for other namespaces and unknown names. */
export function coreBlockName(name: unknown): string | null {
  if (typeof name !== 'string' || !name.startsWith('core/')) return null;
  const short = name.slice('core/'.length);
  return CORE_BLOCKS.has(short) ? short : null;
}
