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
import { invalidatedScopes, parsePayload } from '@/lib/site/revalidate';
import { redirectKeys } from '@/lib/site/purgeOnPublish';
import { fakeWordPress, server, WORDPRESS_BASE } from '../setup/msw';
import { fakeResponse, webhookRequest } from '../api/fakeHttp';
import { letLoopbackThrough, startRecordingServer } from '../cache/recordingServer';


async function call(body: unknown) {
  const req = webhookRequest(body);
  const res = fakeResponse();
  await handler(req, res);
  return res;
}

beforeEach(() => {
  resetRedirectsForTests();
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('validation', () => {
  test('a payload with only redirects: true is valid', () => {
    expect(parsePayload({ event: 'slug_change', items: [], menu: false, redirects: true })).toEqual({ payload: { kind: 'plugin', event: 'slug_change', items: [], menu: false, redirects: true } });
    expect(parsePayload({ event: 'redirection', redirects: true })).toMatchObject({ payload: { redirects: true, items: [], menu: false } });
  });

  test.each([['yes'], [1], [null], [[]]])('redirects: %p is refused (a boolean only)', (value) => {
    expect(parsePayload({ event: 'x', items: [], menu: false, redirects: value })).toEqual({ problem: '"redirects" must be true or false' });
  });

  test('redirects: false alone is nothing to do; redirects mixed with "type" or "paths" is refused', () => {
    expect(parsePayload({ event: 'x', items: [], menu: false, redirects: false })).toMatchObject({ problem: expect.stringMatching(/Nothing to revalidate/) });
    expect(parsePayload({ redirects: true, paths: ['/a'] })).toMatchObject({ problem: expect.stringMatching(/not several/) });
  });

  test('absent redirects is false; the scope follows the flag', () => {
    const parsed = parsePayload({ event: 'update', items: [{ rest_base: 'news', slug: 'x' }], menu: false });
    expect(parsed).toMatchObject({ payload: { redirects: false } });
    expect(invalidatedScopes((parsed as { payload: Parameters<typeof invalidatedScopes>[0] }).payload)).toEqual({ menu: false, content: true });
    expect(invalidatedScopes({ kind: 'plugin', event: 'x', items: [], menu: false, redirects: true })).toEqual({ menu: false, content: false, redirects: true });
  });
});

describe('the call', () => {
  test('redirects: true reads the table from WordPress and a changed rule takes effect', async () => {
    const first = await call({ event: 'slug_change', items: [], menu: false, redirects: true });
    expect(first.statusCode).toBe(200);
    expect(first.sent.json).toMatchObject({ revalidated: [], failed: [], redirects: { changed: true } });
    expect(matchRedirect(currentRedirects(), '/old-pricing', '')).toMatchObject({ location: '/pages/card-services' });

    fakeWordPress().redirection!.items.find((i) => i.url === '/old-pricing')!.action_data = '/pages/secure-switching';
    const second = await call({ event: 'redirection', redirects: true });
    expect(second.sent.json).toMatchObject({ redirects: { changed: true, changedSources: ['/old-pricing'] } });
    expect(matchRedirect(currentRedirects(), '/old-pricing', '')).toMatchObject({ location: '/pages/secure-switching' });
    // The chain through it follows.
    expect(matchRedirect(currentRedirects(), '/spring-sale', '')).toMatchObject({ location: '/pages/secure-switching' });

    const third = await call({ event: 'redirection', redirects: true });
    expect(third.sent.json).toMatchObject({ redirects: { changed: false, changedSources: [] } });
  });

  test('WordPress unable to give the table: 502 with the reason, the last table stays', async () => {
    await call({ event: 'x', redirects: true });
    server.use(http.get(`${WORDPRESS_BASE}/wp-json/custom-api/v1/redirects`, () => HttpResponse.json({ version: 3 })));
    const res = await call({ event: 'x', redirects: true });
    expect(res.statusCode).toBe(502);
    expect(res.sent.json).toMatchObject({ error: expect.stringMatching(/redirect table could not be read/) });
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
      expect(res.statusCode).toBe(200);
      expect(res.sent.json).toMatchObject({ purge: { ok: true } });
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
