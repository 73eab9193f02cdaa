import { processShared } from '../server/processShared';

/**
 * The one size limit of the process's caches (issue 35, docs/reliability.md §6 "Bounded memory"):
 * a map of at most `maxEntries` entries; storing one more evicts the least recently used (`get`
 * counts as a use, `peek` does not). Every in-process cache is built on it (directly, or through
 * src/lib/wordpress/ttlCache.ts), so none grows with the traffic.
 *
 * Each one is registered under its name for the process (`boundedCaches()`): the tests check each
 * cache's limit through it, and an operator can see what every cache holds.
 */
export interface Lru<K, V> {
  readonly name: string;
  readonly maxEntries: number;
  readonly size: number;
  get(key: K): V | undefined;
  /** The value without counting a use. */
  peek(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): boolean;
  clear(): void;
  /** Keys from the least to the most recently used. */
  keys(): K[];
}

const registry = processShared('bounded-caches', () => new Map<string, Lru<unknown, unknown>>());

export function createLru<K, V>(name: string, maxEntries: number): Lru<K, V> {
  if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new Error(`cache ${name}: maxEntries must be a whole number ≥ 1 (got ${maxEntries})`);
  // A Map keeps insertion order: the first key is the least recently used.
  const entries = new Map<K, V>();
  const lru: Lru<K, V> = {
    name,
    maxEntries,
    get size() {
      return entries.size;
    },
    get(key) {
      if (!entries.has(key)) return undefined;
      const value = entries.get(key) as V;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    peek: (key) => entries.get(key),
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as K);
    },
    delete: (key) => entries.delete(key),
    clear: () => entries.clear(),
    keys: () => [...entries.keys()],
  };
  // The latest cache of a name is the one registered (a module evaluated again replaces its own).
  registry.set(name, lru as Lru<unknown, unknown>);
  return lru;
}

/** The process's bounded caches by name (tests, diagnostics). */
export function boundedCaches(): ReadonlyMap<string, Lru<unknown, unknown>> {
  return registry;
}
