/** @jest-environment node */
/**
 * Issue 36: the shared ISR cache (src/lib/cache/sharedIsrCache.mjs) builds on Next's internal
 * FileSystemCache as its local layer (src/lib/internals/nextFileSystemCache.mjs). This fails when
 * the module, its class, its constructor's context or the methods the handler calls change.
 */
import { existsSync, mkdtempSync, promises, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileSystemCache } from '@/lib/internals/nextFileSystemCache.mjs';

describe('issue 36: Next’s FileSystemCache, the local layer of the shared ISR cache', () => {
  let serverDistDir: string;
  beforeAll(() => {
    serverDistDir = mkdtempSync(path.join(tmpdir(), 'fs-cache-'));
  });
  afterAll(() => rmSync(serverDistDir, { recursive: true, force: true }));

  /** Next's CacheHandlerContext, the fields the class reads (next/dist/server/lib/incremental-cache/index.js builds it). */
  const context = () => ({
    fs: { existsSync, readFile: promises.readFile, readFileSync, writeFile: promises.writeFile, mkdir: promises.mkdir, stat: promises.stat },
    serverDistDir,
    flushToDisk: false,
    maxMemoryCacheSize: 1024 * 1024,
    revalidatedTags: [],
  });

  test('is a class of one context argument, with the methods the handler calls', () => {
    expect(typeof FileSystemCache).toBe('function');
    expect(FileSystemCache.length).toBe(1);
    for (const method of ['get', 'set', 'revalidateTag', 'resetRequestCache']) expect(typeof FileSystemCache.prototype[method]).toBe('function');
  });

  test('a page set through one instance is read through another (its memory LRU is per process, sized by maxMemoryCacheSize)', async () => {
    const page = { kind: 'PAGES', html: '<p>kept</p>', pageData: { pageProps: {} }, headers: {}, status: 200 };
    await new FileSystemCache(context()).set('/internals-probe', page, { cacheControl: { revalidate: 60, expire: undefined } });
    const read = await new FileSystemCache(context()).get('/internals-probe', { kind: 'PAGES', isRoutePPREnabled: false, isFallback: false });
    expect(read?.value).toMatchObject({ kind: 'PAGES', html: '<p>kept</p>' });
  });

  test('a page neither in memory nor on disk is a miss, not an error', async () => {
    const read = await new FileSystemCache(context()).get('/not-there', { kind: 'PAGES', isRoutePPREnabled: false, isFallback: false });
    expect(read ?? null).toBeNull();
  });
});
