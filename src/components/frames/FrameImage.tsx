import type { FrameImage as FrameImageValue } from './guards';

export interface FrameImageProps {
  image: FrameImageValue;
  /** Intrinsic size to declare when the image names none; the CSS box sets the shown ratio. */
  width: number;
  height: number;
  priority?: boolean;
  className?: string;
  /** Overrides the image's own alt text ('' for a decorative image). */
  alt?: string;
}

/**
 * A frame's image. Frame props carry URLs without dimensions, so every frame image sits in a box
 * whose size CSS fixes (aspect-ratio or height) and covers it: nothing moves when it loads.
 */
export function FrameImage({ image, width, height, priority = false, className, alt }: FrameImageProps) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- media URLs from WordPress; the box is sized in CSS.
    <img
      src={image.src}
      alt={alt ?? image.alt}
      width={image.width ?? width}
      height={image.height ?? height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
}
