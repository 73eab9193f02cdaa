/**
 * URLs inside the fake WordPress's content.
 *
 * WordPress writes absolute URLs on its own site URL into content, media and links. The fake
 * serves several origins at once (http://wordpress.test under msw, http://127.0.0.1:3001 for the
 * demo), so stored content uses ORIGIN as a stand-in that every response replaces with the
 * origin the request came to, the way WordPress uses its `siteurl`.
 */

/** Stand-in for the serving origin inside stored content (`.invalid` is a reserved TLD: it never resolves). */
export const ORIGIN = 'http://wp-origin.invalid';

/** A development host of the content system: content that still points at it must be rewritten to the media host. */
export const DEV_HOST = 'https://dev-cms.example.test';

export const UPLOADS_PATH = '/wp-content/uploads/';
export const REST_PREFIX = '/wp-json';

/** Absolute URL of an uploaded file on the serving origin (`file` is relative to the uploads folder, e.g. `2025/03/hero.png`). */
export function uploadUrl(file: string): string {
  return `${ORIGIN}${UPLOADS_PATH}${file}`;
}

/** The same uploaded file as the development host still serves it. */
export function devUploadUrl(file: string): string {
  return `${DEV_HOST}${UPLOADS_PATH}${file}`;
}

/** Absolute URL of a REST route (`/wp/v2/posts/12`) on the serving origin. */
export function restUrl(route: string): string {
  return `${ORIGIN}${REST_PREFIX}${route}`;
}

/** Replaces the ORIGIN stand-in in a serialized response by the serving origin. */
export function withOrigin(text: string, origin: string): string {
  return text.split(ORIGIN).join(origin);
}
