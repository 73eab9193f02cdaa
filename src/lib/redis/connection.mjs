// @ts-check
/**
 * One Redis connection per server process (REDIS_URL), shared by the ISR cache handler
 * (src/lib/cache/sharedIsrCache.mjs, which Next loads itself at `next start`, outside the
 * bundles) and the API rate limits (src/lib/api/rateLimit.ts, inside the API bundles).
 * Those are separate module instances, so the connection is kept on `globalThis` under a
 * registered symbol (as src/lib/server/processShared.ts does).
 *
 * Plain JavaScript (ES module) because Next imports the cache handler file at run time without
 * compiling it.
 *
 * Failure policy: a dead Redis must never stall or fail a request.
 * - commands are rejected at once while the client is not connected (no offline queue), and
 *   time out after COMMAND_TIMEOUT_MS; connecting gives up after CONNECT_TIMEOUT_MS;
 * - callers check `isReady()` first and fall back to their local store when it is false;
 * - the client reconnects in the background forever (back-off up to RECONNECT_MAX_MS);
 * - the outage is logged once when it starts and once when Redis is back, not per request;
 * - a connection that says it is ready but has answered nothing for WEDGED_MS (a ping every
 *   WATCHDOG_INTERVAL_MS) is dropped and made again. Seen in the chaos bench (issue 35,
 *   docs/reliability.md §8): an instance's connection stayed "ready" for 400 s while every command
 *   timed out, and Redis answered the other instance at once; node-redis reconnects only when the
 *   socket closes.
 */
import { createClient as createRedisClient } from '@redis/client';

export const CONNECT_TIMEOUT_MS = 1000;
/**
 * A command that gets no answer within this fails (the caller falls back to its local store).
 * 2 s, not less: the timer runs before the socket's data is read, so an event loop blocked for
 * half a second (a 2,000-item search index build) failed every command in flight although Redis
 * had answered. At 500 ms, in the 2,000-page chaos run (issue 35, docs/reliability.md §8), page
 * reads that "timed out" served an instance's older local copy, which Varnish then kept for its
 * lifetime: publishes acknowledged at once were visible 60–160 s later.
 */
export const COMMAND_TIMEOUT_MS = 2000;
export const RECONNECT_MAX_MS = 2000;
/** The watchdog pings this often while the client says it is ready… */
export const WATCHDOG_INTERVAL_MS = 5000;
/** …and reconnects when nothing has been answered for this long (a wedged connection). */
export const WEDGED_MS = 15_000;

const REGISTRY = Symbol.for('site.redisConnections');

/**
 * The URL without its credentials, for logs.
 * @param {string} value
 */
export function redactRedisUrl(value) {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname && url.pathname !== '/' ? url.pathname : ''}`;
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * What a Redis failure says, for logs. node-redis's TimeoutError is its one error without a message
 * (and bundling renames its class), so an empty message is named as the timeout it is.
 * @param {unknown} error
 */
export function redisErrorMessage(error) {
  return error instanceof Error ? error.message || `a command got no answer within ${COMMAND_TIMEOUT_MS} ms` : String(error);
}

/**
 * Tracks whether Redis is usable and logs each change of state once.
 * @param {string} where the redacted address, for the log lines
 * @param {{ error(message: string): void; info(message: string): void }} log
 */
export function createOutageLog(where, log) {
  /** @type {'unknown' | 'up' | 'down'} */
  let state = 'unknown';
  return {
    get state() {
      return state;
    },
    /** Redis answered (the client is ready). */
    up() {
      if (state === 'down') {
        log.info(`[redis] ${where} is reachable again: the shared ISR cache and rate limits use it again`);
      } else if (state === 'unknown') {
        log.info(`[redis] connected to ${where}: ISR cache and rate limits are shared through it`);
      }
      state = 'up';
    },
    /** Redis failed (connection lost or refused, a command timed out…). Logged once per outage. */
    down(/** @type {unknown} */ error) {
      if (state === 'down') return;
      state = 'down';
      log.error(
        `[redis] ${where} is unreachable (${redisErrorMessage(error) || 'connection lost'}): serving ISR pages from this instance's local cache and counting rate limits per instance until it is back; reconnecting in the background`,
      );
    },
  };
}

