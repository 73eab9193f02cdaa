/** @jest-environment node */
import { buildEngine } from '@/lib/search/siteIndex';
import type { SearchDocument } from '@/lib/search/document';

const doc = (n: number): SearchDocument => ({
  id: `blog:${n}`,
  type: 'blog',
  slug: `post-${n}`,
  url: `/resources/blogs/post-${n}`,
  title: `Payments story ${n}`,
  headings: '',
  excerpt: 'A story about card terminals.',
  body: 'Card terminals, tap to pay and settlement.',
  date: '2026-01-01T00:00:00',
});

describe('issue 35: a search index build lets the server do other work meanwhile (docs/reliability.md §8)', () => {
  it('indexes a big site in chunks, with the event loop free between them, and loses nothing', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('other work'));
    const engine = await buildEngine(Array.from({ length: 250 }, (_, i) => doc(i)));
    order.push('built');
    // Built in one go, the engine would be done before anything queued behind it could run.
    expect(order).toEqual(['other work', 'built']);
    expect(engine.size).toBe(250);
  });
});
