import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDebianPackages, VARNISH } from '../system/debianPackages';

/**
 * Varnish in front of the site (issue 18): Debian's varnishd with the repository's VCL
 * (deploy/varnish/site.vcl) and a `deployment.vcl` written from the settings: the backends
 * (VARNISH_BACKENDS) and the shared purge secret (VARNISH_PURGE_SECRET). Used by `npm run varnish`,
 * the bench and the browser tests. Started daemonized; stopped by the pid it wrote.
 */

export const ROOT = path.resolve(__dirname, '../..');
export const SITE_VCL_DIR = path.join(ROOT, 'deploy/varnish');
export const DEFAULT_PORT = 6081;
export const DEFAULT_BACKENDS = '127.0.0.1:3000';

export interface VarnishSettings {
  /** Where visitors connect (VARNISH_PORT, default 6081). */
  port: number;
  /** VARNISH_HOST, default 127.0.0.1 (a TLS proxy or load balancer on the same machine in front). */
  host: string;
  /** The `next start` instances, `host:port` each (VARNISH_BACKENDS, comma-separated). */
  backends: { host: string; port: number }[];
  /** VARNISH_PURGE_SECRET: purges from another host carry it in X-Purge-Secret ("" = loopback only). */
  purgeSecret: string;
  /** Cache size for `-s malloc,…` (VARNISH_STORAGE, default 256m). */
  storage: string;
  /** Where the generated VCL, the work directory and the pid live. */
  stateDir: string;
}

function port(value: string, name: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 65535) throw new Error(`${name}: ${JSON.stringify(value)} is not a port (1 to 65535)`);
  return n;
}

/** `host:port` (IPv4, a name, or `[v6]:port`). */
export function parseBackends(value: string): VarnishSettings['backends'] {
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length === 0) throw new Error('VARNISH_BACKENDS: give at least one host:port');
  return list.map((item) => {
    const match = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):(\d+)$/.exec(item);
    if (!match) throw new Error(`VARNISH_BACKENDS: ${JSON.stringify(item)} is not host:port`);
    return { host: match[1].replace(/^\[|\]$/g, ''), port: port(match[2], 'VARNISH_BACKENDS') };
  });
}

export function settingsFromEnv(env: Record<string, string | undefined> = process.env): VarnishSettings {
  const p = port(env.VARNISH_PORT?.trim() || String(DEFAULT_PORT), 'VARNISH_PORT');
  const secret = env.VARNISH_PURGE_SECRET?.trim() ?? '';
  if (!/^[A-Za-z0-9._~-]*$/.test(secret)) throw new Error('VARNISH_PURGE_SECRET may contain only letters, digits and . _ ~ -');
  const storage = env.VARNISH_STORAGE?.trim() || '256m';
  if (!/^\d+[kmgKMG]?$/.test(storage)) throw new Error('VARNISH_STORAGE: a size such as 256m or 1g');
  return {
    port: p,
    host: env.VARNISH_HOST?.trim() || '127.0.0.1',
    backends: parseBackends(env.VARNISH_BACKENDS?.trim() || DEFAULT_BACKENDS),
    purgeSecret: secret,
    storage,
    stateDir: path.join(tmpdir(), `payments-site-varnish-${p}`),
  };
}

/** The deployment's part of the VCL (deploy/varnish/deployment.example.vcl has the shape). */
export function deploymentVcl(settings: Pick<VarnishSettings, 'backends' | 'purgeSecret'>): string {
  const backends = settings.backends
    .map((b, i) => `backend site${i + 1} {\n  .host = "${b.host}";\n  .port = "${b.port}";\n  .probe = site_health;\n}\n`)
    .join('\n');
  const adds = settings.backends.map((_, i) => `  site.add_backend(site${i + 1});`).join('\n');
  return `# Written by scripts/varnish/server.ts from VARNISH_BACKENDS and VARNISH_PURGE_SECRET; included by site.vcl.\n\n${backends}
sub vcl_init {
  new site = directors.round_robin();
${adds}
}

sub site_purge_secret {
  set req.http.X-Purge-Expected = "${settings.purgeSecret}";
}
`;
}

const pidFile = (s: VarnishSettings) => path.join(s.stateDir, 'varnishd.pid');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid of a varnishd this module started for these settings and that still runs, or null. */
export function runningPid(s: VarnishSettings): number | null {
  if (!existsSync(pidFile(s))) return null;
  const pid = Number(readFileSync(pidFile(s), 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
}

function connects(host: string, p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(p, host);
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts varnishd (installing Debian's packages when missing); resolves when it accepts connections. */
export async function up(s: VarnishSettings, log: (line: string) => void = console.log): Promise<number> {
  ensureDebianPackages(VARNISH, { purpose: 'Varnish (npm run varnish)', log });
  const existing = runningPid(s);
  if (existing) return existing;
  if (await connects(s.host, s.port)) throw new Error(`port ${s.port} on ${s.host} is taken (set VARNISH_PORT)`);
  mkdirSync(s.stateDir, { recursive: true });
  // varnishd compiles the VCL as its own unprivileged user: the generated file must be readable.
  chmodSync(s.stateDir, 0o755);
  writeFileSync(path.join(s.stateDir, 'deployment.vcl'), deploymentVcl(s), { mode: 0o644 });
  const args = [
    '-a', `${s.host}:${s.port}`,
    // The CLI on a free loopback port (varnishadm finds it through -n).
    '-T', '127.0.0.1:0',
    '-n', path.join(s.stateDir, 'work'),
    '-P', pidFile(s),
    '-p', `vcl_path=${s.stateDir}:${SITE_VCL_DIR}:/usr/share/varnish/vcl`,
    '-f', path.join(SITE_VCL_DIR, 'site.vcl'),
    '-s', `malloc,${s.storage}`,
  ];
  const result = spawnSync('varnishd', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`varnishd failed to start (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  await until(() => connects(s.host, s.port), 15_000, `Varnish on ${s.host}:${s.port}`);
  const pid = runningPid(s);
  if (!pid) throw new Error('varnishd started but wrote no pid');
  return pid;
}

/** Stops the varnishd these settings started (by its pid), if any. */
export async function down(s: VarnishSettings): Promise<boolean> {
  const pid = runningPid(s);
  if (!pid) {
    rmSync(pidFile(s), { force: true });
    return false;
  }
  process.kill(pid, 'SIGTERM');
  await until(() => !alive(pid), 15_000, `varnishd ${pid} to stop`);
  rmSync(pidFile(s), { force: true });
  return true;
}
