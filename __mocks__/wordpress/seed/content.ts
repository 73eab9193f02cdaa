import type { StoredMedia, StoredMenuItem } from '../store';
import { seedAlerts } from './alerts';
import { seedArticles } from './articles';
import type { SeedPost } from './build';
import { seedBlockPosts } from './blocks';
import { seedFrameTypes } from './frameTypes';
import { seedMedia } from './media';
import { seedMenus } from './menu';
import { seedPages } from './pages';
import { seedResources } from './resources';

export interface SeedContent {
  posts: SeedPost[];
  media: StoredMedia[];
  menus: Record<number, StoredMenuItem[]>;
}

/** All seed content, built fresh on every call (no object is shared between calls). */
export function seedContent(): SeedContent {
  const posts = [...seedFrameTypes(), ...seedPages(), ...seedArticles(), ...seedBlockPosts(), ...seedResources(), ...seedAlerts()];
  return { posts, media: seedMedia(), menus: seedMenus(posts) };
}
