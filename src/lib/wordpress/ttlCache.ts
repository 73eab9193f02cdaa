/**
 * A small in-memory cache with a time to live, shared by the menu and the frame types (spec §4
 * "Menu cache": 5 minutes; a valid entry is returned without fetching) and, bounded, by the search
 * results.
 *
 * - A fresh entry is returned without calling `load`.
 * - Concurrent callers of the same key share one in-flight `load`.
 * - Only a `load` that resolves is stored; one that rejects is not, so the next call tries again.
 * - The clock is `Date.now()` (jest's fake timers control it); an entry expires `ttlMs` after its
 *   load resolved.
 * - `clear()` (the revalidation webhook) forgets every entry, and a load already under way when it
 *   is called does not store its (possibly stale) result.
 * - At most `maxEntries` entries (issue 35, docs/reliability.md §6): storing one more evicts the
 *   least recently used (a hit counts as a use), through the process's one LRU
 *   (src/lib/cache/lru.ts), registered under `name`. An expired entry stays until it is asked for
 *   again or evicted, so the limit is what bounds the memory.
 * - With `keep`, a loaded value for which `keep(value)` is false is returned to its callers but not
 *   stored (a menu built while a secondary read failed), so the next call loads again.
 *
 * The cache is per server process: with several instances, each has its own. The webhook clears
 * the instance it reaches and tells the others through Redis pub/sub (src/lib/site/invalidation.ts);
 * a broadcast lost while Redis is down is bounded by the expiry.
 */
import { createLru } from '../cache/lru';

export interface TtlCache<K, V> {
  get(key: K, load: () => Promise<V>): Promise<V>;
  readonly size: number;
  clear(): void;
}

export interface TtlCacheOptions<V> {
  /** Its name in the process's registry of bounded caches (src/lib/cache/lru.ts). */
  name: string;
  /** Entries kept at most (required: no cache of the process is unbounded). */
  maxEntries: number;
  keep?: (value: V) => boolean;
}

export function createTtlCache<K, V>(ttlMs: number, { name, maxEntries, keep = () => true }: TtlCacheOptions<V>): TtlCache<K, V> {
  const entries = createLru<K, { value: V; expiresAt: number }>(name, maxEntries);
  const inFlight = new Map<K, Promise<V>>();
  let generation = 0;

  return {
    get(key, load) {
      const entry = entries.get(key); // now the most recently used
      if (entry) {
        if (Date.now() < entry.expiresAt) return Promise.resolve(entry.value);
        entries.delete(key);
      }
      const pending = inFlight.get(key);
      if (pending) return pending;

      const startedIn = generation;
      const forget = () => {
        if (inFlight.get(key) === promise) inFlight.delete(key);
      };
      // `Promise.resolve().then(load)` so that a `load` that throws synchronously rejects instead.
      const promise: Promise<V> = Promise.resolve()
        .then(load)
        .then(
          (value) => {
            forget();
            if (startedIn === generation && keep(value)) entries.set(key, { value, expiresAt: Date.now() + ttlMs });
            return value;
          },
          (error: unknown) => {
            forget();
            throw error;
          },
        );
      inFlight.set(key, promise);
      return promise;
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
      inFlight.clear();
      generation += 1;
    },
  };
}
