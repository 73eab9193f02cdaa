import { useRouter } from 'next/router';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { MAX_QUERY_LENGTH, normalizeQuery } from '@/lib/shared/search/query';
import type { ContentTypeName } from '@/lib/shared/types';
import { CONTENT_TYPES, isContentTypeName } from '@/lib/shared/wordpress/contentTypes';
import { SearchResults } from './SearchResults';
import { useSearchResults } from './useSearchResults';
import styles from './SiteSearch.module.css';

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The value of the filter's "All" choice (what a form submitted without JavaScript sends; read as no filter). */
export const ALL_TYPES = 'all';

/** The first value of a query parameter. */
function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

interface UrlSearch {
  /** The `q` of the URL, as written. */
  q: string;
  /** The `type` of the URL when it names a content type; anything else (absent, `all`, unknown) is no filter. */
  type: ContentTypeName | null;
}

/** The search the URL asks for; null until the router knows the query (static page). */
function urlSearch(isReady: boolean, query: Record<string, string | string[] | undefined> | undefined): UrlSearch | null {
  if (!isReady) return null;
  const q = first(query?.q);
  const type = first(query?.type);
  return { q: typeof q === 'string' ? q : '', type: isContentTypeName(type) ? type : null };
}

/** One string per search the URL can hold, to compare and to remember the page's own URL updates by. */
function urlKey(q: string, type: ContentTypeName | null): string {
  return JSON.stringify([normalizeQuery(q), type ?? '']);
}

/** The filter's name for visitors: the type's plural label ("Press releases"). */
function typeLabel(type: ContentTypeName | null): string | null {
  return type ? (CONTENT_TYPES.find((t) => t.name === type)?.pluralLabel ?? null) : null;
}

export function resultCountText(count: number, term: string, type: ContentTypeName | null = null): string {
  const label = typeLabel(type);
  const within = label ? ` in ${label}` : '';
  return count === 0 ? `No results for “${term}”${within}` : `${count} ${count === 1 ? 'result' : 'results'} for “${term}”${within}`;
}

/** No modifier key held (a shortcut with one belongs to the browser or the screen reader). */
function plainKey(event: KeyboardEvent): boolean {
  return !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.nativeEvent.isComposing;
}

/**
 * The search page's box, type filter and results.
 *
 * - Deep links: `/search?q=…&type=…` searches for `q` (of that content type) once the router is
 *   ready (the page is static, so the server HTML and the first render have no query), and again
 *   whenever `q` or `type` changes from outside (the header's search box used on this page,
 *   back/forward).
 * - Live search: typing searches after a 300 ms pause; Enter searches at once (and retries after
 *   an error); choosing a type searches at once. The URL's `q` and `type` follow the search
 *   (`router.replace`, shallow: no new history entry, no data fetching, no scroll).
 * - Filter: radio buttons (All and each content type's plural label) in a fieldset inside the
 *   form, so without JavaScript the form submits it too; sent as `POST /api/search?type=…`.
 * - Keyboard: ArrowDown in the box goes to the first result's link; ArrowDown/ArrowUp move between
 *   the results' links, ArrowUp from the first back to the box; Escape in the box clears it. Tab
 *   order is the page's natural one.
 * - States: loading (`aria-busy`, "Searching…"), results, no results, error (the message, with a
 *   retry). One polite live region announces each outcome, count and filter included. The status
 *   line keeps one line's height and the previous results stay (dimmed) while the next arrive, so
 *   nothing moves as results come (CLS).
 * - Without JavaScript the form still submits to `/search?q=…&type=…`; results need JavaScript.
 */
