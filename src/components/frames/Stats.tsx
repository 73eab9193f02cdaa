import { useId } from 'react';
import { list, plainText } from './guards';
import styles from './Stats.module.css';

export interface Stat {
  value: string;
  label: string | null;
}

export interface StatsProps {
  heading: string | null;
  stats: Stat[];
}

export function toStatsProps(raw: Record<string, unknown>): StatsProps | null {
  const stats = list<Stat>(raw.stats, (stat) => {
    const value = plainText(stat.value);
    return value ? { value, label: plainText(stat.label) } : null;
  });
  return stats.length > 0 ? { heading: plainText(raw.heading), stats } : null;
}

/** Key figures: each value large, its label beneath (a description list: label = term, value = description). */
export function Stats({ heading, stats }: StatsProps) {
  const id = useId();
  return (
    <section className="section" aria-labelledby={heading ? id : undefined}>
      <div className="container">
        {heading ? (
          <h2 id={id} className={styles.heading}>
            {heading}
          </h2>
        ) : null}
        <dl className={styles.list}>
          {stats.map((stat, i) => (
            <div key={i} className={styles.stat}>
              <dt className={styles.label}>{stat.label ?? ''}</dt>
              <dd className={styles.value}>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
