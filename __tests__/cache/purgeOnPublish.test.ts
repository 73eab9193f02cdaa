/** @jest-environment node */
import handler from '../../pages/api/revalidate';
import { resetConfigForTests } from '@/config';
import { menuRegenerationSettled } from '@/lib/site/revalidate';
import { payloadKeys, queuePurgeAfterRegeneration } from '@/lib/site/purgeOnPublish';
import { purgeQueueStatus, purgesSettled, resetPurgeQueueForTests } from '@/lib/cache/purgeQueue';
import type { AwaitedBroadcast } from '@/lib/site/invalidation';
import { fakeResponse, webhookRequest } from '../api/fakeHttp';
import { letLoopbackThrough, startRecordingServer, type RecordingServer } from './recordingServer';

/**
 * Issue 18 "purge on publish": after /api/revalidate has regenerated the pages, the site
 * soft-purges the payload's surrogate keys in the cache in front (here a recording server in
 * Varnish's place, VARNISH_URL), then warms the regenerated pages through it; a failing purge is
 * retried once, logged and reported in the answer, and never fails the regeneration.
 */

let varnish: RecordingServer;
let events: string[];

async function call(body: unknown) {
  const req = webhookRequest(body);
  const res = fakeResponse(async (path) => {
    events.push(`regenerate ${path}`);
  });
  await handler(req, res);
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
});

afterEach(async () => {
  await menuRegenerationSettled();
  await varnish.close();
  delete process.env.VARNISH_URL;
  resetConfigForTests();
});

describe('the webhook purges the cache in front after regenerating', () => {
  test('a plugin update: regenerate, then soft-purge the item, its listing, home, sitemap, feeds and search; then warm the regenerated pages', async () => {
    const res = await call({ event: 'update', items: [{ rest_base: 'news', slug: 'a-slug' }], menu: false });
    expect(res.statusCode).toBe(200);
    const keys = 'item:news:a-slug list:news item:page:home sitemap feeds search';
    const regenerated = ['/about-us/news/a-slug', '/about-us/news', '/'];
    expect(events.slice(0, 4)).toEqual([...regenerated.map((p) => `regenerate ${p}`), `purge ${keys}`]);
    expect(events.slice(4).sort()).toEqual(regenerated.map((p) => `warm ${p}`).sort());
    expect(varnish.requests.filter((r) => r.method === 'GET').every((r) => r.headers['x-cache-warm'] === '1')).toBe(true);
    expect(res.sent.json).toMatchObject({
      revalidated: regenerated,
      failed: [],
      purge: { backend: 'varnish', keys: keys.split(' '), ok: true, attempts: 1, warmed: 3, warmFailed: 0 },
    });
  });

  test('a paths call purges the keys of exactly those pages (and the documents)', () => {
    expect(payloadKeys({ kind: 'paths', paths: ['/about-us/news', '/pages/card-services'] })).toEqual(['list:news', 'item:page:card-services', 'sitemap', 'feeds', 'search']);
  });

  test('a menu change purges the layout key after the background job has regenerated every page, then warms them', async () => {
    const res = await call({ event: 'menu_save', items: [], menu: true });
    expect(res.statusCode).toBe(202);
    await menuRegenerationSettled();
    const purges = events.filter((e) => e.startsWith('purge'));
    expect(purges).toEqual(['purge layout']);
    const purgeAt = events.indexOf('purge layout');
    const regenerated = events.filter((e) => e.startsWith('regenerate'));
    expect(regenerated.length).toBe((res.sent.json as { scheduled: number }).scheduled);
    expect(events.slice(0, purgeAt).every((e) => e.startsWith('regenerate'))).toBe(true);
    expect(events.slice(purgeAt + 1).sort()).toEqual(regenerated.map((e) => e.replace('regenerate', 'warm')).sort());
  });

  test('a purge that fails twice: the answer is still 200 (the pages were regenerated), with the failure; logged; nothing warmed', async () => {
    varnish.answer = (r) => {
      events.push(`refused ${r.method}`);
      return { status: 403, body: 'Forbidden' };
    };
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await call({ type: 'news', slug: 'a-slug' });
      expect(res.statusCode).toBe(200);
      expect(res.sent.json).toMatchObject({ failed: [], purge: { ok: false, attempts: 2, error: expect.stringContaining('HTTP 403') } });
      expect(events.filter((e) => e.startsWith('refused'))).toEqual(['refused PURGE', 'refused PURGE']);
      expect(error).toHaveBeenCalledWith(expect.stringContaining('[purge] varnish'));
    } finally {
      error.mockRestore();
    }
  });

  test('no purge back end configured: no purge, no purge field', async () => {
    delete process.env.VARNISH_URL;
    resetConfigForTests();
    const res = await call({ type: 'news', slug: 'a-slug' });
    expect(res.sent.json).not.toHaveProperty('purge');
    expect(varnish.requests).toHaveLength(0);
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
