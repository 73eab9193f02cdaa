import { HtmlContext } from 'next/dist/shared/lib/html-context.shared-runtime';

/**
 * Framework internal (issue 36, docs/architecture.md "Framework internals relied on"): Next's
 * document context, from a module of `next/dist`, not a public entry. `next/document`'s
 * `NextScript` writes `__NEXT_DATA__` from it, so pages/_document.tsx provides it again with the
 * lean page data (src/lib/shared/site/documentData.ts: IN_MARKUP). The path and the context's
 * `__NEXT_DATA__` field are what is relied on; __tests__/internals/nextHtmlContext.test.tsx fails
 * when `NextScript` stops writing the data of this context.
 */
export { HtmlContext };
