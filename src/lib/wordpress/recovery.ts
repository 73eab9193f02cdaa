import { AsyncLocalStorage } from 'node:async_hooks';
import { processShared } from '../server/processShared';
import { watchAttempts, WP_PREFIX, wpUrl, type AttemptWatch } from '../shared/wordpress/http';

/**
 * Issue 35: a publish made while WordPress hangs shows within seconds of WordPress answering again.
 *
 * A read that WordPress does not answer waits for its attempt's timeout (`ATTEMPT_TIMEOUT_MS`,
 * 10 s) before its next attempt, even when WordPress answers again a second after it was sent. The
 * chaos bench measured publishes made during a 30 s hang visible 11–16 s after it ended (the
 * budget is 10 s): the regeneration in flight waited out its attempt. This module, on the server,
 * watches every attempt (`http.ts` reports to it):
 *
 * - **Failing.** An attempt with no answer (a timeout, a network error) or a 5xx answer marks that
 *   WordPress (the URL's part before `/wp-json/`) as failing. While it is, a probe asks it for its
 *   post types (`GET {base}/wp-json/wp/v2/types`, a small public read) every `PROBE_INTERVAL_MS`,
 *   each given `PROBE_TIMEOUT_MS`, so that its recovery is seen even on a site without visitors.
 * - **Answering again.** Any answer below 500 to a request sent while it was failing (a probe's,
 *   or a read's) ends that: the probes stop, and the **urgent** attempts still pending that were
 *   sent before that request, and have been pending for `STUCK_AFTER_MS` or more, are abandoned:
 *   they failed (`Fetch failed with status 0 (abandoned: …)`), and their read's next attempt
 *   follows after the spec's 3 s, as after any failed attempt (spec §4: 3 attempts, 3000 ms apart).
 * - **Urgent** reads are those made inside `urgentReads`: the page regenerations the revalidation
 *   worker asks for (an on-demand revalidation: `staticProps`), which carry editors' publishes.
 *   Visitors' background regenerations of stale pages are not abandoned: at 2,000 pages about a
 *   thousand of them can be waiting on a hung WordPress, and releasing them together saturated both
 *   instances of the bench for 15 s (docs/reliability.md §8, run 5). They end at their timeout, as
 *   before, spread over time as they were sent.
 * - A read that was never preceded by a failure is never abandoned, however slow: a healthy but
 *   slow WordPress is waited for, up to the attempt's timeout, as before.
 *
 * Per process (Next gives pages and API routes separate module instances): the state and the
 * urgent-read context are `processShared`, and each bundle that loads this module watches its own
 * instance of `http.ts` (those of the pages, through `staticProps`, and the worker's). Browsers never load this module (alerts read WordPress
 * from the browser through `http.ts`, unwatched).
 */

export const PROBE_INTERVAL_MS = 1000;
export const PROBE_TIMEOUT_MS = 2000;
export const STUCK_AFTER_MS = 1000;
export const ABANDONED_REASON = 'abandoned: WordPress answered a later request while this one waited';

/** An urgent attempt in flight (only those can be abandoned, so only those are kept). */
interface Pending {
  controller: AbortController;
  base: string;
  startedAt: number;
}

interface RecoveryState {
  pending: Set<Pending>;
  /** The bases that are failing, each with its probe timer. */
  failing: Map<string, ReturnType<typeof setInterval>>;
  /** Those waiting for every failing base to answer again (`wordpressAnswering`). */
  waiters: Set<() => void>;
}

const urgentContext = processShared('wordpressUrgentReads', () => new AsyncLocalStorage<true>());
const state = processShared<RecoveryState>('wordpressRecovery', () => ({ pending: new Set(), failing: new Map(), waiters: new Set() }));

/** Runs `read` with its WordPress attempts marked urgent (see the module comment). */
export function urgentReads<T>(read: () => Promise<T>): Promise<T> {
  return urgentContext.run(true, read);
}

/** Whether the reads made here are urgent (inside `urgentReads`). */
export function readsAreUrgent(): boolean {
  return urgentContext.getStore() === true;
}

/** The WordPress a URL is read from: its part before `/wp-json/` (null for other URLs). */
function baseOf(url: string): string | null {
  const at = url.indexOf('/wp-json/');
  return at < 0 ? null : url.slice(0, at);
}

function answeredAgain(base: string, sentAt: number): void {
  const probe = state.failing.get(base);
  if (probe === undefined) return;
  clearInterval(probe);
  state.failing.delete(base);
  const now = Date.now();
  for (const pending of state.pending) {
    if (pending.base !== base || pending.startedAt >= sentAt || now - pending.startedAt < STUCK_AFTER_MS) continue;
    state.pending.delete(pending);
    pending.controller.abort(ABANDONED_REASON);
  }
  if (state.failing.size === 0) releaseWaiters();
}

function releaseWaiters(): void {
  const waiters = [...state.waiters];
  state.waiters.clear();
  for (const release of waiters) release();
}

/** Whether some WordPress is failing now (no answer or a 5xx, and no answer below 500 since). */
export function wordpressFailing(): boolean {
  return state.failing.size > 0;
}

/** The longest `wordpressAnswering` waits: past it, the caller's own reads find out. */
export const ANSWERING_WAIT_MAX_MS = 5 * 60_000;

/**
 * Resolves at once when no WordPress is failing; otherwise when every failing one has answered
 * again (the probes above see it within PROBE_INTERVAL_MS), or after ANSWERING_WAIT_MAX_MS. The
 * revalidation worker waits on it before it takes its next batch (src/lib/site/jobs.ts): publishes
 * made while WordPress fails then wait for it together, and are regenerated in one batch as soon as
 * it answers, instead of one batch that waits out its held reads, then the next (issue 35, the
 * chaos bench's run 9: publishes made during a hang visible 12.4 s after it).
 */
export function wordpressAnswering(): Promise<void> {
  if (state.failing.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ANSWERING_WAIT_MAX_MS);
    timer.unref?.();
    function done() {
      clearTimeout(timer);
      state.waiters.delete(done);
      resolve();
    }
    state.waiters.add(done);
  });
}

async function probe(base: string): Promise<void> {
  const sentAt = Date.now();
  try {
    const response = await fetch(wpUrl(base, WP_PREFIX, 'types'), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await response.arrayBuffer();
    if (response.status < 500) answeredAgain(base, sentAt);
  } catch {
    // Still failing: the next probe asks again.
  }
}

function failing(base: string): void {
  if (state.failing.has(base)) return;
  const timer = setInterval(() => void probe(base), PROBE_INTERVAL_MS);
  timer.unref?.();
  state.failing.set(base, timer);
}

function watch(url: string, controller: AbortController): AttemptWatch | undefined {
  const base = baseOf(url);
  if (base === null) return undefined;
  const startedAt = Date.now();
  const pending: Pending | null = readsAreUrgent() ? { controller, base, startedAt } : null;
  if (pending) state.pending.add(pending);
  return {
    settled(status) {
      // Abandoned: answeredAgain has already taken it out, and its failure says nothing new.
      if (pending && !state.pending.delete(pending)) return;
      if (status === 0 || status >= 500) failing(base);
      else answeredAgain(base, startedAt);
    },
  };
}

watchAttempts(watch);

/** For tests: forgets every pending attempt and stops the probes. */
export function resetRecovery(): void {
  for (const timer of state.failing.values()) clearInterval(timer);
  state.failing.clear();
  state.pending.clear();
  releaseWaiters();
}
