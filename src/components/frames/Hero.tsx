import { useId } from 'react';
import { SmartLink } from '@/components/content/SmartLink';
import { FrameImage } from './FrameImage';
import { FrameText } from './FrameText';
import { image, link, plainText, richValue, type FrameImage as Image, type FrameLink, type RichValue } from './guards';
import type { FrameContext } from './types';
import styles from './Hero.module.css';

export interface HeroProps {
  heading: string | null;
  subheading: RichValue | null;
  image: Image | null;
  cta: FrameLink | null;
}

/** Mapped props (seed: heading, subheading, image, imageAlt, cta{label,url}) → HeroProps; nothing to show → null. */
export function toHeroProps(raw: Record<string, unknown>): HeroProps | null {
  const props: HeroProps = {
    heading: plainText(raw.heading),
    subheading: richValue(raw.subheading),
    image: image(raw.image, raw.imageAlt),
    cta: link(raw.cta),
  };
  return props.heading || props.subheading || props.image ? props : null;
}

/** The hero image's width (Hero.module.css): 6 of 11 columns of the 1200 px container from 900 px, the page less its gutters below. */
export const HERO_IMAGE_SIZES = '(min-width: 1264px) 640px, (min-width: 900px) 55vw, calc(100vw - 2rem)';

/** The opening band of a page: heading, intro, one call to action and a wide image. */
export function Hero({ heading, subheading, image: picture, cta, pageHeading = false }: HeroProps & FrameContext) {
  const id = useId();
  const Heading = pageHeading ? 'h1' : 'h2';
  return (
    <section className={styles.hero} aria-labelledby={heading ? id : undefined}>
      <div className={`container ${styles.inner} ${picture ? styles.withImage : ''}`}>
        <div className={styles.text}>
          {heading ? (
            <Heading id={id} className={styles.heading}>
              {heading}
            </Heading>
          ) : null}
          {subheading ? <FrameText value={subheading} className={`lead ${styles.subheading}`} /> : null}
          {cta ? (
            <SmartLink href={cta.url} className={`button button--primary ${styles.cta}`}>
              {cta.label}
            </SmartLink>
          ) : null}
        </div>
        {picture ? (
          <div className={styles.media}>
            <FrameImage image={picture} width={1600} height={700} sizes={HERO_IMAGE_SIZES} priority={pageHeading} className={styles.image} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
