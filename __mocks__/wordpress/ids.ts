import { POST_REST_BASES, type PostRestBase } from './postTypes';
import type { StoredMedia, StoredPost, WordPressStore } from './store';

/** Id lookups over the store, as over WordPress's one posts table. */

/** The item or attachment with this id, whatever its type. */
export function findById(store: WordPressStore, id: number): { restBase: PostRestBase; post: StoredPost } | { media: StoredMedia } | undefined {
  for (const restBase of POST_REST_BASES) {
    const post = store.collections[restBase].find((p) => p.id === id);
    if (post) return { restBase, post };
  }
  const media = store.media.find((m) => m.id === id);
  return media ? { media } : undefined;
}

/** The next free id (WordPress's auto-increment over the one posts table, menu items included). */
export function nextId(store: WordPressStore): number {
  let max = 0;
  for (const restBase of POST_REST_BASES) for (const p of store.collections[restBase]) max = Math.max(max, p.id);
  for (const m of store.media) max = Math.max(max, m.id);
  for (const items of Object.values(store.menus)) for (const i of items) max = Math.max(max, i.ID);
  return max + 1;
}
