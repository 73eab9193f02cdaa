/** @jest-environment node */
import { http, HttpResponse, delay } from 'msw';
import {
  ATTEMPT_TIMEOUT_MS,
  CUSTOM_PREFIX,
  fetchJson,
  MAX_RETRIES_MESSAGE,
  RETRY_DELAY_MS,
  segment,
  WP_PREFIX,
  wpUrl,
} from '@/lib/shared/wordpress/http';
import { server, WORDPRESS_BASE } from '../setup/msw';

const URL_UNDER_TEST = `${WORDPRESS_BASE}/wp-json/wp/v2/news`;

/** Answers the given responses in turn and records what WordPress was asked. */
function answerInTurn(...responses: Array<() => Response | Promise<Response>>) {
  const seen: URL[] = [];
  server.use(
    http.get(URL_UNDER_TEST, async ({ request }) => {
      seen.push(new URL(request.url));
      const next = responses[Math.min(seen.length - 1, responses.length - 1)];
      return next();
    }),
  );
  return seen;
}

let errors: jest.SpyInstance;
beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  errors.mockRestore();
});

describe('spec §7 every read is a GET with the cache-busting parameter t', () => {
  it('adds t with the current time to the standard and custom prefixes', () => {
    jest.setSystemTime(1_700_000_000_000);
    const standard = new URL(wpUrl(WORDPRESS_BASE, WP_PREFIX, 'news', { per_page: 100 }));
    const custom = new URL(wpUrl(WORDPRESS_BASE, CUSTOM_PREFIX, 'news-id'));
    expect(standard.pathname).toBe('/wp-json/wp/v2/news');
    expect(custom.pathname).toBe('/wp-json/custom-api/v1/news-id');
    expect(standard.searchParams.get('t')).toBe('1700000000000');
    expect(standard.searchParams.get('per_page')).toBe('100');
    expect(custom.searchParams.get('t')).toBe('1700000000000');
  });

  it('writes _embed as a bare flag and leaves out undefined and false parameters', () => {
    const url = wpUrl(WORDPRESS_BASE, WP_PREFIX, 'news', { slug: 'a', _embed: true, sticky: undefined, x: false });
    expect(url).toMatch(/\?slug=a&_embed&t=\d+$/);
  });

  it('encodes slugs and ids instead of pasting them raw into the URL', () => {
    const url = new URL(wpUrl(WORDPRESS_BASE, WP_PREFIX, `news/${segment('../users?x=1')}`, { slug: 'a&b=c #d' }));
    expect(url.pathname).toBe('/wp-json/wp/v2/news/..%2Fusers%3Fx%3D1');
    expect(url.searchParams.get('slug')).toBe('a&b=c #d');
    expect(url.searchParams.get('b')).toBeNull();
  });

  it('sends a GET that WordPress answers', async () => {
    const seen = answerInTurn(() => HttpResponse.json([{ id: 1 }]));
    const { data, status } = await fetchJson<unknown[]>(wpUrl(WORDPRESS_BASE, WP_PREFIX, 'news'));
    expect(status).toBe(200);
    expect(data).toEqual([{ id: 1 }]);
    expect(seen[0].searchParams.has('t')).toBe(true);
  });
});

