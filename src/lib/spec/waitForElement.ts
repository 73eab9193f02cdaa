/**
 * Waits for an element that renders late (spec §9: "Wait for a page element: every 300 ms, up to
 * 200 tries").
 *
 * The first try is immediate; then one try every `interval` ms, up to `maxTries` tries in all.
 * Resolves the element as soon as a try finds it, or null once the last try has failed — at most
 * (200 - 1) × 300 ms ≈ 60 s with the defaults. Never rejects: on the server (no `document`), with a
 * selector the browser cannot parse, or when `signal` aborts, it resolves null.
 */
export const WAIT_INTERVAL_MS = 300;
export const WAIT_MAX_TRIES = 200;

export interface WaitForElementOptions {
  /** Milliseconds between tries (default 300). */
  interval?: number;
  /** How many tries in all, the immediate first one included (default 200). */
  maxTries?: number;
  /** Stops waiting (resolves null), e.g. when the page that waits is left. */
  signal?: AbortSignal;
}

export function waitForElement(
  selector: string,
  { interval = WAIT_INTERVAL_MS, maxTries = WAIT_MAX_TRIES, signal }: WaitForElementOptions = {},
): Promise<Element | null> {
  if (typeof document === 'undefined') return Promise.resolve(null);
  const tries = Number.isFinite(maxTries) ? Math.max(1, Math.floor(maxTries)) : WAIT_MAX_TRIES;
  const delay = Number.isFinite(interval) ? Math.max(0, interval) : WAIT_INTERVAL_MS;

  return new Promise((resolve) => {
    let made = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const finish = (element: Element | null) => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(element);
    };
    const onAbort = () => finish(null);

    const attempt = () => {
      timer = undefined;
      if (signal?.aborted) return finish(null);
      made += 1;
      let element: Element | null;
      try {
        element = document.querySelector(selector);
      } catch {
        return finish(null); // not a valid selector: no try can succeed
      }
      if (element) return finish(element);
      if (made >= tries) return finish(null);
      timer = setTimeout(attempt, delay);
    };

    if (signal?.aborted) return finish(null);
    signal?.addEventListener('abort', onAbort, { once: true });
    attempt();
  });
}
