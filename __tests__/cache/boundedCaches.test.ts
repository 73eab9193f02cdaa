/** @jest-environment node */
/**
 * Issue 35, docs/reliability.md §6 "Bounded memory": every in-process cache has a size limit,
 * least recently used out first. Each cache is filled past its limit through the code that fills
 * it in production; its size stays at the limit and the newest entries are the ones kept.
 * WordPress's answers are stubbed (no network): what is measured is what the caches keep.
 */
import { MEMORY_RATE_LIMIT_CLIENTS, memoryRateLimit } from '@/lib/api/rateLimit';
import { boundedCaches, createLru } from '@/lib/cache/lru';
import { BLOCK_CSS_SOURCES_LIMIT, assembleBlockCss, resetBlockCssForTests } from '@/lib/html/blockCss';
import { clearFrameImageCache, findFrameImages, FRAME_IMAGE_CACHE_LIMIT } from '@/lib/wordpress/frameImages';
import { clearFrameTypeCache, FRAME_TYPE_CACHE_LIMIT, getFrameType } from '@/lib/wordpress/frames';
import '@/lib/wordpress/identity';
import '@/lib/wordpress/menu';
import '@/lib/wordpress/postTypes';

jest.mock('@/lib/shared/wordpress/http', () => {
  const actual = jest.requireActual('@/lib/shared/wordpress/http');
  const answer = (data: unknown) => Promise.resolve({ status: 200, headers: new Headers({ 'content-type': 'text/css' }), data });
  return {
    ...actual,
    // Lists (media?slug=, frame_type?slug=) are empty; the global stylesheet route has no CSS.
    fetchJson: jest.fn((url: string) => answer(url.includes('global-styles') ? { css: '' } : [])),
    fetchText: jest.fn(() => answer('.wp-block-x{color:red}')),
  };
});

const cache = (name: string) => {
  const found = boundedCaches().get(name);
  if (!found) throw new Error(`no bounded cache named ${name}`);
  return found;
};

describe('the LRU every cache is built on (src/lib/cache/lru.ts)', () => {
  it('keeps at most maxEntries; a get counts as a use, a peek does not', () => {
    const lru = createLru<string, number>('test-lru-unit', 3);
    for (const [i, key] of ['a', 'b', 'c'].entries()) lru.set(key, i);
    expect(lru.get('a')).toBe(0); // a is now the most recently used
    expect(lru.peek('b')).toBe(1); // b stays the least recently used
    lru.set('d', 3);
    expect(lru.size).toBe(3);
    expect(lru.keys()).toEqual(['c', 'a', 'd']);
    lru.set('c', 9); // a set is a use too
    lru.set('e', 4);
    expect(lru.keys()).toEqual(['d', 'c', 'e']);
    expect(boundedCaches().get('test-lru-unit')).toBe(lru);
  });

  it('refuses a limit that is not a whole number ≥ 1 (no cache is unbounded)', () => {
    expect(() => createLru('x', Infinity)).toThrow('maxEntries');
    expect(() => createLru('x', 0)).toThrow('maxEntries');
  });
});

describe('each cache of the process holds at most its limit, the newest entries kept', () => {
  beforeEach(() => {
    clearFrameImageCache();
    clearFrameTypeCache();
    resetBlockCssForTests();
  });

  it(`frame images (media slugs): ${FRAME_IMAGE_CACHE_LIMIT}`, async () => {
    const over = FRAME_IMAGE_CACHE_LIMIT + 50;
    for (let i = 0; i < over; i++) await findFrameImages({ image: `https://media.example.com/wp-content/uploads/2025/12/photo-${i}.jpg` }, 1);
    const images = cache('frame-images');
    expect(images.maxEntries).toBe(FRAME_IMAGE_CACHE_LIMIT);
    expect(images.size).toBe(FRAME_IMAGE_CACHE_LIMIT);
    expect(images.keys()).toContain(`photo-${over - 1}`);
    expect(images.keys()).not.toContain('photo-0');
  });

  it(`frame types: ${FRAME_TYPE_CACHE_LIMIT}`, async () => {
    const over = FRAME_TYPE_CACHE_LIMIT + 50;
    for (let i = 0; i < over; i++) await getFrameType(`type-${i}`);
    const types = cache('frame-types');
    expect(types.size).toBe(FRAME_TYPE_CACHE_LIMIT);
    expect(types.keys()).toContain(`type-${over - 1}`);
    expect(types.keys()).not.toContain('type-0');
  });

  it(`block CSS sources and their last good copies: ${BLOCK_CSS_SOURCES_LIMIT} each`, async () => {
    const over = BLOCK_CSS_SOURCES_LIMIT + 50;
    for (let i = 0; i < over; i++) await assembleBlockCss({ blocks: [`block-${i}`], css: '' });
    for (const name of ['block-css', 'block-css-last-good']) {
      const sources = cache(name);
      expect(sources.size).toBe(BLOCK_CSS_SOURCES_LIMIT);
      expect(sources.keys()).toContain(`block:block-${over - 1}`);
      expect(sources.keys()).not.toContain('block:block-0');
    }
    // The shared sources, read by every call, are never the least recently used.
    expect(cache('block-css').keys()).toEqual(expect.arrayContaining(['common', 'global-styles']));
  });

  it(`rate limits counted in memory: ${MEMORY_RATE_LIMIT_CLIENTS} clients a route, the same window as before`, async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const limit = memoryRateLimit({ points: 2, durationSeconds: 10, keyPrefix: 'bounded-test' });
      expect(await limit.consume('a')).toEqual({ allowed: true });
      expect(await limit.consume('a')).toEqual({ allowed: true });
      jest.setSystemTime(2500);
      expect(await limit.consume('a')).toEqual({ allowed: false, retryAfterSeconds: 8 });
      jest.setSystemTime(10_000);
      expect(await limit.consume('a')).toEqual({ allowed: true }); // a new window

      const over = MEMORY_RATE_LIMIT_CLIENTS + 50;
      for (let i = 0; i < over; i++) await limit.consume(`client-${i}`);
      const clients = cache('rate-limit:bounded-test');
      expect(clients.size).toBe(MEMORY_RATE_LIMIT_CLIENTS);
      expect(clients.keys()).toContain(`client-${over - 1}`);
      expect(clients.keys()).not.toContain('a');
    } finally {
      jest.useRealTimers();
    }
  });

  it('the one-key caches (menu, site identity, post types) hold one entry', () => {
    for (const name of ['menu', 'site-identity', 'post-types']) expect(cache(name).maxEntries).toBe(1);
  });
});
