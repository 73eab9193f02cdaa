import { useRouter } from 'next/router';
import { useEffect, useId, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from 'react';
import { pathOf } from '@/components/layout/links';
import { MAX_QUERY_LENGTH, normalizeQuery } from '@/lib/shared/search/query';
import { SearchIcon } from './SearchIcon';
import styles from './HeaderSearch.module.css';

export const SEARCH_PATH = '/search';

/**
 * The header's search box, behind a search button (the header has no room for a field beside the
 * menu): a native <details> disclosure whose panel holds a GET form to `/search?q=…` with a
 * labelled field `q` and a submit button. Without JavaScript the button still opens the panel and
 * the form still submits.
 *
 * With JavaScript: opening it puts focus in the field at once; Escape closes it and returns focus to the
 * button; a click outside, focus leaving it or a navigation closes it; submitting navigates on the
 * client instead of reloading the page.
 */
export function HeaderSearch() {
  const router = useRouter();
  const inputId = useId();
  const panelId = useId();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);

  const close = (returnFocus: boolean) => {
    const details = detailsRef.current;
    if (details?.open) details.open = false;
    if (returnFocus) summaryRef.current?.focus();
  };

  // A navigation closes it (a new path; a change of query or fragment on the same page does not).
  const page = pathOf(router?.asPath ?? '/');
  useEffect(() => {
    const details = detailsRef.current;
    return () => {
      if (details?.open) details.open = false;
    };
  }, [page]);

  // A click outside closes it.
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: Event) => {
      if (detailsRef.current && !detailsRef.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open);

  // Opened here rather than by the browser's default action, so focus is in the field at once
  // (the toggle event comes a task later: a fast typist's first key would be lost).
  const onSummaryClick = (event: MouseEvent<HTMLElement>) => {
    const details = detailsRef.current;
    if (!details) return;
    event.preventDefault();
    if (details.open) {
      details.open = false;
    } else {
      details.open = true;
      inputRef.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !event.currentTarget.open) return;
    event.preventDefault();
    close(true);
  };

  const onBlur = (event: FocusEvent<HTMLDetailsElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next)) close(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (typeof router?.push !== 'function') return; // no client router: the browser submits the form
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('q');
    const q = normalizeQuery(field instanceof HTMLInputElement ? field.value : '');
    close(false);
    void router.push(q ? { pathname: SEARCH_PATH, query: { q } } : SEARCH_PATH);
  };

  return (
    <details ref={detailsRef} className={styles.disclosure} onToggle={onToggle} onKeyDown={onKeyDown} onBlur={onBlur}>
      <summary ref={summaryRef} className={styles.toggle} aria-controls={panelId} onClick={onSummaryClick}>
        <SearchIcon className={styles.icon} />
        <span className="visually-hidden">Search</span>
      </summary>
      <div id={panelId} className={styles.panel}>
        <form role="search" aria-label="Site search" action={SEARCH_PATH} method="get" className={styles.form} onSubmit={onSubmit}>
          <label htmlFor={inputId} className="visually-hidden">
            Search the site
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className={styles.input}
            type="search"
            name="q"
            placeholder="Search pages, news and more"
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
          />
          <button type="submit" className={`button button--primary ${styles.submit}`}>
            Search
          </button>
        </form>
      </div>
    </details>
  );
}
