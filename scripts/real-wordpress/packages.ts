import { spawnSync } from 'node:child_process';
import { existsSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * Debian's packages a real WordPress needs here (WORDPRESS-FACTS.md): WordPress 6.1 and its
 * default theme, PHP 8.2 with the extensions WordPress uses, MariaDB, PHPUnit and PHP_CodeSniffer
 * for the plugin's tests. Installed with apt-get when missing (root only); package scripts are
 * kept from starting services (the harness starts its own, on loopback).
 */
export const PACKAGES = [
  'wordpress', 'wordpress-theme-twentytwentythree', 'php-cli', 'php-mysql', 'php-gd', 'php-xml', 'php-mbstring',
  'php-curl', 'mariadb-server', 'mariadb-client', 'phpunit', 'php-codesniffer',
] as const;

/** A file each package brings, to tell whether it is installed without asking dpkg for each. */
const MARKERS: Record<(typeof PACKAGES)[number], string> = {
  wordpress: '/usr/share/wordpress/wp-load.php',
  'wordpress-theme-twentytwentythree': '/usr/share/wordpress/wp-content/themes/twentytwentythree/style.css',
  'php-cli': '/usr/bin/php',
  'php-mysql': '/usr/share/doc/php-mysql',
  'php-gd': '/usr/share/doc/php-gd',
  'php-xml': '/usr/share/doc/php-xml',
  'php-mbstring': '/usr/share/doc/php-mbstring',
  'php-curl': '/usr/share/doc/php-curl',
  'mariadb-server': '/usr/sbin/mariadbd',
  'mariadb-client': '/usr/bin/mariadb',
  phpunit: '/usr/bin/phpunit',
  'php-codesniffer': '/usr/bin/phpcs',
};

export function missingPackages(): string[] {
  return PACKAGES.filter((name) => !existsSync(MARKERS[name]));
}

const POLICY = '/usr/sbin/policy-rc.d';

export function ensurePackages(log: (line: string) => void = console.log): void {
  const missing = missingPackages();
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    throw new Error(
      `Debian packages missing: ${missing.join(' ')}. Install them as root: ` +
        `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`,
    );
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  // Package scripts must not start Apache or MariaDB as services: a policy-rc.d that answers 101.
  const addedPolicy = !existsSync(POLICY);
  if (addedPolicy) writeFileSync(POLICY, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...missing]]) {
      const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
      if (result.status !== 0) throw new Error(`apt-get ${args[0]} failed (exit ${result.status})`);
    }
  } finally {
    if (addedPolicy) unlinkSync(POLICY);
  }
}
