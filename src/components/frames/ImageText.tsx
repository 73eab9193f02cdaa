import { useId } from 'react';
import { SmartLink } from '@/components/content/SmartLink';
import { FrameImage } from './FrameImage';
import { FrameText } from './FrameText';
import { image, link, oneOf, plainText, richValue, type FrameImage as Image, type FrameLink, type RichValue } from './guards';
import styles from './ImageText.module.css';

/** The picture's width (ImageText.module.css): half the 1200 px container from 900 px, the page less its gutters below. */
export const IMAGE_TEXT_SIZES = '(min-width: 1264px) 600px, (min-width: 900px) 50vw, calc(100vw - 2rem)';

export interface ImageTextProps {
  heading: string | null;
  text: RichValue | null;
  image: Image | null;
  imagePosition: 'left' | 'right';
  cta: FrameLink | null;
}

export function toImageTextProps(raw: Record<string, unknown>): ImageTextProps | null {
  const props: ImageTextProps = {
    heading: plainText(raw.heading),
    text: richValue(raw.text),
    image: image(raw.image, raw.imageAlt),
    imagePosition: oneOf(raw.imagePosition, ['left', 'right'] as const, 'right'),
    cta: link(raw.cta),
  };
  return props.heading || props.text || props.image ? props : null;
}

/** Text beside an image; the image sits left or right on wide screens and above the text on narrow ones. */
export function ImageText({ heading, text, image: picture, imagePosition, cta }: ImageTextProps) {
  const id = useId();
  return (
    <section className="section" aria-labelledby={heading ? id : undefined}>
      <div className={`container ${styles.inner} ${picture ? styles.withImage : ''} ${imagePosition === 'left' ? styles.imageLeft : ''}`}>
        <div className={styles.text}>
          {heading ? <h2 id={id}>{heading}</h2> : null}
          {text ? <FrameText value={text} className="prose" /> : null}
          {cta ? (
            <SmartLink href={cta.url} className={`button button--secondary ${styles.cta}`}>
              {cta.label}
            </SmartLink>
          ) : null}
        </div>
        {picture ? (
          <div className={styles.media}>
            <FrameImage image={picture} width={1200} height={800} sizes={IMAGE_TEXT_SIZES} className={styles.image} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
