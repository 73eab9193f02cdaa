import { useEffect } from 'react';
import { startConsent, stopConsent } from '@/lib/consent/manager';

/**
 * Starts the cookie-consent manager in the browser, once per page load (rendered by _app).
 * The library is loaded with a dynamic import (its own chunk, outside the First Load JS) on a task
 * queued after the first paint. Under React StrictMode the first effect's task is cancelled by its
 * cleanup before it runs, so the library runs once. Renders nothing: the library draws its own
 * banner and dialog (styles: consent.css, imported by _app).
 */
export function ConsentManager() {
  useEffect(() => {
    const timer = window.setTimeout(() => void startConsent(), 0);
    return () => {
      window.clearTimeout(timer);
      stopConsent();
    };
  }, []);
  return null;
}
