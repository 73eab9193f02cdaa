/** @jest-environment node */
import { http, HttpResponse } from 'msw';
import handler from '../../pages/api/health';
import { createHealthHandler, createReadiness, probeWordPress, WORDPRESS_PROBE_TTL_MS, type WordPressHealth } from '@/lib/server/health';
import { recordWordPressRequests, server, WORDPRESS_BASE } from '../setup/msw';
import { fakeRequest, fakeResponse } from '../api/fakeHttp';
import { resetConfigForTests } from '@/config';

/**
 * Issue 12 §3 GET /api/health: liveness answers 200 at once with no WordPress call; the readiness
 * detail says whether WordPress answers and Redis is connected; WordPress down fails neither.
 */

const get = async (h: ReturnType<typeof createHealthHandler>, query: Record<string, string> = {}, method = 'GET') => {
  const res = fakeResponse();
  await h(fakeRequest({ method, url: '/api/health', query }), res);
  return res;
};

const up: WordPressHealth = { ok: true, status: 200, ms: 5 };
const down: WordPressHealth = { ok: false, ms: 2000, error: 'WordPress gave no answer within 2000 ms' };

describe('liveness', () => {
  it('GET /api/health answers 200 {"status":"ok"}, no-store, without any request to WordPress', async () => {
    const seen = recordWordPressRequests();
    const res = await get(handler);
    seen.stop();
    expect(res.statusCode).toBe(200);
    expect(res.sent.json).toEqual({ status: 'ok' });
    expect(res.sent.headers['cache-control']).toBe('no-store');
    expect(seen.urls).toEqual([]);
  });

  it('stays 200 while WordPress is down (the pages still serve from the cache)', async () => {
    const probe = jest.fn(async () => down);
    const res = await get(createHealthHandler({ probeWordPress: probe, redis: () => ({ configured: false }) }));
    expect(res.statusCode).toBe(200);
    expect(probe).not.toHaveBeenCalled();
  });

  it('HEAD is answered like GET; other methods get 405 JSON', async () => {
    expect((await get(handler, {}, 'HEAD')).statusCode).toBe(200);
    const post = await get(handler, {}, 'POST');
    expect(post.statusCode).toBe(405);
    expect(post.sent.json).toEqual({ error: expect.any(String) });
  });
});

const idle = { pending: 0, running: 0, retrying: 0, oldestAgeMs: null };

