import { SiteLink } from '@/components/content/SiteLink';
import { listingPagePath } from '@/lib/shared/site/listingPaths';
import styles from './Pagination.module.css';

export interface PaginationProps {
  /** The listing path: page 1 lives there, page n at `{basePath}/page/{n}`. */
  basePath: string;
  page: number;
  totalPages: number;
  /** The navigation's accessible name. */
  label?: string;
}

type Slot = number | 'gap';

/** The page numbers shown: the first, the last, and the current page with one neighbour each side. */
export function pageSlots(page: number, totalPages: number): Slot[] {
  const shown = new Set([1, totalPages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= totalPages));
  // A gap of exactly one page shows that page instead of an ellipsis.
  for (const n of [2, totalPages - 1]) {
    if (n > 1 && n < totalPages && (shown.has(n - 1) && shown.has(n + 1))) shown.add(n);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const slots: Slot[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1] > 1) slots.push('gap');
    slots.push(n);
  });
  return slots;
}

/**
 * Listing pagination: previous and next links and the page numbers; the current page is marked
 * `aria-current="page"`. Nothing is rendered for a single page.
 */
export function Pagination({ basePath, page, totalPages, label = 'Pagination' }: PaginationProps) {
  if (totalPages <= 1) return null;
  const href = (n: number) => listingPagePath(basePath, n);
  return (
    <nav aria-label={label} className={styles.nav}>
      {page > 1 ? (
        <SiteLink href={href(page - 1)} rel="prev" className={`${styles.step} ${styles.prev}`}>
          <span aria-hidden="true">←</span> Previous<span className="visually-hidden"> page</span>
        </SiteLink>
      ) : (
        <span className={`${styles.step} ${styles.prev} ${styles.disabled}`} aria-hidden="true">
          ← Previous
        </span>
      )}
      <ol className={styles.pages}>
        {pageSlots(page, totalPages).map((slot, i) =>
          slot === 'gap' ? (
            <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={slot}>
              <SiteLink
                href={href(slot)}
                className={`${styles.page} ${slot === page ? styles.current : ''}`}
                aria-current={slot === page ? 'page' : undefined}
              >
                <span className="visually-hidden">Page </span>
                {slot}
              </SiteLink>
            </li>
          ),
        )}
      </ol>
      {page < totalPages ? (
        <SiteLink href={href(page + 1)} rel="next" className={`${styles.step} ${styles.next}`}>
          Next<span className="visually-hidden"> page</span> <span aria-hidden="true">→</span>
        </SiteLink>
      ) : (
        <span className={`${styles.step} ${styles.next} ${styles.disabled}`} aria-hidden="true">
          Next →
        </span>
      )}
    </nav>
  );
}
