/**
 * The page-view ping (spec §7 "Ping"): at application start the browser POSTs
 * `{"page": <current pathname>}` to /api/ping, once per page load — not on client-side
 * navigations, and not twice under React StrictMode (module-level guard). The request uses
 * `keepalive` so it survives the visitor leaving at once; the response is ignored and every
 * failure is silent.
 */
export const PING_ENDPOINT = '/api/ping';

let sent = false;

/** Sends the ping unless it was already sent in this page load. Never rejects, never throws. */
export function sendPing(): Promise<void> {
  if (sent || typeof window === 'undefined') return Promise.resolve();
  sent = true;
  try {
    return fetch(PING_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ page: window.location.pathname }),
      keepalive: true,
      credentials: 'same-origin',
    }).then(
      () => undefined,
      () => undefined,
    );
  } catch {
    return Promise.resolve();
  }
}

/**
 * Queues the ping on a task after the current render (the effect in _app) and returns its
 * cancellation, for the effect's cleanup: under StrictMode the first effect's ping is cancelled
 * and the second one is sent (the module-level guard would also stop a second send).
 */
export function schedulePing(): () => void {
  const timer = setTimeout(() => void sendPing(), 0);
  return () => clearTimeout(timer);
}

/** For tests: allow another ping. */
export function resetPingForTests(): void {
  sent = false;
}
