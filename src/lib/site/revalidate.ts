import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextApiRequest, NextApiResponse } from 'next';
import { getConfig } from '../../config';
import { CONTENT_TYPES, contentTypeByRestBase, DEFAULT_PAGE_SECTION } from '../shared/wordpress/contentTypes';
import { ApiError, jsonApiRoute } from '../api/errors';
import { isRecord } from '../shared/isRecord';
import { parseJson, readBody, requireJsonContentType, requireMethod } from '../api/request';
import type { SearchItem } from '../search/siteIndex';
import { acceptJob, isJobNotRecorded, kickJobWorker, type Scope } from './jobs';

/**
 * The revalidation webhook (`POST /api/revalidate`), issue 35 §1 (docs/reliability.md, the
 * contract in docs/revalidation.md): WordPress's plugin tells the site what changed; the site
 * *records* it and answers at once; its worker (./jobs.ts) does the work after the answer.
 *
 * Request: `POST`, header `x-revalidate-secret: {REVALIDATE_SECRET}`, `Content-Type:
 * application/json`, a body of at most 16 KB, payload version 2 (the only shape):
 * `{"v": 2, "id": "wp-…", "event": "update", "items": [{"rest_base", "slug", "section"?}, …],
 * "scope": "items" | "all", "redirects": false}`.
 * - `v` must be 2: any other value, or none (version 1's `{event, items, menu}`, `{type, slug}`,
 *   `{paths}`, `{type: "menu"}`), is a 400 saying version 1 is no longer accepted;
 * - `id`: the sender's delivery id (1 to 64 of `A-Za-z0-9._:-`), for logs;
 * - `event`: a label (1 to 100 of `a-z0-9_ ,:-`);
 * - `items` (default `[]`): 0 to 100 items, mapped through the content-type table by REST base
 *   (`section` read for `fp_page` only);
 * - `scope` (default `"items"`): `"items"` regenerates each item's page, its type's listing page
 *   and `/`; `"all"` every page, and clears the menu's caches (menu, styles, site settings, more
 *   than 100 items);
 * - `redirects` (default `false`): the redirect table may have changed (issue 33);
 * - at least one item, `scope: "all"` or `redirects: true`; except `event: "test"` with nothing
 *   else: `200 {"test": true}` without any work (the plugin's status screen).
 *
 * Answer: `202 {"accepted": id, "job": jobId}` once the job is recorded (with REDIS_URL: in
 * Redis's `site:jobs`, at most 1 s; in the process without), before any regeneration, purge or
 * WordPress read. When Redis cannot record it: `503 {error}` with `Retry-After: 5` (the sender
 * keeps the payload and sends it again). Every refusal is a JSON `{error}`: 405 (with `Allow:
 * POST`), 401 (missing or wrong secret, or no secret configured; the query string is never read),
 * 415 (not JSON), 413 (over 16 KB), 400 (malformed JSON, version 1, bad field).
 */

export const SECRET_HEADER = 'x-revalidate-secret';
export const MAX_BODY_BYTES = 16 * 1024;
export const MAX_SLUG_LENGTH = 200;
/** Items in one payload (the plugin sends `scope: "all"` for more). */
export const MAX_ITEMS = 100;
export const MAX_EVENT_LENGTH = 100;
export const MAX_ID_LENGTH = 64;
export const PAYLOAD_VERSION = 2;
/** The plugin's status-screen test: `{"v": 2, "id": "…", "event": "test"}`. */
export const TEST_EVENT = 'test';
/** The answer to a body that is not version 2. */
export const VERSION_1_REFUSED = 'payload version 1 is no longer accepted: send {"v": 2, ...} (docs/revalidation.md)';
/** The 503's message when Redis cannot record the job. */
export const NOT_RECORDED = 'The change could not be recorded (Redis is unreachable); send it again';
export const RETRY_AFTER_SECONDS = 5;

/** One item of the payload, mapped through the content-type table: the search index's item, the same three fields. */
export type RevalidateItem = SearchItem;

