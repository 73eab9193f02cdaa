/** @jest-environment node */
/**
 * Issue 35 §4 "the safety net" (docs/reliability.md): after an outage an instance asks WordPress
 * what changed since the site last heard (minus 2 minutes) and submits it as one job
 * (src/lib/site/catchUp.ts). WordPress here is the fake (msw), which answers `modified_after` as
 * WordPress 5.7+ does; the worker's submitJob is a recording function.
 */
import { http, HttpResponse } from 'msw';
import {
  CATCH_UP_RETRY_MS,
  catchUp,
  lastHeard,
  LAST_HEARD_KEY,
  markHeard,
  resetCatchUpForTests,
  triggerCatchUp,
  wordpressTime,
  type CatchUpJob,
} from '@/lib/site/catchUp';
import type { ContentTypeDef } from '@/lib/shared/wordpress/contentTypes';
import { fakeWordPress, recordWordPressRequests, server, WORDPRESS_BASE } from '../setup/msw';

const quiet = () => ({ info: jest.fn(), error: jest.fn() });
const HEARD = Date.parse('2030-05-01T12:00:00Z');
const NOW = HEARD + 30 * 60_000;
const noRedis = () => null;

/** Sets an item's modified time (site time; the fake's time zone is UTC). */
function touch(restBase: 'news' | 'posts' | 'fp_page' | 'events', index: number, at: number): { id: number; slug: string; section?: unknown } {
  const item = fakeWordPress().collections[restBase].filter((p) => p.status === 'publish')[index];
  const stamp = new Date(at).toISOString().slice(0, 19);
  Object.assign(item, { modified: stamp, modified_gmt: stamp });
  return { id: item.id, slug: item.slug, section: (item.acf as Record<string, unknown>)?.section };
}

beforeEach(() => resetCatchUpForTests());
afterEach(() => resetCatchUpForTests());

