import { useId } from 'react';
import { FrameText } from './FrameText';
import { plainText, richValue, type RichValue } from './guards';
import styles from './RichText.module.css';

export interface RichTextProps {
  heading: string | null;
  body: RichValue | null;
}

export function toRichTextProps(raw: Record<string, unknown>): RichTextProps | null {
  const props: RichTextProps = { heading: plainText(raw.heading), body: richValue(raw.body) };
  return props.heading || props.body ? props : null;
}

/** A heading and a body of CMS text (sanitized on the server), side by side on wide screens. */
export function RichText({ heading, body }: RichTextProps) {
  const id = useId();
  return (
    <section className="section" aria-labelledby={heading ? id : undefined}>
      <div className={`container ${styles.inner} ${heading && body ? styles.split : ''}`}>
        {heading ? (
          <h2 id={id} className={styles.heading}>
            {heading}
          </h2>
        ) : null}
        {body ? <FrameText value={body} className={`prose ${styles.body}`} /> : null}
      </div>
    </section>
  );
}
