import { PING_ENDPOINT, resetPingForTests, schedulePing, sendPing } from '@/lib/spec/ping';

describe('page-view ping (spec §7 "Ping": POST /api/ping with {page} at application start)', () => {
  let fetchMock: jest.SpyInstance;

  beforeEach(() => {
    resetPingForTests();
    window.history.replaceState(null, '', '/about-us/news/some-story?utm_source=mail#comments');
    fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
  });

  afterEach(() => fetchMock.mockRestore());

  test('spec §7 posts JSON {page: current pathname} to /api/ping with keepalive', async () => {
    await sendPing();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/ping');
    expect(PING_ENDPOINT).toBe('/api/ping');
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ page: '/about-us/news/some-story' });
  });

  test('spec §7 once per page load: later calls (client-side navigations, StrictMode) send nothing', async () => {
    await sendPing();
    window.history.pushState(null, '', '/contact-us');
    await sendPing();
    await sendPing();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('spec §7 the response is ignored and failures are silent (rejection, error status, synchronous throw)', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(sendPing()).resolves.toBeUndefined();
    resetPingForTests();
    fetchMock.mockResolvedValueOnce(new Response('{"error":"x"}', { status: 500 }));
    await expect(sendPing()).resolves.toBeUndefined();
    resetPingForTests();
    fetchMock.mockImplementationOnce(() => {
      throw new Error('fetch is blocked');
    });
    await expect(sendPing()).resolves.toBeUndefined();
  });

  test('spec §7 schedulePing: a cancelled schedule sends nothing, the next one sends once', async () => {
    const cancel = schedulePing();
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fetchMock).not.toHaveBeenCalled();
    schedulePing();
    schedulePing();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
