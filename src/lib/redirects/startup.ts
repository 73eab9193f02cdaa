import { getConfig } from '../../config';
import { broadcastInvalidation, broadcastInvalidationAndWait } from '../site/invalidation';
import { queuePurgeAfterRegeneration, redirectKeys } from '../site/purgeOnPublish';
import { loadRedirectsAtStart, startRedirectRefresh, type ReloadReport } from './store';

/**
 * Issue 33: the redirect table at `next start` (instrumentation.ts): loaded before the first
 * request is answered (Redis first, else WordPress; at most a few seconds, and a start without a
 * table is still a start), then refreshed every 5 minutes. A change the refresh finds is handled
 * as the webhook handles one: the other instances are told to reload from Redis, and the cache in
 * front drops `redirects` and the keys of the changed plain sources once they have (issue 35:
 * through the purge queue, retried until the cache acknowledges).
 */
export async function startRedirects(): Promise<void> {
  await loadRedirectsAtStart();
  startRedirectRefresh(announceChange);
}

export async function announceChange(report: ReloadReport): Promise<void> {
  const { redisUrl, cachePurge } = getConfig();
  const scopes = { menu: false, content: false, redirects: true };
  let dropped: ReturnType<typeof broadcastInvalidationAndWait> | null = null;
  if (redisUrl && report.shared && cachePurge) dropped = broadcastInvalidationAndWait(redisUrl, scopes, 'redirects_refresh');
  else if (redisUrl && report.shared) void broadcastInvalidation(redisUrl, scopes, 'redirects_refresh');
  await queuePurgeAfterRegeneration(redirectKeys(report.changedSources), [], dropped);
}
