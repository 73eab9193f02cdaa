import type { NextApiHandler } from 'next';
import { getConfig } from '../../config';
import { ApiError, jsonApiRoute } from './errors';
import { configuredRateLimit, enforceRateLimit, type RateLimit } from './rateLimit';
import { readJsonObject, requireMethod } from './request';

/**
 * The page-view ping (`POST /api/ping`, spec §7: the browser sends `{page: location.pathname}` at
 * application start and ignores the answer).
 *
 * Request: POST, `Content-Type: application/json`, a body of at most 4 KB, `{"page": "/path"}`:
 * a site path starting with one `/` (not `//` or `/\`, which browsers read as another host), at
 * most 2 KB, no control characters. Other fields are ignored.
 *
 * Answer: 204 with no body. Each accepted ping writes ONE log line to stdout:
 * `{"event":"page_view","page":"/about-us/news","at":"2025-01-31T12:00:00.000Z"}`. The query and
 * fragment, if a client sent them, are cut off first (they can carry e-mail addresses or tokens).
 * Nothing about the visitor is logged: no IP address, no user agent, no cookie.
 *
 * Refusals are JSON `{error}`: 405 (with `Allow: POST`), 429 (with `Retry-After`; 60 pings per
 * minute per client), 415 (not JSON), 413 (over 4 KB), 400 (malformed JSON, `page` missing, not a
 * string, not a site path, over 2 KB).
 */

export const PING_MAX_BODY_BYTES = 4 * 1024;
export const PING_MAX_PAGE_BYTES = 2 * 1024;
export const PING_RATE_LIMIT = { points: 60, durationSeconds: 60 } as const;

export interface PageView {
  event: 'page_view';
  page: string;
  at: string;
}

/** `page` checked: the path to log (query and fragment cut off), or the problem. */
export function checkPingPage(value: unknown): { page: string } | { problem: string } {
  if (value === undefined) return { problem: 'The body needs "page": the path of the page viewed, e.g. {"page": "/about-us/news"}' };
  if (typeof value !== 'string') return { problem: '"page" must be a string, e.g. "/about-us/news"' };
  if (Buffer.byteLength(value, 'utf8') > PING_MAX_PAGE_BYTES) return { problem: `"page" is longer than ${PING_MAX_PAGE_BYTES} bytes` };
  if (!value.startsWith('/')) return { problem: '"page" must be a site path starting with "/" (not a URL)' };
  if (value.startsWith('//') || value.startsWith('/\\')) return { problem: '"page" must be a site path: it must not start with "//" or "/\\"' };
  if (/[\u0000-\u001f\u007f]/.test(value)) return { problem: '"page" must not contain control characters' };
  return { page: value.replace(/[?#].*$/s, '') };
}

export interface PingHandlerOptions {
  /** The per-client limit (default: 60 per minute, in Redis when REDIS_URL is set, else in memory). */
  rateLimit?: RateLimit;
  /** Where the page view goes (default: one JSON line on stdout). */
  log?: (view: PageView) => void;
  /** The clock (default: `new Date()`). */
  now?: () => Date;
  /** Whether to believe `X-Forwarded-For` (default: `TRUST_PROXY` from the configuration). */
  trustProxy?: () => boolean;
}

const logLine = (view: PageView) => console.log(JSON.stringify(view));

export function createPingHandler(options: PingHandlerOptions = {}): NextApiHandler {
  const rateLimit = options.rateLimit ?? configuredRateLimit({ ...PING_RATE_LIMIT, keyPrefix: 'ping' });
  const log = options.log ?? logLine;
  const now = options.now ?? (() => new Date());
  const trustProxy = options.trustProxy ?? (() => getConfig().trustProxy);

  return jsonApiRoute('ping', async (req, res) => {
    requireMethod(req, ['POST']);
    await enforceRateLimit(rateLimit, req, trustProxy());
    const body = await readJsonObject(req, PING_MAX_BODY_BYTES, '{"page": "/path"}');
    const checked = checkPingPage(body.page);
    if ('problem' in checked) throw new ApiError(400, checked.problem);
    log({ event: 'page_view', page: checked.page, at: now().toISOString() });
    res.status(204).end();
  });
}
