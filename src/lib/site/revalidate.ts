import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextApiRequest, NextApiResponse } from 'next';
import { getConfig } from '../../config';
import type { ContentTypeName } from '../types';
import { CONTENT_TYPES, contentType, contentTypeByRestBase, DEFAULT_PAGE_SECTION, isContentTypeName, sitePath } from '../wordpress/contentTypes';
import { getEveryPageLink } from '../wordpress/links';
import { ApiError, jsonApiRoute } from '../api/errors';
import { isRecord } from '../isRecord';
import { processShared } from '../processShared';
import { parseJson, readBody, requireJsonContentType, requireMethod } from '../api/request';
import { broadcastInvalidation, broadcastInvalidationAndWait, clearProcessCaches, type InvalidationScopes } from './invalidation';
import { payloadKeys, purgeAfterRegeneration, redirectKeys, type PurgeReport } from './purgeOnPublish';
import { reloadRedirectsFromWordPress } from '../redirects/store';
import { rebuildSearchIndex, updateSearchItems, type SearchItem } from '../search/siteIndex';
import { LAYOUT_KEY } from './surrogateKeys';
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
 *   pages, listing pages, every content page), 8 at a time, before it answers.
 * - `{"event": "update", "items": [{"rest_base": "news", "slug": "…"}, …], "menu": false}`: what
 *   the companion plugin sends (the contract in docs/revalidation.md). Each item is mapped through
 *   the content-type table by its REST base: its detail page, its type's listing page and `/` are
 *   revalidated, de-duplicated. With `"menu": true` the item paths are revalidated, the answer is
 *   `202 {revalidated, failed, scheduled}` and every page is regenerated in the background (one
 *   such job at a time, REVALIDATE_CONCURRENCY pages at once; a menu call during a job makes it
 *   run once more after, never two in parallel). `{"event": "test", "items": [], "menu": false}`
 *   answers 200 without work (the plugin's status screen).
 * - Issue 33: `"redirects": true` (a boolean; absent is false) in the plugin's payload: the
 *   redirect table may have changed (docs/seo-and-redirects.md §4). This instance reads it from
 *   WordPress, writes it to Redis and the broadcast tells every other instance to reload it from
 *   there (src/lib/redirects/store.ts); the cache in front drops `redirects` and the keys of the
 *   plain sources whose rules changed. `{"event": "…", "items": [], "menu": false, "redirects": true}`
 *   alone is valid. The answer says `redirects: {version, rules, changed}`; a table WordPress
 *   could not give is a 502 with `error` (the last table stays).
 *
 * Answer: JSON `{revalidated: string[], failed: {path, error}[]}`, 200 when every path was
 * revalidated, 502 when any failed (both lists still given; a failure does not stop the others;
 * when the menu's page list cannot be read, `error` says so). Every refusal is a JSON `{error}`:
 * 405 (with `Allow: POST`), 401 (missing or wrong secret, or no secret configured; the query
 * string is never read), 415 (not JSON), 413 (over 16 KB), 400 (malformed JSON, unknown type,
 * bad slug or path).
 *
 * Every accepted call (but the test) clears this process's caches derived from WordPress content
 * (menu and post types for a menu change; sitemap, feeds, frame types and frame images for
 * content) and broadcasts the same to every instance through Redis (./invalidation.ts).
 *
 * Issue 34, the search index (src/lib/search/siteIndex.ts, docs/search-index.md §5): the items of
 * a plugin payload, or the `{type, slug}` item, are read again into this process's index while the
 * pages regenerate, and are in before the answer (and before the purge of `search` in front); the
 * broadcast carries them (`items`) so every other instance does the same before it acknowledges.
 * A menu change (`{"type": "menu"}`, the plugin's `"menu": true`) or a `paths` call rebuilds the
 * index in the background.
 *
 * Not covered: paginated listing pages (page 2+) are not known cheaply and refresh on their ISR
 * interval.
 */

export const SECRET_HEADER = 'x-revalidate-secret';
export const MAX_BODY_BYTES = 16 * 1024;
export const MAX_PATHS = 100;
export const MAX_SLUG_LENGTH = 200;
export const MAX_PATH_LENGTH = 300;
/** Pages regenerated at the same time (each regeneration reads WordPress). */
export const REVALIDATE_CONCURRENCY = 8;
/** Items in one plugin call (contract B). */
export const MAX_ITEMS = 100;
export const MAX_EVENT_LENGTH = 100;
/** The plugin's status-screen test: `{"event": "test", "items": [], "menu": false}`. */
export const TEST_EVENT = 'test';

/** One item of the plugin's payload, mapped through the content-type table. */
export interface RevalidateItem {
  type: ContentTypeName;
  slug: string;
  section: string;
}

export type RevalidatePayload =
  | { kind: 'content'; type: ContentTypeName; slug: string; section: string }
  | { kind: 'paths'; paths: string[] }
  | { kind: 'menu' }
  | { kind: 'plugin'; event: string; items: RevalidateItem[]; menu: boolean; redirects: boolean };

export interface RevalidateResult {
  revalidated: string[];
  failed: { path: string; error: string }[];
  /** Set when the set of pages could not be fully determined (menu: WordPress's page list failed). */
  error?: string;
  /** Plugin payload with `"menu": true`: the pages regenerated in the background. */
  scheduled?: number;
  /** Issue 18: the purge of the cache in front (when one is configured), after the regeneration. */
  purge?: PurgeReport;
  /** Issue 33: the redirect table read from WordPress (`redirects: true`). */
  redirects?: { version: string; rules: number; changed: boolean; changedSources: string[] };
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

const REST_BASES = CONTENT_TYPES.map((t) => t.restBase);
const EVENT = /^[a-z0-9_ ,:-]+$/;

/** A page's section: absent, null or empty → the default; else a slug. */
function pageSection(section: unknown, name: string): { section: string } | { problem: string } {
  if (section === undefined || section === null || section === '') return { section: DEFAULT_PAGE_SECTION };
  const problem = slugProblem(section, name);
  return problem ? { problem } : { section: section as string };
}

/**
 * The plugin's payload (contract B, docs/revalidation.md): `event` a label (1 to 100 of
 * `[a-z0-9_ ,:-]`), `items` 0 to 100 `{rest_base, slug, section?}` (REST base of the table, slug
 * as for `{type, slug}`, `section` read for `fp_page` only), `menu` a boolean, `redirects` a
 * boolean (issue 33). Absent `items` is `[]`, absent `menu` and `redirects` are false. At least
 * one item, `menu: true` or `redirects: true`, except the `test` event.
 */
function parsePluginPayload(body: Record<string, unknown>): { payload: RevalidatePayload } | { problem: string } {
  const { event, items = [], menu = false, redirects = false } = body;
  if (body.type !== undefined || body.slug !== undefined || body.paths !== undefined) {
    return { problem: 'Give either the plugin\'s "event", "items" and "menu", or "type" (and "slug"), or "paths": not several' };
  }
  if (typeof event !== 'string' || event === '') return { problem: '"event" must be a non-empty string (what happened, e.g. "update")' };
  if (event.length > MAX_EVENT_LENGTH) return { problem: `"event" is longer than ${MAX_EVENT_LENGTH} characters` };
  if (!EVENT.test(event)) return { problem: `"event" ${quote(event)} may contain only lowercase letters, digits, spaces and "_,:-"` };
  if (typeof menu !== 'boolean') return { problem: '"menu" must be true or false' };
  if (typeof redirects !== 'boolean') return { problem: '"redirects" must be true or false' };
  if (!Array.isArray(items) || items.length > MAX_ITEMS) return { problem: `"items" must be a list of 0 to ${MAX_ITEMS} items` };
  const parsed: RevalidateItem[] = [];
  for (const [i, item] of items.entries()) {
    const name = `items[${i}]`;
    if (!isRecord(item)) return { problem: `${name} must be an object {"rest_base", "slug", "section"?}` };
    const def = typeof item.rest_base === 'string' ? contentTypeByRestBase(item.rest_base) : undefined;
    if (!def) {
      const given = item.rest_base === undefined ? 'is missing' : `${quote(item.rest_base)} is not a content type of the site`;
      return { problem: `${name}.rest_base ${given}: expected one of ${REST_BASES.join(', ')}` };
    }
    const badSlug = slugProblem(item.slug, `${name}.slug`);
    if (badSlug) return { problem: badSlug };
    let section = DEFAULT_PAGE_SECTION;
    if (def.name === 'page') {
      const checked = pageSection(item.section, `${name}.section`);
      if ('problem' in checked) return checked;
      section = checked.section;
    }
    parsed.push({ type: def.name, slug: item.slug as string, section });
  }
  if (parsed.length === 0 && !menu && !redirects && event !== TEST_EVENT) {
    return { problem: 'Nothing to revalidate: give at least one item, "menu": true or "redirects": true' };
  }
  return { payload: { kind: 'plugin', event, items: parsed, menu, redirects } };
}

/** The payload, or the problem with it (for a 400). */
export function parsePayload(body: unknown): { payload: RevalidatePayload } | { problem: string } {
  if (!isRecord(body)) {
    return { problem: 'The body must be a JSON object: {"event", "items", "menu"}, {"type", "slug"}, {"paths"} or {"type": "menu"}' };
  }
  if (body.event !== undefined || body.items !== undefined || body.menu !== undefined || body.redirects !== undefined) return parsePluginPayload(body);
  const { type, slug, section, paths } = body;
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
  if (type === undefined) return { problem: 'The body needs "event" and "items" (the plugin\'s payload), "type" (and "slug") or "paths"' };
  if (type === 'menu') return { payload: { kind: 'menu' } };
  if (!isContentTypeName(type)) return { problem: `Unknown type ${quote(type)}: expected one of ${TYPE_NAMES.join(', ')}` };
  const badSlug = slugProblem(slug);
  if (badSlug) return { problem: badSlug };
  let itemSection = DEFAULT_PAGE_SECTION;
  if (type === 'page') {
    const checked = pageSection(section, 'section');
    if ('problem' in checked) return checked;
    itemSection = checked.section;
  }
  return { payload: { kind: 'content', type, slug: slug as string, section: itemSection } };
}

/* ------------------------------------------------------------------------------------------ */
/* Affected paths and revalidation                                                             */
/* ------------------------------------------------------------------------------------------ */

const unique = (paths: string[]) => [...new Set(paths)];

/** One item's pages: its detail page and its type's listing page. */
function itemPaths({ type, slug, section }: RevalidateItem): string[] {
  const { listingPath } = contentType(type);
  return [sitePath(type, slug, section), ...(listingPath ? [listingPath] : [])];
}

/**
 * Every page that shows the menu: static pages, listing pages, every content page. When WordPress
 * cannot list the content pages, the others are still given, with `error`.
 */
export async function everyPagePath(): Promise<{ paths: string[]; error?: string }> {
  const fixed = [...STATIC_PAGES.map((p) => p.path), ...LISTING_PATHS];
  try {
    const links = await getEveryPageLink();
    return { paths: unique([...fixed, ...links.map((l) => l.path)]) };
  } catch (error) {
    const message = `The content pages could not be listed, only fixed and listing pages were revalidated: ${(error as Error)?.message ?? String(error)}`;
    return { paths: unique(fixed), error: message };
  }
}

/**
 * The pages a change affects, regenerated before the answer. Content: its detail page, its type's
 * listing page, `/`. Plugin payload: the same for each item, de-duplicated (none for a menu-only
 * or test call: the menu's pages go to the background job). Menu: every page (`everyPagePath`).
 */
export async function affectedPaths(payload: RevalidatePayload): Promise<{ paths: string[]; error?: string }> {
  switch (payload.kind) {
    case 'paths':
      return { paths: payload.paths };
    case 'content':
      return { paths: unique([...itemPaths(payload), '/']) };
    case 'plugin':
      return { paths: payload.items.length === 0 ? [] : unique([...payload.items.flatMap(itemPaths), '/']) };
    case 'menu':
      return everyPagePath();
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
/* The background menu job                                                                     */
/* ------------------------------------------------------------------------------------------ */

interface MenuRun {
  paths: readonly string[];
  revalidate: (path: string) => Promise<void>;
}

// One per process (see processShared): at most one job runs, and at most one run waits behind it.
const menuJob = processShared('revalidate-menu-job', () => ({ running: null as Promise<void> | null, pending: null as MenuRun | null }));

/**
 * Regenerates `paths` in the background, REVALIDATE_CONCURRENCY at a time, after clearing the
 * menu and post-type caches (so every page reads the menu once more, even one saved while an
 * earlier run was under way). One job at a time: called while a job runs, it makes the job run
 * once more when it is done, with the latest call's pages (several calls meanwhile: still one
 * more run). Never rejects; logs what it did.
 */
export function scheduleMenuRegeneration(paths: readonly string[], revalidate: (path: string) => Promise<void>): 'started' | 'queued' {
  if (menuJob.running) {
    menuJob.pending = { paths, revalidate };
    return 'queued';
  }
  menuJob.running = (async () => {
    let run: MenuRun | null = { paths, revalidate };
    while (run) {
      menuJob.pending = null;
      // The same list the webhook and the broadcast clear for a menu change (./invalidation.ts).
      clearProcessCaches({ menu: true, content: false });
      const started = Date.now();
      try {
        const result = await revalidatePaths(run.paths, run.revalidate);
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        if (result.failed.length > 0) {
          const sample = result.failed.slice(0, 3).map((f) => `${f.path}: ${f.error}`).join('; ');
          console.error(`[revalidate] menu: ${result.failed.length} of ${run.paths.length} pages failed in ${seconds} s (${sample})`);
        } else {
          console.info(`[revalidate] menu: ${run.paths.length} pages regenerated in ${seconds} s`);
        }
        // Issue 18: the cache in front drops every page (the layout key) and gets the new ones.
        await purgeAfterRegeneration([LAYOUT_KEY], result.revalidated);
      } catch (error) {
        console.error(`[revalidate] menu: the background regeneration stopped: ${(error as Error)?.message ?? String(error)}`);
      }
      run = menuJob.pending;
    }
    menuJob.running = null;
  })();
  return 'started';
}

/** Resolves when no background menu job runs (tests, the bench). */
export async function menuRegenerationSettled(): Promise<void> {
  while (menuJob.running) await menuJob.running;
}

/* ------------------------------------------------------------------------------------------ */
/* The request                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/** Which per-process caches a payload outdates: the menu's (menu and post types) and/or the content's. */
export function invalidatedScopes(payload: RevalidatePayload): InvalidationScopes {
  switch (payload.kind) {
    case 'menu':
      return { menu: true, content: false };
    case 'plugin':
      return { menu: payload.menu, content: payload.items.length > 0, ...(payload.redirects ? { redirects: true } : {}) };
    default:
      return { menu: false, content: true };
  }
}

/** Issue 34: the items a payload names, for the search index (none for menu, paths and test calls). */
export function searchItemsOf(payload: RevalidatePayload): SearchItem[] {
  switch (payload.kind) {
    case 'content':
      return [{ type: payload.type, slug: payload.slug, section: payload.section }];
    case 'plugin':
      return payload.items;
    default:
      return [];
  }
}

/** Issue 34: whether a payload's change reaches the search index only through a rebuild (it names no items, or every page). */
export function rebuildsSearchIndex(payload: RevalidatePayload): boolean {
  return payload.kind === 'menu' || payload.kind === 'paths' || (payload.kind === 'plugin' && payload.menu);
}

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

  const scopes = invalidatedScopes(payload);
  if (!scopes.menu && !scopes.content && !scopes.redirects) {
    // The plugin's test call: the secret and the address work; nothing to do.
    res.status(200).json({ revalidated: [], failed: [] } satisfies RevalidateResult);
    return;
  }
  // Issue 33: the redirect table first, from WordPress into this process and Redis, so that the
  // broadcast below tells the other instances to reload a table that is already there.
  let redirectReport: RevalidateResult['redirects'];
  let redirectError: string | undefined;
  if (scopes.redirects) {
    try {
      const report = await reloadRedirectsFromWordPress();
      redirectReport = { version: report.version, rules: report.rules, changed: report.changed, changedSources: report.changedSources };
    } catch (error) {
      redirectError = `The redirect table could not be read from WordPress, the last one stays: ${(error as Error)?.message ?? String(error)}`;
    }
    // Nothing new for the other instances to read.
    if (!redirectReport?.changed) delete scopes.redirects;
  }
  // In-memory copies derived from WordPress content go first, so regenerated pages read fresh data;
  // every other instance is told to clear its own (not awaited: Redis never slows the webhook).
  clearProcessCaches(scopes);
  const { redisUrl, cachePurge } = getConfig();
  const event = payload.kind === 'plugin' ? payload.event : payload.kind;
  // Not awaited here. With a cache in front to purge, the purge (after the regeneration) waits for every instance's ack.
  let dropped: ReturnType<typeof broadcastInvalidationAndWait> | null = null;
  const anyScope = scopes.menu || scopes.content || scopes.redirects;
  // Issue 34: the changed items go with the message, so every instance's search index reads them.
  const items = searchItemsOf(payload);
  const sent = items.length ? { ...scopes, items } : scopes;
  if (redisUrl && cachePurge && anyScope) dropped = broadcastInvalidationAndWait(redisUrl, sent, event);
  else if (redisUrl && anyScope) void broadcastInvalidation(redisUrl, sent, event);

  // This instance's index: the items read again while the pages regenerate (awaited below, before
  // the answer and the purge); a change of every page, or of paths, rebuilds it in the background.
  const searchUpdated = updateSearchItems(items);
  if (rebuildsSearchIndex(payload)) void rebuildSearchIndex();

  const { paths, error: listError } = await affectedPaths(payload);
  const revalidate = (path: string) => res.revalidate(path);
  const result = await revalidatePaths(paths, revalidate);
  await searchUpdated;
  let body: RevalidateResult = result;
  let error = listError;
  let okStatus = 200;
  if (payload.kind === 'plugin' && payload.menu) {
    // Every page shows the menu: regenerated in the background, the caller does not wait.
    const every = await everyPagePath();
    error = every.error;
    scheduleMenuRegeneration(every.paths, revalidate);
    body = { ...result, scheduled: every.paths.length };
    okStatus = 202;
  }
  if (redirectError) error = error ? `${error}; ${redirectError}` : redirectError;
  if (error) body = { ...body, error };
  if (redirectReport) body = { ...body, redirects: redirectReport };
  // Issue 18: purge the regenerated pages' keys in the cache in front, then warm them (never fails the call).
  const keys = unique([...payloadKeys(payload), ...(redirectReport?.changed ? redirectKeys(redirectReport.changedSources) : [])]);
  const purge = await purgeAfterRegeneration(keys, result.revalidated, dropped);
  if (purge) body = { ...body, purge };
  if (result.failed.length > 0 || error) {
    console.error(`[revalidate] ${result.failed.length} of ${paths.length} paths failed${error ? `; ${error}` : ''}`);
  }
  res.status(result.failed.length > 0 || error ? 502 : okStatus).json(body);
});
