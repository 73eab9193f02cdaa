/** @jest-environment node */
import type { NextApiHandler } from 'next';
import handler, { config as routeConfig } from '../../pages/api/ping';
import { clientId, normalizeAddress } from '@/lib/api/clientId';
import { memoryRateLimit, rateLimitFrom, type RateLimit } from '@/lib/api/rateLimit';
import { createPingHandler, PING_MAX_BODY_BYTES, PING_MAX_PAGE_BYTES, PING_RATE_LIMIT, type PageView } from '@/lib/api/ping';
import { recordWordPressRequests } from '../setup/msw';
import { fakeRequest, fakeResponse, type FakeRequestInit } from './fakeHttp';

const NOW = new Date('2025-03-01T12:34:56.789Z');
const JSON_TYPE = { 'content-type': 'application/json' };

/** A request from `ip` (the socket's address, as Node gives it). */
function request(init: FakeRequestInit, ip = '203.0.113.7') {
  const req = fakeRequest({ method: 'POST', url: '/api/ping', headers: JSON_TYPE, ...init });
  Object.defineProperty(req, 'socket', { value: { remoteAddress: ip } });
  return req;
}

let views: PageView[];
let ping: NextApiHandler;
let errorSpy: jest.SpyInstance;

/** A fresh handler per test: its own limiter (so no test depends on another's count) and a recorded log. */
function freshHandler(rateLimit?: RateLimit, trustProxy = false) {
  views = [];
  ping = createPingHandler({ rateLimit, log: (view) => views.push(view), now: () => NOW, trustProxy: () => trustProxy });
}

/** How many page views were logged before the last request. */
let viewsBefore = 0;

async function send(req: ReturnType<typeof request>) {
  const res = fakeResponse();
  viewsBefore = views.length;
  await ping(req, res);
  return res;
}

const call = (body: unknown, init: FakeRequestInit = {}, ip?: string) =>
  send(request({ body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body), ...init }, ip));

beforeEach(() => {
  freshHandler();
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => errorSpy.mockRestore());

/** Every refusal is a 4xx with a JSON `{error}` message and logs no page view. */
function expectRefusal(res: ReturnType<typeof fakeResponse>, status: number, message?: RegExp) {
  expect(res.statusCode).toBe(status);
  expect(res.sent.json).toEqual({ error: expect.any(String) });
  if (message) expect((res.sent.json as { error: string }).error).toMatch(message);
  expect(res.sent.headers['content-type']).toMatch(/^application\/json/);
  expect(views).toHaveLength(viewsBefore);
}

describe('POST /api/ping answers 204 and logs one page view without anything about the visitor', () => {
  it('a valid ping answers 204 with no body and logs exactly one {event, page, at} line', async () => {
    const res = await call({ page: '/about-us/news' });
    expect(res.statusCode).toBe(204);
    expect(res.sent.ended).toBe(true);
    expect(res.sent.json).toBeUndefined();
    expect(views).toEqual([{ event: 'page_view', page: '/about-us/news', at: '2025-03-01T12:34:56.789Z' }]);
  });

  it('the default handler writes the page view as ONE JSON line on stdout, with no IP address or user agent', async () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const ip = '198.51.100.23';
      const req = request({ body: JSON.stringify({ page: '/pages/card-services' }), headers: { ...JSON_TYPE, 'user-agent': 'Mozilla/5.0 TestBrowser', 'x-forwarded-for': '192.0.2.99' } }, ip);
      const res = fakeResponse();
      await handler(req, res);
      expect(res.statusCode).toBe(204);
      expect(log).toHaveBeenCalledTimes(1);
      const line = String(log.mock.calls[0][0]);
      expect(line).not.toContain('\n');
      const parsed = JSON.parse(line);
      expect(Object.keys(parsed).sort()).toEqual(['at', 'event', 'page']);
      expect(parsed).toMatchObject({ event: 'page_view', page: '/pages/card-services' });
      expect(new Date(parsed.at).toISOString()).toBe(parsed.at);
      for (const secret of [ip, '192.0.2.99', 'Mozilla', 'TestBrowser']) expect(line).not.toContain(secret);
    } finally {
      log.mockRestore();
    }
  });

  it('the query and fragment a client sends are cut off before logging (they can carry personal data)', async () => {
    const res = await call({ page: '/contact-us?email=someone@example.com#form' });
    expect(res.statusCode).toBe(204);
    expect(views.map((v) => v.page)).toEqual(['/contact-us']);
  });

  it('fields other than page are ignored, and the ping never reaches WordPress', async () => {
    const recorder = recordWordPressRequests();
    const res = await call({ page: '/', referrer: 'https://elsewhere.example' });
    recorder.stop();
    expect(res.statusCode).toBe(204);
    expect(views).toHaveLength(1);
    expect(recorder.urls).toEqual([]);
  });

  it('answers Cache-Control: no-store', async () => {
    expect((await call({ page: '/' })).sent.headers['cache-control']).toBe('no-store');
  });

  it("the route turns Next's body parser off, so every refusal is the handler's JSON", () => {
    expect(routeConfig).toEqual({ api: { bodyParser: false } });
  });
});

