import { SiteLink } from '@/components/content/SiteLink';
import { isSitePath } from '@/components/layout/links';
import type { SearchResult } from '@/lib/search/types';
import styles from './SearchResults.module.css';

export interface SearchResultsProps {
  results: readonly SearchResult[];
  /** The list shown while a newer search runs: dimmed. */
  stale?: boolean;
}

/**
 * The result list: each result's type label, its title linking to its page on this site
 * (SiteLink), and its excerpt. A result whose URL is not a site path gets no link.
 */
export function SearchResults({ results, stale = false }: SearchResultsProps) {
  return (
    <ol className={`${styles.list} ${stale ? styles.stale : ''}`}>
      {results.map((result, index) => {
        const title = result.title?.trim() || result.url;
        return (
          <li key={`${result.url}-${index}`} className={styles.item}>
            {result.type ? <p className={styles.type}>{result.type}</p> : null}
            <h2 className={styles.title}>
              {typeof result.url === 'string' && isSitePath(result.url) ? (
                <SiteLink href={result.url} className={styles.link}>
                  {title}
                </SiteLink>
              ) : (
                title
              )}
            </h2>
            {result.excerpt ? <p className={styles.excerpt}>{result.excerpt}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
