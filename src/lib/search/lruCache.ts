/**
 * A bounded in-memory cache with a time to live, least recently used entries evicted first.
 *
 * - A fresh entry is returned without calling `load` (and becomes the most recently used).
 * - Concurrent callers of the same key share one in-flight `load`.
 * - Only a `load` that resolves is stored; a rejection is not, so the next call tries again.
 * - At most `maxEntries` entries: storing one more evicts the least recently used.
 * - The clock is `Date.now()` (jest's fake timers control it).
 *
 * Per server process, like every in-memory cache of the site.
 */
export interface LruCache<K, V> {
  get(key: K, load: () => Promise<V>): Promise<V>;
  readonly size: number;
  clear(): void;
}

export function createLruCache<K, V>({ maxEntries, ttlMs }: { maxEntries: number; ttlMs: number }): LruCache<K, V> {
  // A Map keeps insertion order: the first key is the least recently used.
  const entries = new Map<K, { value: V; expiresAt: number }>();
  const inFlight = new Map<K, Promise<V>>();
  let generation = 0;

  return {
    get(key, load) {
      const entry = entries.get(key);
      if (entry) {
        entries.delete(key);
        if (Date.now() < entry.expiresAt) {
          entries.set(key, entry);
          return Promise.resolve(entry.value);
        }
      }
      const pending = inFlight.get(key);
      if (pending) return pending;

      const startedIn = generation;
      const forget = () => {
        if (inFlight.get(key) === promise) inFlight.delete(key);
      };
      const promise: Promise<V> = Promise.resolve()
        .then(load)
        .then(
          (value) => {
            forget();
            if (startedIn === generation) {
              entries.delete(key);
              entries.set(key, { value, expiresAt: Date.now() + ttlMs });
              while (entries.size > maxEntries) entries.delete(entries.keys().next().value as K);
            }
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
