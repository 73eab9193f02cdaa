/**
 * The copies of an uploaded image that a `srcset` may offer, chosen from its
 * `media_details.sizes` the way WordPress chooses them for its own `srcset`
 * (`wp_calculate_image_srcset`, WordPress 6.1):
 *
 * - only copies with the original's aspect ratio (`wp_image_matches_ratio`: the larger one
 *   constrained to the smaller one's width is within 1 px of it). The 150 × 150 `thumbnail` of a
 *   landscape photo is a crop, a different picture: never offered;
 * - no copy wider than 2048 px (`max_srcset_image_width`), the original included: a 2400 px
 *   upload offers up to its 2048 px copy (`src` stays the original, for the rare browser without
 *   `srcset`);
 * - one copy per width, URLs http(s) only, every URL rewritten to the media host;
 * - fewer than two candidates → none: a `srcset` of one file says nothing `src` does not.
 */
import type { ImageSource } from '../shared/types';
import type { Rewriter } from './media';
import { isRecord } from '../shared/isRecord';

/** `max_srcset_image_width`'s default. */
export const MAX_SRCSET_WIDTH = 2048;

const dimension = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

/** `wp_constrain_dimensions` to a maximum width only (what `wp_image_matches_ratio` uses). */
function constrainToWidth(width: number, height: number, maxWidth: number): [number, number] {
  if (width <= maxWidth) return [width, height];
  const ratio = maxWidth / width;
  return [Math.max(1, Math.round(width * ratio)), Math.max(1, Math.round(height * ratio))];
}

/** `wp_image_matches_ratio`: whether two sizes show the same picture (within 1 px). */
export function matchesRatio(width1: number, height1: number, width2: number, height2: number): boolean {
  const [bigW, bigH, smallW, smallH] = width1 > width2 ? [width1, height1, width2, height2] : [width2, height2, width1, height1];
  const [w, h] = constrainToWidth(bigW, bigH, smallW);
  return Math.abs(w - smallW) <= 1 && Math.abs(h - smallH) <= 1;
}

const HTTP_URL = /^https?:\/\/[^\s"'<>]+$/i;

/**
 * The srcset candidates of an attachment's `media_details` (`{width, height, sizes}`), narrowest
 * first, URLs rewritten. `originalUrl` is the attachment's own `source_url` (the full size).
 */
export function imageSources(details: unknown, originalUrl: string, rewrite: Rewriter): ImageSource[] {
  if (!isRecord(details)) return [];
  const width = dimension(details.width);
  const height = dimension(details.height);
  if (!width || !height) return [];
  const candidates: { url: string; width: number; height: number }[] = [{ url: originalUrl, width, height }];
  if (isRecord(details.sizes)) {
    for (const [name, size] of Object.entries(details.sizes)) {
      if (name === 'full' || !isRecord(size)) continue;
      const w = dimension(size.width);
      const h = dimension(size.height);
      if (w && h && typeof size.source_url === 'string') candidates.push({ url: size.source_url, width: w, height: h });
    }
  }
  const byWidth = new Map<number, ImageSource>();
  for (const candidate of candidates) {
    if (candidate.width > MAX_SRCSET_WIDTH || byWidth.has(candidate.width)) continue;
    if (!matchesRatio(width, height, candidate.width, candidate.height)) continue;
    const url = rewrite(candidate.url.trim());
    if (!HTTP_URL.test(url)) continue;
    byWidth.set(candidate.width, { url, width: candidate.width });
  }
  const sources = [...byWidth.values()].sort((a, b) => a.width - b.width);
  return sources.length >= 2 ? sources : [];
}
