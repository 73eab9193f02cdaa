/** @jest-environment node */
import { EventEmitter } from 'node:events';
import { createRedisConnection, WATCHDOG_INTERVAL_MS, WEDGED_MS } from '@/lib/redis/connection.mjs';

/** A stand-in for node-redis's client: ready at once; its PING answers or not, as told. */
function fakeClient(answers: () => boolean) {
  const client = Object.assign(new EventEmitter(), {
    isReady: false,
    connects: 0,
    destroys: 0,
    connect: async () => {
      client.connects++;
      client.isReady = true;
      client.emit('ready');
      return client;
    },
    destroy: () => {
      client.destroys++;
      client.isReady = false;
      client.emit('end');
    },
    ping: () => (answers() ? Promise.resolve('PONG') : new Promise<string>(() => undefined)),
  });
  return client;
}

const quietLog = () => ({ error: jest.fn(), info: jest.fn() });

describe('issue 35: a Redis connection that says it is ready but answers nothing is made again', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it(`reconnects after ${WEDGED_MS / 1000} s without an answer, and says so once`, async () => {
    const client = fakeClient(() => false);
    const log = quietLog();
    const connection = createRedisConnection('redis://user:secret@cache.internal:6379', { log, createClient: (() => client) as never });
    await jest.advanceTimersByTimeAsync(WEDGED_MS - WATCHDOG_INTERVAL_MS);
    expect(client.destroys).toBe(0);
    await jest.advanceTimersByTimeAsync(WATCHDOG_INTERVAL_MS);
    expect(client.destroys).toBe(1);
    expect(client.connects).toBe(2);
    const wedged = log.error.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('nothing answered'));
    expect(wedged).toEqual(['[redis] redis://cache.internal:6379: connected, but nothing answered for 15 s: connecting again']);
    await connection.close();
  });

  it('leaves a connection alone while its pings are answered', async () => {
    const client = fakeClient(() => true);
    const connection = createRedisConnection('redis://127.0.0.1:6379', { log: quietLog(), createClient: (() => client) as never });
    await jest.advanceTimersByTimeAsync(10 * WEDGED_MS);
    expect(client.destroys).toBe(0);
    expect(client.connects).toBe(1);
    await connection.close();
  });

  it('counts an answer a caller reports (succeeded) as a sign of life', async () => {
    const client = fakeClient(() => false);
    const connection = createRedisConnection('redis://127.0.0.1:6379', { log: quietLog(), createClient: (() => client) as never });
    for (let t = 0; t < 4 * WEDGED_MS; t += WATCHDOG_INTERVAL_MS) {
      connection.succeeded();
      await jest.advanceTimersByTimeAsync(WATCHDOG_INTERVAL_MS);
    }
    expect(client.destroys).toBe(0);
    await connection.close();
  });
});
