/** @jest-environment node */
/**
 * Issue 33 §4: the webhook's `redirects` flag (src/lib/site/revalidate.ts): validated like the
 * other fields, valid alone, it reloads the table from WordPress, says what it found, and purges
 * `redirects` and the keys of the changed plain sources.
 */
import { http, HttpResponse } from 'msw';
import handler from '../../pages/api/revalidate';
import { resetConfigForTests } from '@/config';
import { currentRedirects, resetRedirectsForTests } from '@/lib/redirects/store';
import { matchRedirect } from '@/lib/redirects/compile';
import { jobsSettled, workerStatus } from '@/lib/site/jobs';
import { purgesSettled } from '@/lib/cache/purgeQueue';
import { parsePayload } from '@/lib/site/revalidate';
import { redirectKeys } from '@/lib/site/purgeOnPublish';
import { fakeWordPress, server, WORDPRESS_BASE } from '../setup/msw';
import { fakeResponse, stopTestWorker, installTestWorker, v2, webhookRequest } from '../api/fakeHttp';
import { letLoopbackThrough, startRecordingServer } from '../cache/recordingServer';

/** Calls the webhook and waits for the worker. */
async function call(fields: Record<string, unknown>) {
  const res = fakeResponse();
  await handler(webhookRequest(v2(fields)), res);
  await jobsSettled();
  // Issue 35 §3: the worker hands its purge to the queue, which sends it after the batch.
  await purgesSettled();
  return res;
}

let info: jest.SpyInstance;
beforeEach(() => {
  resetRedirectsForTests();
  info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  installTestWorker();
});
afterEach(async () => {
  await stopTestWorker();
  jest.restoreAllMocks();
});

const tableLines = () => info.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith('[redirects] table'));

describe('validation', () => {
  test('a payload with only redirects: true is valid', () => {
    expect(parsePayload(v2({ event: 'slug_change', items: [], scope: 'items', redirects: true }))).toEqual({ payload: { v: 2, id: 'wp-test-1', event: 'slug_change', items: [], scope: 'items', redirects: true } });
    expect(parsePayload(v2({ event: 'redirection', redirects: true }))).toMatchObject({ payload: { redirects: true, items: [], scope: 'items' } });
  });

  test.each([['yes'], [1], [null], [[]]])('redirects: %p is refused (a boolean only)', (value) => {
    expect(parsePayload(v2({ event: 'x', items: [], redirects: value }))).toEqual({ problem: '"redirects" must be true or false' });
  });

  test('redirects: false alone is nothing to do', () => {
    expect(parsePayload(v2({ event: 'x', items: [], redirects: false }))).toMatchObject({ problem: expect.stringMatching(/Nothing to do/) });
  });

  test('absent redirects is false', () => {
    expect(parsePayload(v2({ event: 'update', items: [{ rest_base: 'news', slug: 'x' }] }))).toMatchObject({ payload: { redirects: false } });
  });
});

describe('the worker', () => {
  test('redirects: true reads the table from WordPress and a changed rule takes effect', async () => {
    const first = await call({ event: 'slug_change', items: [], redirects: true });
    expect(first.statusCode).toBe(202);
    expect(tableLines()).toHaveLength(1);
    expect(matchRedirect(currentRedirects(), '/old-pricing', '')).toMatchObject({ location: '/pages/card-services' });

    fakeWordPress().redirection!.items.find((i) => i.url === '/old-pricing')!.action_data = '/pages/secure-switching';
    await call({ event: 'redirection', redirects: true });
    expect(tableLines()).toHaveLength(2);
    expect(matchRedirect(currentRedirects(), '/old-pricing', '')).toMatchObject({ location: '/pages/secure-switching' });
    // The chain through it follows.
    expect(matchRedirect(currentRedirects(), '/spring-sale', '')).toMatchObject({ location: '/pages/secure-switching' });

    await call({ event: 'redirection', redirects: true });
    // Unchanged: no new table.
    expect(tableLines()).toHaveLength(2);
  });

  test('WordPress unable to give the table: the last table stays and the job is kept for the next batch', async () => {
    await call({ event: 'x', redirects: true });
    server.use(http.get(`${WORDPRESS_BASE}/wp-json/custom-api/v1/redirects`, () => HttpResponse.json({ version: 3 })));
    const res = await call({ event: 'x', redirects: true });
    expect(res.statusCode).toBe(202);
    expect(workerStatus().retrying).toBe(1);
    expect(matchRedirect(currentRedirects(), '/old-pricing', '')).not.toBeNull();
  });

  test('the purge names redirects and the changed plain sources\' keys (never the layout key)', async () => {
    expect(redirectKeys(['/about-us/news/old', '/promo'])).toEqual(['redirects', 'item:news:old', 'page:/promo']);
    letLoopbackThrough();
    const varnish = await startRecordingServer();
    const env = { ...process.env };
    try {
      process.env.VARNISH_URL = varnish.url;
      resetConfigForTests();
      await call({ event: 'x', redirects: true });
      fakeWordPress().collections.news.find((p) => p.slug === 'corvane-opens-regional-office-in-denver')!.oldSlugs = ['denver-office-draft'];
      const res = await call({ event: 'slug_change', redirects: true });
      expect(res.statusCode).toBe(202);
      const purges = varnish.requests.filter((r) => r.method === 'PURGE');
      const keys = purges.map((r) => String(r.headers['xkey-purge'])).pop()?.split(' ');
      expect(keys).toEqual(expect.arrayContaining(['redirects', 'item:news:corvane-opens-denver-office']));
      expect(keys).not.toContain('layout');
    } finally {
      process.env = env;
      resetConfigForTests();
      await varnish.close();
    }
  });
});
