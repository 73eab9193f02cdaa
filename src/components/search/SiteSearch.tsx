import { useRouter } from 'next/router';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { MAX_QUERY_LENGTH, normalizeQuery } from '@/lib/search/query';
import { SearchResults } from './SearchResults';
import { useSearchResults } from './useSearchResults';
import styles from './SiteSearch.module.css';

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The `q` of the URL: its first value; null until the router knows the query (static page). */
function urlQuery(isReady: boolean, value: string | string[] | undefined): string | null {
  if (!isReady) return null;
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

export function resultCountText(count: number, term: string): string {
  return count === 0 ? `No results for “${term}”` : `${count} ${count === 1 ? 'result' : 'results'} for “${term}”`;
}

/**
 * The search page's box and results.
 *
 * - Deep links: `/search?q=…` searches for `q` once the router is ready (the page is static, so
 *   the server HTML and the first render have no query), and again whenever `q` changes from
 *   outside (the header's search box used on this page, back/forward).
 * - Live search: typing searches after a 300 ms pause; Enter searches at once (and retries after
 *   an error). The URL's `q` follows the search (`router.replace`, shallow: no new history entry,
 *   no data fetching, no scroll).
 * - States: loading (`aria-busy`, "Searching…"), results, no results, error (the message, with a
 *   retry). One polite live region announces each outcome, count included.
 * - Without JavaScript the form still submits to `/search?q=…`; results need JavaScript.
 */
export function SiteSearch() {
  const router = useRouter();
  const inputId = useId();
  const hintId = useId();

  const [value, setValue] = useState('');
  const [term, setTerm] = useState('');
  const [attempt, setAttempt] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The URL's q → the box and the search whenever it changes from outside (adjusting state during
  // render, not in an effect). The page's own URL updates are listed in `written` until they arrive,
  // so a late one never overwrites what the visitor has typed since.
  const fromUrl = urlQuery(router.isReady, router.query?.q);
  const [seenUrlQuery, setSeenUrlQuery] = useState<string | null>(null);
  const [written, setWritten] = useState<readonly string[]>([]);
  const [adoptions, setAdoptions] = useState(0);
  if (fromUrl !== null && fromUrl !== seenUrlQuery) {
    setSeenUrlQuery(fromUrl);
    const own = written.indexOf(fromUrl);
    if (own >= 0) {
      setWritten(written.slice(own + 1));
    } else if (normalizeQuery(fromUrl) !== term) {
      setValue(fromUrl);
      setTerm(normalizeQuery(fromUrl));
      setAdoptions(adoptions + 1);
    }
  }

  const cancelPending = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };

  // A query that came from the URL wins over typing still waiting for its pause.
  useEffect(() => {
    if (adoptions > 0) cancelPending();
  }, [adoptions]);
  useEffect(() => cancelPending, []);

  const state = useSearchResults(term, attempt);

  const commit = (raw: string) => {
    const next = normalizeQuery(raw);
    setTerm(next);
    const current = normalizeQuery(urlQuery(router.isReady, router.query?.q) ?? '');
    if (next === current || typeof router.replace !== 'function') return;
    const query = { ...router.query };
    if (next) query.q = next;
    else delete query.q;
    setWritten((list) => [...list, next]);
    void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true, scroll: false });
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setValue(next);
    cancelPending();
    timer.current = setTimeout(() => {
      timer.current = null;
      commit(next);
    }, SEARCH_DEBOUNCE_MS);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    cancelPending();
    if (normalizeQuery(value) === term && state.status === 'error') setAttempt((n) => n + 1);
    commit(value);
  };

  const busy = state.status === 'loading';
  let statusText = '';
  if (state.status === 'loading') statusText = 'Searching…';
  else if (state.status === 'done') statusText = resultCountText(state.results.length, term);
  else if (state.status === 'error') statusText = state.message;

  const results = state.status === 'done' ? state.results : state.status === 'loading' ? state.previous : null;

  return (
    <div className={styles.search}>
      <form action="/search" method="get" role="search" aria-label="Search the site" className={styles.form} onSubmit={onSubmit}>
        <label htmlFor={inputId} className={styles.label}>
          Search pages, news, blog posts and more
        </label>
        <div className={styles.row}>
          <input
            id={inputId}
            className={styles.input}
            type="search"
            name="q"
            value={value}
            onChange={onChange}
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            spellCheck={false}
            aria-describedby={hintId}
          />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </div>
        <p id={hintId} className={styles.hint}>
          Results appear as you type.
        </p>
      </form>

      <noscript>
        <p className={styles.hint}>Search results need JavaScript. You can browse the site from the menu instead.</p>
      </noscript>

      <div className={styles.results} aria-busy={busy}>
        <p
          role="status"
          aria-live="polite"
          className={`${styles.status} ${state.status === 'error' ? styles.error : ''}`}
        >
          {statusText}
        </p>
        {state.status === 'error' ? (
          <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        ) : null}
        {state.status === 'done' && state.results.length === 0 ? (
          <p className={styles.hint}>Check the spelling, or try fewer or more general words.</p>
        ) : null}
        {results && results.length > 0 ? <SearchResults results={results} stale={busy} /> : null}
      </div>
    </div>
  );
}
