/** @jest-environment node */
import { purgeKeys, warmPaths } from '@/lib/cache/purge';
import { letLoopbackThrough, startRecordingServer, type RecordingServer } from './recordingServer';

/**
 * Issue 18: one purge interface, three back ends, each tested against a local server that
 * records what it sends, in the shape the back end's API documents:
 * - Varnish (deploy/varnish/site.vcl): `PURGE /` with `xkey-purge` (soft purge), to every server;
 * - Fastly: `POST /service/{id}/purge`, `Fastly-Key`, `Surrogate-Key` (space-separated, ≤ 256), `Fastly-Soft-Purge: 1`;
 * - Cloudflare: `POST /zones/{zone}/purge_cache`, `Authorization: Bearer`, `{"tags": [...]}` (≤ 30 a call).
 */

const noWait = { sleep: async () => undefined };
let servers: RecordingServer[] = [];
const start = async (...args: Parameters<typeof startRecordingServer>) => {
  const s = await startRecordingServer(...args);
  servers.push(s);
  return s;
};

beforeEach(() => letLoopbackThrough());
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

describe('Varnish', () => {
  test('soft-purges the keys on every Varnish server, with the shared secret when set', async () => {
    const [a, b] = [await start(), await start()];
    const outcome = await purgeKeys({ backend: 'varnish', urls: [a.url, b.url], secret: 'a-shared-purge-secret' }, ['item:news:x', 'list:news', 'item:news:x'], noWait);
    expect(outcome).toEqual({ backend: 'varnish', keys: ['item:news:x', 'list:news'], ok: true, attempts: 1 });
    for (const server of [a, b]) {
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]).toMatchObject({ method: 'PURGE', url: '/' });
      expect(server.requests[0].headers['xkey-purge']).toBe('item:news:x list:news');
      expect(server.requests[0].headers['x-purge-secret']).toBe('a-shared-purge-secret');
    }
  });

  test('no secret configured: none sent (the VCL accepts loopback only)', async () => {
    const a = await start();
    await purgeKeys({ backend: 'varnish', urls: [a.url], secret: null }, ['layout'], noWait);
    expect(a.requests[0].headers['x-purge-secret']).toBeUndefined();
  });

  test('warms each page through every Varnish with X-Cache-Warm (a fresh fetch whatever is cached)', async () => {
    const [a, b] = [await start(), await start()];
    const result = await warmPaths({ backend: 'varnish', urls: [a.url, b.url], secret: null }, ['/', '/about-us/news']);
    expect(result).toEqual({ warmed: 4, failed: 0 });
    for (const server of [a, b]) {
      expect(server.requests.map((r) => [r.method, r.url, r.headers['x-cache-warm']]).sort()).toEqual([
        ['GET', '/', '1'],
        ['GET', '/about-us/news', '1'],
      ]);
    }
  });
});

describe('Fastly', () => {
  test('purges by surrogate key, soft, 256 keys a request', async () => {
    const api = await start();
    const keys = Array.from({ length: 300 }, (_, i) => `item:news:n${i}`);
    const config = { backend: 'fastly' as const, serviceId: 'SU1Z0isxPaozGVKXdv0eY', token: 'fastly-token', apiUrl: api.url, warmUrl: 'http://127.0.0.1:1' };
    expect((await purgeKeys(config, keys, noWait)).ok).toBe(true);
    expect(api.requests.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/service/SU1Z0isxPaozGVKXdv0eY/purge'],
      ['POST', '/service/SU1Z0isxPaozGVKXdv0eY/purge'],
    ]);
    expect(api.requests[0].headers).toMatchObject({ 'fastly-key': 'fastly-token', 'fastly-soft-purge': '1' });
    expect(api.requests[0].headers['surrogate-key']).toBe(keys.slice(0, 256).join(' '));
    expect(api.requests[1].headers['surrogate-key']).toBe(keys.slice(256).join(' '));
  });

  test('warms through the public address (SITE_URL), plain GETs', async () => {
    const site = await start();
    await warmPaths({ backend: 'fastly', serviceId: 's', token: 't', apiUrl: 'http://127.0.0.1:1', warmUrl: site.url }, ['/about-us/news/x']);
    expect(site.requests.map((r) => [r.method, r.url, r.headers['x-cache-warm']])).toEqual([['GET', '/about-us/news/x', undefined]]);
  });
});

describe('Cloudflare', () => {
  test('purges by Cache-Tag, 30 tags a call, and reads success from the answer', async () => {
    const api = await start(() => ({ body: JSON.stringify({ success: true, errors: [], messages: [], result: { id: 'zone' } }) }));
    const tags = Array.from({ length: 31 }, (_, i) => `t${i}`);
    const config = { backend: 'cloudflare' as const, zoneId: '023e105f4ecef8ad9ca31a8372d0c353', token: 'cf-token', apiUrl: `${api.url}/client/v4`, warmUrl: 'http://127.0.0.1:1' };
    expect((await purgeKeys(config, tags, noWait)).ok).toBe(true);
    expect(api.requests.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache'],
      ['POST', '/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache'],
    ]);
    expect(api.requests[0].headers.authorization).toBe('Bearer cf-token');
    expect(api.requests[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(api.requests[0].body)).toEqual({ tags: tags.slice(0, 30) });
    expect(JSON.parse(api.requests[1].body)).toEqual({ tags: ['t30'] });
  });

  test('an answer of success: false is a failure, with Cloudflare\'s message', async () => {
    const api = await start(() => ({ body: JSON.stringify({ success: false, errors: [{ code: 1134, message: 'Purge by tag is not available' }] }) }));
    const outcome = await purgeKeys({ backend: 'cloudflare', zoneId: 'z', token: 't', apiUrl: api.url, warmUrl: 'http://127.0.0.1:1' }, ['layout'], noWait);
    expect(outcome).toMatchObject({ ok: false, attempts: 2, error: 'Cloudflare: Purge by tag is not available' });
  });
});

describe('a failing purge', () => {
  test('is retried once; a retry that works is a success', async () => {
    const varnish = await start((_r, i) => (i === 0 ? { status: 503, body: 'busy' } : {}));
    const outcome = await purgeKeys({ backend: 'varnish', urls: [varnish.url], secret: null }, ['layout'], noWait);
    expect(outcome).toMatchObject({ ok: true, attempts: 2 });
    expect(varnish.requests).toHaveLength(2);
  });

  test('failing twice: reported with the back end\'s answer (never thrown); the queue (purgeQueue.ts) retries it', async () => {
    const varnish = await start(() => ({ status: 403, body: 'Forbidden' }));
    const outcome = await purgeKeys({ backend: 'varnish', urls: [varnish.url], secret: null }, ['layout'], noWait);
    expect(outcome).toMatchObject({ ok: false, attempts: 2 });
    expect(outcome.error).toContain('HTTP 403 Forbidden');
    expect(varnish.requests.map((r) => r.method)).toEqual(['PURGE', 'PURGE']);
  });

  test('an unreachable back end is a failure too', async () => {
    const outcome = await purgeKeys({ backend: 'varnish', urls: ['http://127.0.0.1:1'], secret: null }, ['layout'], noWait);
    expect(outcome).toMatchObject({ ok: false, attempts: 2 });
  });
});
