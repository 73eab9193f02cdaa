import { ensureDebianPackages, missingPackages as missingDebianPackages, type DebianPackage } from '../system/debianPackages';

/**
 * Debian's packages a real WordPress needs here (WORDPRESS-FACTS.md): WordPress 6.1 and its
 * default theme, PHP 8.2 with the extensions WordPress uses (php-xml also serves PHP_CodeSniffer),
 * MariaDB and PHPUnit for the plugin's tests. PHP_CodeSniffer itself comes from the shared archive
 * (phpTools.ts): Debian's is too old for WPCS 3. Installed with apt-get when missing (root only);
 * package scripts are kept from starting services (the harness starts its own, on loopback).
 */
export const PACKAGES = [
  'wordpress', 'wordpress-theme-twentytwentythree', 'php-cli', 'php-mysql', 'php-gd', 'php-xml', 'php-mbstring',
  'php-curl', 'mariadb-server', 'mariadb-client', 'phpunit',
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
};

const DEBIAN_PACKAGES: DebianPackage[] = PACKAGES.map((name) => ({ name, marker: MARKERS[name] }));

export function missingPackages(): string[] {
  return missingDebianPackages(DEBIAN_PACKAGES);
}

/** Installs what is missing (root), or stops with the apt-get command to run (scripts/system/debianPackages.ts). */
export function ensurePackages(log: (line: string) => void = console.log): void {
  ensureDebianPackages(DEBIAN_PACKAGES, { purpose: 'the real WordPress', log });
}
