import { randomUUID } from 'node:crypto';
import { clearRegisteredCaches } from '../cache/processCaches';
import { isRecord } from '../shared/isRecord';
import { processShared } from '../server/processShared';
import { redactRedisUrl, sharedRedisConnection, type RedisConnection } from '../redis/connection.mjs';
import { reloadRedirectsFromRedis } from '../redirects/store';
import { parseSearchItems, rebuildSearchIndex, updateSearchItems, type SearchItem } from '../search/siteIndex';
import { markHeard, triggerCatchUp } from './catchUp';

/**
 * Issue 10 §3: every instance learns of a webhook call. The regenerated pages are shared through
 * Redis (src/lib/cache/sharedIsrCache.mjs), but each server process also keeps copies of what it
 * read from WordPress: the menu and the post types, and (for content) the sitemap, the feeds,
 * frame types and frame images. The webhook clears them in its own process
 * (`clearProcessCaches`) and broadcasts the same on a Redis pub/sub channel of the Redis the site
 * already uses (REDIS_URL); every instance subscribes (instrumentation.ts, at `next start`) and
 * clears its copies. Issue 34: each instance's search index (src/lib/search/siteIndex.ts) follows
 * the same messages: the changed items are read again, or the index is rebuilt.
 *
 * - Channel: `site:invalidate:{db}` (the `site:` prefix of every key of the site; the database
 *   number of REDIS_URL, default 0, because Redis's pub/sub ignores database numbers, and sites
 *   that share a Redis through `/1`, `/2`… must not clear each other's caches). No build id: an
 *   old build's instances, during a deploy, must follow too.
 * - Message: JSON `{"v": 1, "origin": "<process id>", "menu": bool, "content": bool, "redirects"?: true, "items"?: […], "event"?: "…"}`.
 *   `items` (issue 34): the changed items `[{"type", "slug", "section"}]` (content-type names, at
 *   most 100); each receiver reads them again into its search index before it acknowledges.
 *   Absent means none (an older sender, or a change not given item by item): a message with
 *   `menu: true`, or with `content: true` and no items (a `paths` call, an older sender), rebuilds
 *   the index in the background instead. An older receiver ignores `items`.
 *   `redirects` (issue 33): the sender has written a new redirect table to Redis; each receiver
 *   reloads it from there (src/lib/redirects/store.ts) before it acknowledges. Absent means false
 *   (an older sender); an older receiver ignores it.
 *   The sender has already cleared its own copies before publishing: it ignores its own message.
 *   Anything else on the channel (malformed, another version) is ignored.
 * - A Redis that is down never fails or slows the webhook: the publish is sent without waiting
 *   for it, skipped at once when the connection is not ready, and its failure is logged once per
 *   outage. The instances that missed a message follow when their copies expire (menu and post
 *   types 5 minutes, the search index at its 15-minute rebuild, sitemap and feeds `REVALIDATE_SECONDS`),
 *   and the subscriber, when it connects again after losing Redis, clears every copy and rebuilds
 *   the search index (messages sent meanwhile are lost); issue 35: it also asks WordPress what
 *   changed since the site last heard and submits that to the worker (src/lib/site/catchUp.ts), so
 *   the pages of changes missed meanwhile are regenerated and purged rather than left to expire.
 * - The subscriber uses its own connection (a subscribed Redis connection can send no other
 *   command): a duplicate of the process's shared client, with the same timeouts and reconnection.
 *   Its outages are not logged again: the shared connection logs them.
 */

export const CHANNEL_PREFIX = 'site:invalidate';
const MESSAGE_VERSION = 1;

export interface InvalidationScopes {
  /** The menu changed: the menu and the post types (which the menu's links go through). */
  menu: boolean;
  /** Content changed: sitemap, feeds, frame types, frame images (and, issue 34, the search index: see `items`). */
  content: boolean;
  /** Issue 33: the redirect table changed (in Redis): reload it from there. */
  redirects?: boolean;
  /** Issue 34: the changed items, read again into the search index (at most 100; absent = none). */
  items?: SearchItem[];
}

export interface InvalidationMessage extends InvalidationScopes {
  v: typeof MESSAGE_VERSION;
  origin: string;
  event?: string;
  /** Issue 18: set when the sender waits for every instance to say it has cleared (an ack on `{channel}:ack`). */
  id?: string;
}

type Log = Pick<Console, 'info' | 'error' | 'warn'>;

/** This process, as the origin of its messages. */
export const processOrigin = (): string => processShared('invalidation-origin', () => randomUUID());

