import type { KeyboardEvent, Ref } from 'react';
import { DateLine } from '@/components/content/DateLine';
import { SiteLink } from '@/components/content/SiteLink';
import { isSitePath } from '@/components/layout/links';
import type { SearchResult } from '@/lib/shared/search/types';
import { Highlighted } from './Highlighted';
import styles from './SearchResults.module.css';

export interface SearchResultsProps {
  results: readonly SearchResult[];
  /** The list shown while a newer search runs: dimmed. */
  stale?: boolean;
  /** The list element (the page moves focus between its links with the arrow keys). */
  listRef?: Ref<HTMLOListElement>;
  /** A key pressed on a result's link. */
  onLinkKeyDown?: (event: KeyboardEvent<HTMLAnchorElement>) => void;
}

/** The matches of one field, as answered (checked by markSegments); absent on the WordPress fallback's answers. */
function rangesOf(result: SearchResult, field: 'title' | 'excerpt'): unknown {
  const matches: unknown = result.matches;
  return matches && typeof matches === 'object' ? (matches as Record<string, unknown>)[field] : undefined;
}

/**
 * The result list: each result's type label and date, its title linking to its page on this site
 * (SiteLink), and its excerpt; the query's words marked (`<mark>`) where the answer says they are.
 * A result whose URL is not a site path gets no link. A title without matches of its own (say a
 * result whose title was blank and shows its URL) is plain text.
 */
export function SearchResults({ results, stale = false, listRef, onLinkKeyDown }: SearchResultsProps) {
  return (
    <ol ref={listRef} className={`${styles.list} ${stale ? styles.stale : ''}`}>
      {results.map((result, index) => {
        const rawTitle = typeof result.title === 'string' ? result.title.trim() : '';
        const title = rawTitle ? <Highlighted text={result.title} ranges={rangesOf(result, 'title')} markClassName={styles.mark} /> : result.url;
        const excerpt = typeof result.excerpt === 'string' ? result.excerpt : '';
        return (
          <li key={`${result.url}-${index}`} className={styles.item}>
            {result.type || result.date ? (
              <p className={styles.meta}>
                {result.type ? <span className={styles.type}>{result.type}</span> : null}
                <DateLine date={result.date} className={styles.date} />
              </p>
            ) : null}
            <h2 className={styles.title}>
              {typeof result.url === 'string' && isSitePath(result.url) ? (
                <SiteLink href={result.url} className={styles.link} onKeyDown={onLinkKeyDown}>
                  {title}
                </SiteLink>
              ) : (
                title
              )}
            </h2>
            {excerpt ? (
              <p className={styles.excerpt}>
                <Highlighted text={excerpt} ranges={rangesOf(result, 'excerpt')} markClassName={styles.mark} />
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
