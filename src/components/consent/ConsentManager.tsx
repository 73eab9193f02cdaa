import { useEffect } from 'react';

/** The consent manager's module: loaded on demand, so none of it is in the First Load JS. */
export const loadConsentManager = () => import('@/lib/consent/manager');

/**
 * Starts the cookie-consent manager in the browser, once per page load (rendered by _app).
 * The manager and the library are loaded with dynamic imports (their own chunks, outside the First
 * Load JS, issue 5) on a task queued after the first paint. Under React StrictMode the first
 * effect's task is cancelled by its cleanup before it runs, so the library runs once. Renders
 * nothing: the library draws its own banner and dialog (styles: consent.css, imported by _app).
 */
export function ConsentManager() {
  useEffect(() => {
    let cancelled = false;
    const timer = window.setTimeout(() => {
      void loadConsentManager().then((manager) => {
        if (!cancelled) void manager.startConsent();
      });
    }, 0);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      void loadConsentManager().then((manager) => manager.stopConsent());
    };
  }, []);
  return null;
}
