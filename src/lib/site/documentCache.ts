import { createHash } from 'node:crypto';
import type { NextApiRequest, NextApiResponse } from 'next';
import { getConfig } from '../../config';

/**
 * An in-memory copy of one generated document (the sitemap, a feed) with ISR semantics, for the
 * API routes that serve them. Server-only.
 *
 * - A fresh copy (younger than REVALIDATE_SECONDS) is served without asking WordPress: a burst of
 *   crawler hits costs one WordPress round. Concurrent builds are shared.
 * - An expired copy is served at once while one rebuild runs in the background (stale while
 *   revalidate, as ISR pages do).
 * - `clear()` (the revalidation webhook) marks the copy outdated: the next request waits for a
 *   rebuild, so an editor sees the change at once. The old copy is kept as a fallback.
 * - When a rebuild fails, the last good copy is served (and kept one more interval before the next
 *   attempt, so a WordPress outage is not hammered); with no copy at all, `get()` throws and the
 *   route answers 503 with Retry-After.
 * The copy is per server process: with several instances, the webhook clears the one it reaches
 * and the others catch up within one interval.
 */
export interface CachedDocument {
  body: string;
  /** Strong validator of `body`, quoted (`"…"`). */
  etag: string;
}

export interface DocumentCache {
  /** The document and whether it is an older copy (expired, or kept because a rebuild failed). */
  get(): Promise<{ document: CachedDocument; stale: boolean }>;
  /** Marks the copy outdated (the next request rebuilds it); keeps it as a fallback. */
  clear(): void;
  /** Forgets everything, fallback included (tests). */
  reset(): void;
}

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

export function createDocumentCache(name: string, build: () => Promise<string>, ttlMs: number): DocumentCache {
  let entry: { document: CachedDocument; expiresAt: number; outdated: boolean } | null = null;
  let inFlight: Promise<CachedDocument> | null = null;
  let generation = 0;

  const failed = (error: unknown, startedIn: number) => {
    const message = (error as Error)?.message ?? String(error);
    if (entry && startedIn === generation) {
      console.error(`[${name}] rebuilding failed, the last good copy is served: ${message}`);
      entry = { document: entry.document, expiresAt: Date.now() + ttlMs, outdated: false };
    } else if (!entry) {
      console.error(`[${name}] building failed and there is no earlier copy: ${message}`);
    }
  };

  const rebuild = (): { promise: Promise<CachedDocument>; startedIn: number } => {
    const startedIn = generation;
    if (inFlight) return { promise: inFlight, startedIn };
    const promise = Promise.resolve()
      .then(build)
      .then((body) => {
        const document = { body, etag: etagOf(body) };
        // A build that started before a clear() may have read outdated content: not stored as fresh.
        if (startedIn === generation) entry = { document, expiresAt: Date.now() + ttlMs, outdated: false };
        return document;
      })
      .finally(() => {
        if (inFlight === promise) inFlight = null;
      });
    inFlight = promise;
    return { promise, startedIn };
  };

  return {
    async get() {
      if (entry && !entry.outdated) {
        if (Date.now() < entry.expiresAt) return { document: entry.document, stale: false };
        const { promise, startedIn } = rebuild();
        promise.catch((error: unknown) => failed(error, startedIn));
        return { document: entry.document, stale: true };
      }
      const { promise, startedIn } = rebuild();
      try {
        return { document: await promise, stale: false };
      } catch (error) {
        failed(error, startedIn);
        if (entry) return { document: entry.document, stale: true };
        throw error;
      }
    },
    clear() {
      if (entry) entry = { ...entry, outdated: true };
      inFlight = null;
      generation += 1;
    },
    reset() {
      entry = null;
      inFlight = null;
      generation += 1;
    },
  };
}

/** `Cache-Control` of the sitemap and the feeds: CDNs keep them one ISR interval, then serve stale for a day while they refetch. */
export function documentCacheControl(): string {
  return `public, s-maxage=${getConfig().revalidateSeconds}, stale-while-revalidate=86400`;
}

/**
 * Answers GET/HEAD with the cached document: `contentType`, the cache headers and an ETag (a
 * matching `If-None-Match` gets 304). Other methods → 405. No copy and WordPress failing → 503
 * with Retry-After (one ISR interval) and a JSON message.
 */
export async function sendCachedDocument(
  req: NextApiRequest,
  res: NextApiResponse,
  cache: DocumentCache,
  contentType: string,
  what: string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    res.status(405).json({ error: `Method ${req.method ?? ''} is not allowed: use GET` });
    return;
  }
  let document: CachedDocument;
  try {
    ({ document } = await cache.get());
  } catch {
    res.setHeader('Retry-After', String(getConfig().revalidateSeconds));
    res.setHeader('Cache-Control', 'no-store');
    res.status(503).json({ error: `The ${what} is temporarily unavailable: the content system did not answer. Try again later.` });
    return;
  }
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', documentCacheControl());
  res.setHeader('ETag', document.etag);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  const ifNoneMatch = req.headers['if-none-match'];
  if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === document.etag)) {
    res.status(304).end();
    return;
  }
  if (req.method === 'HEAD') {
    res.setHeader('Content-Length', String(Buffer.byteLength(document.body)));
    res.status(200).end();
    return;
  }
  res.status(200).send(document.body);
}
