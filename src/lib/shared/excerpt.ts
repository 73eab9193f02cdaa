import { decodeEntities } from './entities';

/** Text excerpts default to 100 words (spec §5, §9). */
export const EXCERPT_WORDS = 100;

/** Strips tags (and the text of script/style elements), decoding character references. */
export function htmlToText(html: string): string {
  const withoutTags = html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, ' ');
  return decodeEntities(withoutTags).replace(/\s+/g, ' ').trim();
}

/**
 * A plain-text excerpt of at most `words` words: tags stripped, references decoded. When words
 * are cut off, an ellipsis marks it.
 */
export function excerpt(html: string, words: number = EXCERPT_WORDS): string {
  return excerptOfText(htmlToText(html), words);
}

/** The same cut for text that is already plain (no tags, references decoded): white space collapsed. */
export function excerptOfText(text: string, words: number = EXCERPT_WORDS): string {
  const all = text.split(/\s+/).filter(Boolean);
  if (all.length <= words) return all.join(' ');
  return `${all.slice(0, words).join(' ').replace(/[\s,;:.…-]+$/, '')}…`;
}