/** A valid payload (version 2). */
export interface WebhookPayload {
  v: typeof PAYLOAD_VERSION;
  id: string;
  event: string;
  items: RevalidateItem[];
  scope: Scope;
  redirects: boolean;
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

const REST_BASES = CONTENT_TYPES.map((t) => t.restBase);
const EVENT = /^[a-z0-9_ ,:-]+$/;
const DELIVERY_ID = /^[A-Za-z0-9._:-]+$/;
/** Version 1's fields: named in the refusal of a version-2 body that still carries one. */
const VERSION_1_FIELDS: Record<string, string> = { menu: 'use "scope": "all"', type: 'give "items"', slug: 'give "items"', paths: 'give "items" or "scope": "all"' };

/** A page's section: absent, null or empty → the default; else a slug. */
function pageSection(section: unknown, name: string): { section: string } | { problem: string } {
  if (section === undefined || section === null || section === '') return { section: DEFAULT_PAGE_SECTION };
  const problem = slugProblem(section, name);
  return problem ? { problem } : { section: section as string };
}

function parseItems(items: unknown): { items: RevalidateItem[] } | { problem: string } {
  if (!Array.isArray(items) || items.length > MAX_ITEMS) return { problem: `"items" must be a list of 0 to ${MAX_ITEMS} items (more: "scope": "all")` };
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
  return { items: parsed };
}

/** The payload (version 2, docs/reliability.md §1), or the problem with it (for a 400). */
export function parsePayload(body: unknown): { payload: WebhookPayload } | { problem: string } {
  if (!isRecord(body)) return { problem: 'The body must be a JSON object: {"v": 2, "id", "event", "items", "scope", "redirects"}' };
  if (body.v !== PAYLOAD_VERSION) return { problem: VERSION_1_REFUSED };
  const { id, event, items = [], scope = 'items', redirects = false } = body;
  for (const [field, instead] of Object.entries(VERSION_1_FIELDS)) {
    if (body[field] !== undefined) return { problem: `"${field}" is a field of version 1: ${instead}` };
  }
  if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH || !DELIVERY_ID.test(id)) {
    return { problem: `"id" must be the delivery's id: 1 to ${MAX_ID_LENGTH} characters of A-Z, a-z, 0-9, ".", "_", ":" and "-"` };
  }
  if (typeof event !== 'string' || event === '') return { problem: '"event" must be a non-empty string (what happened, e.g. "update")' };
  if (event.length > MAX_EVENT_LENGTH) return { problem: `"event" is longer than ${MAX_EVENT_LENGTH} characters` };
  if (!EVENT.test(event)) return { problem: `"event" ${quote(event)} may contain only lowercase letters, digits, spaces and "_,:-"` };
  if (scope !== 'items' && scope !== 'all') return { problem: '"scope" must be "items" or "all"' };
  if (typeof redirects !== 'boolean') return { problem: '"redirects" must be true or false' };
  const parsed = parseItems(items);
  if ('problem' in parsed) return parsed;
  if (parsed.items.length === 0 && scope === 'items' && !redirects && event !== TEST_EVENT) {
    return { problem: 'Nothing to do: give at least one item, "scope": "all" or "redirects": true' };
  }
  return { payload: { v: PAYLOAD_VERSION, id, event, items: parsed.items, scope, redirects } };
}

/** The plugin's status-screen test: the secret and the address work; nothing to do. */
export function isTestPayload(payload: WebhookPayload): boolean {
  return payload.event === TEST_EVENT && payload.items.length === 0 && payload.scope === 'items' && !payload.redirects;
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
  const { id, event, items, scope, redirects } = parsed.payload;
  if (isTestPayload(parsed.payload)) {
    res.status(200).json({ test: true });
    return;
  }
  let jobId: string;
  try {
    jobId = (await acceptJob({ delivery: id, event, items, scope, redirects })).id;
  } catch (error) {
    if (!isJobNotRecorded(error)) throw error;
    console.error(`[revalidate] delivery ${id} (${event}) refused with 503: it could not be recorded (${error.message})`);
    throw new ApiError(503, NOT_RECORDED, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  }
  res.status(202).json({ accepted: id, job: jobId });
  // After the answer: the sender may forget the payload, the worker does the work.
  kickJobWorker();
});
