/** @jest-environment node */
import { delay, http, HttpResponse } from 'msw';
import { ATTEMPT_TIMEOUT_MS, fetchJson, RETRY_DELAY_MS } from '@/lib/shared/wordpress/http';
import { ABANDONED_REASON, ANSWERING_WAIT_MAX_MS, PROBE_INTERVAL_MS, resetRecovery, urgentReads, wordpressAnswering } from '@/lib/wordpress/recovery';
import { staticProps } from '@/lib/site/staticProps';
import { server, WORDPRESS_BASE } from '../setup/msw';

/**
 * Issue 35: a publish made while WordPress hangs is visible within 10 s of WordPress answering
 * again. The worker's regeneration (an urgent read) must not wait out an attempt that the hung
 * WordPress holds: when WordPress answers again, it is abandoned and its next attempt follows after
 * the spec's 3 s.
 */

const NEWS = `${WORDPRESS_BASE}/wp-json/wp/v2/news`;
const PAGES = `${WORDPRESS_BASE}/wp-json/wp/v2/fp_page`;
const TYPES = `${WORDPRESS_BASE}/wp-json/wp/v2/types`;

/** A WordPress that never answers the requests it receives while `hung` (as the chaos bench's hang), and answers those after. */
function hangingWordPress() {
  const wordpress = { hung: true, probes: 0, reads: 0 };
  const hold = async () => {
    if (wordpress.hung) await delay('infinite');
  };
  server.use(
    http.get(TYPES, async () => {
      wordpress.probes += 1;
      await hold();
      return HttpResponse.json({});
    }),
    http.get(NEWS, async () => {
      wordpress.reads += 1;
      await hold();
      return HttpResponse.json(['fresh']);
    }),
    http.get(PAGES, async () => {
      await hold();
      return HttpResponse.json(['page']);
    }),
  );
  return wordpress;
}

let errors: jest.SpyInstance;
beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetRecovery();
  jest.useRealTimers();
  errors.mockRestore();
});

/** Settles a promise into a readable state, so a test can look at it while timers are frozen. */
function track<T>(promise: Promise<T>) {
  const seen: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(seen, { value, done: true }),
    (error: unknown) => Object.assign(seen, { error, done: true }),
  );
  return seen;
}

describe('issue 35: reads held by a hung WordPress, when it answers again', () => {
  it('an urgent read (the worker’s regeneration) abandons its held attempt and makes the next one 3 s later', async () => {
    const wordpress = hangingWordPress();
    const urgent = track(urgentReads(() => fetchJson<string[]>(NEWS)));
    const visitors = track(fetchJson<string[]>(PAGES));
    // Both time out (WordPress is now failing, and probed), then wait 3 s and try again.
    await jest.advanceTimersByTimeAsync(ATTEMPT_TIMEOUT_MS + RETRY_DELAY_MS + 2000);
    expect(wordpress.probes).toBeGreaterThan(0);
    // WordPress answers again: the next probe sees it, and the urgent read's held second attempt
    // is abandoned; its third follows 3 s later and is answered.
    wordpress.hung = false;
    await jest.advanceTimersByTimeAsync(PROBE_INTERVAL_MS + 200);
    expect(errors.mock.calls.some(([line]) => String(line).includes(ABANDONED_REASON))).toBe(true);
    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(urgent).toMatchObject({ done: true, value: { data: ['fresh'] } });
    expect(wordpress.reads).toBe(3);
    // A visitor's read is not abandoned: its second attempt is still held (a released crowd of
    // them saturated the bench's instances), and ends at its own timeout.
    expect(visitors.done).toBe(false);
    await jest.advanceTimersByTimeAsync(ATTEMPT_TIMEOUT_MS + RETRY_DELAY_MS);
    expect(visitors).toMatchObject({ done: true, value: { data: ['page'] } });
  });

  it('the probes stop once WordPress answers again', async () => {
    const wordpress = hangingWordPress();
    // One attempt: it times out (WordPress is failing), and nothing else is sent but the probes.
    track(fetchJson<string[]>(NEWS, { attempts: 1 }));
    await jest.advanceTimersByTimeAsync(ATTEMPT_TIMEOUT_MS + 3 * PROBE_INTERVAL_MS);
    expect(wordpress.probes).toBeGreaterThanOrEqual(2);
    wordpress.hung = false;
    await jest.advanceTimersByTimeAsync(PROBE_INTERVAL_MS + 200);
    const probes = wordpress.probes;
    await jest.advanceTimersByTimeAsync(10 * PROBE_INTERVAL_MS);
    expect(wordpress.probes).toBe(probes);
  });

  it('wordpressAnswering (the worker waits on it before a batch): at once while nothing failed; while WordPress fails, until it answers again', async () => {
    const healthy = track(wordpressAnswering());
    await jest.advanceTimersByTimeAsync(0);
    expect(healthy.done).toBe(true);
    const wordpress = hangingWordPress();
    track(fetchJson<string[]>(NEWS, { attempts: 1 }));
    await jest.advanceTimersByTimeAsync(ATTEMPT_TIMEOUT_MS + 100);
    const waiting = track(wordpressAnswering());
    await jest.advanceTimersByTimeAsync(5 * PROBE_INTERVAL_MS);
    expect(waiting.done).toBe(false);
    wordpress.hung = false;
    await jest.advanceTimersByTimeAsync(PROBE_INTERVAL_MS + 200);
    expect(waiting.done).toBe(true);
  });

  it('wordpressAnswering waits at most ANSWERING_WAIT_MAX_MS for a WordPress that stays down', async () => {
    hangingWordPress();
    track(fetchJson<string[]>(NEWS, { attempts: 1 }));
    await jest.advanceTimersByTimeAsync(ATTEMPT_TIMEOUT_MS + 100);
    const waiting = track(wordpressAnswering());
    await jest.advanceTimersByTimeAsync(ANSWERING_WAIT_MAX_MS - ATTEMPT_TIMEOUT_MS);
    expect(waiting.done).toBe(false);
    await jest.advanceTimersByTimeAsync(ATTEMPT_TIMEOUT_MS + 100);
    expect(waiting.done).toBe(true);
  });

  it('a slow answer from a WordPress that has not failed is waited for, even by an urgent read', async () => {
    let reads = 0;
    server.use(
      http.get(NEWS, async () => {
        reads += 1;
        await delay(ATTEMPT_TIMEOUT_MS - 1000);
        return HttpResponse.json(['slow']);
      }),
    );
    const urgent = track(urgentReads(() => fetchJson<string[]>(NEWS)));
    // Another read answered meanwhile (WordPress is answering) abandons nothing.
    await jest.advanceTimersByTimeAsync(2000);
    await fetchJson(`${WORDPRESS_BASE}/wp-json/wp/v2/types`);
    await jest.advanceTimersByTimeAsync(ATTEMPT_TIMEOUT_MS);
    expect(urgent).toMatchObject({ done: true, value: { data: ['slow'] } });
    expect(reads).toBe(1);
  });
});

