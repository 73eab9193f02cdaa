import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextApiRequest, NextApiResponse } from 'next';
import { getConfig } from '../../config';
import type { ContentTypeName } from '../types';
import { CONTENT_TYPES, contentType, DEFAULT_PAGE_SECTION, isContentTypeName, sitePath } from '../wordpress/contentTypes';
import { getEveryPageLink } from '../wordpress/links';
import { clearFrameImageCache } from '../wordpress/frameImages';
import { clearFrameTypeCache } from '../wordpress/frames';
import { clearMenuCache } from '../wordpress/menu';
import { clearPostTypesCache } from '../wordpress/postTypes';
import { ApiError, jsonApiRoute } from '../api/errors';
import { parseJson, readBody, requireJsonContentType, requireMethod } from '../api/request';
import { clearSearchCache } from '../search/handler';
import { clearFeedCache } from './feeds';
import { clearSitemapCache } from './sitemap';
import { LISTING_PATHS, STATIC_PAGES } from './sitePaths';

/**
 * The revalidation webhook (`POST /api/revalidate`): WordPress (or an editor's tool) tells the
 * site what changed, and the site regenerates the affected ISR pages at once instead of at the
 * end of their interval.
 *
 * Request: `POST`, header `x-revalidate-secret: {REVALIDATE_SECRET}`, `Content-Type:
 * application/json`, a body of at most 16 KB, one of:
 * - `{"type": "news", "slug": "some-slug"}`: a content item changed (any type of the table;
 *   `page` takes an optional `"section"`, default `pages`). Revalidates the detail page, its
 *   type's listing page and `/`, and marks the sitemap and feeds outdated.
 * - `{"paths": ["/about-us/news", ...]}`: 1 to 100 site paths, revalidated as given (trailing
 *   slashes dropped); the sitemap and feeds are marked outdated too.
 * - `{"type": "menu"}`: the menu changed. Clears the menu cache and the post types (`/wp/v2/types`,
 *   which its links to posts go through), then revalidates every page that shows it (static
 *   pages, listing pages, every content page), 8 at a time.
 *
 * Answer: JSON `{revalidated: string[], failed: {path, error}[]}`, 200 when every path was
 * revalidated, 502 when any failed (both lists still given; a failure does not stop the others;
 * when the menu's page list cannot be read, `error` says so). Every refusal is a JSON `{error}`:
 * 405 (with `Allow: POST`), 401 (missing or wrong secret, or no secret configured; the query
 * string is never read), 415 (not JSON), 413 (over 16 KB), 400 (malformed JSON, unknown type,
 * bad slug or path).
 *
 * Not covered: paginated listing pages (page 2+) are not known cheaply and refresh on their ISR
 * interval; the menu and sitemap/feed caches are per server process, so with several instances
 * only the one reached is cleared (the 5-minute menu expiry and the ISR interval bound the rest).
 */

export const SECRET_HEADER = 'x-revalidate-secret';
export const MAX_BODY_BYTES = 16 * 1024;
export const MAX_PATHS = 100;
export const MAX_SLUG_LENGTH = 200;
export const MAX_PATH_LENGTH = 300;
/** Pages regenerated at the same time (each regeneration reads WordPress). */
export const REVALIDATE_CONCURRENCY = 8;

export type RevalidatePayload =
  | { kind: 'content'; type: ContentTypeName; slug: string; section: string }
  | { kind: 'paths'; paths: string[] }
  | { kind: 'menu' };

export interface RevalidateResult {
  revalidated: string[];
  failed: { path: string; error: string }[];
  /** Set when the set of pages could not be fully determined (menu: WordPress's page list failed). */
  error?: string;
}

/* ------------------------------------------------------------------------------------------ */
/* Authentication                                                                              */
/* ------------------------------------------------------------------------------------------ */

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether the header carries the configured secret. Compared in constant time on SHA-256 digests
 * (equal lengths, so neither the content nor the length leaks). No secret configured → false.
 */
export function isAuthorized(header: string | string[] | undefined, secret: string | null): boolean {
  if (!secret || typeof header !== 'string' || header === '') return false;
  return timingSafeEqual(digest(header), digest(secret));
}

