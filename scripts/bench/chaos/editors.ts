import http from 'node:http';
import { contentTypeByRestBase, sitePath } from '../../../src/lib/shared/wordpress/contentTypes';
import type { Publish } from './verdict';

/**
 * The chaos bench's editors: every few seconds a publish — a post's title changed at the content
 * server to a unique marker, then the webhook delivered as the plugin delivers it (through the
 * WordPress → site link), retried until the site acknowledges it with backoff 1, 2, 4 s, then
 * every 5 s (the plugin's outbox, docs/reliability.md §5) — and the page polled through Varnish
 * until the marker shows.
 */


/**
 * One POST on a connection of its own, as WordPress's wp_remote_post makes each delivery (PHP opens
 * a connection per request): the link then balances every attempt afresh, so a retry can reach the
 * other instance. (fetch keeps connections alive, and every retry would go to the same instance.)
 * Resolves with the status; rejects on a network error or the signal (its reason).
 */
export function postOnce(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const req = http.request(url, { method: 'POST', agent: false, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
      res.once('error', reject);
    });
    const onAbort = () => req.destroy(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    req.once('close', () => signal.removeEventListener('abort', onAbort));
    req.once('error', reject);
    req.end(body);
  });
}

export interface EditorItem {
  restBase: string;
  id: number;
  slug: string;
  /** Its page on the site. */
  path: string;
}

/** The webhook body for one changed item: the plugin's payload, version 2 (docs/reliability.md §1). */
export function webhookBody(item: Pick<EditorItem, 'restBase' | 'slug'>, deliveryId: string): Record<string, unknown> {
  return { v: 2, id: deliveryId, event: 'update', items: [{ rest_base: item.restBase, slug: item.slug }], scope: 'items', redirects: false };
}

/** The plugin's retry delays: 1, 2, 4 s, then every 5 s. */
export function retryDelayMs(failures: number): number {
  return failures <= 3 ? 1000 * 2 ** (failures - 1) : 5000;
}

/** The published items of these REST bases at the content server (`GET /__fake/{restBase}`), with their site paths. */
export async function editorItems(wordpressUrl: string, restBases: readonly string[] = ['news', 'posts', 'press-releases'], limit = 60): Promise<EditorItem[]> {
  const items: EditorItem[] = [];
  for (const restBase of restBases) {
    const def = contentTypeByRestBase(restBase);
    if (!def) throw new Error(`no content type has the REST base ${restBase}`);
    const response = await fetch(`${wordpressUrl}/__fake/${restBase}`);
    if (!response.ok) throw new Error(`GET /__fake/${restBase}: ${response.status}`);
    const list = (await response.json()) as { id: number; slug: string; status: string }[];
    for (const entry of list.filter((e) => e.status === 'publish' && e.slug)) items.push({ restBase, id: entry.id, slug: entry.slug, path: sitePath(def.name, entry.slug) });
  }
  // Alternate the types, so that every type's pages are published.
  const byType = restBases.map((base) => items.filter((i) => i.restBase === base));
  const mixed: EditorItem[] = [];
  for (let i = 0; mixed.length < Math.min(limit, items.length); i++) for (const list of byType) if (list[i] && mixed.length < limit) mixed.push(list[i]);
  return mixed;
}

export interface EditorSettings {
  /** The content server itself (editors work in WordPress, not through the site's fault proxy). */
  wordpressUrl: string;
  /** The WordPress → site link (the webhook's way in). */
  linkUrl: string;
  varnishUrl: string;
  secret: string;
  runId: string;
  t0: number;
  /** A delivery with no answer after this long failed (the plugin's timeout). */
  attemptTimeoutMs: number;
  /** Polling of the page once acknowledged, and before (only the page's lifetime can show it then). */
  pollMs: number;
  pollBeforeAckMs: number;
  log: (line: string) => void;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export interface Editors {
  publishes: Publish[];
  /** Makes one publish of the next item not already on its way (false when every item is). */
  publish(): boolean;
  /** Waits until every publish is visible, at most until `deadlineMs` (run time), then gives up on the rest. */
  finish(deadlineMs: number): Promise<void>;
}

export function editors(items: readonly EditorItem[], s: EditorSettings): Editors {
  const publishes: Publish[] = [];
  const inFlight = new Set<string>();
  const tasks: Promise<void>[] = [];
  const abort = new AbortController();
  const now = () => performance.now() - s.t0;
  let next = 0;

  const deliver = async (item: EditorItem, publish: Publish) => {
    const deliveryId = `chaos-${s.runId}-${publish.n}`;
    const body = JSON.stringify(webhookBody(item, deliveryId));
    for (let failures = 0; !abort.signal.aborted; ) {
      publish.attempts++;
      try {
        const status = await postOnce(`${s.linkUrl}/api/revalidate`, { 'content-type': 'application/json', 'x-revalidate-secret': s.secret }, body, AbortSignal.any([AbortSignal.timeout(s.attemptTimeoutMs), abort.signal]));
        if (status >= 200 && status < 300) {
          publish.ackAt = now();
          return;
        }
        publish.lastFailure = String(status);
      } catch (error) {
        const e = error as Error & { code?: string };
        publish.lastFailure = e.name === 'TimeoutError' ? 'timeout' : (e.code ?? e.message);
      }
      failures++;
      await sleep(retryDelayMs(failures), abort.signal);
    }
  };

  const watch = async (item: EditorItem, publish: Publish) => {
    while (!abort.signal.aborted) {
      try {
        const response = await fetch(`${s.varnishUrl}${item.path}`, { signal: AbortSignal.any([AbortSignal.timeout(10_000), abort.signal]) });
        const html = await response.text();
        if (response.ok && html.includes(publish.marker)) {
          publish.visibleAt = now();
          return;
        }
      } catch {
        // Varnish restarting: look again.
      }
      await sleep(publish.ackAt === null ? s.pollBeforeAckMs : s.pollMs, abort.signal);
    }
  };

  const run = async (item: EditorItem, publish: Publish) => {
    try {
      const response = await fetch(`${s.wordpressUrl}/__fake/${item.restBase}/${item.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Chaos ${publish.marker}` }),
      });
      if (!response.ok) throw new Error(`PATCH /__fake/${item.restBase}/${item.id}: ${response.status}`);
      publish.madeAt = now();
      await Promise.all([deliver(item, publish), watch(item, publish)]);
    } catch (error) {
      publish.lastFailure = (error as Error).message;
      s.log(`[chaos] publish #${publish.n} of ${item.path}: ${(error as Error).message}`);
    } finally {
      inFlight.delete(item.path);
    }
  };

  return {
    publishes,
    publish: () => {
      for (let tried = 0; tried < items.length; tried++) {
        const item = items[next++ % items.length];
        if (inFlight.has(item.path)) continue;
        inFlight.add(item.path);
        const n = publishes.length + 1;
        const publish: Publish = { n, path: item.path, marker: `m${s.runId}x${n}`, madeAt: now(), ackAt: null, visibleAt: null, attempts: 0 };
        publishes.push(publish);
        tasks.push(run(item, publish));
        return true;
      }
      return false;
    },
    finish: async (deadlineMs) => {
      const timer = setTimeout(() => abort.abort(), Math.max(0, deadlineMs - now()));
      await Promise.all(tasks);
      clearTimeout(timer);
      abort.abort();
    },
  };
}
