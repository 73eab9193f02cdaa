import type { NextApiHandler, NextApiRequest, NextApiResponse } from 'next';
import { getConfig } from '../../config';
import { ApiError, jsonApiRoute } from '../api/errors';
import { configuredRateLimit, enforceRateLimit, type RateLimit } from '../api/rateLimit';
import { requireMethod } from '../api/request';
import { CONTENT_TYPES, contentTypeByRestBase } from '../shared/wordpress/contentTypes';
import { PreviewNotConfiguredError, PreviewRefusedError, readPreviewRecord, type PreviewRecord } from '../wordpress/preview';
import type { ContentTypeDef } from '../shared/wordpress/contentTypes';
import { parsePreviewData, type PreviewData } from './previewData';
import { checkToken, type TokenCheck, type TokenClaims } from './token';

/**
 * `GET /api/preview` and `POST /api/preview/exit` (issue 11, contract C; docs/preview.md).
 *
 * Entry: `GET /api/preview?type={rest_base}&id={id}&user={user_id}&expires={unix_seconds}&token={hex}`,
 * reached through WordPress's 302 from its own preview URL.
 * 1. 400 JSON for a missing, repeated or malformed parameter (an unknown REST base included);
 * 2. 401 JSON, and no cookie, for a wrong token (constant-time compare; a token signed for another
 *    item is a wrong token), an expired one, one expiring more than 600 s (+ 30 s skew) ahead, or
 *    no `PREVIEW_SECRET`;
 * 3. the authenticated read (`src/lib/wordpress/preview.ts`): 404 JSON when WordPress has no such
 *    item; 503 without the preview credentials; 502 when WordPress refuses them or fails;
 * 4. `res.setPreviewData(...)`: Next's preview data, signed and encrypted with this build's keys,
 *    in two session cookies (no `maxAge`), HttpOnly, Secure outside `next dev`, SameSite=Lax;
 * 5. 307 to the item's site path from the content-type table (slug from WordPress, `preview-{id}`
 *    without one): never a request parameter, so no open redirect.
 * Every answer: `Cache-Control: no-store` and `X-Robots-Tag: noindex`. Rate-limited per client.
 *
 * Exit: a form POST (no script needed): the preview cookies are cleared and the answer is 303 to the
 * published page of the previewed item (from the preview data, never the request), or `/`.
 */

export const PREVIEW_RATE_LIMIT = { points: 30, durationSeconds: 60 } as const;
export const NOINDEX = 'noindex';

const ID = /^[1-9]\d{0,15}$/;
const EXPIRES = /^\d{1,12}$/;
const TOKEN = /^[0-9a-f]{64}$/;
const REST_BASE = /^[a-z0-9_-]{1,64}$/;

type Query = NextApiRequest['query'];

function single(query: Query, name: string): string {
  const value = query[name];
  if (value === undefined || value === '') throw new ApiError(400, `The parameter "${name}" is missing`);
  if (typeof value !== 'string') throw new ApiError(400, `The parameter "${name}" must be given once`);
  return value;
}

/** The claims of the preview link, or a 400 naming the bad parameter. */
export function parsePreviewQuery(query: Query): { claims: TokenClaims; token: string; def: ContentTypeDef } {
  const type = single(query, 'type');
  if (!REST_BASE.test(type) || !contentTypeByRestBase(type)) {
    throw new ApiError(400, `The parameter "type" must be one of ${CONTENT_TYPES.map((t) => t.restBase).join(', ')}`);
  }
  const id = single(query, 'id');
  if (!ID.test(id) || !Number.isSafeInteger(Number(id))) throw new ApiError(400, 'The parameter "id" must be a positive whole number');
  const user = single(query, 'user');
  if (!ID.test(user) || !Number.isSafeInteger(Number(user))) throw new ApiError(400, 'The parameter "user" must be a positive whole number');
  const expires = single(query, 'expires');
  if (!EXPIRES.test(expires)) throw new ApiError(400, 'The parameter "expires" must be a time in Unix seconds');
  const token = single(query, 'token');
  if (!TOKEN.test(token)) throw new ApiError(400, 'The parameter "token" must be 64 lowercase hexadecimal characters');
  return {
    claims: { restBase: type, id: Number(id), user: Number(user), expires: Number(expires) },
    token,
    def: contentTypeByRestBase(type) as ContentTypeDef,
  };
}

