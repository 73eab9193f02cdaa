import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where one real WordPress instance lives. Everything of an instance is keyed by its port, so
 * several instances (a developer's, a helper's, CI's) can run side by side on one machine:
 * its own MariaDB datadir and socket, its own `wp-content`, its own Debian config file.
 */

export const ROOT = path.resolve(__dirname, '..', '..');
/** Debian's WordPress (ABSPATH). */
export const ABSPATH = '/usr/share/wordpress';
export const HOST = '127.0.0.1';
export const DEFAULT_PORT = 8881;
/** The plugin's folder name once installed in `wp-content/plugins/`. */
export const PLUGIN_SLUG = 'payments-headless';
export const PLUGIN_FILE = `${PLUGIN_SLUG}/${PLUGIN_SLUG}.php`;

/**
 * The shared folder beside the repository (third-party plugin tarballs, the PHP tools archive):
 * `PAYMENTS_SHARED_DIR`, else `<repo>/../shared`, else `/work/shared`.
 */
export function sharedDir(env: Record<string, string | undefined> = process.env, root: string = ROOT): string {
  if (env.PAYMENTS_SHARED_DIR?.trim()) return path.resolve(env.PAYMENTS_SHARED_DIR);
  const beside = path.resolve(root, '..', 'shared');
  return existsSync(beside) ? beside : '/work/shared';
}

export interface Instance {
  port: number;
  url: string;
  /** `HTTP_HOST` WordPress sees. */
  httpHost: string;
  /** Debian's wp-config.php loads `/etc/wordpress/config-{configName}.php` (see router.php). */
  configName: string;
  configFile: string;
  stateDir: string;
  dataDir: string;
  socket: string;
  mariadbPid: string;
  phpPid: string;
  contentDir: string;
  logDir: string;
  /** Credentials and generated secrets of this instance (never committed; `.cache/` is ignored). */
  secretsFile: string;
  /** Exists once the seed has been imported into this instance's database. */
  seededMarker: string;
  /** The plugin folder that `up` copies into `wp-content/plugins/`. */
  pluginSource: string;
}

function portFrom(value: string | undefined): number {
  if (!value?.trim()) return DEFAULT_PORT;
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1024 || Number(value) > 65535) {
    throw new Error(`REAL_WORDPRESS_PORT must be a TCP port (1024-65535), got "${value}"`);
  }
  return Number(value);
}

export function instance(env: NodeJS.ProcessEnv = process.env): Instance {
  const port = portFrom(env.REAL_WORDPRESS_PORT);
  const stateDir = path.join(ROOT, '.cache', 'real-wordpress', String(port));
  const configName = `payments-wp-${port}`;
  return {
    port,
    url: `http://${HOST}:${port}`,
    httpHost: `${HOST}:${port}`,
    configName,
    configFile: `/etc/wordpress/config-${configName}.php`,
    stateDir,
    dataDir: path.join(stateDir, 'mysql'),
    socket: path.join(stateDir, 'mysqld.sock'),
    mariadbPid: path.join(stateDir, 'mariadbd.pid'),
    phpPid: path.join(stateDir, 'php.pid'),
    contentDir: path.join(stateDir, 'wp-content'),
    logDir: path.join(stateDir, 'logs'),
    secretsFile: path.join(stateDir, 'secrets.json'),
    seededMarker: path.join(stateDir, 'seeded'),
    pluginSource: path.resolve(env.REAL_WORDPRESS_PLUGIN_DIR || path.join(ROOT, 'wordpress-plugin')),
  };
}

export interface Secrets {
  dbPassword: string;
  adminUser: string;
  adminPassword: string;
  /** Set by install.php once WordPress is installed. */
  appPassword?: string;
  /** The site's preview reader (role `headless_previewer`) and its application password, set by `configure`. */
  previewUser?: string;
  previewPassword?: string;
  salts: Record<string, string>;
  /** The theme view's key (test-instance.php, the fidelity test): header `X-Payments-Theme-View`. */
  themeKey?: string;
}

const SALT_NAMES = ['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT'];

/** The instance's secrets, made on first use and kept in its state folder (mode 0600). */
export function secrets(inst: Instance): Secrets {
  if (existsSync(inst.secretsFile)) return JSON.parse(readFileSync(inst.secretsFile, 'utf8')) as Secrets;
  const random = () => randomBytes(24).toString('base64url');
  const made: Secrets = {
    dbPassword: random(),
    adminUser: 'admin',
    adminPassword: random(),
    salts: Object.fromEntries(SALT_NAMES.map((name) => [name, randomBytes(48).toString('base64')])),
  };
  saveSecrets(inst, made);
  return made;
}

export function saveSecrets(inst: Instance, value: Secrets): void {
  mkdirSync(inst.stateDir, { recursive: true });
  writeFileSync(inst.secretsFile, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
}