/** The channel for REDIS_URL: `site:invalidate:{database number}`. */
export function invalidationChannel(redisUrl: string): string {
  let db = '0';
  try {
    const match = /^\/(\d+)\/?$/.exec(new URL(redisUrl).pathname);
    if (match) db = String(Number(match[1]));
  } catch {
    // src/config.ts validated the URL; keep the default database.
  }
  return `${CHANNEL_PREFIX}:${db}`;
}

/**
 * Clears this process's copies derived from WordPress content: every cache registered for one of
 * the scopes (src/lib/cache/processCaches.ts; each cache module registers itself with its scopes).
 * Today: `menu` → the menu, the post types (the menu's links go through them), the block CSS (a
 * theme or Site Editor change, event "styles", is sent with menu: true), the site's identity and
 * SEO settings (event "site_settings", menu: true) and the feeds (which show the site's name);
 * `content` → the sitemap, the feeds, frame types, frame images. The registry and the caches live
 * in processShared, so whichever bundle calls this clears the process's one copy of each.
 */
export function clearProcessCaches(scopes: InvalidationScopes): void {
  clearRegisteredCaches({ menu: scopes.menu, content: scopes.content });
}

export function encodeMessage(message: InvalidationMessage): string {
  return JSON.stringify(message);
}

/** The message, or null for anything that is not one of ours. */
export function decodeMessage(raw: string): InvalidationMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const { v, origin, menu, content, event, id, redirects, items } = value;
  if (v !== MESSAGE_VERSION || typeof origin !== 'string' || origin === '' || typeof menu !== 'boolean' || typeof content !== 'boolean') return null;
  if (event !== undefined && typeof event !== 'string') return null;
  if (id !== undefined && (typeof id !== 'string' || id === '')) return null;
  if (redirects !== undefined && typeof redirects !== 'boolean') return null;
  const searchItems = items === undefined ? [] : parseSearchItems(items);
  if (searchItems === null) return null;
  return {
    v,
    origin,
    menu,
    content,
    ...(redirects ? { redirects } : {}),
    ...(searchItems.length ? { items: searchItems } : {}),
    ...(event === undefined ? {} : { event }),
    ...(id === undefined ? {} : { id }),
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Sending                                                                                     */
/* ------------------------------------------------------------------------------------------ */

// Logged once per outage (per process), again only after a broadcast went through.
const broadcastState = processShared('invalidation-broadcast', () => ({ failing: false }));

export interface BroadcastDeps {
  /** The process's connection (default: the shared one). */
  connection?: Pick<RedisConnection, 'client' | 'isReady' | 'failed' | 'succeeded'>;
  origin?: string;
  log?: Log;
}

/**
 * Tells the other instances to clear `scopes`. Returns at once (the publish is not awaited, and is
 * skipped when the connection is not ready); the returned promise settles when the publish did
 * (for tests), and never rejects.
 */
export function broadcastInvalidation(redisUrl: string, scopes: InvalidationScopes, event?: string, deps: BroadcastDeps = {}): Promise<boolean> {
  return publishInvalidation(redisUrl, scopes, event, deps).then((receivers) => receivers !== null);
}

/** The publish itself: resolves with how many subscribers received the message, or null when it was not sent. */
function publishInvalidation(redisUrl: string, scopes: InvalidationScopes, event: string | undefined, deps: BroadcastDeps & { id?: string }): Promise<number | null> {
  const log = deps.log ?? console;
  const fail = (reason: string) => {
    if (!broadcastState.failing) {
      broadcastState.failing = true;
      log.error(
        `[invalidate] could not tell the other instances to clear their caches (${reason}): they follow when their copies expire (menu 5 min, search index 15 min, sitemap and feeds REVALIDATE_SECONDS); logged once until a broadcast goes through`,
      );
    }
    return null;
  };
  let connection: NonNullable<BroadcastDeps['connection']>;
  try {
    connection = deps.connection ?? sharedRedisConnection(redisUrl);
  } catch (error) {
    return Promise.resolve(fail((error as Error)?.message ?? String(error)));
  }
  if (!connection.isReady()) return Promise.resolve(fail(`Redis at ${redactRedisUrl(redisUrl)} is not connected`));
  const message = encodeMessage({
    v: MESSAGE_VERSION,
    origin: deps.origin ?? processOrigin(),
    menu: scopes.menu,
    content: scopes.content,
    ...(scopes.redirects ? { redirects: true } : {}),
    ...(scopes.items?.length ? { items: scopes.items.map(({ type, slug, section }) => ({ type, slug, section })) } : {}),
    ...(event ? { event } : {}),
    ...(deps.id ? { id: deps.id } : {}),
  });
  let sent: Promise<unknown>;
  try {
    sent = connection.client.publish(invalidationChannel(redisUrl), message);
  } catch (error) {
    connection.failed(error);
    return Promise.resolve(fail((error as Error)?.message ?? String(error)));
  }
  return sent.then(
    (receivers) => {
      connection.succeeded();
      if (broadcastState.failing) log.info('[invalidate] broadcasting cache invalidations to the other instances again');
      broadcastState.failing = false;
      return typeof receivers === 'number' ? receivers : 0;
    },
    (error: unknown) => {
      connection.failed(error);
      return fail((error as Error)?.message ?? String(error));
    },
  );
}

/* ------------------------------------------------------------------------------------------ */
/* Waiting until every instance has cleared (issue 18)                                         */
/* ------------------------------------------------------------------------------------------ */

/**
 * Before the webhook purges the cache in front, every instance must have dropped its copies:
 * otherwise the cache could fetch an old sitemap or search answer from an instance that has not
 * heard yet, and keep it. The message then carries an `id`; each subscriber, once it has cleared
 * (the sender's own included), publishes `{"v": 1, "ack": id, "origin"}` on `{channel}:ack`; the
 * sender waits for as many acks as Redis said received the message, at most `timeoutMs`.
 */
export const ackChannel = (redisUrl: string) => `${invalidationChannel(redisUrl)}:ack`;
export const ACK_TIMEOUT_MS = 2000;

const ackWaiters = processShared('invalidation-ack-waiters', () => new Map<string, { acks: number; notify: () => void }>());

/** Counts an ack for a message this process waits on (the subscriber calls it). */
export function receiveAck(raw: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return false;
  }
  if (!isRecord(value) || value.v !== MESSAGE_VERSION || typeof value.ack !== 'string') return false;
  const waiter = ackWaiters.get(value.ack);
  if (!waiter) return false;
  waiter.acks++;
  waiter.notify();
  return true;
}

