import type { CachePurgeConfig } from '../../config';

/**
 * Issue 18: purging the cache in front by surrogate key (src/lib/site/surrogateKeys.ts), through
 * one interface whose back end the configuration picks (CACHE_PURGE, src/config.ts):
 *
 * - **Varnish** (deploy/varnish/site.vcl): `PURGE /` with `xkey-purge: {keys, space-separated}`
 *   to every VARNISH_URL, a soft purge (xkey.softpurge: the copies stay, expired, as grace while
 *   the new ones are fetched); `X-Purge-Secret` when VARNISH_PURGE_SECRET is set (else the VCL
 *   accepts loopback only). Warming: `GET {path}` with `X-Cache-Warm: 1` to every Varnish, which
 *   fetches a fresh copy whatever it holds.
 * - **Fastly**: `POST {api}/service/{service_id}/purge` with `Surrogate-Key: {keys}` (at most 256
 *   a request), `Fastly-Key: {token}` and `Fastly-Soft-Purge: 1` (Fastly's purge-by-key API;
 *   soft: marked stale, served while revalidated). Warming: `GET` through CACHE_WARM_URL (SITE_URL).
 * - **Cloudflare**: `POST {api}/zones/{zone_id}/purge_cache` with `{"tags": [...]}` (at most 30 a
 *   request) and `Authorization: Bearer {token}` (Cloudflare's purge-by-Cache-Tag API; it has no
 *   soft purge). Warming: `GET` through CACHE_WARM_URL.
 *
 * A purge that fails is retried once; it never throws: the caller gets `{ok: false, error}` to
 * log and report, and the regeneration stands. Issue 35: the purge queue (./purgeQueue.ts) sends
 * every purge of a publish through `purgeKeys` one attempt at a time, and retries until the cache
 * acknowledges.
 */

export interface PurgeOutcome {
  backend: CachePurgeConfig['backend'];
  keys: string[];
  ok: boolean;
  /** Requests made, the retry included. */
  attempts: number;
  error?: string;
  /** Pages requested through the cache after the purge, and how many failed. */
  warmed?: number;
  warmFailed?: number;
}

export interface PurgeDeps {
  fetch?: typeof fetch;
  /** Wait before the retry (default 250 ms). */
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  /** Attempts before `purgeKeys` gives up (default 2: one retry). The purge queue makes one and schedules its own retries. */
  attempts?: number;
}

export const PURGE_TIMEOUT_MS = 5000;
export const RETRY_DELAY_MS = 250;
export const WARM_CONCURRENCY = 8;
const FASTLY_MAX_KEYS = 256;
const CLOUDFLARE_MAX_TAGS = 30;

const chunks = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** Reads an answer's body to its end (the connection is then reused); its content is not needed. */
const drain = async (response: Response): Promise<void> => {
  await response.arrayBuffer().catch(() => undefined);
};

const message = (error: unknown) => (error as Error)?.message ?? String(error);

async function send(doFetch: typeof fetch, url: string, init: RequestInit, timeoutMs: number, what: string): Promise<Response> {
  let response: Response;
  try {
    response = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
  } catch (error) {
    throw new Error(`${what}: ${message(error)}`);
  }
  if (!response.ok) {
    const body = (await response.text().catch(() => '')).slice(0, 200);
    throw new Error(`${what}: HTTP ${response.status}${body ? ` ${body}` : ''}`);
  }
  return response;
}

/** One attempt of the back end's purge of `keys`; throws on any failure. */
async function purgeOnce(config: CachePurgeConfig, keys: string[], doFetch: typeof fetch, timeoutMs: number): Promise<void> {
  switch (config.backend) {
    case 'varnish': {
      const results = await Promise.allSettled(
        config.urls.map((base) =>
          send(doFetch, `${base}/`, {
            method: 'PURGE',
            headers: { 'xkey-purge': keys.join(' '), ...(config.secret ? { 'X-Purge-Secret': config.secret } : {}) },
          }, timeoutMs, `Varnish ${base}`).then(drain),
        ),
      );
      const failed = results.flatMap((r) => (r.status === 'rejected' ? [message(r.reason)] : []));
      if (failed.length > 0) throw new Error(failed.join('; '));
      return;
    }
    case 'fastly':
      for (const part of chunks(keys, FASTLY_MAX_KEYS)) {
        await send(doFetch, `${config.apiUrl}/service/${encodeURIComponent(config.serviceId)}/purge`, {
          method: 'POST',
          headers: { 'Fastly-Key': config.token, 'Surrogate-Key': part.join(' '), 'Fastly-Soft-Purge': '1', Accept: 'application/json' },
        }, timeoutMs, 'Fastly').then(drain);
      }
      return;
    case 'cloudflare':
      for (const part of chunks(keys, CLOUDFLARE_MAX_TAGS)) {
        const response = await send(doFetch, `${config.apiUrl}/zones/${encodeURIComponent(config.zoneId)}/purge_cache`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${config.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ tags: part }),
        }, timeoutMs, 'Cloudflare');
        const body = (await response.json().catch(() => null)) as { success?: boolean; errors?: { message?: string }[] } | null;
        if (!body?.success) throw new Error(`Cloudflare: ${body?.errors?.map((e) => e.message).join('; ') || 'the answer did not say success'}`);
      }
      return;
  }
}

/** Purges `keys` (soft where the back end can), retrying once. Never throws. */
export async function purgeKeys(config: CachePurgeConfig, keys: readonly string[], deps: PurgeDeps = {}): Promise<PurgeOutcome> {
  const doFetch = deps.fetch ?? fetch;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const timeoutMs = deps.timeoutMs ?? PURGE_TIMEOUT_MS;
  const list = [...new Set(keys)];
  const outcome: PurgeOutcome = { backend: config.backend, keys: list, ok: true, attempts: 0 };
  if (list.length === 0) return outcome;
  const attempts = Math.max(1, Math.floor(deps.attempts ?? 2));
  let lastError = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    outcome.attempts = attempt;
    try {
      await purgeOnce(config, list, doFetch, timeoutMs);
      return outcome;
    } catch (error) {
      lastError = message(error);
      if (attempt < attempts) await sleep(RETRY_DELAY_MS);
    }
  }
  return { ...outcome, ok: false, error: lastError };
}

/** Requests each page through the cache so visitors find the new copy there. Never throws. */
export async function warmPaths(config: CachePurgeConfig, paths: readonly string[], deps: PurgeDeps = {}): Promise<{ warmed: number; failed: number }> {
  const doFetch = deps.fetch ?? fetch;
  const timeoutMs = deps.timeoutMs ?? 30_000;
  const requests =
    config.backend === 'varnish'
      ? config.urls.flatMap((base) => paths.map((path) => ({ url: `${base}${path}`, headers: { 'X-Cache-Warm': '1', ...(config.secret ? { 'X-Purge-Secret': config.secret } : {}) } })))
      : paths.map((path) => ({ url: `${config.warmUrl}${path}`, headers: {} }));
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < requests.length) {
      const { url, headers } = requests[next++];
      try {
        const response = await doFetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
        await drain(response);
        if (response.status >= 500) failed++;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(WARM_CONCURRENCY, requests.length) }, worker));
  return { warmed: requests.length - failed, failed };
}
