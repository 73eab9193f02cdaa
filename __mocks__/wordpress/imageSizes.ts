/**
 * The intermediate image sizes WordPress 6.1 makes of every uploaded image, with its own arithmetic
 * (`wp_constrain_dimensions`, `image_resize_dimensions`), so the fake's `media_details.sizes`
 * list the sizes, in the order, and with the dimensions a real WordPress gives the same upload.
 */

export interface SizeRule {
  name: string;
  width: number;
  height: number;
  crop: boolean;
}

/** Core's registered sizes (`wp_get_registered_image_subsizes`) with their default options. */
export const IMAGE_SIZES: readonly SizeRule[] = [
  { name: 'thumbnail', width: 150, height: 150, crop: true },
  { name: 'medium', width: 300, height: 300, crop: false },
  { name: 'medium_large', width: 768, height: 0, crop: false },
  { name: 'large', width: 1024, height: 1024, crop: false },
  { name: '1536x1536', width: 1536, height: 1536, crop: false },
  { name: '2048x2048', width: 2048, height: 2048, crop: false },
];

/** `wp_constrain_dimensions`: the largest size within the box, keeping the ratio (0 = no limit). */
export function constrainDimensions(width: number, height: number, maxWidth: number, maxHeight: number): [number, number] {
  if (!maxWidth && !maxHeight) return [width, height];
  let widthRatio = 1;
  let heightRatio = 1;
  let didWidth = false;
  let didHeight = false;
  if (maxWidth > 0 && width > 0 && width > maxWidth) {
    widthRatio = maxWidth / width;
    didWidth = true;
  }
  if (maxHeight > 0 && height > 0 && height > maxHeight) {
    heightRatio = maxHeight / height;
    didHeight = true;
  }
  const smaller = Math.min(widthRatio, heightRatio);
  const larger = Math.max(widthRatio, heightRatio);
  const ratio = Math.round(width * larger) > maxWidth || Math.round(height * larger) > maxHeight ? smaller : larger;
  let w = Math.max(1, Math.round(width * ratio));
  let h = Math.max(1, Math.round(height * ratio));
  // WordPress's correction of rounding down by one.
  if (didWidth && w === maxWidth - 1) w = maxWidth;
  if (didHeight && h === maxHeight - 1) h = maxHeight;
  return [w, h];
}

/** `image_resize_dimensions`: the size WordPress makes for one rule, or null when it makes none. */
export function resizeDimensions(width: number, height: number, rule: SizeRule): [number, number] | null {
  if (width <= 0 || height <= 0 || (rule.width <= 0 && rule.height <= 0)) return null;
  let newWidth: number;
  let newHeight: number;
  if (rule.crop) {
    newWidth = Math.min(rule.width, width);
    newHeight = Math.min(rule.height, height);
  } else {
    [newWidth, newHeight] = constrainDimensions(width, height, rule.width, rule.height);
  }
  if (newWidth >= width && newHeight >= height) return null;
  return [newWidth, newHeight];
}

/** The sizes WordPress makes of a `width`×`height` image, in its order, as `[name, width, height]`. */
export function intermediateSizes(width: number, height: number): [string, number, number][] {
  const out: [string, number, number][] = [];
  for (const rule of IMAGE_SIZES) {
    const size = resizeDimensions(width, height, rule);
    if (size) out.push([rule.name, size[0], size[1]]);
  }
  return out;
}

/** What WordPress 6.1 stores as `image_meta` for an image without EXIF or IPTC data (the seed's generated PNGs). */
export function emptyImageMeta(): Record<string, string | string[]> {
  return {
    aperture: '0', credit: '', camera: '', caption: '', created_timestamp: '0', copyright: '',
    focal_length: '0', iso: '0', shutter_speed: '0', title: '', orientation: '0', keywords: [],
  };
}
