/** @jest-environment node */
import type { NextApiHandler } from 'next';
import handler, { config as routeConfig } from '../../pages/api/csp-report';
import { memoryRateLimit } from '@/lib/api/rateLimit';
import { createCspReportHandler, CSP_REPORT_MAX_BODY_BYTES, CSP_REPORT_MAX_REPORTS, type CspViolation } from '@/lib/security/cspReport';
import { fakeRequest, fakeResponse, type FakeRequestInit } from '../api/fakeHttp';

/**
 * Issue 12 §1: the CSP `report-to` / `report-uri` endpoint is validated, size-capped,
 * rate-limited, and writes one log line per report.
 */

const NOW = new Date('2026-03-01T12:00:00.000Z');
let logged: CspViolation[];
let report: NextApiHandler;

function request(init: FakeRequestInit, ip = '203.0.113.9') {
  const req = fakeRequest({ method: 'POST', url: '/api/csp-report', ...init });
  Object.defineProperty(req, 'socket', { value: { remoteAddress: ip } });
  return req;
}

async function send(init: FakeRequestInit, ip?: string) {
  const res = fakeResponse();
  await report(request(init, ip), res);
  return res;
}

const legacy = {
  'csp-report': {
    'document-uri': 'https://www.example.com/about-us/news?email=a@b.c#top',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 12,
    'column-number': 3,
    'source-file': 'https://www.example.com/about-us/news?x=1',
    'script-sample': 'alert(1)',
    'status-code': 200,
  },
};

const reportingApi = [
  {
    type: 'csp-violation',
    age: 10,
    url: 'https://www.example.com/',
    user_agent: 'Mozilla/5.0',
    body: {
      documentURL: 'https://www.example.com/search?s=secret',
      effectiveDirective: 'img-src',
      blockedURL: 'https://tracker.example.net/pixel.gif?id=123',
      originalPolicy: "default-src 'self'",
      disposition: 'enforce',
      statusCode: 200,
    },
  },
  { type: 'deprecation', body: { id: 'x' } },
];

beforeEach(() => {
  logged = [];
  report = createCspReportHandler({ rateLimit: memoryRateLimit({ points: 1000, durationSeconds: 60, keyPrefix: 't' }), log: (v) => logged.push(v), now: () => NOW, trustProxy: () => false });
});

describe('POST /api/csp-report logs one line per violation, without queries or anything about the visitor', () => {
  it('report-uri format (application/csp-report): 204 and one record', async () => {
    const res = await send({ headers: { 'content-type': 'application/csp-report' }, body: JSON.stringify(legacy) });
    expect(res.statusCode).toBe(204);
    expect(logged).toEqual([
      {
        event: 'csp_violation',
        document: 'https://www.example.com/about-us/news',
        directive: 'script-src-elem',
        blocked: 'inline',
        disposition: 'enforce',
        source: 'https://www.example.com/about-us/news:12:3',
        sample: 'alert(1)',
        at: NOW.toISOString(),
      },
    ]);
  });

  it('Reporting API format (application/reports+json): csp-violation reports only, one record each', async () => {
    const res = await send({ headers: { 'content-type': 'application/reports+json' }, body: JSON.stringify([...reportingApi, reportingApi[0]]) });
    expect(res.statusCode).toBe(204);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toEqual({
      event: 'csp_violation',
      document: 'https://www.example.com/search',
      directive: 'img-src',
      blocked: 'https://tracker.example.net/pixel.gif',
      disposition: 'enforce',
      at: NOW.toISOString(),
    });
  });

  it(`at most ${CSP_REPORT_MAX_REPORTS} reports of one request are logged`, async () => {
    const many = Array.from({ length: CSP_REPORT_MAX_REPORTS + 5 }, () => reportingApi[0]);
    const res = await send({ headers: { 'content-type': 'application/reports+json' }, body: JSON.stringify(many) });
    expect(res.statusCode).toBe(204);
    expect(logged).toHaveLength(CSP_REPORT_MAX_REPORTS);
  });

  it('the default handler writes ONE JSON line per report on stdout', async () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const res = fakeResponse();
      await handler(request({ headers: { 'content-type': 'application/csp-report', 'user-agent': 'UA' }, body: JSON.stringify(legacy) }), res);
      expect(res.statusCode).toBe(204);
      expect(log).toHaveBeenCalledTimes(1);
      expect(JSON.parse(String(log.mock.calls[0][0]))).toMatchObject({ event: 'csp_violation', directive: 'script-src-elem' });
      expect(String(log.mock.calls[0][0])).not.toMatch(/UA|203\.0\.113/);
    } finally {
      log.mockRestore();
    }
    expect(routeConfig).toEqual({ api: { bodyParser: false } });
  });
});

describe('bad reports get a 4xx JSON answer, never a 500, and log nothing', () => {
  it.each([
    ['GET', { method: 'GET' }, 405],
    ['text/plain', { headers: { 'content-type': 'text/plain' }, body: 'x' }, 415],
    ['not JSON', { headers: { 'content-type': 'application/csp-report' }, body: '{' }, 400],
    ['not a report', { headers: { 'content-type': 'application/csp-report' }, body: '{"a":1}' }, 400],
    ['no directive', { headers: { 'content-type': 'application/csp-report' }, body: '{"csp-report":{"document-uri":"x"}}' }, 400],
    ['a list without csp-violation', { headers: { 'content-type': 'application/reports+json' }, body: '[{"type":"deprecation","body":{}}]' }, 400],
    ['too large', { headers: { 'content-type': 'application/csp-report' }, body: 'x'.repeat(CSP_REPORT_MAX_BODY_BYTES + 1) }, 413],
  ] as const)('%s → %i', async (_name, init, status) => {
    const res = await send(init as FakeRequestInit);
    expect(res.statusCode).toBe(status);
    expect(res.sent.json).toEqual({ error: expect.any(String) });
    expect(logged).toEqual([]);
  });

  it('rate-limited per client: 429 with Retry-After', async () => {
    report = createCspReportHandler({ rateLimit: memoryRateLimit({ points: 2, durationSeconds: 60, keyPrefix: 'r' }), log: (v) => logged.push(v), trustProxy: () => false });
    const init = { headers: { 'content-type': 'application/csp-report' }, body: JSON.stringify(legacy) };
    expect((await send(init)).statusCode).toBe(204);
    expect((await send(init)).statusCode).toBe(204);
    const refused = await send(init);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.sent.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(init, '198.51.100.1')).statusCode).toBe(204);
  });
});
