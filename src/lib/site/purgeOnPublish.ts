import { getConfig } from '../../config';
import { queuePurge } from '../cache/purgeQueue';
import type { AwaitedBroadcast } from './invalidation';
import type { SearchItem } from '../search/siteIndex';
import { CONTENT_KEYS, keysForItem, keysForPath, LAYOUT_KEY, pageKey, REDIRECTS_KEY, unique } from './surrogateKeys';

/**
 * Issue 18: after the webhook has regenerated the pages, the cache in front drops its copies of
 * them (by surrogate key, src/lib/site/surrogateKeys.ts) and gets the new ones (warming), through
 * the configured back end (src/lib/cache/purge.ts). With several instances it first waits until
 * every instance has cleared its own copies (the pub/sub message's acks), so that no instance
 * hands the cache an old sitemap, feed or search answer.
 */

/** What changed, as the worker's batch (./jobs.ts) gives it. */
export interface ChangedContent {
  items: readonly SearchItem[];
  scope: 'items' | 'all';
  /** Pages on their own (a job narrowed to the pages that failed before). */
  paths?: readonly string[];
}

/**
 * The keys a change outdates: each item's keys and the content documents' (sitemap, feeds,
 * search); each page of its own; for `scope: "all"` the layout key too (every page shows the
 * menu and the site's settings).
 */
export function payloadKeys(change: ChangedContent): string[] {
  const paths = change.paths ?? [];
  const content = change.items.length > 0 || paths.length > 0 || change.scope === 'all';
  return unique([
    ...(change.scope === 'all' ? [LAYOUT_KEY] : []),
    ...change.items.flatMap((i) => keysForItem(i.type, i.slug)),
    ...paths.map(pageKey),
    ...(content ? CONTENT_KEYS : []),
  ]);
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
 * Issue 35 §3: what the worker (src/lib/site/jobs.ts) does after a batch's regeneration. Once
 * `dropped` (the broadcast's acks, when there is Redis) has settled, `keys` and the pages to warm
 * go to this process's purge queue (src/lib/cache/purgeQueue.ts), which sends them until the cache
 * acknowledges. Resolves when they are queued, not purged (there is no answer to wait for: the
 * webhook has answered 202 long before). Does nothing without a purge back end; never rejects.
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
