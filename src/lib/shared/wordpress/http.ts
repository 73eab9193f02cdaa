/**
 * The one fetch wrapper for WordPress reads (spec §4 "Fetch retry", §7, §8).
 *
 * - Every read is a GET with the cache-busting parameter `t`.
 * - Up to 3 attempts with 3000 ms between them. A non-OK status, a network error, a timeout or a
 *   body that is not JSON (an HTML error page) is a failed attempt: it is logged with the message
 *   `Fetch failed with status {status}` (status 0 when no response came) and retried.
 * - After the third failure: `Exceeded max retries. Unable to fetch data.`
 * - Each attempt is aborted after 10 s, so a hanging content system cannot hang a build: the worst
 *   case for one read is 3 × 10 s + 2 × 3 s = 36 s, inside Next's 60 s static-generation limit.
 * - On the server, every attempt is reported to `attemptWatcher` (`src/lib/wordpress/recovery.ts`): an attempt
 *   that a hung WordPress holds can be abandoned when WordPress answers again (issue 35).
 * Works in Node and in the browser (alerts are read from the browser).
 */

export const WP_PREFIX = '/wp-json/wp/v2';
export const CUSTOM_PREFIX = '/wp-json/custom-api/v1';
export const MAX_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 3000;
export const ATTEMPT_TIMEOUT_MS = 10_000;
export const MAX_RETRIES_MESSAGE = 'Exceeded max retries. Unable to fetch data.';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

/** An attempt that failed: `status` is the HTTP status (a non-JSON body keeps its status), or 0 for a network error or a timeout. */
export class FetchFailedError extends Error {
  constructor(
    readonly status: number,
    readonly reason?: string,
  ) {
    super(`Fetch failed with status ${status}`);
    this.name = 'FetchFailedError';
  }
}

/** All attempts failed. `lastFailure` is the last attempt's error. */
export class MaxRetriesError extends Error {
  constructor(readonly lastFailure: FetchFailedError) {
    super(MAX_RETRIES_MESSAGE);
    this.name = 'MaxRetriesError';
  }
}

export interface JsonResponse<T> {
  status: number;
  headers: Headers;
  data: T;
}

export interface FetchJsonOptions {
  /**
   * Decides that a non-OK response is an answer, not a failure (the all-posts walk's 400
   * `rest_post_invalid_page_number` past the last page). Called with the status and the parsed body.
   */
  isAnswer?: (status: number, body: unknown) => boolean;
  /**
   * How many attempts before giving up (default `MAX_ATTEMPTS`, 3; at least 1). For a read a
   * visitor is waiting on (site search), where 36 s is far too long: 1 attempt fails within 10 s.
   */
  attempts?: number;
  /**
   * Extra request headers. Only the preview read (`./preview.ts`) uses it, for its
   * `Authorization`: public reads never carry credentials. Never logged.
   */
  headers?: Readonly<Record<string, string>>;
  /**
   * `manual`: a redirect is not followed; its 3xx response is returned (or is a failure, unless
   * `isAnswer` accepts it). For the block library's files: WordPress answers a file it does not
   * have through its front end, which the plugin redirects to the site.
   */
  redirect?: 'follow' | 'manual';
}

/**
 * Builds `{base}{prefix}/{path}?…&t=…`. Path segments are encoded by the caller with `segment()`;
 * query values are encoded here. Array values repeat the key (`a=1&a=2`).
 */
export function wpUrl(base: string, prefix: string, path: string, query: Query = {}): string {
  const url = new URL(`${base.replace(/\/+$/, '')}${prefix}/${path.replace(/^\/+/, '')}`);
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null || v === false) continue;
      url.searchParams.append(key, v === true ? '' : String(v));
    }
  }
  url.searchParams.set('t', String(Date.now()));
  // `_embed` is a flag: WordPress accepts it without a value, and `_embed=` reads badly in logs.
  return url.toString().replace(/([?&]_embed)=(?=&|$)/, '$1');
}

