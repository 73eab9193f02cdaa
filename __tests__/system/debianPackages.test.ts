/** @jest-environment node */
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDebianPackages, installCommand, missingPackages, UNIT_TEST_PACKAGES, type DebianPackage } from '../../scripts/system/debianPackages';

/**
 * Issue 18 "two commands on a fresh machine": `npm test` (and the browser tests) bring the servers
 * they start. As root, the missing Debian packages are installed without starting their services;
 * as another user, it stops at once with the command to run.
 */

const PACKAGES: DebianPackage[] = [
  { name: 'redis-server', marker: '/marker/redis' },
  { name: 'varnish', marker: '/marker/varnishd' },
  { name: 'varnish-modules', marker: '/marker/xkey' },
];

describe('the Debian packages the tests start servers from', () => {
  it('npm test needs redis-server, varnish and varnish-modules', () => {
    expect(UNIT_TEST_PACKAGES.map((p) => p.name)).toEqual(['redis-server', 'varnish', 'varnish-modules']);
  });

  it('does nothing when every package is there', () => {
    const run = jest.fn();
    expect(ensureDebianPackages(PACKAGES, { exists: () => true, isRoot: false, run })).toEqual([]);
    expect(run).not.toHaveBeenCalled();
  });

  it('as another user, stops at once with the exact apt-get command for what is missing', () => {
    const run = jest.fn();
    const exists = (file: string) => file === '/marker/redis';
    expect(missingPackages(PACKAGES, exists)).toEqual(['varnish', 'varnish-modules']);
    expect(() => ensureDebianPackages(PACKAGES, { exists, isRoot: false, run, purpose: 'the tests' })).toThrow(
      'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends varnish varnish-modules',
    );
    expect(installCommand(['varnish'])).toBe('apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends varnish');
    expect(run).not.toHaveBeenCalled();
  });

  it('as root, installs what is missing non-interactively, with a policy-rc.d that keeps every service from starting, removed after', () => {
    const policyFile = path.join(mkdtempSync(path.join(tmpdir(), 'policy-')), 'policy-rc.d');
    const installed = new Set<string>();
    const calls: { args: string[]; frontend?: string; policy: string }[] = [];
    const run = (args: string[], env: NodeJS.ProcessEnv) => {
      calls.push({ args, frontend: env.DEBIAN_FRONTEND, policy: readFileSync(policyFile, 'utf8') });
      expect(statSync(policyFile).mode & 0o111).not.toBe(0);
      if (args[0] === 'install') for (const p of PACKAGES) installed.add(p.marker);
      return 0;
    };
    const result = ensureDebianPackages(PACKAGES, { exists: (f) => installed.has(f), isRoot: true, run, policyFile, log: () => undefined });
    expect(result).toEqual(['redis-server', 'varnish', 'varnish-modules']);
    expect(calls.map((c) => c.args)).toEqual([['update'], ['install', '-y', '--no-install-recommends', 'redis-server', 'varnish', 'varnish-modules']]);
    expect(calls.every((c) => c.frontend === 'noninteractive' && c.policy === '#!/bin/sh\nexit 101\n')).toBe(true);
    expect(existsSync(policyFile)).toBe(false);
  });

  it('as root, a failing apt-get stops with the command to run and leaves no policy behind', () => {
    const policyFile = path.join(mkdtempSync(path.join(tmpdir(), 'policy-')), 'policy-rc.d');
    expect(() => ensureDebianPackages(PACKAGES, { exists: () => false, isRoot: true, run: () => 100, policyFile, log: () => undefined })).toThrow(
      /apt-get update failed \(exit 100\)[\s\S]*apt-get install -y --no-install-recommends redis-server varnish varnish-modules/,
    );
    expect(existsSync(policyFile)).toBe(false);
  });
});