/**
 * @typedef {object} RedisConnection
 * @property {import('@redis/client').RedisClientType} client
 * @property {() => boolean} isReady whether commands can be sent now
 * @property {(error: unknown) => void} failed report a failed command (logs the outage once)
 * @property {() => void} succeeded report a command that Redis answered (logs the recovery once)
 * @property {() => Promise<void>} close
 */

/**
 * @param {string} url REDIS_URL (validated by src/config.ts)
 * @param {{ log?: { error(message: string): void; info(message: string): void }; createClient?: typeof createRedisClient }} [options]
 * @returns {RedisConnection}
 */
export function createRedisConnection(url, options = {}) {
  const log = options.log ?? console;
  const createClient = options.createClient ?? createRedisClient;
  const outage = createOutageLog(redactRedisUrl(url), log);
  const client = /** @type {import('@redis/client').RedisClientType} */ (
    createClient({
      url,
      disableOfflineQueue: true,
      commandOptions: { timeout: COMMAND_TIMEOUT_MS },
      socket: {
        connectTimeout: CONNECT_TIMEOUT_MS,
        // Never give up: when Redis comes back, use it again.
        reconnectStrategy: (retries) => Math.min(100 * 2 ** Math.min(retries, 10), RECONNECT_MAX_MS),
      },
    })
  );
  let answeredAt = Date.now();
  const answered = () => {
    answeredAt = Date.now();
  };
  // Without an 'error' listener, a connection error would crash the process.
  client.on('error', (error) => outage.down(error));
  client.on('end', () => outage.down(new Error('connection closed')));
  client.on('ready', () => {
    answered();
    outage.up();
  });
  client.connect().catch((error) => outage.down(error));
  const watchdog = setInterval(() => {
    if (!client.isReady) return answered();
    if (Date.now() - answeredAt >= WEDGED_MS) {
      log.error(`[redis] ${redactRedisUrl(url)}: connected, but nothing answered for ${WEDGED_MS / 1000} s: connecting again`);
      answered();
      try {
        client.destroy();
      } catch {
        // already closed
      }
      client.connect().catch((error) => outage.down(error));
      return;
    }
    // A client without ping (a test double) or a rejected ping is simply not an answer.
    Promise.resolve()
      .then(() => client.ping())
      .then(answered, () => undefined);
  }, WATCHDOG_INTERVAL_MS);
  watchdog.unref?.();
  return {
    client,
    isReady: () => client.isReady,
    failed: (error) => outage.down(error),
    succeeded: () => {
      answered();
      if (outage.state !== 'up') outage.up();
    },
    close: async () => {
      clearInterval(watchdog);
      try {
        client.destroy();
      } catch {
        // already closed
      }
    },
  };
}

/**
 * This process's connection to `url` (created on first use).
 * @param {string} url
 * @returns {RedisConnection}
 */
export function sharedRedisConnection(url) {
  const slots = /** @type {Record<symbol, Map<string, RedisConnection> | undefined>} */ (/** @type {unknown} */ (globalThis));
  const connections = (slots[REGISTRY] ??= new Map());
  let connection = connections.get(url);
  if (!connection) {
    try {
      connection = createRedisConnection(url);
    } catch (error) {
      // A client that cannot even be created (a URL node-redis refuses) must not fail requests:
      // this process runs without Redis, and says so once.
      connection = unusableConnection(url, error);
    }
    connections.set(url, connection);
  }
  return connection;
}

/**
 * A connection that is never ready (callers use their local store).
 * @param {string} url
 * @param {unknown} error
 * @returns {RedisConnection}
 */
function unusableConnection(url, error) {
  createOutageLog(redactRedisUrl(url), console).down(error);
  return {
    client: /** @type {any} */ ({ isReady: false }),
    isReady: () => false,
    failed: () => undefined,
    succeeded: () => undefined,
    close: async () => undefined,
  };
}
