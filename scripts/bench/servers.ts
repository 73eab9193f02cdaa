import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BIN, HOST, ROOT } from '../../e2e/harness/config';
import { childEnv, freePort, killGroup, killGroupSync, startDetached, waitForHttp, type Started } from '../../e2e/harness/processes';
import { NEXT_BUILD_ARGS } from '../next-build';
import { CROSS_ORIGIN_OPENER_POLICY } from '../../src/lib/security/headers';
import { FLOOR_APP_DIR, FLOOR_CACHE_DIR } from './floor';

/**
 * The processes the bench starts: the local content server, `next build`, `next start` and the
 * static file server. Each runs detached as its own process group (the browser tests' helpers in
 * e2e/harness/processes.ts), with its output in bench/results/logs/, and is ended when the bench
 * ends, also on Ctrl-C.
 */

export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
export const LOG_DIR = path.join(RESULTS_DIR, 'logs');
/** The bench's own build directory (NEXT_DIST_DIR): never a developer's or the browser tests' `.next`. */
export const DIST_DIR_NAME = '.cache/next-bench';
export const DIST_DIR = path.join(ROOT, DIST_DIR_NAME);

const running = new Set<number>();
let exitHandlersInstalled = false;

function installExitHandlers(): void {
  if (exitHandlersInstalled) return;
  exitHandlersInstalled = true;
  const end = () => {
    for (const pid of running) killGroupSync(pid);
  };
  process.once('exit', end);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      end();
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  }
}

export interface Process {
  pid: number;
  started: Started;
  log: string;
  stop(): Promise<void>;
}

/** Starts a server of the bench (its own process group, output in bench/results/logs/{logName}), ended when the bench ends. */
export function start(command: string, args: string[], env: NodeJS.ProcessEnv, logName: string): Process {
  installExitHandlers();
  mkdirSync(LOG_DIR, { recursive: true });
  const log = path.join(LOG_DIR, logName);
  const started = startDetached(command, args, env, log);
  running.add(started.pid);
  return {
    pid: started.pid,
    started,
    log,
    stop: async () => {
      await killGroup(started.pid);
      running.delete(started.pid);
    },
  };
}

export interface Addresses {
  wordpressUrl: string;
  siteUrl: string;
  sitePort: number;
  staticUrl: string;
  staticPort: number;
  wordpressPort: number;
  /** The revalidation webhook's secret for this run. */
  secret: string;
  /** Issue 18 (--cache): the Varnish in front of the site, which the site purges on publish (VARNISH_URL). */
  varnishUrl?: string;
}

export async function chooseAddresses(): Promise<Addresses> {
  const [wordpressPort, sitePort, staticPort] = [await freePort(), await freePort(), await freePort()];
  return {
    wordpressPort,
    sitePort,
    staticPort,
    wordpressUrl: `http://${HOST}:${wordpressPort}`,
    siteUrl: `http://${HOST}:${sitePort}`,
    staticUrl: `http://${HOST}:${staticPort}`,
    secret: randomBytes(16).toString('hex'),
  };
}

/** A second site of the run (the publishing phase's build on the real WordPress): its build directory, ISR interval and log names. */
export interface SiteVariant {
  distDirName: string;
  revalidateSeconds: number;
  /** Suffix of its log files (`build-{suffix}.log`, `site-{suffix}.log`). */
  suffix: string;
}

/** The site's environment for build and start: the same addresses for both (`next build` inlines WORDPRESS_URL and SITE_URL). */
export function siteEnv(addresses: Addresses, variant?: SiteVariant): NodeJS.ProcessEnv {
  return childEnv({
    WORDPRESS_URL: addresses.wordpressUrl,
    MEDIA_HOST: addresses.wordpressUrl,
    CMS_DEV_HOSTS: 'dev-cms.example.test',
    SITE_URL: addresses.siteUrl,
    REVALIDATE_SECRET: addresses.secret,
    REVALIDATE_SECONDS: String(variant?.revalidateSeconds ?? 60),
    // The search load test varies X-Forwarded-For to stand for many visitors behind one proxy.
    TRUST_PROXY: '1',
    NEXT_DIST_DIR: variant?.distDirName ?? DIST_DIR_NAME,
    NEXT_TELEMETRY_DISABLED: '1',
    ...(addresses.varnishUrl ? { VARNISH_URL: addresses.varnishUrl } : {}),
  });
}

