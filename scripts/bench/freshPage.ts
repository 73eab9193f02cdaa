/**
 * Issue 19: each measured page load gets the page as the cache in front serves it: fresh, with no
 * regeneration running beside it.
 *
 * `next start` answers a page older than its revalidate time from its cache (`x-nextjs-cache:
 * STALE`) and regenerates it in the background, in the same process. On this host the server and
 * the measured browser share two cores, so that work lands inside the measured load: on the
 * block-rich article 70 ms of server CPU for one regeneration, 540 ms for the first one in a fresh
 * process (its block stylesheet assembled from cold caches), over 450 ms of wall time. Every
 * Lighthouse run of a page came more than 60 s after the last, so every run of every page paid it;
 * the floor, a page without ISR, never did. A visitor never pays it: in production the page comes
 * from the CDN or Varnish (issue 18), and regeneration runs on the origin, not on the phone.
 *
 * So before each run the bench asks for the page until Next answers it from a fresh entry (`HIT`,
 * the regeneration done), and only then lets Lighthouse load it. A page without the header (the
 * floor, a static file) is fresh at once.
 */

/** The header `next start` sets on a page it serves from its ISR cache. */
export const NEXT_CACHE_HEADER = 'x-nextjs-cache';

/** The answers that mean a regeneration is running or due. */
const REGENERATING = new Set(['stale', 'miss']);

export interface FreshOptions {
  /** At most this many requests (default 100). */
  attempts?: number;
  /** The pause between two requests (default 50 ms). */
  pause?: () => Promise<void>;
  fetchImpl?: (url: string) => Promise<{ status: number; headers: { get(name: string): string | null }; arrayBuffer(): Promise<ArrayBuffer> }>;
}

const defaultPause = () => new Promise<void>((resolve) => setTimeout(resolve, 50));

/**
 * GETs `url` until its answer is not STALE or MISS; resolves with the number of requests made.
 * Throws, naming the URL and the last answer, when it is still regenerating after `attempts`.
 */
export async function untilFresh(url: string, { attempts = 100, pause = defaultPause, fetchImpl = fetch }: FreshOptions = {}): Promise<number> {
  let last = '';
  for (let request = 1; request <= attempts; request++) {
    const response = await fetchImpl(url);
    await response.arrayBuffer();
    const cache = response.headers.get(NEXT_CACHE_HEADER);
    if (response.status === 200 && (cache === null || !REGENERATING.has(cache.toLowerCase()))) return request;
    last = `${response.status}${cache === null ? '' : `, ${NEXT_CACHE_HEADER}: ${cache}`}`;
    if (request < attempts) await pause();
  }
  throw new Error(`${url} was not served fresh after ${attempts} requests (last: ${last})`);
}
