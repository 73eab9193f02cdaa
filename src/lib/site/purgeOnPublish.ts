import { getConfig } from '../../config';
import { purgeAndWarm, type PurgeOutcome } from '../cache/purge';
import { queuePurge } from '../cache/purgeQueue';
import type { AwaitedBroadcast } from './invalidation';
import type { RevalidatePayload } from './revalidate';
import { CONTENT_KEYS, keysForItem, keysForPath, LAYOUT_KEY, pageKey, REDIRECTS_KEY, unique } from './surrogateKeys';

/**
 * Issue 18: after the webhook has regenerated the pages, the cache in front drops its copies of
 * them (by surrogate key, src/lib/site/surrogateKeys.ts) and gets the new ones (warming), through
 * the configured back end (src/lib/cache/purge.ts). With several instances it first waits until
 * every instance has cleared its own copies (the pub/sub message's acks), so that no instance
 * hands the cache an old sitemap, feed or search answer.
 */

/** What the webhook's answer says about the purge. */
export interface PurgeReport extends PurgeOutcome {
  /** With REDIS_URL: instances that said they had cleared, of those that received the message. */
  instances?: { received: number | null; cleared: number };
}

/** The keys a payload outdates (the menu's layout key goes with the regeneration of every page). */
export function payloadKeys(payload: RevalidatePayload): string[] {
  switch (payload.kind) {
    case 'content':
      return unique([...keysForItem(payload.type, payload.slug), ...CONTENT_KEYS]);
    case 'plugin':
      return payload.items.length === 0 ? [] : unique([...payload.items.flatMap((i) => keysForItem(i.type, i.slug)), ...CONTENT_KEYS]);
    case 'paths':
      return unique([...payload.paths.map(pageKey), ...CONTENT_KEYS]);
    case 'menu':
      return [LAYOUT_KEY];
  }
}

/**
 * Issue 33: what a change of the redirect table outdates in the cache in front: every redirect
 * answer (`redirects`), and the answers of the plain sources whose rules changed (a page cached
 * at an address that now redirects, or a redirect that is now gone).
 */
export function redirectKeys(changedSources: readonly string[]): string[] {
  return unique([REDIRECTS_KEY, ...changedSources.flatMap((path) => keysForPath(path) ?? []).filter((key) => key !== LAYOUT_KEY)]);
}

/**
 * Purges `keys` and warms `paths`, once `dropped` (the broadcast's acks, when there is Redis) has
 * settled. Null when no purge back end is configured. Never throws; a failure is logged and
 * reported, the regeneration stands.
 */
export async function purgeAfterRegeneration(
  keys: readonly string[],
  paths: readonly string[],
  dropped: Promise<AwaitedBroadcast> | null = null,
): Promise<PurgeReport | null> {
  const config = getConfig().cachePurge;
  if (!config || keys.length === 0) return null;
  const instances = dropped ? await dropped.catch(() => null) : null;
  const outcome = await purgeAndWarm(config, keys, paths);
  return instances ? { ...outcome, instances: { received: instances.receivers, cleared: instances.acknowledged } } : outcome;
}

/**
 * Issue 35 §3: what the worker (src/lib/site/jobs.ts) does after a batch's regeneration. Once
 * `dropped` (the broadcast's acks, when there is Redis) has settled, `keys` and the pages to warm
 * go to this process's purge queue (src/lib/cache/purgeQueue.ts), which sends them until the cache
 * acknowledges. Resolves when they are queued, not purged (there is no answer to wait for: the
 * webhook has answered 202 long before). Does nothing without a purge back end; never rejects.
 * `purgeAfterRegeneration` (inline, reported in the answer) stays for the synchronous webhook
 * until the worker replaces it.
 */
export async function queuePurgeAfterRegeneration(
  keys: readonly string[],
  paths: readonly string[],
  dropped: Promise<AwaitedBroadcast> | null = null,
): Promise<void> {
  if (!getConfig().cachePurge || keys.length === 0) return;
  if (dropped) await dropped.catch(() => null);
  queuePurge(keys, paths);
}
