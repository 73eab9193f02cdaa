import autocannon from 'autocannon';
import type { VisitorRecord } from './stats';

/**
 * The chaos bench's visitors: autocannon (its programmatic API, in the bench's own process)
 * through Varnish over every page in turn, at a fixed overall rate, for the whole run. Every
 * answer and every error is recorded (./stats.ts VisitorRecord) through autocannon's events, so
 * the report can cut them by fault window.
 */

export interface VisitorSettings {
  /** Varnish's origin, e.g. http://127.0.0.1:4401. */
  url: string;
  paths: readonly string[];
  /** Requests per second, over all connections. */
  rate: number;
  connections: number;
  /** A request with no answer after this many seconds is a timeout. */
  timeoutS: number;
  /** Upper bound of the run; stop() ends it earlier. */
  durationS: number;
  /** performance.now() at the start of the run: record times are relative to it. */
  t0: number;
}

export interface Visitors {
  records: VisitorRecord[];
  /** Ends the load; resolves when autocannon has stopped. */
  stop(): Promise<void>;
}

const TIMED_OUT = 'request timed out';

export function startVisitors(settings: VisitorSettings): Visitors {
  const records: VisitorRecord[] = [];
  let next = 0;
  const now = () => performance.now() - settings.t0;
  let finished: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const instance = autocannon(
    {
      url: settings.url,
      connections: Math.min(settings.connections, settings.rate),
      overallRate: settings.rate,
      timeout: settings.timeoutS,
      duration: settings.durationS,
      // autocannon keeps the requests a closed or refused connection never answered in the
      // connection's queue, so every later answer on it would be matched to an older request (a
      // latency that grows with each reconnection): the queue is emptied whenever it connects anew.
      setupClient: (client) => {
        const internal = client as unknown as { _connect(): void; pipelinedRequests: { clear(): void } };
        const connect = internal._connect;
        internal._connect = function (this: typeof internal) {
          this.pipelinedRequests.clear();
          connect.call(this);
        };
      },
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({ ...request, method: 'GET', path: settings.paths[next++ % settings.paths.length] }),
        },
      ],
    },
    () => finished(),
  );
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    records.push({ start: now() - responseTime, status: statusCode, latencyMs: responseTime, timeout: false });
  });
  instance.on('reqError', (error: Error) => {
    const timeout = error.message === TIMED_OUT;
    const latencyMs = timeout ? settings.timeoutS * 1000 : 0;
    records.push({ start: now() - latencyMs, status: 0, latencyMs, timeout });
  });
  return {
    records,
    stop: async () => {
      instance.stop();
      await done;
    },
  };
}
