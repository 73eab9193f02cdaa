import { useEffect, useState } from 'react';
import { searchSite } from '@/lib/shared/search/client';
import type { SearchResult } from '@/lib/shared/search/types';
import type { ContentTypeName } from '@/lib/shared/types';

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; previous: SearchResult[] | null }
  | { status: 'done'; results: SearchResult[] }
  | { status: 'error'; message: string };

type Answer = { term: string; type: ContentTypeName | null; attempt: number } & ({ results: SearchResult[] } | { message: string });

const FALLBACK_ERROR = 'Search is unavailable right now. Please try again.';

/**
 * The results of `term` (already normalized), of one content type when `type` is set. Each new
 * term or type (or `attempt`, to retry) aborts the request in flight, so a late answer to an older
 * search never replaces a newer one. An empty term makes no request (spec §5). While a request is
 * in flight the last results stay available as `previous`, so the list does not blink away between
 * keystrokes or filter changes.
 */
export function useSearchResults(term: string, type: ContentTypeName | null, attempt: number): SearchState {
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (term === '') return undefined;
    const controller = new AbortController();
    searchSite(term, controller.signal, type).then(
      (results) => {
        if (!controller.signal.aborted) setAnswer({ term, type, attempt, results: Array.isArray(results) ? results : [] });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error && error.message.trim() ? error.message : FALLBACK_ERROR;
        setAnswer({ term, type, attempt, message });
      },
    );
    return () => controller.abort();
  }, [term, type, attempt]);

  if (term === '') return { status: 'idle' };
  if (answer === null || answer.term !== term || answer.type !== type || answer.attempt !== attempt) {
    return { status: 'loading', previous: answer && 'results' in answer ? answer.results : null };
  }
  return 'results' in answer ? { status: 'done', results: answer.results } : { status: 'error', message: answer.message };
}
