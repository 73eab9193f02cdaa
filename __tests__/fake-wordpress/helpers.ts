/** Helpers for the fake WordPress tests: requests go through msw to http://wordpress.test. */

export const ORIGIN = 'http://wordpress.test';
export const WP = `${ORIGIN}/wp-json/wp/v2`;
export const CUSTOM = `${ORIGIN}/wp-json/custom-api/v1`;

export interface Answer<T> {
  status: number;
  headers: Headers;
  text: string;
  json: T;
}

/** Fetches a URL (absolute, or relative to the REST prefix `/wp-json`) and parses the JSON body. */
export async function request<T = unknown>(url: string, init?: RequestInit): Promise<Answer<T>> {
  const absolute = url.startsWith('http') ? url : `${ORIGIN}/wp-json${url}`;
  const response = await fetch(absolute, init);
  const text = await response.text();
  let json: unknown = undefined;
  if (text && (response.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(text);
  return { status: response.status, headers: response.headers, text, json: json as T };
}

/** WordPress's error body. */
export interface ErrorBody {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string>; details?: Record<string, { code: string; message: string }> };
}
