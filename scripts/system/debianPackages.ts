import { spawnSync } from 'node:child_process';
import { existsSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * Debian's packages that the scripts and tests need (redis-server, varnish, nginx, the real
 * WordPress's PHP and MariaDB…): whether they are installed, and installing them.
 *
 * - Installed or not is told by one file each package brings (no dpkg query per package).
 * - As root, the missing ones are installed with one `apt-get update` and one `apt-get install`,
 *   `DEBIAN_FRONTEND=noninteractive`, and a `policy-rc.d` that answers 101 while it runs, so no
 *   package script starts a service (the scripts and tests start their own, on loopback ports).
 * - As another user it stops at once with the exact command to run.
 */

/** A Debian package and a file it installs (the test that it is there). */
export interface DebianPackage {
  name: string;
  marker: string;
}

export function missingPackages(packages: readonly DebianPackage[], exists: (file: string) => boolean = existsSync): string[] {
  return [...new Set(packages.filter((p) => !exists(p.marker)).map((p) => p.name))];
}

/** The command a user runs as root to install `missing`. */
export function installCommand(missing: readonly string[]): string {
  return `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing.join(' ')}`;
}

const POLICY = '/usr/sbin/policy-rc.d';

export interface EnsureOptions {
  /** What needs them, for the messages ("the tests", "the real WordPress"…). */
  purpose?: string;
  log?: (line: string) => void;
  /** Defaults: the process's uid, existsSync, apt-get through spawnSync (tests replace them). */
  isRoot?: boolean;
  exists?: (file: string) => boolean;
  run?: (args: string[], env: NodeJS.ProcessEnv) => number | null;
  /** Where the policy that keeps services from starting goes (Debian's /usr/sbin/policy-rc.d). */
  policyFile?: string;
}

const aptGet = (args: string[], env: NodeJS.ProcessEnv) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status;

/**
 * Installs the missing packages (root), or throws an error whose message is the command to run
 * (any other user). Returns the packages it installed.
 */
export function ensureDebianPackages(packages: readonly DebianPackage[], options: EnsureOptions = {}): string[] {
  const { purpose = 'this', log = console.log, exists = existsSync, run = aptGet, policyFile = POLICY } = options;
  const missing = missingPackages(packages, exists);
  if (missing.length === 0) return [];
  const isRoot = options.isRoot ?? process.getuid?.() === 0;
  if (!isRoot) {
    throw new Error(`Debian packages missing for ${purpose}: ${missing.join(' ')}. Install them as root:\n  ${installCommand(missing)}`);
  }
  log(`installing Debian packages for ${purpose}: ${missing.join(' ')}`);
  // Package scripts must not start redis, Varnish, nginx, Apache or MariaDB as services.
  const addedPolicy = !existsSync(policyFile);
  if (addedPolicy) writeFileSync(policyFile, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...missing]]) {
      const status = run(args, env);
      if (status !== 0) throw new Error(`apt-get ${args[0]} failed (exit ${status}); run as root:\n  ${installCommand(missing)}`);
    }
  } finally {
    if (addedPolicy) unlinkSync(policyFile);
  }
  const still = missingPackages(packages, exists);
  if (still.length > 0) throw new Error(`apt-get did not install ${still.join(' ')}`);
  return missing;
}

/* ------------------------------------------------------------------------------------------ */
/* The packages of each use                                                                    */
/* ------------------------------------------------------------------------------------------ */

export const REDIS: DebianPackage = { name: 'redis-server', marker: '/usr/bin/redis-server' };
export const VARNISH: readonly DebianPackage[] = [
  // varnishd, varnishtest, varnishadm (bookworm: 7.1)
  { name: 'varnish', marker: '/usr/sbin/varnishd' },
  // vmod_xkey (bookworm: 0.20)
  { name: 'varnish-modules', marker: '/usr/share/doc/varnish-modules' },
];
export const NGINX: DebianPackage = { name: 'nginx', marker: '/usr/sbin/nginx' };
export const CHROMIUM: DebianPackage = { name: 'chromium', marker: '/usr/bin/chromium' };

/** What `npm test` starts: redis-server (the pub/sub tests), varnishd and varnishtest (the VCL's tests). */
export const UNIT_TEST_PACKAGES: readonly DebianPackage[] = [REDIS, ...VARNISH];
/** What the browser tests start: Chromium, redis-server (several instances), Varnish (the site behind it). */
export const BROWSER_TEST_PACKAGES: readonly DebianPackage[] = [CHROMIUM, REDIS, ...VARNISH];