/** The local content server with `items` generated items per type. */
export async function startWordPress(addresses: Addresses, items: number): Promise<Process> {
  const wordpress = start(
    path.join(BIN, 'tsx'),
    [path.join(ROOT, 'scripts', 'local-wordpress.ts'), '--port', String(addresses.wordpressPort), '--host', HOST, '--items', String(items)],
    childEnv({}),
    'wordpress.log',
  );
  await waitForHttp(`${addresses.wordpressUrl}/wp-json/custom-api/v1/news-id`, { timeoutMs: 120_000, process: wordpress.started, logFile: wordpress.log });
  return wordpress;
}

/** Runs `next build` with the arguments every production build uses (NEXT_BUILD_ARGS) into DIST_DIR; resolves with its exit code (a signal name as a string). */
export async function runBuild(addresses: Addresses, variant?: SiteVariant): Promise<string> {
  const build = start(path.join(BIN, 'next'), [...NEXT_BUILD_ARGS], siteEnv(addresses, variant), variant ? `build-${variant.suffix}.log` : 'build.log');
  const code = await build.started.exited;
  running.delete(build.pid);
  return code;
}

/** `next start` over the bench build, ready when `/` answers 200. */
export async function startSite(addresses: Addresses, variant?: SiteVariant): Promise<Process> {
  const site = start(path.join(BIN, 'next'), ['start', '-p', String(addresses.sitePort), '-H', HOST], siteEnv(addresses, variant), variant ? `site-${variant.suffix}.log` : 'site.log');
  await waitForHttp(`${addresses.siteUrl}/`, { timeoutMs: 120_000, process: site.started, logFile: site.log });
  return site;
}

/** Issue 19, the floor (scripts/bench/floor/): the home page DOM it serves, and its own build directory. */
export const FLOOR_HTML = path.join(ROOT, FLOOR_CACHE_DIR, 'home.html');
export const FLOOR_DIST_DIR = path.join(ROOT, FLOOR_CACHE_DIR, 'next');

function floorEnv(): NodeJS.ProcessEnv {
  return childEnv({
    BENCH_FLOOR_HTML: FLOOR_HTML,
    // next.config.mjs's distDir is relative to the app's directory.
    BENCH_FLOOR_DIST_DIR: path.relative(path.join(ROOT, FLOOR_APP_DIR), FLOOR_DIST_DIR),
    // The site's opener policy, which the floor's `/` is served with (scripts/bench/floor/next.config.mjs).
    BENCH_FLOOR_COOP: CROSS_ORIGIN_OPENER_POLICY,
    NEXT_TELEMETRY_DISABLED: '1',
  });
}

/** `next build` of the floor app with the site's build arguments (`build --webpack`); resolves with its exit code. */
export async function runFloorBuild(): Promise<string> {
  const [command, ...rest] = NEXT_BUILD_ARGS;
  const build = start(path.join(BIN, 'next'), [command, FLOOR_APP_DIR, ...rest], floorEnv(), 'build-floor.log');
  const code = await build.started.exited;
  running.delete(build.pid);
  return code;
}

/** `next start` over the floor's build on `port`, ready when `/` answers 200. */
export async function startFloor(port: number): Promise<Process> {
  const floor = start(path.join(BIN, 'next'), ['start', FLOOR_APP_DIR, '-p', String(port), '-H', HOST], floorEnv(), 'floor.log');
  await waitForHttp(`http://${HOST}:${port}/`, { timeoutMs: 120_000, process: floor.started, logFile: floor.log });
  return floor;
}

/** The minimal static file server (static-server.mjs) over the build's HTML files. */
export async function startStaticServer(addresses: Addresses, root: string, probePath: string): Promise<Process> {
  const server = start(
    path.join(BIN, 'node'),
    [path.join(ROOT, 'scripts', 'bench', 'static-server.mjs'), '--port', String(addresses.staticPort), '--host', HOST, '--root', root],
    childEnv({}),
    'static.log',
  );
  await waitForHttp(`${addresses.staticUrl}${probePath}`, { timeoutMs: 60_000, process: server.started, logFile: server.log });
  return server;
}

/** Keeps the developer's next-env.d.ts as it was (next build points it at its build directory's types). */
export async function keepingNextEnv<T>(run: () => Promise<T>): Promise<T> {
  const nextEnv = path.join(ROOT, 'next-env.d.ts');
  const previous = existsSync(nextEnv) ? readFileSync(nextEnv) : null;
  return run().finally(() => {
    if (previous) writeFileSync(nextEnv, previous);
    else rmSync(nextEnv, { force: true });
  });
}
