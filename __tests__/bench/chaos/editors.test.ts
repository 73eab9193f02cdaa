/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { http as mswHttp, passthrough } from 'msw';
import { server as msw } from '../../setup/msw';
import { postOnce, retryDelayMs, webhookBody } from '../../../scripts/bench/chaos/editors';
import { parseUsedMemory, parseVmRss } from '../../../scripts/bench/chaos/monitor';
import { parseBenchOptions, UsageError } from '../../../scripts/bench/options';

describe('chaos bench editors (issue 35)', () => {
  it('builds the webhook body as the plugin does: payload version 2 (docs/reliability.md §1)', () => {
    const item = { restBase: 'news', slug: 'a-story' };
    expect(webhookBody(item, 'chaos-ab-3')).toEqual({ v: 2, id: 'chaos-ab-3', event: 'update', items: [{ rest_base: 'news', slug: 'a-story' }], scope: 'items', redirects: false });
    // Version 2's delivery id rule: 1–64 of A-Z a-z 0-9 . _ : -
    expect(String(webhookBody(item, 'chaos-ab-3').id)).toMatch(/^[A-Za-z0-9._:-]{1,64}$/);
  });

  it("retries as the plugin's outbox does: 1, 2, 4 s, then every 5 s", () => {
    expect([1, 2, 3, 4, 5, 40].map(retryDelayMs)).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
  });
});

describe('chaos bench monitor parsing', () => {
  it('reads VmRSS from /proc/{pid}/status and used_memory from INFO memory', () => {
    expect(parseVmRss('Name:\tnext-server\nVmPeak:\t 900000 kB\nVmRSS:\t  201234 kB\nRssAnon:\t 1 kB\n')).toBe(201234);
    expect(parseVmRss('Name:\tzombie\n')).toBeNull();
    expect(parseUsedMemory('# Memory\r\nused_memory:1048576\r\nused_memory_human:1.00M\r\n')).toBe(1048576);
    expect(parseUsedMemory('')).toBeNull();
  });
});

describe('chaos bench options', () => {
  it('is off by default: 10 minutes, 40 req/s, the full form', () => {
    expect(parseBenchOptions([], {})).toMatchObject({ chaos: false, chaosMinutes: 10, chaosShort: false, chaosRate: 40 });
  });

  it('takes --chaos, --chaos-short, --chaos-minutes, --chaos-rate and their variables', () => {
    expect(parseBenchOptions(['--chaos', '--chaos-minutes', '20', '--chaos-rate=60', '--items', '0'], {})).toMatchObject({ chaos: true, chaosMinutes: 20, chaosRate: 60, items: 0 });
    expect(parseBenchOptions([], { BENCH_CHAOS: '1', BENCH_CHAOS_SHORT: 'true', BENCH_CHAOS_MINUTES: '15' })).toMatchObject({ chaos: true, chaosShort: true, chaosMinutes: 15 });
    expect(() => parseBenchOptions(['--chaos-minutes', '0'], {})).toThrow(UsageError);
  });
});

describe('the bench editors deliver as WordPress does: a connection per attempt', () => {
  it('opens a new connection for each POST (so the link balances every retry), and returns the status', async () => {
    msw.use(mswHttp.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()));
    const sockets = new Set<unknown>();
    const server = http.createServer((req, res) => {
      sockets.add(req.socket);
      req.resume();
      req.on('end', () => res.writeHead(sockets.size === 1 ? 503 : 202).end('{}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/revalidate`;
    try {
      expect(await postOnce(url, { 'content-type': 'application/json' }, '{"v":2}', AbortSignal.timeout(5000))).toBe(503);
      expect(await postOnce(url, { 'content-type': 'application/json' }, '{"v":2}', AbortSignal.timeout(5000))).toBe(202);
      expect(sockets.size).toBe(2);
      const aborted = new AbortController();
      aborted.abort(new Error('stop'));
      await expect(postOnce(url, {}, '', aborted.signal)).rejects.toThrow('stop');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
