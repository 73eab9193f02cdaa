/**
 * The CMS HTML pipeline (docs/html-pipeline.md): what WordPress's `content.rendered` becomes
 * before a page shows it. Server only. The rest of the site imports it from here, never from the
 * files of this folder (eslint.config.mjs holds that line):
 *
 * - `sanitizeCmsHtml` (./sanitize.ts): parse once (parse5, the HTML standard's parser), keep the
 *   allow-list, rewrite media URLs, lift checked `style` attributes into generated classes
 *   (./inlineStyles.ts), gate embeds, and collect the blocks the body uses (./coreBlocks.ts);
 * - the block stylesheet (./blockCss.ts, scoped by ./scopeCss.ts): WordPress's CSS of those
 *   blocks, its global styles and the item's own CSS, as one stylesheet for the page.
 */
export { sanitizeCmsHtml, type SanitizedHtml, type SanitizeOptions } from './sanitize';
export { coreBlockName } from './coreBlocks';
export { assembleBlockCss, clearBlockCssCache, withBlockCss } from './blockCss';