/* ------------------------------------------------------------------------------------------ */
/* Validation                                                                                  */
/* ------------------------------------------------------------------------------------------ */

const SLUG = /^(?:[a-z0-9_-]|%[0-9a-fA-F]{2})+$/;
// RFC 3986 path characters (unreserved, sub-delims, ':', '@', '/') and percent-encoding; no query, fragment, space or backslash.
const PATH_CHARS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/;

const quote = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
};

/** A slug: lowercase letters, digits, `-`, `_` and percent-encoding, at most 200 characters. Returns the problem or null. */
export function slugProblem(value: unknown, name = 'slug'): string | null {
  if (typeof value !== 'string' || value === '') return `${name} must be a non-empty string`;
  if (value.length > MAX_SLUG_LENGTH) return `${name} is longer than ${MAX_SLUG_LENGTH} characters`;
  if (!SLUG.test(value)) return `${name} ${quote(value)} may contain only lowercase letters, digits, "-", "_" and percent-encoding`;
  return null;
}

/**
 * A site path: starts with one `/`, at most 300 characters, no `..`, no `.` segment, no query or
 * fragment, RFC 3986 path characters only, not under /api/ or /_next/. Returns the path without
 * trailing slashes, or the problem.
 */
export function checkSitePath(value: unknown): { path: string } | { problem: string } {
  if (typeof value !== 'string' || value === '') return { problem: 'must be a non-empty string' };
  const q = quote(value);
  if (value.length > MAX_PATH_LENGTH) return { problem: `${q} is longer than ${MAX_PATH_LENGTH} characters` };
  if (!value.startsWith('/')) return { problem: `${q} must be a site path starting with "/" (not a URL)` };
  if (value.startsWith('//')) return { problem: `${q} must not start with "//"` };
  if (/[?#]/.test(value)) return { problem: `${q} must not have a query or fragment` };
  if (!PATH_CHARS.test(value)) return { problem: `${q} may contain only URL path characters (percent-encode the others)` };
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return { problem: `${q} has malformed percent-encoding` };
  }
  if (decoded.includes('..') || /(^|\/)\.(\/|$)/.test(decoded) || /[\\\u0000-\u001f]/.test(decoded)) {
    return { problem: `${q} must not contain "..", "." segments, backslashes or control characters` };
  }
  if (/^\/(api|_next)(\/|$)/i.test(decoded)) return { problem: `${q} is not a page` };
  return { path: value.length > 1 ? value.replace(/\/+$/, '') : value };
}

const TYPE_NAMES = [...CONTENT_TYPES.map((t) => t.name), 'menu'];

/** The payload, or the problem with it (for a 400). */
export function parsePayload(body: unknown): { payload: RevalidatePayload } | { problem: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return { problem: 'The body must be a JSON object: {"type", "slug"}, {"paths"} or {"type": "menu"}' };
  }
  const { type, slug, section, paths } = body as Record<string, unknown>;
  if (paths !== undefined) {
    if (type !== undefined || slug !== undefined) return { problem: 'Give either "paths" or "type" (and "slug"), not both' };
    if (!Array.isArray(paths) || paths.length === 0 || paths.length > MAX_PATHS) {
      return { problem: `"paths" must be a list of 1 to ${MAX_PATHS} site paths` };
    }
    const checked: string[] = [];
    for (const [i, value] of paths.entries()) {
      const result = checkSitePath(value);
      if ('problem' in result) return { problem: `paths[${i}] ${result.problem}` };
      if (!checked.includes(result.path)) checked.push(result.path);
    }
    return { payload: { kind: 'paths', paths: checked } };
  }
  if (type === undefined) return { problem: 'The body needs "type" (and "slug") or "paths"' };
  if (type === 'menu') return { payload: { kind: 'menu' } };
  if (!isContentTypeName(type)) return { problem: `Unknown type ${quote(type)}: expected one of ${TYPE_NAMES.join(', ')}` };
  const badSlug = slugProblem(slug);
  if (badSlug) return { problem: badSlug };
  let pageSection = DEFAULT_PAGE_SECTION;
  if (type === 'page' && section !== undefined && section !== null && section !== '') {
    const badSection = slugProblem(section, 'section');
    if (badSection) return { problem: badSection };
    pageSection = section as string;
  }
  return { payload: { kind: 'content', type, slug: slug as string, section: pageSection } };
}