export function SiteSearch() {
  const router = useRouter();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);

  const [value, setValue] = useState('');
  const [term, setTerm] = useState('');
  const [type, setType] = useState<ContentTypeName | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [cleared, setCleared] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The URL's q and type → the box, the filter and the search whenever they change from outside
  // (adjusting state during render, not in an effect). The page's own URL updates are listed in
  // `written` until they arrive, so a late one never overwrites what the visitor has done since.
  const fromUrl = urlSearch(router.isReady, router.query);
  const fromUrlKey = fromUrl ? urlKey(fromUrl.q, fromUrl.type) : null;
  const [seenUrlKey, setSeenUrlKey] = useState<string | null>(null);
  const [written, setWritten] = useState<readonly string[]>([]);
  const [adoptions, setAdoptions] = useState(0);
  if (fromUrl && fromUrlKey !== seenUrlKey) {
    setSeenUrlKey(fromUrlKey);
    const own = written.indexOf(fromUrlKey as string);
    if (own >= 0) {
      setWritten(written.slice(own + 1));
    } else if (normalizeQuery(fromUrl.q) !== term || fromUrl.type !== type) {
      if (normalizeQuery(fromUrl.q) !== term) {
        setValue(fromUrl.q);
        setTerm(normalizeQuery(fromUrl.q));
      }
      setType(fromUrl.type);
      setAdoptions(adoptions + 1);
    }
  }

  const cancelPending = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };

  // A search that came from the URL wins over typing still waiting for its pause.
  useEffect(() => {
    if (adoptions > 0) cancelPending();
  }, [adoptions]);
  useEffect(() => cancelPending, []);

  const state = useSearchResults(term, type, attempt);

  const commit = (raw: string, nextType: ContentTypeName | null = type) => {
    const next = normalizeQuery(raw);
    setTerm(next);
    setType(nextType);
    const current = urlSearch(router.isReady, router.query) ?? { q: '', type: null };
    const key = urlKey(next, nextType);
    if (key === urlKey(current.q, current.type) || typeof router.replace !== 'function') return;
    const query = { ...router.query };
    if (next) query.q = next;
    else delete query.q;
    if (nextType) query.type = nextType;
    else delete query.type;
    setWritten((list) => [...list, key]);
    void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true, scroll: false });
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setValue(next);
    setCleared(false);
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

  // A new filter searches at once, for what the box holds now (typing still in its pause included).
  const onTypeChange = (event: ChangeEvent<HTMLInputElement>) => {
    cancelPending();
    setCleared(false);
    commit(value, isContentTypeName(event.target.value) ? event.target.value : null);
  };

  const resultLinks = () => [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? [])];

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!plainKey(event)) return;
    if (event.key === 'ArrowDown') {
      const link = resultLinks()[0];
      if (!link) return;
      event.preventDefault();
      link.focus();
    } else if (event.key === 'Escape' && (value !== '' || term !== '')) {
      // Ours, not the browser's (a search field clears itself on Escape in some): the search and the URL's q go too.
      event.preventDefault();
      cancelPending();
      setValue('');
      setCleared(true);
      commit('');
    }
  };

  const onLinkKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (!plainKey(event) || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    const links = resultLinks();
    const index = links.indexOf(event.currentTarget);
    if (index < 0) return;
    const target = event.key === 'ArrowDown' ? links[index + 1] : index === 0 ? inputRef.current : links[index - 1];
    if (!target) return; // the last link: the arrow scrolls the page as usual
    event.preventDefault();
    target.focus();
  };

  const busy = state.status === 'loading';
  let statusText = '';
  if (state.status === 'loading') statusText = 'Searching…';
  else if (state.status === 'done') statusText = resultCountText(state.results.length, term, type);
  else if (state.status === 'error') statusText = state.message;
  else if (cleared) statusText = 'Search cleared';

  const results = state.status === 'done' ? state.results : state.status === 'loading' ? state.previous : null;

  return (
    <div className={styles.search}>
      <form action="/search" method="get" role="search" aria-label="Search the site" className={styles.form} onSubmit={onSubmit}>
        <label htmlFor={inputId} className={styles.label}>
          Search pages, news, blog posts and more
        </label>
        <div className={styles.row}>
          <input
            ref={inputRef}
            id={inputId}
            className={styles.input}
            type="search"
            name="q"
            value={value}
            onChange={onChange}
            onKeyDown={onInputKeyDown}
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
          {/* Not on touch screens, which have no arrow keys (the rule is in the CSS: no script decides it). */}
          <span className={styles.keysHint}> The down arrow key moves to them; Escape clears the box.</span>
        </p>
        <fieldset className={styles.filter}>
          <legend className={styles.legend}>Filter by type</legend>
          <div className={styles.chips}>
            {[{ name: ALL_TYPES, label: 'All' }, ...CONTENT_TYPES.map((t) => ({ name: t.name, label: t.pluralLabel }))].map((choice) => (
              <label key={choice.name} className={styles.chip}>
                <input
                  className={styles.radio}
                  type="radio"
                  name="type"
                  value={choice.name}
                  checked={(type ?? ALL_TYPES) === choice.name}
                  onChange={onTypeChange}
                />
                <span className={styles.chipText}>{choice.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
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
          <p className={styles.hint}>
            Check the spelling, or try fewer or more general words{type ? ', or choose All to search every type' : ''}.
          </p>
        ) : null}
        {results && results.length > 0 ? <SearchResults results={results} stale={busy} listRef={listRef} onLinkKeyDown={onLinkKeyDown} /> : null}
      </div>
    </div>
  );
}