describe('readiness detail (?ready)', () => {
  it('WordPress answering, no Redis configured: ok, with the WordPress status', async () => {
    const res = await get(createHealthHandler({ probeWordPress: async () => up, redis: () => ({ configured: false }), now: () => 0 }), { ready: '' });
    expect(res.statusCode).toBe(200);
    expect(res.sent.json).toEqual({ status: 'ok', wordpress: up, redis: { configured: false }, worker: idle, checkedAt: '1970-01-01T00:00:00.000Z' });
  });

  it('WordPress down or Redis disconnected: degraded, still 200; with &strict, 503', async () => {
    const wpDown = createHealthHandler({ probeWordPress: async () => down, redis: () => ({ configured: false }) });
    const res = await get(wpDown, { ready: '' });
    expect(res.statusCode).toBe(200);
    expect(res.sent.json).toMatchObject({ status: 'degraded', wordpress: { ok: false, error: expect.stringContaining('no answer') } });
    expect((await get(wpDown, { ready: '', strict: '' })).statusCode).toBe(503);

    const redisDown = createHealthHandler({ probeWordPress: async () => up, redis: () => ({ configured: true, connected: false }) });
    expect((await get(redisDown, { ready: '1' })).sent.json).toMatchObject({ status: 'degraded', redis: { configured: true, connected: false } });
    const redisUp = createHealthHandler({ probeWordPress: async () => up, redis: () => ({ configured: true, connected: true }) });
    expect((await get(redisUp, { ready: '1', strict: '1' })).statusCode).toBe(200);
  });

  it(`WordPress is probed at most once per ${WORDPRESS_PROBE_TTL_MS} ms, and concurrent probes share one request`, async () => {
    let clock = 1_000_000;
    const probe = jest.fn(async () => up);
    const readiness = createReadiness({ probeWordPress: probe, redis: () => ({ configured: false }), now: () => clock });
    await Promise.all([readiness(), readiness(), readiness()]);
    clock += WORDPRESS_PROBE_TTL_MS - 1;
    await readiness();
    expect(probe).toHaveBeenCalledTimes(1);
    clock += 1;
    await readiness();
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('the default probe: GET {WORDPRESS_URL}/wp-json/?_fields=name, ok on 2xx, the status otherwise, unreachable as a message (never a throw)', async () => {
    server.use(http.get(`${WORDPRESS_BASE}/wp-json/`, () => HttpResponse.json({ name: 'WordPress' })));
    expect(await probeWordPress(WORDPRESS_BASE)).toMatchObject({ ok: true, status: 200 });
    server.use(http.get(`${WORDPRESS_BASE}/wp-json/`, () => new HttpResponse('down', { status: 503 })));
    expect(await probeWordPress(WORDPRESS_BASE)).toMatchObject({ ok: false, status: 503, error: 'WordPress answered 503' });
    server.use(http.get(`${WORDPRESS_BASE}/wp-json/`, () => HttpResponse.error()));
    expect(await probeWordPress(WORDPRESS_BASE)).toMatchObject({ ok: false, error: 'WordPress is unreachable' });
  });

  it('the route with the real configuration (no REDIS_URL in tests): WordPress probed through the fake', async () => {
    server.use(http.get(`${WORDPRESS_BASE}/wp-json/`, () => HttpResponse.json({ name: 'WordPress' })));
    const res = await get(handler, { ready: '' });
    expect(res.statusCode).toBe(200);
    expect(res.sent.json).toMatchObject({ status: 'ok', wordpress: { ok: true, status: 200 }, redis: { configured: false } });
  });

  it('issue 34: a process that runs the search index reports it (ready, size, builtAt, building), which never degrades the status', async () => {
    const up = { ok: true as const, status: 200, ms: 3 };
    const notReady = { ready: false, size: 0, builtAt: null, building: true };
    const res = await get(createHealthHandler({ probeWordPress: async () => up, redis: () => ({ configured: false }), searchIndex: () => notReady, now: () => 0 }), { ready: '' });
    expect(res.statusCode).toBe(200);
    expect(res.sent.json).toEqual({ status: 'ok', wordpress: up, redis: { configured: false }, search: notReady, worker: idle, checkedAt: '1970-01-01T00:00:00.000Z' });
    // Liveness stays {"status":"ok"}.
    expect((await get(createHealthHandler({ searchIndex: () => notReady }), {})).sent.json).toEqual({ status: 'ok' });
  });

  it('issue 35: with a cache in front to purge, the purge queue (pending keys, the oldest one\'s age); it never degrades the status', async () => {
    const up = { ok: true as const, status: 200, ms: 3 };
    const purges = { pending: 4, oldestAgeMs: 25_000 };
    const res = await get(createHealthHandler({ probeWordPress: async () => up, redis: () => ({ configured: false }), searchIndex: () => null, purges: () => purges, now: () => 0 }), { ready: '', strict: '' });
    expect(res.statusCode).toBe(200);
    expect(res.sent.json).toEqual({ status: 'ok', wordpress: up, redis: { configured: false }, worker: idle, purges, checkedAt: '1970-01-01T00:00:00.000Z' });
  });

  it('issue 35: the real configuration: purges reported only when a purge back end is configured (VARNISH_URL)', async () => {
    server.use(http.get(`${WORDPRESS_BASE}/wp-json/`, () => HttpResponse.json({ name: 'WordPress' })));
    const without = await get(createHealthHandler({ searchIndex: () => null }), { ready: '' });
    expect(without.sent.json).not.toHaveProperty('purges');
    process.env.VARNISH_URL = 'http://127.0.0.1:6081';
    resetConfigForTests();
    try {
      const withVarnish = await get(createHealthHandler({ searchIndex: () => null }), { ready: '' });
      expect(withVarnish.sent.json).toMatchObject({ purges: { pending: 0, oldestAgeMs: null } });
    } finally {
      delete process.env.VARNISH_URL;
      resetConfigForTests();
    }
  });
});

describe('issue 35: the webhook worker', () => {
  it('reports its jobs (pending, running, retrying, the oldest one\'s age), which never degrade the status', async () => {
    const up = { ok: true as const, status: 200, ms: 3 };
    const busy = { pending: 3, running: 2, retrying: 1, oldestAgeMs: 42_000 };
    const res = await get(createHealthHandler({ probeWordPress: async () => up, redis: () => ({ configured: false }), worker: () => busy, now: () => 0 }), { ready: '' });
    expect(res.statusCode).toBe(200);
    expect(res.sent.json).toMatchObject({ status: 'ok', worker: busy });
  });
});
