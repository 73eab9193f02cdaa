import autocannon from 'autocannon';

/**
 * Serving throughput with autocannon (its programmatic API, in the bench's own process; the
 * servers measured run in their own processes). Every target gets the same connections and
 * duration, after a warm-up whose numbers are thrown away.
 */

export interface LoadSettings {
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of warm-up before measuring (0: none). */
  warmup: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors and timeouts. */
  non2xx: number;
  /** Answers by status code (issue 33: a redirect's load expects its 3xx, not 2xx). */
  statuses: Record<string, number>;
  errors: number;
  total: number;
}

/** Search terms the search load varies among (all found in the seed content). */
export const SEARCH_TERMS = ['payments', 'terminal', 'loyalty', 'campus', 'contactless', 'orchestration'];

/**
 * An address per request for `X-Forwarded-For`: with TRUST_PROXY=1 the search route counts each
 * visitor by it, so varying it stands for many visitors behind one proxy (the per-visitor rate
 * limit, 30 searches per 10 s, would otherwise answer 429 to the bench).
 */
export function clientAddress(n: number): string {
  const i = n % 16_777_216;
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

type Target = Pick<autocannon.Options, 'url' | 'method' | 'headers' | 'body' | 'requests'>;

/** A GET of one URL. */
export const getTarget = (url: string): Target => ({ url });

/** `POST /api/search` (spec §7: JSON `{s}` and the header `s`), a different client address and one of `terms` per request. */
export function searchTarget(siteUrl: string, terms: readonly string[] = SEARCH_TERMS): Target {
  let n = 0;
  return {
    url: `${siteUrl}/api/search`,
    requests: [
      {
        method: 'POST',
        path: '/api/search',
        setupRequest: (request) => {
          n++;
          const term = terms[n % terms.length];
          return {
            ...request,
            method: 'POST',
            path: '/api/search',
            headers: { ...request.headers, 'content-type': 'application/json', s: encodeURIComponent(term), 'x-forwarded-for': clientAddress(n) },
            body: JSON.stringify({ s: term }),
          };
        },
      },
    ],
  };
}

function run(target: Target, connections: number, duration: number): Promise<autocannon.Result> {
  return autocannon({ ...target, connections, duration, timeout: 30 });
}

export async function measure(target: Target, settings: LoadSettings): Promise<LoadResult> {
  if (settings.warmup > 0) await run(target, settings.connections, settings.warmup);
  const result = await run(target, settings.connections, settings.duration);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, (stat as { count: number }).count])),
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}
