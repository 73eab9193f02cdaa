import { withOrigin } from './urls';

/** What the handler answers: framework-neutral, so msw and node:http can both send it. */
export interface WordPressResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

/** JSON data as the REST server produces it (before encoding). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json | undefined };

/** A REST result: data plus the headers the route adds (totals, pagination links). */
export interface RestResult {
  status: number;
  data: Json;
  headers?: Record<string, string>;
}

/** A WP_Error as the REST server answers it: `{code, message, data: {status, ...}}`. */
export interface RestError extends RestResult {
  data: { code: string; message: string; data: { status: number; [key: string]: Json | undefined } };
}

export function restError(status: number, code: string, message: string, extra: Record<string, Json | undefined> = {}): RestError {
  return { status, data: { code, message, data: { status, ...extra } } };
}

export function isRestError(result: RestResult): result is RestError {
  return result.status >= 400;
}

export const noRoute = (): RestError => restError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
export const invalidPostId = (): RestError => restError(404, 'rest_post_invalid_id', 'Invalid post ID.');

/**
 * `wp_json_encode` as the REST server calls it (no flags): slashes escaped as `\/` and every
 * non-ASCII character as `\uXXXX`. `_pretty` adds PHP's four-space pretty printing.
 */
export function encodeJson(data: Json, origin: string, pretty = false): string {
  const json = JSON.stringify(data, null, pretty ? 4 : undefined) ?? 'null';
  return withOrigin(json, origin)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The headers WordPress's REST server sends with every answer (`rest_send_cors_headers`,
 * `WP_REST_Server::serve_request`): the request's Origin echoed with credentials allowed.
 */
export function restHeaders(method: string, requestOrigin: string | null, siteOrigin: string): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=UTF-8',
    'X-Robots-Tag': 'noindex',
    Link: `<${siteOrigin}/wp-json/>; rel="https://api.w.org/"`,
    'X-Content-Type-Options': 'nosniff',
    'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link',
    'Access-Control-Allow-Headers': 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
  };
  if (requestOrigin) {
    headers['Access-Control-Allow-Origin'] = requestOrigin;
    headers['Access-Control-Allow-Methods'] = 'OPTIONS, GET, POST, PUT, PATCH, DELETE';
    headers['Access-Control-Allow-Credentials'] = 'true';
    headers.Vary = 'Origin';
  } else if (method === 'GET') {
    headers.Vary = 'Origin';
  }
  return headers;
}
