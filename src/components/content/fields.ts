import type { ContentItem } from '@/lib/shared/types';

/** A custom field as trimmed text, or null when it is missing, empty or not text. */
export function textField(fields: ContentItem['fields'] | undefined, name: string): string | null {
  const value = fields?.[name];
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

/**
 * A custom field as a link target the site may render: a site path (`/contact-us`), an http(s)
 * URL, or mailto:/tel:. Anything else (javascript:, data:, relative junk) → null.
 */
export function urlField(fields: ContentItem['fields'] | undefined, name: string): string | null {
  return safeUrl(fields?.[name]);
}

export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  if (url.startsWith('#') && url.length > 1) return url;
  if (/^https?:\/\/[^\s/]+[^\s]*$/i.test(url)) return url;
  if (/^(mailto|tel):[^\s]+$/i.test(url)) return url;
  return null;
}
