import { POST_TYPES, type PostTypeDef } from './postTypes';
import { withImageAttachments } from './imageAttachments';
import { preparePost, type PrepareOptions } from './prepare';
import { invalidPostId, restError, type RestResult } from './responses';
import type { StoredPost, WordPressStore } from './store';

/**
 * The plugin's preview route (issue 11, contract C), as the fake serves it:
 * `GET /wp-json/custom-api/v1/preview/{rest_base}/{id}?user={user_id}`.
 *
 * - HTTP Basic with the fake preview reader (`FAKE_PREVIEW_USER` / `FAKE_PREVIEW_PASSWORD`: the
 *   application password of the plugin's `headless_previewer` role). No credentials: 401
 *   `rest_forbidden`; a wrong password: 401 `incorrect_password`; another user: 403
 *   `rest_forbidden` (authenticated, without the capability). As WordPress answers them.
 * - The item as `/wp/v2/{rest_base}/{id}` answers it in the `view` context (`_embed` honoured),
 *   for any status but `trash` and `auto-draft`, with the title/content/excerpt of that user's
 *   autosave when it is newer than the post (`StoredPost.autosaves`, the fake's stand-in for
 *   WordPress's per-user autosave revisions).
 * - 404 `rest_post_invalid_id` for an unknown id, an id of another type than the base, an unknown
 *   base, or a trashed or auto-draft item.
 *
 * The fixed credentials are public test values: `npm run demo`, the jest tests and the fake browser
 * tests use them (docs/preview.md).
 */
export const FAKE_PREVIEW_USER = 'headless-previewer';
export const FAKE_PREVIEW_PASSWORD = 'fake0 prev1 ewpa2 sswo3 rd45 6789';

/** The post type a base of the preview route names: every base of the content model (frames and alerts too) and the by-id aliases (`press-release`), as the plugin's route accepts them. */
function postTypeOf(restBase: string): PostTypeDef | undefined {
  return POST_TYPES.find((t) => t.restBase === restBase || t.byIdAliases.includes(restBase));
}

/** One user's autosave of a post (`/wp/v2/{base}/{id}/autosaves` in WordPress). */
export interface StoredAutosave {
  title?: string;
  content?: string;
  excerpt?: string;
  /** When it was saved (WordPress's format, site time zone); newer than the post's `modified` to be shown. */
  modified: string;
}

function credentialsOf(headers: Headers): { user: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(headers.get('authorization') ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The post with that user's autosave applied when it is newer (WordPress's `wp_get_post_autosave`). */
function withAutosave(post: StoredPost, user: number | undefined): StoredPost {
  const autosave = user === undefined ? undefined : post.autosaves?.[String(user)];
  if (!autosave || autosave.modified <= post.modified) return post;
  return {
    ...post,
    title: autosave.title === undefined ? post.title : { rendered: autosave.title, raw: autosave.title },
    content: autosave.content === undefined ? post.content : { ...post.content, rendered: autosave.content },
    excerpt: autosave.excerpt === undefined ? post.excerpt : { ...post.excerpt, rendered: autosave.excerpt },
  };
}

export function previewItem(
  store: WordPressStore,
  headers: Headers,
  restBase: string,
  id: number,
  user: number | undefined,
  prepare: PrepareOptions,
): RestResult {
  const credentials = credentialsOf(headers);
  if (!credentials) return restError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
  if (credentials.user !== FAKE_PREVIEW_USER) return restError(403, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
  if (credentials.password.replace(/\s+/g, '') !== FAKE_PREVIEW_PASSWORD.replace(/\s+/g, '')) {
    return restError(401, 'incorrect_password', 'The provided password is an invalid application password.');
  }
  const def = postTypeOf(restBase);
  const post = def ? store.collections[def.restBase].find((p) => p.id === id) : undefined;
  const status: string | undefined = post?.status;
  if (!def || !post || status === 'trash' || status === 'auto-draft') return invalidPostId();
  // As the plugin answers it: never kept by a cache between WordPress and the site.
  const data = withImageAttachments(store, def, post, preparePost(withAutosave(post, user), def, prepare), prepare.context);
  return { status: 200, data, headers: { 'Cache-Control': 'private, no-store' } };
}
