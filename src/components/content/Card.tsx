import { SiteLink } from '@/components/content/SiteLink';
import type { CardItem } from '@/lib/shared/types';
import { DateLine, DateRange } from './DateLine';
import { FeaturedImage } from './FeaturedImage';
import { textField } from './fields';
import styles from './Card.module.css';

export interface CardProps {
  item: CardItem;
  /** The title's heading level: h2 under a page's h1 (listings), h3 under a section's h2 (home teasers). */
  headingLevel?: 'h2' | 'h3';
}

/** The small line above the title: the case study's client, the insight's topic, ... */
/** A card's image width: the grid's column (Card.module.css: 1 column, 2 from 600 px, 3 from 900 px, in a 1200 px container). */
export const CARD_IMAGE_SIZES = '(min-width: 1248px) 400px, (min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw';

function eyebrowOf(item: CardItem): string | null {
  switch (item.type) {
    case 'caseStudy':
      return textField(item.fields, 'client');
    case 'insight':
      return textField(item.fields, 'topic');
    case 'partnerInterview':
      return textField(item.fields, 'company');
    default:
      return null;
  }
}

function Meta({ item }: { item: CardItem }) {
  if (item.type === 'event') {
    const location = textField(item.fields, 'location');
    const start = textField(item.fields, 'start_date');
    return (
      <p className={styles.meta}>
        {start ? <DateRange start={start} end={textField(item.fields, 'end_date')} /> : <DateLine date={item.date} />}
        {location ? (
          <>
            <span aria-hidden="true" className={styles.dot}>
              ·
            </span>
            <span>{location}</span>
          </>
        ) : null}
      </p>
    );
  }
  const partner = item.type === 'partnerInterview' ? textField(item.fields, 'partner_name') : null;
  const readingTime = item.type === 'insight' ? textField(item.fields, 'reading_time') : null;
  const extra = partner ?? (readingTime ? `${readingTime} read` : null);
  return (
    <p className={styles.meta}>
      <DateLine date={item.date} />
      {extra ? (
        <>
          <span aria-hidden="true" className={styles.dot}>
            ·
          </span>
          <span>{extra}</span>
        </>
      ) : null}
    </p>
  );
}

/**
 * A content item as a card: featured image, date, title (the link; the whole card is clickable
 * through it) and excerpt. One link per card, so screen-reader users hear each title once.
 */
export function Card({ item, headingLevel: Heading = 'h2' }: CardProps) {
  const eyebrow = eyebrowOf(item);
  return (
    <article className={styles.card}>
      {item.featuredImage ? (
        <div className={styles.media}>
          <FeaturedImage image={{ ...item.featuredImage, alt: '' }} sizes={CARD_IMAGE_SIZES} className={styles.image} />
        </div>
      ) : null}
      <div className={styles.body}>
        {eyebrow ? <p className={`eyebrow ${styles.eyebrow}`}>{eyebrow}</p> : null}
        <Heading className={styles.title}>
          <SiteLink href={item.path} className={styles.link}>
            {item.title}
          </SiteLink>
        </Heading>
        <Meta item={item} />
        {item.excerpt ? <p className={styles.excerpt}>{item.excerpt}</p> : null}
      </div>
    </article>
  );
}

export interface CardGridProps {
  items: CardItem[];
  headingLevel?: 'h2' | 'h3';
  /** Names the list for screen readers ("News"). */
  label?: string;
}

/** Cards in a responsive grid: one column below 600 px, two from 600 px, three from 900 px. */
export function CardList({ items, headingLevel, label }: CardGridProps) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {items.map((item) => (
        <li key={`${item.type}-${item.id}`} className={styles.cell}>
          <Card item={item} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
