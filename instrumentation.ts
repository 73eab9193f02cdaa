/**
 * Runs once when a Next.js server starts: the configuration is validated here, so a malformed
 * environment variable stops start-up (exit status 1) with an error that names it, not the first request.
 * With REDIS_URL set, the process's Redis connection is opened here too, so the shared ISR cache
 * and rate limits use it from the first request (src/lib/redis/connection.mjs; a Redis that is
 * down does not stop start-up: the instance serves from its local cache until it is back), and
 * this process subscribes to the cache invalidations every instance's webhook broadcasts
 * (src/lib/site/invalidation.ts). Issue 33: the redirect table is loaded (Redis first, else
 * WordPress) before the server answers, and refreshed every 5 minutes (src/lib/redirects/startup.ts).
 * Issue 34: the site's search index is built in the background (not awaited: the server answers
 * at once, and searches ask WordPress until it is ready; src/lib/search/siteIndex.ts).
 * Issue 35: with a cache in front, the purge queue takes the keys a dead instance left in Redis
 * (`site:purges`, src/lib/cache/purgeQueue.ts); this instance's worker (src/lib/site/jobs.ts) renews its leases and, at start and every
 * 15 s, takes over the recorded jobs no live instance holds; the safety net asks WordPress what changed
 * since the site last heard (src/lib/site/catchUp.ts).
 */
import { isBuildPhase } from './src/lib/server/buildPhase';

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { getConfig, orExitOnConfigError } = await import('./src/config');
    // Issue 12 §3 fail fast: Next would log an instrumentation error and go on answering 500.
    // (next.config.ts already stops `next start`; this covers any other server start.)
    const { redisUrl, cachePurge } = orExitOnConfigError(getConfig);
    // Not while `next build` prerenders: nothing there may wait on, or write to, a shared Redis.
    if (redisUrl && !isBuildPhase()) {
      const { sharedRedisConnection } = await import('./src/lib/redis/connection.mjs');
      sharedRedisConnection(redisUrl);
      // Issue 10 §3: a webhook call on any instance clears this one's per-process caches too.
      const { startInvalidationSubscriber } = await import('./src/lib/site/invalidation');
      startInvalidationSubscriber(redisUrl);
    }
    if (!isBuildPhase()) {
      if (cachePurge) {
        // Issue 35 §3: purges a dead instance left unfinished (not awaited: once Redis answers).
        const { startPurgeQueue } = await import('./src/lib/cache/purgeQueue');
        startPurgeQueue();
      }
      // Issue 34: started first and not awaited, so the build reads WordPress while the redirects load.
      const { startSearchIndex } = await import('./src/lib/search/siteIndex');
      void startSearchIndex();
      const { startRedirects } = await import('./src/lib/redirects/startup');
      await startRedirects();
      // Issue 35 §2: after the redirects, so a job taken over at start runs with the table loaded.
      const { startJobWorker, submitJob } = await import('./src/lib/site/jobs');
      startJobWorker();
      // Issue 35 §4, the safety net (src/lib/site/catchUp.ts): what changed in WordPress since the
      // site last heard, submitted to the worker (the invalidation subscriber's reconnection after
      // losing Redis triggers it again through the same registration).
      const { startCatchUp } = await import('./src/lib/site/catchUp');
      startCatchUp(submitJob);
    }
  }
}
