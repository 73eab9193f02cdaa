import { htmlToText } from '@/lib/shared/excerpt';
import { safeUrl } from '@/components/content/fields';
import { isRecord } from '@/lib/shared/isRecord';

/**
 * Small type guards that narrow a frame's mapped props (`Record<string, unknown>`, whatever the
 * frame type's fields_mapping produced) into the typed props of its component. They never throw:
 * a missing or mistyped field becomes null (or an empty list), and the component leaves it out.
 *
 * Strings in frame props were cleaned on the server (`cleanFrameProps`): a string holding markup
 * is sanitized HTML; any other string is plain text with its character references decoded.
 */

const MARKUP = /<[a-z/!?]/i;

export { isRecord };

/** Plain text: a non-empty string (markup stripped) or a finite number; anything else → null. */
export function plainText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value !== 'string') return null;
  const text = (MARKUP.test(value) ? htmlToText(value) : value).trim();
  return text === '' ? null : text;
}

/** Text that may hold (sanitized) HTML: rendered with RichHtml when it does, as a paragraph when not. */
export type RichValue = { kind: 'html'; html: string } | { kind: 'text'; text: string };

export function richValue(value: unknown): RichValue | null {
  if (typeof value === 'string' && MARKUP.test(value)) {
    return htmlToText(value) === '' && !/<img\b/i.test(value) ? null : { kind: 'html', html: value };
  }
  const text = plainText(value);
  return text === null ? null : { kind: 'text', text };
}

/** A link target the site may render (site path, http(s), mailto:, tel:, #fragment), else null. */
export function url(value: unknown): string | null {
  return safeUrl(value);
}

export interface FrameLink {
  label: string;
  url: string;
}

/** `{label, url}` (a mapped valueObject) with a usable label and a safe URL, else null. */
export function link(value: unknown): FrameLink | null {
  if (!isRecord(value)) return null;
  const label = plainText(value.label ?? value.title ?? value.text);
  const target = url(value.url ?? value.href);
  return label && target ? { label, url: target } : null;
}

export interface FrameImage {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

const positive = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);

/**
 * An image: a URL string (http(s) or a site path), or an ACF image object (`{url, alt, width,
 * height}`), or null. `alt` is the fallback text when the image names none.
 */
export function image(value: unknown, alt: unknown = null): FrameImage | null {
  const fallbackAlt = plainText(alt) ?? '';
  if (typeof value === 'string') {
    const src = value.trim();
    return /^https?:\/\/\S+$/i.test(src) || (src.startsWith('/') && !src.startsWith('//'))
      ? { src, alt: fallbackAlt, width: null, height: null }
      : null;
  }
  if (isRecord(value)) {
    const inner = image(value.url ?? value.source_url ?? value.src, value.alt ?? alt);
    if (!inner) return null;
    return { ...inner, alt: plainText(value.alt) ?? fallbackAlt, width: positive(value.width), height: positive(value.height) };
  }
  return null;
}

/** The items of a list that pass `item`; anything but an array → []. */
export function list<T>(value: unknown, item: (entry: Record<string, unknown>) => T | null): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (!isRecord(entry)) return [];
    const parsed = item(entry);
    return parsed === null ? [] : [parsed];
  });
}

/** One of `options`, else `fallback`. */
export function oneOf<T extends string>(value: unknown, options: readonly T[], fallback: T): T {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (options as readonly string[]).includes(text) ? (text as T) : fallback;
}
