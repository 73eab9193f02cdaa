import { useId } from 'react';
import { SmartLink } from '@/components/content/SmartLink';
import { FrameImage } from './FrameImage';
import { image, list, plainText, url, type FrameImage as Image } from './guards';
import styles from './LogoStrip.module.css';

export interface Logo {
  name: string | null;
  image: Image;
  url: string | null;
}

export interface LogoStripProps {
  heading: string | null;
  logos: Logo[];
}

export function toLogoStripProps(raw: Record<string, unknown>): LogoStripProps | null {
  const logos = list<Logo>(raw.logos, (logo) => {
    const name = plainText(logo.name);
    const picture = image(logo.image, name);
    return picture ? { name, image: picture, url: url(logo.url) } : null;
  });
  return logos.length > 0 ? { heading: plainText(raw.heading), logos } : null;
}

/** A row of customer or partner logos; each logo's alt text is the company's name. */
export function LogoStrip({ heading, logos }: LogoStripProps) {
  const id = useId();
  return (
    <section className={`section ${styles.strip}`} aria-labelledby={heading ? id : undefined}>
      <div className="container">
        {heading ? (
          <h2 id={id} className={styles.heading}>
            {heading}
          </h2>
        ) : null}
        <ul className={styles.list}>
          {logos.map((logo, i) => {
            const picture = <FrameImage image={logo.image} alt={logo.name ?? logo.image.alt} width={240} height={80} sizes="10rem" className={styles.logo} />;
            return (
              <li key={i} className={styles.item}>
                {logo.url ? (
                  <SmartLink href={logo.url} className={styles.link}>
                    {picture}
                  </SmartLink>
                ) : (
                  picture
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
