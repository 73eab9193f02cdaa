/**
 * The page's block stylesheet (docs/blocks.md, "Block CSS"): what WordPress 6.1 prints for a post
 * of a block theme with `should_load_separate_core_block_assets` on, read from the WordPress the
 * site reads (so it is that WordPress's version), scoped to the CMS body (`./scopeCss.ts`).
 * Server-side only: pages call it in getStaticProps, and the page gets one `<style>` in its head.
 *
 * In WordPress's order (as Twenty Twenty-Three prints them in `<head>`):
 * 1. each used block's `/wp-includes/blocks/{name}/style.min.css` (`wp-block-{name}`); a 404 is a
 *    block without a stylesheet (`column`, `list-item`), kept as empty;
 * 2. the common block CSS, `/wp-includes/css/dist/block-library/common.min.css`
 *    (`wp-block-library`, which is this file, not `style.min.css`, when blocks load separately);
 * 3. the global stylesheet, `GET /wp-json/custom-api/v1/global-styles` → `{css}` (`global-styles`);
 *    a WordPress without the plugin's route (404) has none;
 * 4. the item's own CSS (`BodyStyles.css`: WordPress's render CSS and the lifted style attributes:
 *    `core-block-supports` and the inline styles).
 * Not printed for a block theme, so not here: `wp-block-library-theme` and the blocks' `theme.css`
 * (only with `add_theme_support('wp-block-styles')`, which Twenty Twenty-Three does not declare),
 * `classic-theme-styles` (themes without theme.json). Not wanted: `wp-webfonts` (the theme's
 * @font-face: the site's typography is its own) and RTL files (the site is left to right).
 *
 * Caching: each source is scoped once and kept per process for `BLOCK_CSS_CACHE_MS` (5 minutes,
 * like the menu; concurrent pages share one read), and `clearBlockCssCache()` (called by
 * `clearProcessCaches({menu: true})`: a theme or Site Editor change sends the webhook with
 * `menu: true`) forgets them. A 404 is cached like a file.
 *
 * When WordPress fails a read (after the fetch wrapper's 3 attempts): the last copy this process
 * read of that source is used, however old, for another 5 minutes, and the failure is logged; without one, the read
 * throws, so the page is not rendered without its layout: at build time the build fails loudly,
 * during a regeneration Next keeps serving the last good page (src/lib/site/staticProps.ts).
 */
import { processShared } from '../server/processShared';
import type { BodyStyles } from '../shared/types';
import { CUSTOM_PREFIX, fetchJson, fetchText, wpUrl } from '../shared/wordpress/http';
import { chunkApplies, scopeCssChunks, type ScopedChunk } from './scopeCss';
import { serverContext } from '../wordpress/serverContext';
import { createLru } from '../cache/lru';
import { createTtlCache } from '../wordpress/ttlCache';
import { isRecord } from '../shared/isRecord';
import { registerProcessCache } from '../cache/processCaches';

export { BODY_CLASS } from './scopeCss';

/** As long as the menu's (spec §4): 5 minutes. */
export const BLOCK_CSS_CACHE_MS = 300_000;
/** Sources kept per process at most (WordPress 6.1 has 91 core blocks; docs/reliability.md §6). */
export const BLOCK_CSS_SOURCES_LIMIT = 500;
export const COMMON_CSS_PATH = '/wp-includes/css/dist/block-library/common.min.css';
export const GLOBAL_STYLES_ROUTE = 'global-styles';
/** A core block's name without `core/`: only these are ever put in a URL. */
const BLOCK_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function blockStylePath(name: string): string {
  return `/wp-includes/blocks/${name}/style.min.css`;
}

type Chunks = readonly ScopedChunk[];

const state = processShared('block-css', () => ({
  // One entry per source: the common file, the global stylesheet and each block name met (bounded all the same).
  cache: createTtlCache<string, Chunks>(BLOCK_CSS_CACHE_MS, { name: 'block-css', maxEntries: BLOCK_CSS_SOURCES_LIMIT }),
  /** The last copy read of each source, for when WordPress fails a later read. */
  lastGood: createLru<string, Chunks>('block-css-last-good', BLOCK_CSS_SOURCES_LIMIT),
}));

const log = (message: string) => console.error(`[block-css] ${message}`);

/**
 * A 404, or a redirect: a file WordPress does not have (`column/style.min.css`) goes, like any
 * path, through its rewrite rules to `index.php`, where the plugin's front-end redirect sends
 * WordPress's 404 to the site's home page (302). Followed, that redirect would read the site
 * itself (at build time not yet up); it means "no such file" all the same.
 */
const noSuchFile = (status: number): boolean => status === 404 || (status >= 300 && status < 400);

/** A file WordPress serves itself; '' when it has no such file (404, or its front end's redirect). */
async function wordpressFile(path: string): Promise<string> {
  const { status, headers, data } = await fetchText(wpUrl(serverContext().base, '', path), { isAnswer: noSuchFile, redirect: 'manual' });
  if (noSuchFile(status)) return '';
  // A 200 that is a page, not a stylesheet (a proxy's or a theme's HTML): no CSS.
  if (/text\/html/i.test(headers.get('content-type') ?? '')) {
    log(`GET ${path} answered HTML, not CSS: used as no stylesheet`);
    return '';
  }
  return data;
}

