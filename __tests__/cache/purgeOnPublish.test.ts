/** @jest-environment node */
import handler from '../../pages/api/revalidate';
import { resetConfigForTests } from '@/config';
import { jobsSettled } from '@/lib/site/jobs';
import { payloadKeys, queuePurgeAfterRegeneration } from '@/lib/site/purgeOnPublish';
import { purgeQueueStatus, purgesSettled, resetPurgeQueueForTests } from '@/lib/cache/purgeQueue';
import type { AwaitedBroadcast } from '@/lib/site/invalidation';
import { fakeResponse, stopTestWorker, installTestWorker, v2, webhookRequest } from '../api/fakeHttp';
import { letLoopbackThrough, startRecordingServer, type RecordingServer } from './recordingServer';

/**
 * Issue 18 "purge on publish", issue 35 §2: after the worker has regenerated a batch's pages, the
 * site soft-purges the batch's surrogate keys in the cache in front (here a recording server in
 * Varnish's place, VARNISH_URL), then warms the regenerated pages through it; a failing purge is
 * retried, logged, and never fails the regeneration (the webhook has long answered 202).
 */

let varnish: RecordingServer;
let events: string[];

async function call(body: unknown) {
  const res = fakeResponse();
  await handler(webhookRequest(body), res);
  await jobsSettled();
  await purgesSettled();
  return res;
}

beforeEach(async () => {
  letLoopbackThrough();
  events = [];
  varnish = await startRecordingServer((r) => {
    events.push(r.method === 'PURGE' ? `purge ${r.headers['xkey-purge']}` : `warm ${r.url}`);
    return {};
  });
  process.env.VARNISH_URL = varnish.url;
  resetConfigForTests();
  installTestWorker(async (path) => {
    events.push(`regenerate ${path}`);
  });
});

afterEach(async () => {
  await stopTestWorker();
  resetPurgeQueueForTests();
  await varnish.close();
  delete process.env.VARNISH_URL;
  resetConfigForTests();
});

describe('the worker purges the cache in front after regenerating', () => {
  test('an update: regenerate, then soft-purge the item, its listing, home, sitemap, feeds and search; then warm the regenerated pages', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      const res = await call(v2({ event: 'update', items: [{ rest_base: 'news', slug: 'a-slug' }] }));
      expect(res.statusCode).toBe(202);
      const keys = 'item:news:a-slug list:news item:page:home sitemap feeds search';
      const regenerated = ['/about-us/news/a-slug', '/about-us/news', '/'];
      expect(events.slice(0, 4)).toEqual([...regenerated.map((p) => `regenerate ${p}`), `purge ${keys}`]);
      expect(events.slice(4).sort()).toEqual(regenerated.map((p) => `warm ${p}`).sort());
      expect(varnish.requests.filter((r) => r.method === 'GET').every((r) => r.headers['x-cache-warm'] === '1')).toBe(true);
    } finally {
      info.mockRestore();
    }
  });

  test('a job narrowed to pages that failed before purges the keys of exactly those pages (and the documents)', () => {
    expect(payloadKeys({ items: [], scope: 'items', paths: ['/about-us/news', '/pages/card-services'] })).toEqual(['list:news', 'item:page:card-services', 'sitemap', 'feeds', 'search']);
  });

  test('scope "all" purges the layout key (and the documents) after every page is regenerated, then warms them', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      const res = await call(v2({ event: 'menu_save', scope: 'all' }));
      expect(res.statusCode).toBe(202);
      const purges = events.filter((e) => e.startsWith('purge'));
      expect(purges).toEqual(['purge layout sitemap feeds search']);
      const purgeAt = events.indexOf(purges[0]);
      const regenerated = events.filter((e) => e.startsWith('regenerate'));
      expect(regenerated.length).toBeGreaterThan(20);
      expect(events.slice(0, purgeAt).every((e) => e.startsWith('regenerate'))).toBe(true);
      expect(events.slice(purgeAt + 1).sort()).toEqual(regenerated.map((e) => e.replace('regenerate', 'warm')).sort());
    } finally {
      info.mockRestore();
    }
  });

  test('issue 35 §3: a purge the cache refuses stays queued (the regeneration stands, nothing is warmed), and lands once the cache takes it', async () => {
    const accept = varnish.answer;
    varnish.answer = (r) => {
      events.push(`refused ${r.method}`);
      return { status: 503, body: 'Restarting' };
    };
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      const res = fakeResponse();
      await handler(webhookRequest(v2({ event: 'update', items: [{ rest_base: 'news', slug: 'a-slug' }] })), res);
      await jobsSettled();
      expect(res.statusCode).toBe(202);
      expect(events.filter((e) => e.startsWith('regenerate'))).toHaveLength(3);
      // Poll for the outcome: the first round is refused, the keys stay queued.
      while (error.mock.calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
      expect(error).toHaveBeenCalledWith(expect.stringContaining('[purge] varnish'));
      expect(events).toContain('refused PURGE');
      expect(purgeQueueStatus().pending).toBe(6);
      expect(events.some((e) => e.startsWith('warm'))).toBe(false);
      // The cache is back: the next round (1 s later) purges every key, then warms.
      varnish.answer = accept;
      await purgesSettled();
      expect(events).toContain('purge item:news:a-slug list:news item:page:home sitemap feeds search');
      expect(events.filter((e) => e.startsWith('warm')).sort()).toEqual(['warm /', 'warm /about-us/news', 'warm /about-us/news/a-slug']);
      expect(purgeQueueStatus().pending).toBe(0);
    } finally {
      error.mockRestore();
      info.mockRestore();
    }
  });

  test('no purge back end configured: no purge', async () => {
    delete process.env.VARNISH_URL;
    resetConfigForTests();
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      await call(v2({ event: 'update', items: [{ rest_base: 'news', slug: 'a-slug' }] }));
      expect(events.filter((e) => e.startsWith('regenerate'))).toHaveLength(3);
      expect(varnish.requests).toHaveLength(0);
    } finally {
      info.mockRestore();
    }
  });
});

describe('issue 35: the worker\'s purge goes through the purge queue', () => {
  afterEach(() => resetPurgeQueueForTests());

  test('queuePurgeAfterRegeneration waits for the other instances\' acks, then queues; the queue purges, then warms', async () => {
    let acked: (value: AwaitedBroadcast) => void = () => undefined;
    const dropped = new Promise<AwaitedBroadcast>((resolve) => (acked = resolve));
    const queued = queuePurgeAfterRegeneration(['item:news:a', 'list:news'], ['/about-us/news/a'], dropped);
    await Promise.resolve();
    expect(purgeQueueStatus().pending).toBe(0);
    expect(varnish.requests).toHaveLength(0);
    acked({ receivers: 2, acknowledged: 2 });
    await queued;
    await purgesSettled();
    expect(events).toEqual(['purge item:news:a list:news', 'warm /about-us/news/a']);
    expect(purgeQueueStatus()).toEqual({ pending: 0, oldestAgeMs: null });
  });

  test('without a purge back end it queues nothing', async () => {
    delete process.env.VARNISH_URL;
    resetConfigForTests();
    await queuePurgeAfterRegeneration(['layout'], ['/']);
    expect(purgeQueueStatus().pending).toBe(0);
    await purgesSettled();
    expect(varnish.requests).toHaveLength(0);
  });
});
