/** @jest-environment node */
/**
 * The search quality query set (querySet.ts) over the fake WordPress's seed content: every query
 * finds its item in the first 3 results of the site's own index (docs/search-index.md §3, §4).
 * The documents are built as the site builds them: each published item of each content type of
 * the table through `toSearchDocument`, pages with their frames.
 */
import { createSeedStore } from '../../__mocks__/wordpress/store';
import { createSearchEngine } from '@/lib/search/engine';
import { storeDocuments } from '../../scripts/search/seedDocuments';
import { QUERY_SET } from './querySet';

const engine = createSearchEngine(storeDocuments(createSeedStore()));

describe('search quality: each query finds its item in the first 3', () => {
  it('the index holds the seed content (every content type, no draft, no test page)', () => {
    const types = new Set(QUERY_SET.map((q) => q.type).filter(Boolean));
    expect(types.size).toBeGreaterThan(3);
    expect(engine.size).toBeGreaterThan(70);
    expect(engine.idOf('news', 'upcoming-announcement-draft')).toBeUndefined();
    expect(engine.idOf('page', 'page-test-2')).toBeUndefined();
  });

  it.each(QUERY_SET.map((q) => [`${q.kind}${q.type ? ` (${q.type} only)` : ''}: "${q.query}" → ${q.expect}`, q] as const))('%s', (_name, q) => {
    const top3 = engine.search(q.query, { type: q.type }).slice(0, 3).map((hit) => hit.url);
    expect(top3).toContain(q.expect);
  });
});