export interface AwaitedBroadcast {
  /** Subscribers that received the message (every instance's, this one's included); null when not sent. */
  receivers: number | null;
  /** Those that said they had cleared within the time. */
  acknowledged: number;
}

/**
 * Broadcasts like `broadcastInvalidation`, then waits until every receiver has acknowledged (or
 * `timeoutMs` passed). Never rejects.
 */
export async function broadcastInvalidationAndWait(
  redisUrl: string,
  scopes: InvalidationScopes,
  event?: string,
  deps: BroadcastDeps & { timeoutMs?: number } = {},
): Promise<AwaitedBroadcast> {
  const id = randomUUID();
  const waiter = { acks: 0, notify: () => undefined as void };
  ackWaiters.set(id, waiter);
  try {
    const receivers = await publishInvalidation(redisUrl, scopes, event, { ...deps, id });
    if (receivers === null || receivers === 0) return { receivers, acknowledged: 0 };
    const deadline = Date.now() + (deps.timeoutMs ?? ACK_TIMEOUT_MS);
    while (waiter.acks < receivers) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiter.notify = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return { receivers, acknowledged: Math.min(waiter.acks, receivers) };
  } finally {
    ackWaiters.delete(id);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Receiving                                                                                   */
/* ------------------------------------------------------------------------------------------ */

export interface SubscriberDeps {
  /** The process's connection, whose client is duplicated (default: the shared one); acks go out on it. */
  connection?: Pick<RedisConnection, 'client'>;
  origin?: string;
  /** What a message does (default: clearProcessCaches, and the redirect table reloaded from Redis); the ack waits for a returned promise. */
  clear?: (scopes: InvalidationScopes) => void | Promise<unknown>;
  /** Issue 35: after a reconnection, what changed meanwhile (default: this process's catch-up, src/lib/site/catchUp.ts). */
  reconnected?: () => void;
  /** Issue 35: a message from another instance arrived (default: the process's last-heard time moves to now). */
  heard?: () => void;
  log?: Log;
}

export interface InvalidationSubscriber {
  /** Whether the channel is subscribed now. */
  isSubscribed(): boolean;
  close(): Promise<void>;
}

/** What one message on the channel does: clear the scopes it names, unless it is this process's own. */
export function handleMessage(raw: string, origin: string, clear: (scopes: InvalidationScopes) => void): 'cleared' | 'own' | 'ignored' {
  const message = decodeMessage(raw);
  if (!message) return 'ignored';
  if (message.origin === origin) return 'own';
  clear({ menu: message.menu, content: message.content, ...(message.redirects ? { redirects: true } : {}), ...(message.items ? { items: message.items } : {}) });
  return 'cleared';
}

/**
 * Issue 34: what a change does to this process's search index. The items are read again (the
 * promise settles when they are applied); a change not given item by item (`menu: true`, or
 * content without items: a `paths` call, an older sender, a reconnection) rebuilds the index in the
 * background. Never rejects.
 */
export function refreshSearchIndex(scopes: InvalidationScopes): Promise<void> {
  const items = scopes.items ?? [];
  if (scopes.menu || (scopes.content && items.length === 0)) void rebuildSearchIndex();
  return updateSearchItems(items);
}

/**
 * The subscriber's default: clear this process's copies, reload the redirect table from Redis when
 * it changed (issue 33), and bring the search index up to date (issue 34). The returned promise
 * (awaited before the ack) settles when the redirect table and the changed items are in.
 */
export function clearAndReload(redisUrl: string): (scopes: InvalidationScopes) => void | Promise<unknown> {
  return (scopes) => {
    clearProcessCaches(scopes);
    const search = refreshSearchIndex(scopes);
    return scopes.redirects ? Promise.all([reloadRedirectsFromRedis(redisUrl), search]) : search;
  };
}

/**
 * Subscribes this process to the channel on a connection of its own and clears its copies on
 * every message from another process. Each (re)connection subscribes again; a reconnection after
 * a lost connection clears every copy (messages sent meanwhile were lost). Never throws.
 */
export function createInvalidationSubscriber(redisUrl: string, deps: SubscriberDeps = {}): InvalidationSubscriber {
  const log = deps.log ?? console;
  const origin = deps.origin ?? processOrigin();
  const clear = deps.clear ?? clearAndReload(redisUrl);
  const reconnected = deps.reconnected ?? (() => void triggerCatchUp('reconnected to Redis'));
  const heard = deps.heard ?? (() => void markHeard(Date.now(), { redis: null }));
  const channel = invalidationChannel(redisUrl);
  let subscribed = false;
  let wasConnected = false;
  let closed = false;
  let shared: Pick<RedisConnection, 'client'> | null = null;
  const ack = (raw: string) => {
    // Issue 18: the sender waits for every instance's ack before it purges the cache in front.
    const message = decodeMessage(raw);
    if (!message?.id || !shared) return;
    shared.client.publish(ackChannel(redisUrl), JSON.stringify({ v: MESSAGE_VERSION, ack: message.id, origin })).catch(() => undefined);
  };
  const failed = (error: unknown) => log.error(`[invalidate] a cache invalidation failed: ${(error as Error)?.message ?? String(error)}`);
  const listener = (raw: string) => {
    try {
      // A reload (the redirect table) is awaited before the ack: the sender purges the cache in front after every ack.
      let pending: unknown;
      const handled = handleMessage(raw, origin, (scopes) => {
        pending = clear(scopes);
      });
      if (handled === 'cleared') heard();
      Promise.resolve(pending)
        .catch(failed)
        .finally(() => ack(raw));
    } catch (error) {
      failed(error);
    }
  };
  let client: ReturnType<RedisConnection['client']['duplicate']>;
  try {
    shared = deps.connection ?? sharedRedisConnection(redisUrl);
    client = shared.client.duplicate();
  } catch (error) {
    log.error(`[invalidate] not listening for cache invalidations from other instances: ${(error as Error)?.message ?? String(error)}`);
    return { isSubscribed: () => false, close: async () => undefined };
  }
  // The shared connection logs Redis outages; without a listener an error would end the process.
  client.on('error', () => undefined);
  client.on('end', () => {
    subscribed = false;
  });
  client.on('ready', () => {
    if (closed) return;
    if (wasConnected) {
      // Messages published while this connection was down are lost: start over from WordPress
      // (the default `clear` also rebuilds the search index: menu and content, no items).
      void Promise.resolve(clear({ menu: true, content: true, redirects: true })).catch(failed);
      // Issue 35 §4: and what changed in WordPress meanwhile is regenerated (never throws).
      try {
        reconnected();
      } catch (error) {
        failed(error);
      }
    }
    wasConnected = true;
    Promise.all([client.subscribe(channel, listener), client.subscribe(ackChannel(redisUrl), (raw: string) => void receiveAck(raw))])
      .then(() => {
        subscribed = true;
      })
      .catch(() => {
        // Lost again before it answered: the next 'ready' subscribes again.
      });
  });
  client.connect().catch(() => {
    // Reconnects in the background (the shared client's strategy); the shared connection logs it.
  });
  return {
    isSubscribed: () => subscribed && client.isReady,
    close: async () => {
      closed = true;
      try {
        client.destroy();
      } catch {
        // already closed
      }
    },
  };
}

const subscribers = processShared('invalidation-subscribers', () => new Map<string, InvalidationSubscriber>());

/** This process's subscriber (instrumentation.ts starts it at `next start`; once per process). */
export function startInvalidationSubscriber(redisUrl: string): InvalidationSubscriber {
  let subscriber = subscribers.get(redisUrl);
  if (!subscriber) {
    subscriber = createInvalidationSubscriber(redisUrl);
    subscribers.set(redisUrl, subscriber);
  }
  return subscriber;
}
