import { decodeHTML } from 'entities';

/**
 * Decodes HTML character references leniently, as browsers do (spec §5: strict parsing of
 * character references is not enabled): `&#8217;`, `&amp;` and `&nbsp` without its semicolon all
 * decode; text that only looks like a reference (`&bogus;`) stays as it is.
 *
 * On the server the `entities` package decodes. In the browser the document's own parser does: a
 * `<textarea>`'s content is text in which references are decoded and tags are not, by the same
 * algorithm of the HTML standard, so server HTML and hydration agree. `entities` carries the whole
 * table of named references, which is built when the module loads: in the browser it cost about
 * 16 kB gzip of the frame pages' First Load JS and blocking time in the alerts' chunk (issue 5).
 * Next compiles `typeof window` to a constant in each bundle; the server branch is dropped from
 * the browser bundle, and with it `entities` (a package without side effects).
 */
let textarea: HTMLTextAreaElement | null = null;

function decodeInBrowser(text: string): string {
  textarea ??= document.createElement('textarea');
  textarea.innerHTML = text;
  return textarea.value;
}

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return typeof window === 'undefined' ? decodeHTML(text) : decodeInBrowser(text);
}
