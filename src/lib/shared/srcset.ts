import type { ImageSource } from './types';

/**
 * The `srcset` attribute of an image's candidates (`url 300w, url 768w`), or undefined when there
 * are fewer than two. A comma or space inside a URL would split the list: they are percent-encoded.
 */
export function srcsetAttribute(sources: readonly ImageSource[] | undefined): string | undefined {
  if (!sources || sources.length < 2) return undefined;
  return sources.map((s) => `${s.url.replace(/,/g, '%2C').replace(/ /g, '%20')} ${s.width}w`).join(', ');
}
