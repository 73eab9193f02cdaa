/**
 * A small in-memory cache with a time to live, shared by the menu and the frame types (spec §4
 * "Menu cache": 5 minutes; a valid entry is returned without fetching).
 *
 * - A fresh entry is returned without calling `load`.
 * - Concurrent callers of the same key share one in-flight `load`.
 * - Only a `load` that resolves is stored; one that rejects is not, so the next call tries again.
 * - The clock is `Date.now()` (jest's fake timers control it); an entry expires `ttlMs` after its
 *   load resolved.
 * - `clear()` (the revalidation webhook) forgets every entry, and a load already under way when it
 *   is called does not store its (possibly stale) result.
 *
 * The cache is per server process: with several instances, each has its own, and the webhook only
 * clears the instance it reaches; the 5-minute expiry bounds how stale the others can be.
 */
export interface TtlCache<K, V> {
  get(key: K, load: () => Promise<V>): Promise<V>;
  clear(): void;
}

export function createTtlCache<K, V>(ttlMs: number): TtlCache<K, V> {
  const entries = new Map<K, { value: V; expiresAt: number }>();
  const inFlight = new Map<K, Promise<V>>();
  let generation = 0;

  return {
    get(key, load) {
      const entry = entries.get(key);
      if (entry && Date.now() < entry.expiresAt) return Promise.resolve(entry.value);
      if (entry) entries.delete(key);
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
            if (startedIn === generation) entries.set(key, { value, expiresAt: Date.now() + ttlMs });
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
    clear() {
      entries.clear();
      inFlight.clear();
      generation += 1;
    },
  };
}
