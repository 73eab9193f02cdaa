import { useId } from 'react';
import { SmartLink } from '@/components/content/SmartLink';
import { FrameText } from './FrameText';
import { list, plainText, richValue, url, type RichValue } from './guards';
import styles from './CardGrid.module.css';

export interface FrameCard {
  title: string | null;
  text: RichValue | null;
  url: string | null;
  linkLabel: string | null;
}

export interface CardGridProps {
  heading: string | null;
  intro: RichValue | null;
  cards: FrameCard[];
}

export function toCardGridProps(raw: Record<string, unknown>): CardGridProps | null {
  const cards = list<FrameCard>(raw.cards, (card) => {
    const parsed = { title: plainText(card.title), text: richValue(card.text), url: url(card.url), linkLabel: plainText(card.linkLabel) };
    return parsed.title || parsed.text ? parsed : null;
  });
  const props: CardGridProps = { heading: plainText(raw.heading), intro: richValue(raw.intro), cards };
  return props.heading || cards.length > 0 ? props : null;
}

/** A heading, an intro and a grid of cards (1 column below 600 px, 2 from 600 px, up to 4 from 900 px). */
export function CardGrid({ heading, intro, cards }: CardGridProps) {
  const id = useId();
  return (
    <section className="section section--surface" aria-labelledby={heading ? id : undefined}>
      <div className="container">
        {heading || intro ? (
          <header className={styles.header}>
            {heading ? <h2 id={id}>{heading}</h2> : null}
            {intro ? <FrameText value={intro} className={`lead ${styles.intro}`} /> : null}
          </header>
        ) : null}
        {cards.length > 0 ? (
          <ul className={`${styles.grid} ${cards.length === 4 ? styles.four : ''}`}>
            {cards.map((card, i) => (
              <li key={i} className={`${styles.card} ${card.url ? styles.linked : ''}`}>
                {card.title ? <h3 className={styles.title}>{card.title}</h3> : null}
                {card.text ? <FrameText value={card.text} className={styles.text} /> : null}
                {card.url ? (
                  <SmartLink href={card.url} className={styles.link}>
                    {card.linkLabel ?? 'Learn more'}
                    {card.title ? <span className="visually-hidden">: {card.title}</span> : null}
                    <span aria-hidden="true" className={styles.arrow}>
                      →
                    </span>
                  </SmartLink>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
