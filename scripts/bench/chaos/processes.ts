import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HOST, ROOT } from '../../../e2e/harness/config';
import { childEnv, freePort, killGroupSync, waitForHttp } from '../../../e2e/harness/processes';
import { redisAnswers, redisServerBinary } from '../../../e2e/helpers/redisServer';
import { down as varnishDown, runningPid, up as varnishUp, type VarnishSettings } from '../../varnish/server';
import { ensureDebianPackages, REDIS } from '../../system/debianPackages';
import { withHeapCeiling } from '../../next-start';
import { siteEnv, start, type Addresses, type Process, type SiteVariant } from '../servers';

/**
 * The production shape the chaos bench runs (docs/reliability.md §7), each server its own process
 * group ended when the bench ends:
 * - redis-server on its own port, saving to a temporary folder, so a stop (SIGTERM: it saves) and
 *   a start on the same port keep the site's jobs and pages;
 * - two `next start` instances of one build, sharing Redis, reading WordPress through the fault
 *   proxy and purging the Varnish;
 * - Varnish (deploy/varnish/site.vcl unchanged; scripts/varnish/server.ts writes its
 *   deployment.vcl: the two instances as backends probed on /api/health, a round-robin director).
 */

/** Next's command line, run with this node so that V8 flags reach the server. */
const NEXT_CLI = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The chaos bench's own build directory and ISR interval (60 s, the production default). */
export const CHAOS_VARIANT: SiteVariant = { distDirName: '.cache/next-bench-chaos', revalidateSeconds: 60, suffix: 'chaos' };

/**
 * A free loopback port: from BENCH_PORTS (`4400-4499`) when set, so that runs sharing a machine
 * keep to their own range; else the kernel's choice.
 */
export function portChooser(range = process.env.BENCH_PORTS?.trim()): () => Promise<number> {
  if (!range) return freePort;
  const match = /^(\d+)-(\d+)$/.exec(range);
  if (!match || Number(match[1]) > Number(match[2]) || Number(match[2]) > 65535) throw new Error(`BENCH_PORTS must be FROM-TO (e.g. 4400-4499), got "${range}"`);
  let next = Number(match[1]);
  const last = Number(match[2]);
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, HOST, () => server.close(() => resolve(true)));
    });
  return async () => {
    while (next <= last) {
      const port = next++;
      if (await free(port)) return port;
    }
    throw new Error(`BENCH_PORTS ${range}: no free port left`);
  };
}

export interface Redis {
  url: string;
  port: number;
  start(): Promise<void>;
  /** SIGTERM: redis-server saves its data to the folder and exits. */
  stop(): Promise<void>;
  isUp(): boolean;
}

export function redisServer(port: number): Redis {
  // A fresh machine: Debian's redis-server (and its redis-cli, for INFO memory) installed when run as root, as npm test does.
  ensureDebianPackages([REDIS], { purpose: 'the chaos bench (npm run bench -- --chaos)', log: (line) => process.stderr.write(`[chaos] ${line}\n`) });
  const dir = mkdtempSync(path.join(tmpdir(), 'chaos-redis-'));
  let running: Process | null = null;
  return {
    url: `redis://${HOST}:${port}`,
    port,
    isUp: () => running !== null,
    start: async () => {
      // `--save 1 1`: saved every second that saw a change, and on SIGTERM.
      running = start(redisServerBinary(), ['--port', String(port), '--bind', HOST, '--dir', dir, '--dbfilename', 'chaos.rdb', '--save', '1 1', '--appendonly', 'no'], childEnv({}), 'chaos-redis.log');
      const deadline = Date.now() + 15_000;
      while (!(await redisAnswers(port, HOST))) {
        if (Date.now() > deadline) throw new Error(`redis-server did not answer on ${port} (see bench/results/logs/chaos-redis.log)`);
        await sleep(50);
      }
    },
    stop: async () => {
      await running?.stop();
      running = null;
    },
  };
}

export interface Instance {
  name: string;
  url: string;
  port: number;
  /** The process group's leader (`next start`), or null while down. */
  leader(): number | null;
  start(): Promise<void>;
  /** SIGKILL to its whole group, no warning. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  /** Each start's log (its `--trace-gc` lines) and when it was spawned (performance.now()). */
  lives(): { log: string; spawnedAt: number }[];
}

export interface InstanceEnv {
  addresses: Addresses;
  redisUrl: string;
}

export function siteInstance(name: string, port: number, env: InstanceEnv): Instance {
  let running: Process | null = null;
  let starts = 0;
  const lives: { log: string; spawnedAt: number }[] = [];
  const url = `http://${HOST}:${port}`;
  return {
    name,
    url,
    port,
    leader: () => running?.pid ?? null,
    lives: () => [...lives],
    start: async () => {
      starts++;
      // `next start` serves in its own process; `--trace-gc` logs each collection (gcTrace.ts reads the live heap from it).
      running = start(
        process.execPath,
        ['--trace-gc', NEXT_CLI, 'start', '-p', String(port), '-H', HOST],
        { ...siteEnv(env.addresses, CHAOS_VARIANT), REDIS_URL: env.redisUrl, NODE_OPTIONS: withHeapCeiling(undefined) },
        `chaos-site-${name.toLowerCase()}${starts > 1 ? `-${starts}` : ''}.log`,
      );
      lives.push({ log: running.log, spawnedAt: performance.now() });
      await waitForHttp(`${url}/api/health`, { timeoutMs: 120_000, process: running.started, logFile: running.log });
    },
    kill: async () => {
      if (!running) return;
      killGroupSync(running.pid);
      await running.started.exited;
      await running.stop();
      running = null;
    },
    stop: async () => {
      await running?.stop();
      running = null;
    },
  };
}

export interface Varnish {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** SIGTERM to its varnishd at once (an exit handler: varnishd runs daemonized, outside the bench's process groups). */
  stopSync(): void;
}

export function varnishServer(port: number, backends: readonly Instance[], log: (line: string) => void): Varnish {
  const settings: VarnishSettings = {
    port,
    host: HOST,
    backends: backends.map((b) => ({ host: HOST, port: b.port })),
    purgeSecret: '',
    storage: '256m',
    stateDir: path.join(tmpdir(), `payments-site-varnish-chaos-${port}`),
  };
  return {
    url: `http://${HOST}:${port}`,
    start: async () => {
      await varnishDown(settings);
      await varnishUp(settings, log);
    },
    stop: async () => {
      await varnishDown(settings);
    },
    stopSync: () => {
      const pid = runningPid(settings);
      if (pid) process.kill(pid, 'SIGTERM');
    },
  };
}