describe('POST /api/ping refuses bad requests with a 4xx JSON message, never a 500', () => {
  it.each(['GET', 'PUT', 'DELETE', 'OPTIONS'])('method %s → 405 with Allow: POST', async (method) => {
    const res = await call({ page: '/' }, { method });
    expectRefusal(res, 405, new RegExp(`${method}.*POST`));
    expect(res.sent.headers.allow).toBe('POST');
  });

  it.each([
    ['no content type', {}],
    ['text/plain', { 'content-type': 'text/plain' }],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('a body that is not declared JSON (%s) → 415', async (_name, headers) => {
    expectRefusal(await call({ page: '/' }, { headers }), 415, /application\/json/);
  });

  it('accepts application/json with a charset parameter', async () => {
    expect((await call({ page: '/' }, { headers: { 'content-type': 'application/json; charset=utf-8' } })).statusCode).toBe(204);
  });

  it('a body over 4 KB → 413 (read) and a declared Content-Length over 4 KB → 413 (without reading)', async () => {
    const big = JSON.stringify({ page: `/${'a'.repeat(PING_MAX_BODY_BYTES)}` });
    expectRefusal(await call(big), 413, /4096 bytes/);
    const declared = await call({ page: '/' }, { headers: { ...JSON_TYPE, 'content-length': String(PING_MAX_BODY_BYTES + 1) } });
    expectRefusal(declared, 413);
  });

  it.each([
    ['malformed JSON', '{"page": "/"', /not valid JSON/],
    ['an empty body', '', /empty/],
    ['not UTF-8', Buffer.from([0x7b, 0xff, 0x7d]), /UTF-8/],
    ['a JSON list', '["/"]', /JSON object/],
    ['JSON null', 'null', /JSON object/],
    ['a JSON string', '"/about-us"', /JSON object/],
  ])('%s → 400', async (_name, body, message) => {
    expectRefusal(await call(body), 400, message);
  });

  it.each([
    ['page missing', {}, /needs "page"/],
    ['page a list', { page: ['x'] }, /must be a string/],
    ['page a number', { page: 5 }, /must be a string/],
    ['page null', { page: null }, /must be a string/],
    ['page without a leading slash', { page: 'about-us' }, /starting with "\/"/],
    ['page a URL', { page: 'https://evil.example/' }, /starting with "\/"/],
    ['page empty', { page: '' }, /starting with "\/"/],
    ['a protocol-relative //evil page', { page: '//evil.example/x' }, /"\/\/"/],
    ['a /\\evil page (browsers read it as //)', { page: '/\\evil.example' }, /must not start with "\/\/" or "\/\\"/],
    ['control characters (a forged second log line)', { page: '/x\n{"event":"page_view","page":"/forged"}' }, /control characters/],
  ])('%s → 400 naming the problem', async (_name, body, message) => {
    expectRefusal(await call(body), 400, message);
  });

  it('page over 2 KB → 400 (2 KB exactly is accepted)', async () => {
    expectRefusal(await call({ page: `/${'a'.repeat(PING_MAX_PAGE_BYTES)}` }), 400, /2048 bytes/);
    const exact = await call({ page: `/${'a'.repeat(PING_MAX_PAGE_BYTES - 1)}` });
    expect(exact.statusCode).toBe(204);
  });

  it('a stream error while reading the body → 400, not a crash', async () => {
    const req = request({ body: undefined });
    const done = send(req);
    req.destroy(new Error('socket hang up'));
    expectRefusal(await done, 400, /could not be read/);
  });
});

describe('POST /api/ping is rate limited per client: 429 JSON with Retry-After', () => {
  it(`the default limit is ${PING_RATE_LIMIT.points} pings per ${PING_RATE_LIMIT.durationSeconds} s per client`, async () => {
    freshHandler(memoryRateLimit({ ...PING_RATE_LIMIT, keyPrefix: 'ping-test' }));
    for (let i = 0; i < PING_RATE_LIMIT.points; i++) expect((await call({ page: '/' })).statusCode).toBe(204);
    const refused = await call({ page: '/' });
    expectRefusal(refused, 429, /Too many requests/);
    expect(Number(refused.sent.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.sent.headers['retry-after'])).toBeLessThanOrEqual(PING_RATE_LIMIT.durationSeconds);
    // Another client is not affected.
    expect((await call({ page: '/' }, {}, '203.0.113.8')).statusCode).toBe(204);
  });

  it('refused requests count too, and the limit applies before the body is read', async () => {
    freshHandler(memoryRateLimit({ points: 2, durationSeconds: 60, keyPrefix: 'ping-test' }));
    expect((await call('not json')).statusCode).toBe(400);
    expect((await call({ page: 'bad' })).statusCode).toBe(400);
    expectRefusal(await call({ page: '/' }), 429);
  });

  it('the window ends: after Retry-After seconds the client may ping again', async () => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      freshHandler(memoryRateLimit({ points: 1, durationSeconds: 10, keyPrefix: 'ping-test' }));
      expect((await call({ page: '/' })).statusCode).toBe(204);
      const refused = await call({ page: '/' });
      expect(refused.statusCode).toBe(429);
      expect(refused.sent.headers['retry-after']).toBe('10');
      jest.advanceTimersByTime(10_000);
      expect((await call({ page: '/' })).statusCode).toBe(204);
    } finally {
      jest.useRealTimers();
    }
  });

  it('X-Forwarded-For is ignored unless TRUST_PROXY: a client cannot dodge the limit by inventing addresses', async () => {
    freshHandler(memoryRateLimit({ points: 1, durationSeconds: 60, keyPrefix: 'ping-test' }));
    expect((await call({ page: '/' }, { headers: { ...JSON_TYPE, 'x-forwarded-for': '192.0.2.1' } })).statusCode).toBe(204);
    expect((await call({ page: '/' }, { headers: { ...JSON_TYPE, 'x-forwarded-for': '192.0.2.2' } })).statusCode).toBe(429);
  });

  it('with TRUST_PROXY, clients behind the proxy are counted by the address the proxy appended', async () => {
    freshHandler(memoryRateLimit({ points: 1, durationSeconds: 60, keyPrefix: 'ping-test' }), true);
    const proxy = '10.0.0.1';
    const via = (xff: string) => call({ page: '/' }, { headers: { ...JSON_TYPE, 'x-forwarded-for': xff } }, proxy);
    expect((await via('198.51.100.1')).statusCode).toBe(204);
    expect((await via('198.51.100.2')).statusCode).toBe(204);
    // A client inventing a left-hand address is still counted by the address the proxy saw.
    expect((await via('192.0.2.50, 198.51.100.1')).statusCode).toBe(429);
  });

  it('a limiter that fails (a store outage) lets requests through and logs, rather than refusing everyone', async () => {
    freshHandler(rateLimitFrom({ consume: () => Promise.reject(new Error('store down')) }, 'ping-test'));
    expect((await call({ page: '/' })).statusCode).toBe(204);
    expect(errorSpy.mock.calls.some(([m]) => String(m).includes('store down'))).toBe(true);
  });
});

