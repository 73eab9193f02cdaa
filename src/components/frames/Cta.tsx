import { useId } from 'react';
import { SmartLink } from '@/components/content/SmartLink';
import { FrameText } from './FrameText';
import { link, plainText, richValue, type FrameLink, type RichValue } from './guards';
import styles from './Cta.module.css';

export interface CtaProps {
  heading: string | null;
  text: RichValue | null;
  primary: FrameLink | null;
  secondary: FrameLink | null;
}

export function toCtaProps(raw: Record<string, unknown>): CtaProps | null {
  const props: CtaProps = {
    heading: plainText(raw.heading),
    text: richValue(raw.text),
    primary: link(raw.primary),
    secondary: link(raw.secondary),
  };
  return props.heading || props.primary || props.secondary ? props : null;
}

/** A call to action on a navy band: heading, one sentence and up to two buttons. */
export function Cta({ heading, text, primary, secondary }: CtaProps) {
  const id = useId();
  return (
    <section className={`section ${styles.band}`} aria-labelledby={heading ? id : undefined}>
      <div className={`container ${styles.inner}`}>
        <div className={`on-dark ${styles.panel}`}>
          <div className={styles.text}>
            {heading ? (
              <h2 id={id} className={styles.heading}>
                {heading}
              </h2>
            ) : null}
            {text ? <FrameText value={text} className={styles.body} /> : null}
          </div>
          {primary || secondary ? (
            <div className={styles.actions}>
              {primary ? (
                <SmartLink href={primary.url} className={`button ${styles.primary}`}>
                  {primary.label}
                </SmartLink>
              ) : null}
              {secondary ? (
                <SmartLink href={secondary.url} className="button button--secondary">
                  {secondary.label}
                </SmartLink>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
