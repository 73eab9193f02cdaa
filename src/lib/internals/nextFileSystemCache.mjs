// @ts-check
import fileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js';

/**
 * Framework internal (issue 36, docs/architecture.md "Framework internals relied on"): Next's own
 * ISR cache (`FileSystemCache`: an LRU of `cacheMaxMemorySize` over the build's prerendered pages
 * on disk), from a module of `next/dist`, not a public entry. src/lib/cache/sharedIsrCache.mjs
 * constructs it with the context Next hands a cache handler and uses it as the local layer under
 * Redis. Relied on: the module path, the class as its default export, `new FileSystemCache(ctx)`
 * with Next's CacheHandlerContext, and `get`, `set`, `revalidateTag`, `resetRequestCache`.
 * __tests__/internals/nextFileSystemCache.test.ts fails when any of that changes.
 *
 * Node imports Next's CommonJS module as its `module.exports`, whose `default` is the class.
 */
export const FileSystemCache = /** @type {any} */ (fileSystemCacheModule).default ?? fileSystemCacheModule;
