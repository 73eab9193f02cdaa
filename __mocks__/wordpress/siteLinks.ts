import { contentTypeByRestBase, sitePath } from '../../src/lib/shared/wordpress/contentTypes';
import type { PostRestBase } from './postTypes';
import type { StoredPost, WordPressStore } from './store';

/**
 * The companion plugin's links (docs/wordpress-plugin.md "Links and redirects to the site"): with
 * `HEADLESS_SITE_URL` set (the store's `siteUrl`), a PUBLISHED item of a type the site has a route
 * for is linked at its site address (`link` in REST, `url` of menu items and search results);
 * everything else keeps WordPress's permalink. The plugin copies the site's content-type table;
 * the fake uses the table itself (`sitePath`), which a real-WordPress test holds the plugin to.
 */
export function publicLink(store: WordPressStore, restBase: PostRestBase, post: StoredPost): string {
  const def = contentTypeByRestBase(restBase);
  if (!store.siteUrl || post.status !== 'publish' || !def || !post.slug) return post.link;
  const section = typeof post.acf.section === 'string' && post.acf.section ? post.acf.section : undefined;
  return `${store.siteUrl}${sitePath(def.name, post.slug, section)}`;
}

/** The item as REST prepares it: its `link` is the plugin's. */
export function withPublicLink(store: WordPressStore, restBase: PostRestBase, post: StoredPost): StoredPost {
  const link = publicLink(store, restBase, post);
  return link === post.link ? post : { ...post, link };
}
