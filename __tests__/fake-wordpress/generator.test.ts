/** @jest-environment node */
import type { WpIdRecord, WpPost } from '@/lib/wordpress/raw';
import { createSeedStore, type WordPressStore } from '../../__mocks__/wordpress/store';
import { server } from '../setup/msw';
import { createWordPressHandlers } from '../../__mocks__/wordpress/msw';
import { CUSTOM, ORIGIN, request, WP } from './helpers';

const TYPES = ['posts', 'news', 'press-releases', 'whitepapers', 'case-studies', 'insights', 'events', 'virtual', 'fp_page'] as const;

function counts(store: WordPressStore): number[] {
  return TYPES.map((base) => store.collections[base].length);
}

describe('generator (createSeedStore({ items }))', () => {
  it('adds N items per content type, with ids and slugs unique across the store', () => {
    const seed = createSeedStore();
    const store = createSeedStore({ items: 25 });
    expect(counts(store)).toEqual(counts(seed).map((n) => n + 25));
    const ids = Object.values(store.collections).flat().map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const base of TYPES) {
      const slugs = store.collections[base].map((p) => p.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
    }
  });

  it('is deterministic: the same N gives the same content', () => {
    expect(createSeedStore({ items: 30 })).toEqual(createSeedStore({ items: 30 }));
  });

  it('generates 2000 items per type (18,000 items) well under two seconds', () => {
    const start = performance.now();
    const store = createSeedStore({ items: 2000 });
    expect(performance.now() - start).toBeLessThan(2000);
    expect(store.collections.posts.length).toBe(2011);
  });

  it('generated items are older than the seed, so listings still start with the seed content', () => {
    const store = createSeedStore({ items: 50 });
    const newest = [...store.collections.news].sort((a, b) => (a.date < b.date ? 1 : -1))[0];
    expect(newest.id).toBeLessThan(100_000);
    for (const page of store.collections.fp_page.filter((p) => p.id >= 100_000)) {
      for (const frame of page.acf.frames as number[]) expect(store.collections.frame.some((f) => f.id === frame)).toBe(true);
    }
  });

  it('at scale, REST paging and id lists cover every item (2000 per type through msw)', async () => {
    const big = createSeedStore({ items: 2000 });
    server.use(...createWordPressHandlers(ORIGIN, () => big));
    const first = await request<WpPost[]>(`${WP}/posts?per_page=100&page=1`);
    expect(first.headers.get('X-WP-Total')).toBe('2011');
    expect(first.headers.get('X-WP-TotalPages')).toBe('21');
    const last = await request<WpPost[]>(`${WP}/posts?per_page=100&page=21`);
    expect(last.json).toHaveLength(11);
    expect((await request<WpIdRecord[]>(`${CUSTOM}/fp-page-id`)).json).toHaveLength(big.collections.fp_page.filter((p) => p.status === 'publish').length);
  });
});
