import { useId } from 'react';
import { FrameImage } from './FrameImage';
import { FrameText } from './FrameText';
import { image, plainText, richValue, type FrameImage as Image, type RichValue } from './guards';
import styles from './Testimonial.module.css';

export interface TestimonialProps {
  heading: string | null;
  quote: RichValue | null;
  author: string | null;
  role: string | null;
  company: string | null;
  photo: Image | null;
}

export function toTestimonialProps(raw: Record<string, unknown>): TestimonialProps | null {
  const quote = richValue(raw.quote);
  if (!quote) return null;
  return {
    heading: plainText(raw.heading),
    quote,
    author: plainText(raw.author),
    role: plainText(raw.role),
    company: plainText(raw.company),
    photo: image(raw.photo),
  };
}

/** A customer's quote with their name, role, company and photo. */
export function Testimonial({ heading, quote, author, role, company, photo }: TestimonialProps) {
  const id = useId();
  const attribution = [role, company].filter(Boolean).join(', ');
  return (
    <section className="section section--surface" aria-labelledby={heading ? id : undefined}>
      <div className={`container ${styles.inner}`}>
        {heading ? (
          <h2 id={id} className={`eyebrow ${styles.heading}`}>
            {heading}
          </h2>
        ) : null}
        <figure className={styles.figure}>
          <blockquote className={styles.quote}>
            {quote ? <FrameText value={quote} /> : null}
          </blockquote>
          {author || attribution ? (
            <figcaption className={styles.caption}>
              {photo ? (
                <FrameImage image={photo} alt="" width={400} height={400} sizes="3.5rem" className={styles.photo} />
              ) : null}
              <span className={styles.who}>
                {author ? <span className={styles.author}>{author}</span> : null}
                {attribution ? <span className={styles.role}>{attribution}</span> : null}
              </span>
            </figcaption>
          ) : null}
        </figure>
      </div>
    </section>
  );
}
