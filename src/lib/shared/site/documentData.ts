import { isRecord } from '../isRecord';

/**
 * The page data an HTML document carries in `__NEXT_DATA__`, less what its markup already holds
 * (issue 19).
 *
 * A page with a CMS body has it twice in its document: as markup, and as `item.html` in the page
 * data that hydrates it. The same is true of its block stylesheet: a `<style>` in the head, and
 * `blockCss` in the data. The browser never needs the second copy on a first load: the body is
 * markup React keeps without rendering it (StaticHtml), and BlockStyles takes the stylesheet's text
 * from the head. On the block-rich article the two copies were 7.7 of its 24.2 kB gzip; on an
 * ordinary article, about 2 kB.
 *
 * So `pages/_document.tsx` writes the data with those two values replaced by IN_MARKUP. This
 * happens only in the document: the `/_next/data/…json` of the same page, which a client-side
 * navigation reads, keeps them whole, and the server renders from the whole props. Should React
 * render the body afresh in the browser after all (it does after a hydration error), StaticHtml
 * finds it incomplete and asks the router for the page's JSON (`complete` in StaticHtml).
 */

/**
 * Stands for a value whose text is in the document's markup. An HTML comment, so that if it were
 * ever rendered as a body it would show nothing.
 */
export const IN_MARKUP = '<!-- in the page markup -->';

const worthLeaving = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The page props without the two copies: `blockCss`, and `item.html` (both only when they have text). Pure. */
export function leanPageProps(pageProps: unknown): unknown {
  if (!isRecord(pageProps)) return pageProps;
  const { blockCss, item } = pageProps;
  const leaveCss = worthLeaving(blockCss);
  const leaveBody = isRecord(item) && worthLeaving(item.html);
  if (!leaveCss && !leaveBody) return pageProps;
  return {
    ...pageProps,
    ...(leaveCss ? { blockCss: IN_MARKUP } : {}),
    ...(leaveBody ? { item: { ...item, html: IN_MARKUP } } : {}),
  };
}

/** `__NEXT_DATA__` as the document writes it: the page props lean (leanPageProps), the rest as Next made it. Pure. */
export function documentData<T extends { props?: unknown }>(data: T): T {
  const { props } = data;
  if (!isRecord(props) || !('pageProps' in props)) return data;
  const pageProps = leanPageProps(props.pageProps);
  return pageProps === props.pageProps ? data : { ...data, props: { ...props, pageProps } };
}
