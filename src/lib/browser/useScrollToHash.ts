import { useRouter } from 'next/router';
import { useEffect } from 'react';

/**
 * The selector of a URL fragment's target: the element with that id, or an old-style
 * `<a name="…">` anchor (WordPress content still has them). Null for an empty fragment.
 */
export function hashTargetSelector(hash: string): string | null {
  let id = hash.startsWith('#') ? hash.slice(1) : hash;
  if (id === '') return null;
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape: look for the fragment as written.
  }
  // A CSS string: quotes and backslashes escaped, line breaks as code points.
  const quoted = id.replace(/["\\]/g, '\\$&').replace(/[\n\r\f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `);
  return `[id="${quoted}"], a[name="${quoted}"]`;
}

/** Input that means the visitor is moving around on their own: a late jump would fight them. */
const VISITOR_SCROLL_EVENTS = ['wheel', 'touchmove', 'keydown'] as const;

/**
 * Scrolls to the URL's `#fragment` target when it renders late (content that appears after
 * hydration). The browser and Next's router scroll to a target that already exists, so this waits
 * only when the target is not there yet (`waitForElement`: every 300 ms, up to 200 tries), and
 * gives up when the visitor scrolls or types first, navigates elsewhere, or the shell unmounts.
 * Runs after the first render and after every client-side navigation (route or hash change).
 * Used once, by the layout.
 */
export function useScrollToHash(): void {
  const router = useRouter();
  const events = router?.events;

  useEffect(() => {
    let controller: AbortController | null = null;
    const stop = () => controller?.abort();

    const scrollToHash = () => {
      stop();
      const selector = hashTargetSelector(window.location.hash);
      if (selector === null) return;
      try {
        if (document.querySelector(selector)) return;
      } catch {
        return;
      }
      const current = new AbortController();
      controller = current;
      const cancel = () => current.abort();
      for (const type of VISITOR_SCROLL_EVENTS) window.addEventListener(type, cancel, { passive: true });
      // The waiting code is loaded only when it is needed (a late target is rare).
      void import('../spec/waitForElement').then(({ waitForElement }) => waitForElement(selector, { signal: current.signal })).then((element) => {
        for (const type of VISITOR_SCROLL_EVENTS) window.removeEventListener(type, cancel);
        if (element && !current.signal.aborted) element.scrollIntoView?.({ block: 'start' });
      });
    };

    scrollToHash();
    events?.on('routeChangeComplete', scrollToHash);
    events?.on('hashChangeComplete', scrollToHash);
    return () => {
      events?.off('routeChangeComplete', scrollToHash);
      events?.off('hashChangeComplete', scrollToHash);
      stop();
    };
  }, [events]);
}