describe('catchUp', () => {
  test('finds the items modified after last heard minus 2 minutes, of every type, and submits them as one job; one log line', async () => {
    await markHeard(HEARD, { redis: null });
    const withinMargin = touch('news', 0, HEARD - 60_000);
    const after = touch('posts', 1, HEARD + 5 * 60_000);
    const page = touch('fp_page', 2, HEARD + 60_000);
    touch('events', 0, HEARD - 3 * 60_000); // before the margin: not found
    const submitted: CatchUpJob[] = [];
    const log = quiet();
    const recorder = recordWordPressRequests();
    let outcome;
    try {
      outcome = await catchUp('start', { submit: (job) => void submitted.push(job), redis: noRedis, now: () => NOW, log });
    } finally {
      recorder.stop();
    }
    expect(outcome).toMatchObject({ ok: true, since: '2030-05-01T11:58:00Z', found: 3 });
    expect(submitted).toHaveLength(1);
    expect(submitted[0]).toEqual({
      event: 'catch_up',
      scope: 'items',
      redirects: false,
      items: expect.arrayContaining([
        { type: 'news', slug: withinMargin.slug, section: 'pages' },
        { type: 'blog', slug: after.slug, section: 'pages' },
        { type: 'page', slug: page.slug, section: typeof page.section === 'string' && page.section ? page.section : 'pages' },
      ]),
    });
    expect(submitted[0].items).toHaveLength(3);
    // What WordPress was asked: every content type, UTC with Z, only ids and slugs (and pages' sections).
    const reads = recorder.urls.filter((u) => u.pathname.startsWith('/wp-json/wp/v2/'));
    expect(reads.map((u) => u.pathname.replace('/wp-json/wp/v2/', '')).sort()).toEqual(
      ['case-studies', 'events', 'fp_page', 'insights', 'news', 'posts', 'press-releases', 'virtual', 'whitepapers'],
    );
    for (const url of reads) {
      expect(url.searchParams.get('modified_after')).toBe('2030-05-01T11:58:00Z');
      expect(url.searchParams.get('_fields')).toBe(url.pathname.endsWith('/fp_page') ? 'id,slug,acf.section' : 'id,slug');
      expect(url.searchParams.get('per_page')).toBe('100');
    }
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info.mock.calls[0][0]).toMatch(/^\[catch-up\] start: 3 items changed in WordPress since 2030-05-01T11:58:00Z .*submitted as one job \(scope items\)/);
    expect(log.error).not.toHaveBeenCalled();
  });

  test('nothing changed: no job; logged; last heard moves to when the read began', async () => {
    await markHeard(HEARD, { redis: null });
    const submit = jest.fn();
    const log = quiet();
    const outcome = await catchUp('start', { submit, redis: noRedis, now: () => NOW, log });
    expect(outcome).toMatchObject({ ok: true, found: 0, job: null });
    expect(submit).not.toHaveBeenCalled();
    expect(log.info.mock.calls[0][0]).toMatch(/0 items changed in WordPress since 2030-05-01T11:58:00Z.*nothing to submit/);
    expect(await lastHeard(noRedis)).toBe(NOW);
  });

  test('WordPress down: logged, no throw, no job, last heard unchanged; the next trigger finds the items', async () => {
    await markHeard(HEARD, { redis: null });
    const item = touch('news', 0, HEARD + 60_000);
    server.use(http.get(`${WORDPRESS_BASE}/wp-json/wp/v2/*`, () => HttpResponse.json({ code: 'internal_server_error' }, { status: 500 })));
    const submit = jest.fn();
    const log = quiet();
    const wordpressLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const failed = await catchUp('reconnected to Redis', { submit, redis: noRedis, now: () => NOW, log });
      expect(failed).toMatchObject({ ok: false, found: 0, job: null, error: expect.stringContaining('Exceeded max retries') });
      expect(submit).not.toHaveBeenCalled();
      expect(log.error).toHaveBeenCalledTimes(1);
      expect(log.error.mock.calls[0][0]).toMatch(/^\[catch-up\] reconnected to Redis: could not ask WordPress what changed since 2030-05-01T11:58:00Z/);
      // One attempt per read, and the walk stops at the first failure: one line from the WordPress reader, not 27.
      expect(wordpressLog).toHaveBeenCalledTimes(1);
    } finally {
      wordpressLog.mockRestore();
    }
    expect(await lastHeard(noRedis)).toBe(HEARD);
    server.resetHandlers(); // WordPress is back: the fake's own handlers, over the store this test changed
    const next = await catchUp('start', { submit, redis: noRedis, now: () => NOW, log });
    expect(next).toMatchObject({ ok: true, found: 1 });
    expect(submit).toHaveBeenCalledWith({ event: 'catch_up', items: [{ type: 'news', slug: item.slug, section: 'pages' }], scope: 'items', redirects: false });
  });

  test('more than 100 items: one job of scope "all", and the read stops there', async () => {
    const calls: string[] = [];
    const listModified = async (type: ContentTypeDef) => {
      calls.push(type.restBase);
      const total = type.restBase === 'news' ? 150 : 1;
      return { items: Array.from({ length: Math.min(total, 100) }, (_, i) => ({ type: type.name, slug: `s-${i}`, section: 'pages' })), total };
    };
    const submit = jest.fn();
    const outcome = await catchUp('start', { submit, redis: noRedis, listModified, now: () => NOW, log: quiet() });
    expect(submit).toHaveBeenCalledWith({ event: 'catch_up', items: [], scope: 'all', redirects: false });
    expect(outcome.found).toBeGreaterThan(100);
    expect(calls).toEqual(['posts', 'news']);
  });

  test('the submit failing (Redis cannot record the job) is a failed catch-up: logged, last heard unchanged', async () => {
    await markHeard(HEARD, { redis: null });
    touch('news', 0, HEARD + 60_000);
    const log = quiet();
    const outcome = await catchUp('start', { submit: async () => Promise.reject(new Error('Redis is unreachable')), redis: noRedis, now: () => NOW, log });
    expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining('Redis is unreachable') });
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(await lastHeard(noRedis)).toBe(HEARD);
  });

  test('no last-heard time known (a first start, no Redis): the last 10 minutes', async () => {
    const outcome = await catchUp('start', { submit: jest.fn(), redis: noRedis, listModified: async () => ({ items: [], total: 0 }), now: () => NOW, log: quiet() });
    expect(outcome.since).toBe(wordpressTime(NOW - 10 * 60_000));
  });

  test('with Redis: site:last-heard there wins over the process\'s own (another instance heard later); markHeard writes it', async () => {
    await markHeard(HEARD, { redis: null });
    const later = HEARD + 20 * 60_000;
    const values = new Map<string, string>([[LAST_HEARD_KEY, String(later)]]);
    const client = {
      get: async (key: string) => values.get(key) ?? null,
      set: async (key: string, value: string) => void values.set(key, value),
    };
    const redis = () => ({ isReady: () => true, client }) as never;
    const outcome = await catchUp('start', { submit: jest.fn(), redis, listModified: async () => ({ items: [], total: 0 }), now: () => NOW, log: quiet() });
    expect(outcome.since).toBe(wordpressTime(later - 2 * 60_000));
    // Nothing found: last heard is now the read's start, in Redis too.
    expect(values.get(LAST_HEARD_KEY)).toBe(String(NOW));
  });
});

describe('triggerCatchUp (this process)', () => {
  afterEach(() => jest.useRealTimers());

  test('a failed run is tried again after 60 s until one succeeds; a trigger during a run runs it once more after', async () => {
    jest.useFakeTimers();
    let wordpressUp = false;
    const runs: string[] = [];
    const listModified = async (type: ContentTypeDef) => {
      if (type.restBase === 'posts') runs.push(wordpressUp ? 'up' : 'down');
      if (!wordpressUp) throw new Error('WordPress is unreachable');
      return { items: type.restBase === 'news' ? [{ type: type.name, slug: 'x', section: 'pages' }] : [], total: type.restBase === 'news' ? 1 : 0 };
    };
    const submit = jest.fn();
    const deps = { submit, redis: noRedis, listModified, log: quiet() };
    expect((await triggerCatchUp('start', deps))?.ok).toBe(false);
    await jest.advanceTimersByTimeAsync(CATCH_UP_RETRY_MS);
    expect(runs).toEqual(['down', 'down']);
    wordpressUp = true;
    await jest.advanceTimersByTimeAsync(CATCH_UP_RETRY_MS);
    expect(runs).toEqual(['down', 'down', 'up']);
    expect(submit).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(10 * CATCH_UP_RETRY_MS);
    expect(runs).toHaveLength(3);

    // Two triggers at once: one run, then one more (not two in parallel).
    const first = triggerCatchUp('reconnected to Redis', deps);
    const second = triggerCatchUp('reconnected to Redis', deps);
    expect(second).toBe(first);
    await first;
    await jest.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(5);
  });

  test('without a registered worker it does nothing', async () => {
    expect(await triggerCatchUp('start')).toBeNull();
  });
});
