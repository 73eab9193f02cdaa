import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * WordPress's block CSS, as the fake serves it (docs/blocks.md, REST contract items 2 and 4): the
 * files of WordPress 6.1.9 and Twenty Twenty-Three's global stylesheet, vendored into
 * `./block-library/` by `scripts/block-css/vendor.ts` (see its `SOURCE.json`).
 *
 * - `GET /wp-includes/css/dist/block-library/common.min.css` and
 *   `GET /wp-includes/blocks/{name}/style.min.css`: `text/css`, or WordPress's 404 page for a
 *   block without a stylesheet (or no such block), as the real server answers.
 * - `GET /wp-json/custom-api/v1/global-styles`: `{"css": "…"}`, the plugin's route.
 */
const DIR = path.join(__dirname, 'block-library');
export const COMMON_PATH = '/wp-includes/css/dist/block-library/common.min.css';
const BLOCK_PATH = /^\/wp-includes\/blocks\/([a-z0-9-]+)\/style\.min\.css$/;

const files = new Map<string, string | null>();

function read(file: string): string | null {
  if (!files.has(file)) files.set(file, existsSync(file) ? readFileSync(file, 'utf8') : null);
  return files.get(file) ?? null;
}

/** Whether a request path is one of the block library's files (served or answered 404). */
export function isBlockLibraryPath(pathname: string): boolean {
  return pathname === COMMON_PATH || BLOCK_PATH.test(pathname);
}

/** The CSS at a block library path, or null (a 404). */
export function blockLibraryFile(pathname: string): string | null {
  if (pathname === COMMON_PATH) return read(path.join(DIR, 'common.min.css'));
  const name = BLOCK_PATH.exec(pathname)?.[1];
  return name ? read(path.join(DIR, 'blocks', name, 'style.min.css')) : null;
}

/** The active theme's global stylesheet (`wp_get_global_stylesheet()` of Twenty Twenty-Three). */
export function globalStylesheet(): string {
  return read(path.join(DIR, 'global-styles.css')) ?? '';
}
