import { processShared } from '../server/processShared';

/**
 * Issue 36: the process's caches of what it read from WordPress register themselves here, each
 * with the invalidation scopes that outdate it, and an invalidation (the webhook in its own
 * process, a pub/sub message in the others: src/lib/site/invalidation.ts) clears what is
 * registered for its scopes. No hand-kept list: a cache module calls `registerProcessCache` once,
 * at its top level, beside the `processShared` slot that holds its state.
 *
 * Why registration at load is enough. Next gives pages and API routes separate module instances
 * (src/lib/server/processShared.ts), and the webhook's bundle need not import a cache module at all. The
 * registry and every cache's state live on `globalThis` (processShared), one per process; a cache
 * can only hold something once some bundle has evaluated its module, and that evaluation has
 * registered it (the call is top-level, beside the state it clears). That bundle's `clear` clears
 * the process's one state, so it serves every bundle. A module no bundle of the process has loaded
 * has nothing cached, and nothing to clear. A module evaluated again (another bundle, a test's
 * fresh module registry) replaces its entry under the same name.
 *
 * __tests__/cache/processCaches.test.ts finds every processShared slot and module-level cache of
 * src/ and fails for one that is neither registered here nor listed there as not invalidated.
 */

/** The scopes of an invalidation message that clear caches (src/lib/site/invalidation.ts `InvalidationScopes`). */
export type CacheScope = 'menu' | 'content';

export interface ProcessCache {
  /** The name of its `processShared` slot (the registration test matches slots by it). */
  name: string;
  /** The scopes that outdate it: a message with any of them set clears it. */
  scopes: readonly CacheScope[];
  clear(): void;
}

const registry = processShared('process-caches', () => new Map<string, ProcessCache>());

/** Registers a cache of this process (at the top level of its module). */
export function registerProcessCache(cache: ProcessCache): void {
  registry.set(cache.name, cache);
}

/** The registered caches, in the order they first registered (tests, diagnostics). */
export function processCaches(): ReadonlyMap<string, ProcessCache> {
  return registry;
}

/** Clears every registered cache one of whose scopes is set, each once; returns their names. */
export function clearRegisteredCaches(scopes: Readonly<Record<CacheScope, boolean>>): string[] {
  const cleared: string[] = [];
  for (const cache of registry.values()) {
    if (!cache.scopes.some((scope) => scopes[scope])) continue;
    cache.clear();
    cleared.push(cache.name);
  }
  return cleared;
}