describe('issue 35: which reads are urgent', () => {
  const readNews = staticProps('/about-us/news', async () => ({ news: (await fetchJson<string[]>(NEWS)).data }));

  it.each([
    ['on-demand', true],
    ['stale', false],
  ] as const)('the reads of a regeneration whose reason is %s are abandoned when WordPress answers again: %s', async (revalidateReason, abandoned) => {
    const wordpress = hangingWordPress();
    const result = track(Promise.resolve(readNews({ params: {}, revalidateReason })));
    await jest.advanceTimersByTimeAsync(ATTEMPT_TIMEOUT_MS + RETRY_DELAY_MS + 2000);
    wordpress.hung = false;
    await jest.advanceTimersByTimeAsync(PROBE_INTERVAL_MS + 200 + RETRY_DELAY_MS);
    expect(errors.mock.calls.some(([line]) => String(line).includes(ABANDONED_REASON))).toBe(abandoned);
    expect(result.done).toBe(abandoned);
  });
});

describe('issue 35: no visitor regeneration while WordPress is failing', () => {
  it.each([
    ['stale', false],
    ['on-demand', true],
    ['build', true],
  ] as const)('a regeneration whose reason is %s, started while WordPress is failing, reads it: %s', async (revalidateReason, reads) => {
    const wordpress = hangingWordPress();
    let loads = 0;
    const page = staticProps('/about-us/news', async () => {
      loads += 1;
      return { news: (await fetchJson<string[]>(NEWS)).data };
    });
    // WordPress hangs: one read times out, and WordPress is failing.
    track(fetchJson<string[]>(NEWS, { attempts: 1 }));
    await jest.advanceTimersByTimeAsync(ATTEMPT_TIMEOUT_MS + 100);
    const result = track(Promise.resolve(page({ params: {}, revalidateReason })));
    await jest.advanceTimersByTimeAsync(0);
    expect(loads).toBe(reads ? 1 : 0);
    if (!reads) expect(result).toMatchObject({ done: true, error: expect.objectContaining({ name: 'WordPressFailingError' }) });
    // Once WordPress answers again, a visitor's regeneration reads it.
    wordpress.hung = false;
    await jest.advanceTimersByTimeAsync(PROBE_INTERVAL_MS + 200);
    const after = track(Promise.resolve(page({ params: {}, revalidateReason: 'stale' })));
    await jest.advanceTimersByTimeAsync(100);
    expect(after).toMatchObject({ done: true, value: { props: { news: ['fresh'] } } });
  });
});
