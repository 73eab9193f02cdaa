import { isRecord } from '../shared/isRecord';
import type { ContentTypeName } from '../shared/types';
import { contentTypeByRestBase, type ContentTypeDef } from '../shared/wordpress/contentTypes';

/**
 * What `/api/preview` stores in Next's preview data (signed and encrypted with the build's keys,
 * in the `__next_preview_data` session cookie), and the decision every page makes from it: does
 * this page show the draft?
 *
 * The data says which item is previewed and where, never the item itself (the cookie is limited to
 * 2 kB, and a reload must show the latest autosave): a page that matches reads the draft again from
 * WordPress on every request.
 */
export interface PreviewData {
  /** The item's REST base (`news`, `fp_page`, …). */
  restBase: string;
  id: number;
  /** The WordPress user who pressed Preview (whose autosave is read). */
  user: number;
  /** The slug of its address: WordPress's, or `preview-{id}` for an item without one yet. */
  slug: string;
  /** `fp_page` only: its section (default `pages`). */
  section: string;
  /** The published item's site path (where "Exit preview" returns), or null when it is not published. */
  published: string | null;
}

const positive = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The preview data when it has the shape `/api/preview` writes; anything else (another version's data) is null. */
export function parsePreviewData(value: unknown): PreviewData | null {
  if (!isRecord(value)) return null;
  const { restBase, id, user, slug, section, published } = value;
  if (typeof restBase !== 'string' || !contentTypeByRestBase(restBase)) return null;
  if (!positive(id) || !positive(user) || typeof slug !== 'string' || slug === '' || typeof section !== 'string') return null;
  if (published !== null && (typeof published !== 'string' || !published.startsWith('/') || published.startsWith('//'))) return null;
  return { restBase, id, user, slug, section, published };
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value).toLowerCase();
  } catch {
    return value.toLowerCase();
  }
}

/** What a page knows of itself when it decides: Next's preview flags and the item its route names. */
export interface PreviewContext {
  preview?: boolean;
  previewData?: unknown;
}

/**
 * The preview data when this page is the previewed item's page: preview mode is on, the type is
 * the same, and the slug is (Next gives route parameters decoded; WordPress gives non-ASCII slugs
 * percent-encoded, so both are compared decoded). For `page`, the section must match too, except
 * for the pages served at an address of their own (`home` at `/`, `contact-us`), which pass no
 * section. Otherwise null: the page renders published content.
 */
export function previewFor(context: PreviewContext, type: ContentTypeName, slug: string, section?: string): (PreviewData & { def: ContentTypeDef }) | null {
  if (!context.preview) return null;
  const data = parsePreviewData(context.previewData);
  const def = data ? contentTypeByRestBase(data.restBase) : undefined;
  if (!data || !def || def.name !== type) return null;
  if (decoded(data.slug) !== decoded(slug)) return null;
  if (section !== undefined && decoded(data.section) !== decoded(section)) return null;
  return { ...data, def };
}