const REFUSALS: Record<Exclude<TokenCheck, { ok: true }>['reason'], string> = {
  'no-secret': 'Previews are not enabled on this site (PREVIEW_SECRET is not set).',
  'bad-signature': 'This preview link is not valid. Press Preview in WordPress again.',
  expired: 'This preview link has expired. Press Preview in WordPress again.',
  'too-far-ahead': 'This preview link expires too far in the future.',
};

/**
 * Next writes its preview cookies `SameSite=None` (and `Secure`) outside `next dev`, made for a
 * preview inside a third-party iframe. Ours opens as a top-level navigation (a new tab), where
 * `Lax` cookies are sent, so they are rewritten to `Lax`: never sent on another site's
 * subrequests or form posts. HttpOnly, Secure and the session lifetime (no Max-Age/Expires on
 * entry) stay as Next sets them.
 */
export function laxPreviewCookies(res: Pick<NextApiResponse, 'getHeader' | 'setHeader'>): void {
  const cookies = res.getHeader('Set-Cookie');
  if (cookies === undefined) return;
  const list = Array.isArray(cookies) ? cookies : [String(cookies)];
  res.setHeader(
    'Set-Cookie',
    list.map((cookie) => (/^__(prerender_bypass|next_preview_data)=/.test(cookie) ? cookie.replace(/;\s*SameSite=None/i, '; SameSite=Lax') : cookie)),
  );
}

export interface PreviewHandlerOptions {
  rateLimit?: RateLimit;
  /** The authenticated read (default: WordPress's preview route). */
  read?: (def: ContentTypeDef, id: number, user: number) => Promise<PreviewRecord | null>;
  /** Unix seconds now (default: the clock). */
  now?: () => number;
  /** PREVIEW_SECRET (default: from the configuration). */
  secret?: () => string | null;
  trustProxy?: () => boolean;
}

export function createPreviewHandler(options: PreviewHandlerOptions = {}): NextApiHandler {
  const rateLimit = options.rateLimit ?? configuredRateLimit({ ...PREVIEW_RATE_LIMIT, keyPrefix: 'preview' });
  const read = options.read ?? readPreviewRecord;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const secret = options.secret ?? (() => getConfig().previewSecret);
  const trustProxy = options.trustProxy ?? (() => getConfig().trustProxy);

  return jsonApiRoute('preview', async (req, res) => {
    res.setHeader('X-Robots-Tag', NOINDEX);
    requireMethod(req, ['GET']);
    await enforceRateLimit(rateLimit, req, trustProxy());
    const { claims, token, def } = parsePreviewQuery(req.query);
    const check = checkToken(claims, token, secret(), now());
    if (!check.ok) throw new ApiError(401, REFUSALS[check.reason]);

    let record: PreviewRecord | null;
    try {
      record = await read(def, claims.id, claims.user);
    } catch (error) {
      if (error instanceof PreviewNotConfiguredError) {
        console.error(`[preview] ${error.message}`);
        throw new ApiError(503, 'Previews are not configured on this site.');
      }
      console.error(`[preview] the draft of ${def.restBase} ${claims.id} could not be read: ${(error as Error)?.message ?? String(error)}`);
      throw new ApiError(502, error instanceof PreviewRefusedError ? 'WordPress refused the site\'s preview reader.' : 'WordPress could not be reached, please try again.');
    }
    if (!record) throw new ApiError(404, `WordPress has no ${def.label.toLowerCase()} with id ${claims.id}.`);

    const data: PreviewData = {
      restBase: def.restBase,
      id: claims.id,
      user: claims.user,
      slug: record.slug,
      section: record.section,
      published: record.status === 'publish' ? record.path : null,
    };
    // No maxAge: session cookies, which end with the browser session (or at the next build, whose keys differ).
    res.setPreviewData(data);
    laxPreviewCookies(res);
    res.redirect(307, record.path);
  });
}

/** `POST /api/preview/exit`: clears preview mode, then 303 to the previewed item's published page, or `/`. */
export function createPreviewExitHandler(): NextApiHandler {
  return jsonApiRoute('preview-exit', async (req, res) => {
    res.setHeader('X-Robots-Tag', NOINDEX);
    requireMethod(req, ['POST']);
    const target = parsePreviewData(req.preview ? req.previewData : null)?.published ?? '/';
    res.clearPreviewData();
    laxPreviewCookies(res);
    res.redirect(303, target);
  });
}
