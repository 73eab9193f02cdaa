import { getConfig, type PreviewCredentials } from '../../config';
import { isRecord } from '../shared/isRecord';
import type { ContentItem, FramePage } from '../shared/types';
import { DEFAULT_PAGE_SECTION, sitePath, type ContentTypeDef } from '../shared/wordpress/contentTypes';
import { framePageFromRaw } from './frames';
import { CUSTOM_PREFIX, fetchJson, segment, wpUrl } from '../shared/wordpress/http';
import { normalizeItem } from './normalize';
import type { WpPost } from './raw';
import { serverContext } from './serverContext';

/**
 * The authenticated draft read of the preview (issue 11, contract C):
 * `GET {WORDPRESS_URL}/wp-json/custom-api/v1/preview/{rest_base}/{id}?user={user_id}` (plus
 * `_embed` where the content-type table says so), with HTTP Basic auth of the preview reader
 * (`WORDPRESS_PREVIEW_USER` / `WORDPRESS_PREVIEW_PASSWORD`, an application password of a user
 * whose role may read unpublished content and nothing else). WordPress answers the item as
 * `/wp/v2/{rest_base}/{id}` would, for any status but trash and auto-draft, with that user's latest
 * autosave when it is newer.
 *
 * Only `/api/preview` and pages rendered in preview mode call this; public builds and
 * regenerations never do (they have no preview data). The `Authorization` header is given to this
 * one read only, through the one fetch wrapper (`./http.ts`), and never appears in a log line or a URL.
 * The item goes through the same normalizers as a published one, so a draft renders as it will
 * once published.
 */

/** The placeholder slug of an item WordPress has not given a slug yet (a new draft): its preview address is `…/preview-{id}`. */
export function placeholderSlug(id: number): string {
  return `preview-${id}`;
}

/** The preview reader's credentials are not configured (WORDPRESS_PREVIEW_USER / WORDPRESS_PREVIEW_PASSWORD). */
export class PreviewNotConfiguredError extends Error {
  constructor() {
    super('Previews need WORDPRESS_PREVIEW_USER and WORDPRESS_PREVIEW_PASSWORD on the site');
    this.name = 'PreviewNotConfiguredError';
  }
}

/** WordPress refused the preview reader (wrong application password, role without the capability). */
export class PreviewRefusedError extends Error {
  constructor(readonly status: number, readonly code: string) {
    super(`WordPress refused the preview read (${status} ${code}): check WORDPRESS_PREVIEW_USER / WORDPRESS_PREVIEW_PASSWORD and the user's role`);
    this.name = 'PreviewRefusedError';
  }
}

/** Where a previewed item lives, from the authenticated read. */
export interface PreviewRecord {
  /** WordPress's status (`publish`, `draft`, `pending`, `future`, `private`). */
  status: string;
  /** The slug its address uses: WordPress's, or `preview-{id}`. */
  slug: string;
  /** `fp_page` only: its section (default `pages`). */
  section: string;
  /** The item's site path from the content-type table (`sitePath`), never from a request. */
  path: string;
  /** The raw item, its slug replaced by the placeholder when it had none. */
  raw: Record<string, unknown> & { id: number; slug: string };
}

export interface PreviewItem extends PreviewRecord {
  /** The item as the template renders it (a FramePage for `fp_page`). */
  item: ContentItem | FramePage;
}

function authorization({ user, password }: PreviewCredentials): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

const codeOf = (body: unknown): string => (isRecord(body) && typeof body.code === 'string' ? body.code : '');

/**
 * Reads one item through the preview route. null when WordPress has no such item (404, e.g.
 * `rest_post_invalid_id`: an unknown id, a trashed item, or a type that is not the site's).
 * Throws `PreviewNotConfiguredError` without credentials, `PreviewRefusedError` on 401/403, and
 * the wrapper's `MaxRetriesError` when WordPress fails.
 */
export async function readPreviewRecord(def: ContentTypeDef, id: number, user: number): Promise<PreviewRecord | null> {
  const credentials = getConfig().previewCredentials;
  if (!credentials) throw new PreviewNotConfiguredError();
  const url = wpUrl(serverContext().base, CUSTOM_PREFIX, `preview/${segment(def.restBase)}/${segment(id)}`, { user, _embed: def.embed });
  const { status, data } = await fetchJson<unknown>(url, {
    headers: { authorization: authorization(credentials) },
    // Answers, not failures to retry: the item does not exist, or the credentials are refused.
    isAnswer: (code) => code === 404 || code === 401 || code === 403,
  });
  if (status === 404) return null;
  if (status === 401 || status === 403) throw new PreviewRefusedError(status, codeOf(data));
  if (!isRecord(data) || typeof data.id !== 'number') throw new Error(`WordPress answered the preview of ${def.restBase} ${id} with something other than an item`);
  const slug = typeof data.slug === 'string' && data.slug !== '' ? data.slug : placeholderSlug(id);
  const acf = isRecord(data.acf) ? data.acf : {};
  const section = typeof acf.section === 'string' && acf.section ? acf.section : DEFAULT_PAGE_SECTION;
  return {
    status: typeof data.status === 'string' ? data.status : '',
    slug,
    section,
    path: sitePath(def.name, slug, section),
    raw: { ...data, id: data.id, slug },
  };
}

/** `readPreviewRecord` plus the item through the same normalizers as a published one (frames read for `fp_page`). */
export async function readPreview(def: ContentTypeDef, id: number, user: number): Promise<PreviewItem | null> {
  const record = await readPreviewRecord(def, id, user);
  if (!record) return null;
  const item = def.name === 'page' ? await framePageFromRaw(record.raw) : normalizeItem(def.name, record.raw as unknown as WpPost);
  return { ...record, item };
}