describe('clientId: the key the rate limits count by', () => {
  const req = (remoteAddress: string | undefined, xff?: string) => {
    const r = fakeRequest({ headers: xff ? { 'x-forwarded-for': xff } : {} });
    Object.defineProperty(r, 'socket', { value: { remoteAddress } });
    return r;
  };

  it('is the socket address without TRUST_PROXY, whatever X-Forwarded-For says', () => {
    expect(clientId(req('203.0.113.7', '192.0.2.1'), false)).toBe('203.0.113.7');
  });

  it('with TRUST_PROXY is the last X-Forwarded-For address, or the socket address when the header is missing or malformed', () => {
    expect(clientId(req('10.0.0.1', '192.0.2.1, 198.51.100.9'), true)).toBe('198.51.100.9');
    expect(clientId(req('10.0.0.1'), true)).toBe('10.0.0.1');
    expect(clientId(req('10.0.0.1', 'not-an-ip'), true)).toBe('10.0.0.1');
  });

  it('counts IPv4-mapped IPv6 as IPv4 and other IPv6 addresses by their /64', () => {
    expect(normalizeAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(normalizeAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(normalizeAddress('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(normalizeAddress('::1')).toBe('0:0:0:0::/64');
    expect(normalizeAddress('[2001:db8::7]:443')).toBe('2001:db8:0:0::/64');
    expect(normalizeAddress('192.0.2.1:8080')).toBe('192.0.2.1');
    expect(normalizeAddress('garbage')).toBeNull();
  });

  it('is "unknown" when there is no address at all', () => {
    expect(clientId(req(undefined), false)).toBe('unknown');
  });
});
