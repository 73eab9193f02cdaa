import Head from 'next/head';

/**
 * The page's block stylesheet (src/lib/wordpress/blockCss.ts: WordPress's block CSS, global
 * styles and the body's own CSS, scoped to `.wp-body`) as one `<style>` in the head: in the
 * server HTML, so the body is laid out at first paint (no layout shift, no extra request), and
 * replaced or removed by next/head on a client-side navigation. The CSP allows `<style>` elements
 * (`style-src-elem 'unsafe-inline'`, src/lib/security/headers.ts) and still no style attribute.
 * The CSS never contains `</style` (`safeInStyleElement`).
 */
export function BlockStyles({ css }: { css?: string | null }) {
  if (!css) return null;
  return (
    <Head>
      <style key="block-css" data-block-css="" dangerouslySetInnerHTML={{ __html: css }} />
    </Head>
  );
}
