import Head from 'next/head';
import { IN_MARKUP } from '@/lib/shared/site/documentData';

/** The block stylesheet the server wrote into the document's head (read in the browser only). */
function stylesheetInDocument(): string {
  if (typeof document === 'undefined') return '';
  return document.head.querySelector('style[data-block-css]')?.textContent ?? '';
}

/**
 * The page's block stylesheet (src/lib/html/blockCss.ts: WordPress's block CSS, global
 * styles and the body's own CSS, scoped to `.wp-body`) as one `<style>` in the head: in the
 * server HTML, so the body is laid out at first paint (no layout shift, no extra request), and
 * replaced or removed by next/head on a client-side navigation. The CSP allows `<style>` elements
 * (`style-src-elem 'unsafe-inline'`, src/lib/security/headers.ts) and still no style attribute.
 * The CSS never contains `</style` (`safeInStyleElement`).
 *
 * On a first load the page data does not repeat the stylesheet (`IN_MARKUP`,
 * src/lib/shared/site/documentData.ts): the text is taken from the document's own `<style>`, so next/head
 * finds the same element and keeps it.
 */
export function BlockStyles({ css: value }: { css?: string | null }) {
  const css = value === IN_MARKUP ? stylesheetInDocument() : value;
  if (!css) return null;
  return (
    <Head>
      <style key="block-css" data-block-css="" dangerouslySetInnerHTML={{ __html: css }} />
    </Head>
  );
}
