import { useContext } from 'react';
import { srcsetAttribute } from '@/lib/shared/srcset';
import { FrameImagesContext } from './FrameImagesContext';
import type { FrameImage as FrameImageValue } from './guards';

export interface FrameImageProps {
  image: FrameImageValue;
  /** Intrinsic size to declare when neither the image nor WordPress names one; the CSS box sets the shown ratio. */
  width: number;
  height: number;
  /** How wide the image is shown (the `sizes` attribute), for the srcset of WordPress's copies. */
  sizes: string;
  priority?: boolean;
  className?: string;
  /** Overrides the image's own alt text ('' for a decorative image). */
  alt?: string;
}

/**
 * A frame's image. Every frame image sits in a box whose size CSS fixes (aspect-ratio or height)
 * and covers it: nothing moves when it loads. When WordPress knows the URL as an attachment (or
 * one of its sizes: `Frame.images`, through FrameImagesContext), the image gets the attachment's
 * width and height and a srcset of its copies; otherwise it is shown at its one size.
 */
export function FrameImage({ image, width, height, sizes, priority = false, className, alt }: FrameImageProps) {
  const known = useContext(FrameImagesContext)[image.src];
  const srcSet = srcsetAttribute(known?.sources);
  return (
    // eslint-disable-next-line @next/next/no-img-element -- media URLs from WordPress; the box is sized in CSS.
    <img
      src={image.src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt ?? image.alt}
      width={image.width ?? known?.width ?? width}
      height={image.height ?? known?.height ?? height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
}