describe('spec §4 fetch retry: up to 3 attempts with 3 seconds between them, then failure', () => {
  it('spec §8 a failed fetch is logged as "Fetch failed with status {status}" and retried: a 500 then a 200 succeeds', async () => {
    const seen = answerInTurn(
      () => HttpResponse.json({ code: 'oops' }, { status: 500 }),
      () => HttpResponse.json([{ id: 7 }]),
    );
    const result = fetchJson<unknown[]>(URL_UNDER_TEST);
    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(seen).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toMatchObject({ data: [{ id: 7 }] });
    expect(seen).toHaveLength(2);
    expect(errors.mock.calls[0][0]).toContain('Fetch failed with status 500');
  });

  it('spec §8 three failures end with "Exceeded max retries. Unable to fetch data."', async () => {
    const seen = answerInTurn(() => new HttpResponse('nope', { status: 503 }));
    const result = fetchJson(URL_UNDER_TEST);
    const settled = expect(result).rejects.toThrow(MAX_RETRIES_MESSAGE);
    await jest.advanceTimersByTimeAsync(2 * RETRY_DELAY_MS);
    await settled;
    expect(MAX_RETRIES_MESSAGE).toBe('Exceeded max retries. Unable to fetch data.');
    expect(seen).toHaveLength(3);
    expect(errors.mock.calls.filter(([m]) => String(m).includes('Fetch failed with status 503'))).toHaveLength(3);
  });

  it('spec §5 any non-OK status counts as a failed fetch (a 404 is retried like a 500)', async () => {
    const seen = answerInTurn(() => HttpResponse.json({ code: 'rest_no_route' }, { status: 404 }));
    const result = fetchJson(URL_UNDER_TEST);
    const settled = expect(result).rejects.toThrow(MAX_RETRIES_MESSAGE);
    await jest.advanceTimersByTimeAsync(2 * RETRY_DELAY_MS);
    await settled;
    expect(seen).toHaveLength(3);
  });

  it('an HTML error page with status 200 is a failed fetch', async () => {
    const seen = answerInTurn(
      () => new HttpResponse('<!doctype html><h1>Maintenance</h1>', { status: 200, headers: { 'content-type': 'text/html' } }),
      () => HttpResponse.json([]),
    );
    const result = fetchJson(URL_UNDER_TEST);
    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await expect(result).resolves.toMatchObject({ data: [] });
    expect(seen).toHaveLength(2);
    expect(errors.mock.calls[0][0]).toContain('Fetch failed with status 200 (the body is not JSON)');
  });

  it('a network error is a failed fetch', async () => {
    const seen = answerInTurn(
      () => HttpResponse.error(),
      () => HttpResponse.json(['ok']),
    );
    const result = fetchJson(URL_UNDER_TEST);
    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await expect(result).resolves.toMatchObject({ data: ['ok'] });
    expect(seen).toHaveLength(2);
    expect(errors.mock.calls[0][0]).toContain('Fetch failed with status 0');
  });

  it('an attempt that hangs is aborted after the per-attempt timeout and retried', async () => {
    const seen = answerInTurn(
      async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      },
      () => HttpResponse.json(['second']),
    );
    const result = fetchJson(URL_UNDER_TEST);
    await jest.advanceTimersByTimeAsync(ATTEMPT_TIMEOUT_MS);
    expect(errors.mock.calls[0][0]).toContain(`timed out after ${ATTEMPT_TIMEOUT_MS} ms`);
    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await expect(result).resolves.toMatchObject({ data: ['second'] });
    expect(seen).toHaveLength(2);
  });

  it('isAnswer turns a chosen non-OK response into an answer without retrying', async () => {
    const seen = answerInTurn(() => HttpResponse.json({ code: 'rest_post_invalid_page_number' }, { status: 400 }));
    const result = await fetchJson(URL_UNDER_TEST, { isAnswer: (status) => status === 400 });
    expect(result.status).toBe(400);
    expect(seen).toHaveLength(1);
  });
});

describe('the attempts option: a read a visitor waits on (site search) may give up sooner; the default stays 3', () => {
  it('attempts: 1 fails after one attempt, without waiting 3 seconds, with the usual messages', async () => {
    const seen = answerInTurn(() => HttpResponse.json({ code: 'oops' }, { status: 500 }));
    // The timers are fake and never advanced here: a 3-second wait would never end.
    await expect(fetchJson(URL_UNDER_TEST, { attempts: 1 })).rejects.toThrow(MAX_RETRIES_MESSAGE);
    expect(seen).toHaveLength(1);
    expect(errors.mock.calls[0][0]).toContain('Fetch failed with status 500');
    expect(errors.mock.calls[0][0]).toContain('(attempt 1 of 1)');
  });

  it('attempts: 2 retries once after 3 seconds, then fails', async () => {
    const seen = answerInTurn(() => HttpResponse.json({ code: 'oops' }, { status: 502 }));
    const result = fetchJson(URL_UNDER_TEST, { attempts: 2 });
    const settled = expect(result).rejects.toThrow(MAX_RETRIES_MESSAGE);
    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await settled;
    expect(seen).toHaveLength(2);
  });

  it('without the option (or with a nonsensical value) a read still makes 3 attempts', async () => {
    for (const options of [{}, { attempts: Number.NaN }]) {
      const seen = answerInTurn(() => HttpResponse.json({ code: 'oops' }, { status: 500 }));
      const result = fetchJson(URL_UNDER_TEST, options);
      const settled = expect(result).rejects.toThrow(MAX_RETRIES_MESSAGE);
      await jest.advanceTimersByTimeAsync(2 * RETRY_DELAY_MS);
      await settled;
      expect(seen).toHaveLength(3);
    }
  });
});