/** The active theme's global stylesheet from the plugin's route; '' without the route. */
async function globalStylesheet(): Promise<string> {
  const { status, data } = await fetchJson<unknown>(wpUrl(serverContext().base, CUSTOM_PREFIX, GLOBAL_STYLES_ROUTE), {
    isAnswer: (code) => code === 404,
  });
  if (status === 404) return '';
  if (!isRecord(data) || typeof data.css !== 'string') {
    log(`GET ${CUSTOM_PREFIX}/${GLOBAL_STYLES_ROUTE} answered something other than {"css": "…"}: no global styles`);
    return '';
  }
  return data.css;
}

/** One source, scoped, from the cache (or the last copy when WordPress fails). */
async function source(key: string, read: () => Promise<string>, themeElements: 'keep' | 'variables-only' = 'keep'): Promise<Chunks> {
  try {
    return await state.cache.get(key, async () => {
      const chunks = Object.freeze(scopeCssChunks(await read(), { themeElements }));
      state.lastGood.set(key, chunks);
      return chunks;
    });
  } catch (error) {
    const last = state.lastGood.get(key);
    if (!last) throw error;
    log(`could not read ${key} (${(error as Error)?.message ?? String(error)}): using the copy read before, for ${BLOCK_CSS_CACHE_MS / 60_000} minutes`);
    // Kept as fresh for another cache period: the pages built meanwhile do not each wait for the
    // wrapper's attempts against a WordPress that fails.
    return state.cache.get(key, () => Promise.resolve(last));
  }
}

/** The block names to load: valid, unique, sorted. */
export function blockNames(names: readonly string[]): string[] {
  return [...new Set(names.filter((name) => BLOCK_NAME.test(name)))].sort();
}

export interface AssembleOptions {
  /**
   * The classes of the body's elements (`classesInHtml`). Given, a rule none of whose selectors
   * can match them is left out: a selector that needs a class no element of the body has
   * (`.wp-body .wp-block-cover.has-parallax`, `.wp-body .has-vivid-red-color`) matches nothing,
   * since nothing on the site adds WordPress's classes in the browser. Not given (frame pages,
   * whose rich text is in their frames): every rule is kept.
   */
  classes?: ReadonlySet<string>;
}

/**
 * The stylesheet of a CMS body: '' when it uses no block and has no CSS of its own (no request
 * then). Duplicate rules (the same rule in two sources) are kept once, at their last place,
 * which keeps the cascade's result.
 */
export async function assembleBlockCss(styles: Pick<BodyStyles, 'blocks' | 'css'>, { classes }: AssembleOptions = {}): Promise<string> {
  const names = blockNames(styles.blocks);
  if (names.length === 0 && styles.css.trim() === '') return '';
  const [blocks, common, global] = await Promise.all([
    Promise.all(names.map((name) => source(`block:${name}`, () => wordpressFile(blockStylePath(name))))),
    source('common', () => wordpressFile(COMMON_CSS_PATH)),
    source('global-styles', globalStylesheet, 'variables-only'),
  ]);
  const chunks = [...blocks.flat(), ...common, ...global, ...scopeCssChunks(styles.css)];
  const applying = classes ? chunks.filter((chunk) => chunkApplies(chunk, classes)) : chunks;
  return dedupe(applying.map((chunk) => chunk.css)).join('');
}

/** The chunks, each kept once at its last place. */
function dedupe(chunks: readonly string[]): string[] {
  const last = new Map<string, number>();
  chunks.forEach((chunk, i) => last.set(chunk, i));
  return chunks.filter((chunk, i) => last.get(chunk) === i);
}

/** Every class of an HTML body's elements (the sanitizer writes attributes with double quotes). */
export function classesInHtml(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const token of match[1].split(/\s+/)) if (token) classes.add(token);
  }
  return classes;
}

/**
 * The stylesheet of a page's CMS body (detail pages): its `styles` (the sanitizer's walk already
 * joined the blocks its HTML names), without the rules that no element of it can match.
 */
export function blockCssFor(body: { html: string; styles: Pick<BodyStyles, 'blocks' | 'css'> }): Promise<string> {
  return assembleBlockCss(body.styles, { classes: classesInHtml(body.html) });
}

/** What page props keep of `styles` once the stylesheet is assembled: the CSS reaches the page once, in `blockCss`. */
const SENT_STYLES: BodyStyles = { blocks: [], css: '', embeds: [] };

/**
 * An item (or frame page) ready for page props, with its stylesheet: detail bodies are pruned to
 * the rules their HTML can match (`blockCssFor`); frame pages, whose rich text is in their frames,
 * keep every rule. The item's `styles` are emptied, so the same CSS is not sent twice more in
 * `__NEXT_DATA__` (once as the item's CSS, once inside `blockCss`).
 */
export async function withBlockCss<T extends { html: string; styles: BodyStyles }>(item: T, { prune }: { prune: boolean }): Promise<{ item: T; blockCss: string }> {
  const blockCss = prune ? await blockCssFor(item) : await assembleBlockCss(item.styles);
  return { item: { ...item, styles: SENT_STYLES }, blockCss };
}

/** Forgets the cached sources (a theme or Site Editor change: `clearProcessCaches({menu: true})`). */
export function clearBlockCssCache(): void {
  state.cache.clear();
}

// A theme or Site Editor change (event "styles") is sent with `menu: true`: every page's layout. Issue 36: registered, so the invalidation clears it (src/lib/cache/processCaches.ts).
registerProcessCache({ name: 'block-css', scopes: ['menu'], clear: clearBlockCssCache });

/** For tests: forgets the last good copies too. */
export function resetBlockCssForTests(): void {
  state.cache.clear();
  state.lastGood.clear();
}
