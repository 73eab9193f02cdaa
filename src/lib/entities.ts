import { decodeHTML } from 'entities';

/**
 * Decodes HTML character references leniently, as browsers do (spec §5: strict parsing of
 * character references is not enabled): `&#8217;`, `&amp;` and `&nbsp` without its semicolon all
 * decode; text that only looks like a reference (`&bogus;`) stays as it is.
 */
export function decodeEntities(text: string): string {
  return text.includes('&') ? decodeHTML(text) : text;
}
