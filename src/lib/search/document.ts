/**
 * PLACEHOLDER (replaced at merge by the real part B of docs/search-index.md): just enough of
 * `toSearchDocument` for the index's life in a process and the route to be built and tested.
 * No headings, no frame-field rules, no script/style stripping beyond htmlToText.
 */
import { excerpt as cutExcerpt, htmlToText } from '../excerpt';
import { isRecord } from '../isRecord';
import { isTestPage } from '../testPages';
import type { ContentTypeName } from '../types';
import { DEFAULT_PAGE_SECTION, sitePath } from '../wordpress/contentTypes';

export interface SearchDocument {
  id: string;
  type: ContentTypeName;
  slug: string;
  url: string;
  title: string;
  headings: string;
  excerpt: string;
  body: string;
  date: string;
}

const rendered = (value: unknown): string => (isRecord(value) && typeof value.rendered === 'string' ? value.rendered : '');

function strings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (isRecord(value)) Object.values(value).forEach((v) => strings(v, out));
}

/** A WordPress item (raw REST JSON; `frames`: frame id → raw frame JSON, for pages) → a document, or null when it is not for the index. */
export function toSearchDocument(type: ContentTypeName, raw: unknown, frames?: ReadonlyMap<number, unknown>): SearchDocument | null {
  if (!isRecord(raw) || typeof raw.id !== 'number' || typeof raw.slug !== 'string' || raw.slug === '') return null;
  if (raw.status !== undefined && raw.status !== 'publish') return null;
  const acf = isRecord(raw.acf) ? raw.acf : {};
  const section = typeof acf.section === 'string' && acf.section ? acf.section : DEFAULT_PAGE_SECTION;
  const url = sitePath(type, raw.slug, section);
  if (isTestPage(url)) return null;
  const frameText: string[] = [];
  const ids = Array.isArray(acf.frames) ? acf.frames.map((entry) => Number(isRecord(entry) ? (entry.ID ?? entry.id) : entry)) : [];
  for (const id of ids) {
    const frame = frames?.get(id);
    if (isRecord(frame)) strings(frame.acf, frameText);
  }
  const body = [htmlToText(rendered(raw.content)), ...frameText.map(htmlToText)].filter(Boolean).join('\n');
  return {
    id: `${type}:${raw.id}`,
    type,
    slug: raw.slug,
    url,
    title: htmlToText(rendered(raw.title)),
    headings: '',
    excerpt: cutExcerpt(rendered(raw.excerpt) || body, 30),
    body,
    date: typeof raw.date === 'string' ? raw.date : '',
  };
}