/* ------------------------------------------------------------------------------------------ */
/* Affected paths and revalidation                                                             */
/* ------------------------------------------------------------------------------------------ */

const unique = (paths: string[]) => [...new Set(paths)];

/**
 * The pages a change affects. Content: its detail page, its type's listing page, `/`. Menu: every
 * page that shows the menu (static pages, listing pages, every content page); when WordPress cannot list
 * the content pages, the others are still given, with `error`.
 */
export async function affectedPaths(payload: RevalidatePayload): Promise<{ paths: string[]; error?: string }> {
  switch (payload.kind) {
    case 'paths':
      return { paths: payload.paths };
    case 'content': {
      const { listingPath } = contentType(payload.type);
      return { paths: unique([sitePath(payload.type, payload.slug, payload.section), ...(listingPath ? [listingPath] : []), '/']) };
    }
    case 'menu': {
      const fixed = [...STATIC_PAGES.map((p) => p.path), ...LISTING_PATHS];
      try {
        const links = await getEveryPageLink();
        return { paths: unique([...fixed, ...links.map((l) => l.path)]) };
      } catch (error) {
        const message = `The content pages could not be listed, only fixed and listing pages were revalidated: ${(error as Error)?.message ?? String(error)}`;
        return { paths: unique(fixed), error: message };
      }
    }
  }
}

/** Revalidates every path, `concurrency` at a time; a failure does not stop the others. Lists keep the paths' order. */
export async function revalidatePaths(
  paths: readonly string[],
  revalidate: (path: string) => Promise<void>,
  concurrency: number = REVALIDATE_CONCURRENCY,
): Promise<RevalidateResult> {
  const outcome: (string | null)[] = new Array(paths.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const i = next++;
      try {
        await revalidate(paths[i]);
      } catch (error) {
        outcome[i] = (error as Error)?.message ?? String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, paths.length) }, worker));
  return {
    revalidated: paths.filter((_, i) => outcome[i] === null),
    failed: paths.flatMap((path, i) => (outcome[i] === null ? [] : [{ path, error: outcome[i] as string }])),
  };
}

/* ------------------------------------------------------------------------------------------ */
/* The request                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/** The webhook's request handler (`pages/api/revalidate.ts`; its body parser must be off). */
export const revalidateHandler = jsonApiRoute('revalidate', async (req: NextApiRequest, res: NextApiResponse) => {
  requireMethod(req, ['POST']);
  const secret = getConfig().revalidateSecret;
  if (!isAuthorized(req.headers[SECRET_HEADER], secret)) {
    if (!secret) console.warn('[revalidate] refused a call: REVALIDATE_SECRET is not set, the webhook is disabled');
    throw new ApiError(401, `Missing or wrong ${SECRET_HEADER} header`);
  }
  requireJsonContentType(req);
  const parsed = parsePayload(parseJson(await readBody(req, MAX_BODY_BYTES)));
  if ('problem' in parsed) throw new ApiError(400, parsed.problem);
  const payload = parsed.payload;

  // In-memory copies derived from WordPress content go first, so regenerated pages read fresh data.
  if (payload.kind === 'menu') {
    // The menu's links to posts are resolved through the post types: both are read anew.
    clearMenuCache();
    clearPostTypesCache();
  } else {
    clearSitemapCache();
    clearFeedCache();
    clearSearchCache();
    clearFrameTypeCache();
    clearFrameImageCache();
  }
  const { paths, error } = await affectedPaths(payload);
  const result = await revalidatePaths(paths, (path) => res.revalidate(path));
  const body: RevalidateResult = error ? { ...result, error } : result;
  if (result.failed.length > 0 || error) {
    console.error(`[revalidate] ${result.failed.length} of ${paths.length} paths failed${error ? `; ${error}` : ''}`);
  }
  res.status(result.failed.length > 0 || error ? 502 : 200).json(body);
});
