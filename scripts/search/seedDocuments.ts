import { createSeedStore, type WordPressStore } from '../../__mocks__/wordpress/store';
import { toSearchDocument, type SearchDocument } from '../../src/lib/search/document';
import { CONTENT_TYPES } from '../../src/lib/shared/wordpress/contentTypes';

/**
 * The search documents of the fake WordPress's content (`createSeedStore({items})`): every item
 * of every content type of the table through `toSearchDocument`, pages with their frames, as the
 * site's index is built from a real WordPress. Shared by the quality test and the comparison script.
 */
export function storeDocuments(store: WordPressStore): SearchDocument[] {
  const frames = new Map<number, unknown>(store.collections.frame.map((f) => [f.id, f]));
  const docs: SearchDocument[] = [];
  for (const def of CONTENT_TYPES) {
    const items = (store.collections as Record<string, unknown[] | undefined>)[def.restBase] ?? [];
    for (const raw of items) {
      const doc = toSearchDocument(def.name, raw, frames);
      if (doc) docs.push(doc);
    }
  }
  return docs;
}

export function seedDocuments(items = 0): SearchDocument[] {
  return storeDocuments(createSeedStore({ items }));
}
