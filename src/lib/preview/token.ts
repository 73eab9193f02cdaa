import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The preview token (issue 11, contract C): WordPress signs, the site verifies.
 *
 * `token` = lowercase hex of HMAC-SHA256(key = the shared secret — WordPress's
 * `HEADLESS_PREVIEW_SECRET`, the site's `PREVIEW_SECRET` — message = `"{rest_base}\n{id}\n{user_id}\n{expires}"`),
 * `expires` in Unix seconds, at most 600 s ahead (the plugin uses 300). The site allows 30 s of
 * clock skew between the two servers. Server-only (node:crypto).
 */

/** The longest a token may live: WordPress signs for at most 10 minutes. */
export const MAX_TOKEN_LIFETIME_SECONDS = 600;
/** Clock skew allowed between WordPress and the site, on top of the lifetime. */
export const CLOCK_SKEW_SECONDS = 30;

export interface TokenClaims {
  /** The item's REST base (`posts`, `news`, `fp_page`, …). */
  restBase: string;
  id: number;
  /** The WordPress user who pressed Preview (whose autosave is shown). */
  user: number;
  /** Unix seconds. */
  expires: number;
}

/** The signed message: `"{rest_base}\n{id}\n{user_id}\n{expires}"`. */
export function tokenMessage({ restBase, id, user, expires }: TokenClaims): string {
  return `${restBase}\n${id}\n${user}\n${expires}`;
}

/** The token WordPress would sign for these claims (lowercase hex). Tests and tools use it; the route only verifies. */
export function signToken(claims: TokenClaims, secret: string): string {
  return createHmac('sha256', secret).update(tokenMessage(claims), 'utf8').digest('hex');
}

export type TokenCheck =
  | { ok: true }
  | { ok: false; reason: 'no-secret' | 'bad-signature' | 'expired' | 'too-far-ahead' };

/**
 * Checks a token against the claims it came with. The signature is compared in constant time
 * (`timingSafeEqual` over the two 32-byte digests; `token` must already be 64 hex characters).
 * The expiry is judged only for a genuine token, so a forged link learns nothing about time.
 */
export function checkToken(claims: TokenClaims, token: string, secret: string | null, nowSeconds: number): TokenCheck {
  if (!secret) return { ok: false, reason: 'no-secret' };
  const expected = createHmac('sha256', secret).update(tokenMessage(claims), 'utf8').digest();
  const given = Buffer.from(token, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad-signature' };
  if (claims.expires < nowSeconds) return { ok: false, reason: 'expired' };
  if (claims.expires > nowSeconds + MAX_TOKEN_LIFETIME_SECONDS + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'too-far-ahead' };
  return { ok: true };
}