/** One path segment (a slug or an id), percent-encoded: never pasted raw into a URL. */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** What `attemptWatcher` is told of an attempt when it ends: the HTTP status, or 0 for no answer. */
export interface AttemptWatch {
  settled(status: number): void;
}

/**
 * The watcher of attempts (set by `src/lib/wordpress/recovery.ts` on the server, in each bundle that
 * loads it; none in the browser). It may abort an attempt through its controller, with a string
 * reason that is logged as the failure's.
 */
let attemptWatcher: ((url: string, controller: AbortController) => AttemptWatch | undefined) | null = null;

/** Sets the watcher of this module's attempts (see above). */
export function watchAttempts(watcher: typeof attemptWatcher): void {
  attemptWatcher = watcher;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How a body is read: JSON (a body that is not JSON is a failed attempt), or text. */
type BodyKind = 'json' | 'text';

async function attempt<T>(url: string, options: FetchJsonOptions, kind: BodyKind = 'json'): Promise<JsonResponse<T>> {
  let response: Response;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(`timed out after ${ATTEMPT_TIMEOUT_MS} ms`), ATTEMPT_TIMEOUT_MS);
  const watch = attemptWatcher?.(url, controller);
  let status = 0;
  try {
    const accept = kind === 'json' ? 'application/json' : 'text/css,*/*;q=0.1';
    response = await fetch(url, { method: 'GET', headers: { ...options.headers, accept }, redirect: options.redirect ?? 'follow', signal: controller.signal });
    const text = await response.text();
    status = response.status;
    let data: T;
    if (kind === 'text') data = text as T;
    else {
      try {
        data = JSON.parse(text) as T;
      } catch {
        throw new FetchFailedError(response.status, 'the body is not JSON');
      }
    }
    if (!response.ok && !options.isAnswer?.(response.status, data)) throw new FetchFailedError(response.status);
    return { status: response.status, headers: response.headers, data };
  } catch (error) {
    if (error instanceof FetchFailedError) throw error;
    const { signal } = controller;
    const reason = signal.aborted && typeof signal.reason === 'string' ? signal.reason : String((error as Error)?.message ?? error);
    throw new FetchFailedError(0, reason);
  } finally {
    clearTimeout(timer);
    watch?.settled(status);
  }
}

/** GETs JSON with retries (`options.attempts`, default 3); throws `MaxRetriesError` after the last failed attempt. */
export async function fetchJson<T>(url: string, options: FetchJsonOptions = {}): Promise<JsonResponse<T>> {
  return withRetries<T>(url, options, 'json');
}

/**
 * GETs a text file WordPress serves itself (the block library's CSS) with the same attempts,
 * timeout and logging as `fetchJson`; `isAnswer` receives the body as text.
 */
export async function fetchText(url: string, options: FetchJsonOptions = {}): Promise<JsonResponse<string>> {
  return withRetries<string>(url, options, 'text');
}

async function withRetries<T>(url: string, options: FetchJsonOptions, kind: BodyKind): Promise<JsonResponse<T>> {
  const wanted = options.attempts ?? MAX_ATTEMPTS;
  const attempts = Number.isFinite(wanted) ? Math.max(1, Math.floor(wanted)) : MAX_ATTEMPTS;
  let lastFailure: FetchFailedError | undefined;
  for (let n = 1; n <= attempts; n++) {
    try {
      return await attempt<T>(url, options, kind);
    } catch (error) {
      lastFailure = error as FetchFailedError;
      const where = url.replace(/([?&])t=\d+&?/, '$1').replace(/[?&]$/, '');
      console.error(`[wordpress] ${lastFailure.message}${lastFailure.reason ? ` (${lastFailure.reason})` : ''}: GET ${where} (attempt ${n} of ${attempts})`);
      if (n < attempts) await sleep(RETRY_DELAY_MS);
    }
  }
  throw new MaxRetriesError(lastFailure as FetchFailedError);
}
