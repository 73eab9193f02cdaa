import { srcsetAttribute } from '@/lib/shared/srcset';
import type { MediaImage } from '@/lib/shared/types';
import styles from './FeaturedImage.module.css';

export interface FeaturedImageProps {
  image: MediaImage;
  /**
   * The page's main image (above the fold, likely the LCP element): loaded eagerly with high
   * fetch priority. Every other image loads lazily.
   */
  priority?: boolean;
  className?: string;
  /**
   * How wide the image is shown, as the `sizes` attribute (`(min-width: 900px) 50rem, 100vw`): the
   * browser picks the smallest of WordPress's copies that fills it at the screen's pixel ratio.
   */
  sizes: string;
}

/**
 * A featured image as a plain `<img>` with its intrinsic width and height, so the browser
 * reserves its box before it loads (no layout shift), and a `srcset` of WordPress's own copies
 * (`media_details.sizes`) with the slot's `sizes`, so a phone downloads a phone-sized file.
 * next/image is not used: it would need the media hosts in next.config.ts `images.remotePatterns`,
 * and WordPress already serves sized files. Without known dimensions the box keeps a fixed aspect
 * ratio (the seed's featured images are 1200 × 630) and the image covers it: a CSS class, not a
 * style attribute, which the CSP forbids (style-src-attr 'none', src/lib/security/headers.ts).
 */
export function FeaturedImage({ image, priority = false, className, sizes }: FeaturedImageProps) {
  const srcSet = srcsetAttribute(image.sources);
  const sized = !!image.width && !!image.height;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- see above: plain img with explicit size.
    <img
      src={image.url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={image.alt}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={sized ? className : [styles.unsized, className].filter(Boolean).join(' ')}
    />
  );
}
