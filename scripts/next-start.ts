/**
 * How the production site is served: `next start` with a ceiling on V8's old generation, everywhere
 * it runs in production shape (`npm start`, `npm run demo`, the chaos bench's instances).
 *
 * Why (docs/reliability.md §6): without one, V8 sizes the heap of a busy server at up to about
 * three times what it still uses after a full collection, and keeps those pages. Measured at 2,007
 * pages (`npm run bench -- --chaos --items 213`): 150–162 MB live, the heap let grow to 450 MB
 * before a full collection, RSS 505–792 MB and still climbing minutes into the run. The ceiling
 * bounds each instance's memory, so an operator can size a machine for it, and lets it settle
 * sooner. 384 MB is about 2.4 times the live heap of a 2,000-page site: room for the site to grow
 * without running out of memory (a ceiling too close to the live heap ends the process).
 *
 * An operator who sets `--max-old-space-size` in NODE_OPTIONS keeps theirs.
 */
export const HEAP_CEILING_MB = 384;

/** NODE_OPTIONS with the heap ceiling added, unless it already names one. */
export function withHeapCeiling(nodeOptions: string | undefined): string {
  const current = nodeOptions?.trim() ?? '';
  if (/(^|\s)--max-old-space-size(=|\s|$)/.test(current)) return current;
  return `${current} --max-old-space-size=${HEAP_CEILING_MB}`.trim();
}
