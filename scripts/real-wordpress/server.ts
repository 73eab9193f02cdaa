import { spawn, spawnSync } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensurePackages } from './packages';
import { randomBytes } from 'node:crypto';
import { ABSPATH, HOST, PLUGIN_FILE, PLUGIN_SLUG, saveSecrets, secrets, sharedDir, type Instance, type Secrets } from './paths';

/**
 * Starting and stopping one real WordPress instance: a private MariaDB (its own datadir, a unix
 * socket, no TCP) and PHP's built-in server on loopback, each with a pid file and stopped by that
 * pid (never by name). See docs/real-wordpress.md.
 */

const HERE = __dirname;
const DB_NAME = 'wordpress';
const DB_USER = 'wp';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 100 ms until it is true or `ms` have passed. */
async function until(what: string, ms: number, check: () => boolean | Promise<boolean>): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await pause(100);
  }
  throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
}

function readPid(file: string): number | null {
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

function alive(pid: number | null): boolean {
  if (pid === null) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function osUser(): string {
  return os.userInfo().username;
}

function sql(inst: Instance, statement: string): { ok: boolean; out: string } {
  const result = spawnSync('mariadb', ['--no-defaults', `--socket=${inst.socket}`, '-u', 'root', '-N', '-e', statement], { encoding: 'utf8' });
  return { ok: result.status === 0, out: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

function startDetached(command: string, args: string[], env: NodeJS.ProcessEnv, log: string): number {
  const fd = openSync(log, 'a');
  const child = spawn(command, args, { env, detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  if (child.pid === undefined) throw new Error(`Could not start ${command}`);
  child.unref();
  return child.pid;
}

async function startMariaDb(inst: Instance, log: (line: string) => void): Promise<void> {
  if (alive(readPid(inst.mariadbPid)) && sql(inst, 'SELECT 1').ok) return;
  const user = osUser();
  if (!existsSync(path.join(inst.dataDir, 'mysql'))) {
    log('initialising MariaDB');
    mkdirSync(inst.dataDir, { recursive: true });
    const init = spawnSync(
      'mariadb-install-db',
      ['--no-defaults', `--datadir=${inst.dataDir}`, `--user=${user}`, '--auth-root-authentication-method=socket', '--skip-test-db'],
      { encoding: 'utf8' },
    );
    if (init.status !== 0) throw new Error(`mariadb-install-db failed: ${init.stderr || init.stdout}`);
  }
  log('starting MariaDB');
  startDetached(
    '/usr/sbin/mariadbd',
    [
      '--no-defaults', `--datadir=${inst.dataDir}`, `--socket=${inst.socket}`, `--pid-file=${inst.mariadbPid}`,
      '--skip-networking', `--user=${user}`, `--log-error=${path.join(inst.logDir, 'mariadb.log')}`,
      '--innodb-buffer-pool-size=64M', '--innodb-flush-log-at-trx-commit=2', '--skip-log-bin',
    ],
    process.env,
    path.join(inst.logDir, 'mariadb.out'),
  );
  await until('MariaDB', 60_000, () => existsSync(inst.socket) && sql(inst, 'SELECT 1').ok);
}

function createDatabase(inst: Instance, dbPassword: string): void {
  const quoted = dbPassword.replace(/'/g, "''");
  const result = sql(
    inst,
    `CREATE DATABASE IF NOT EXISTS ${DB_NAME} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;` +
      `CREATE USER IF NOT EXISTS '${DB_USER}'@'localhost' IDENTIFIED BY '${quoted}';` +
      `ALTER USER '${DB_USER}'@'localhost' IDENTIFIED BY '${quoted}';` +
      `GRANT ALL PRIVILEGES ON ${DB_NAME}.* TO '${DB_USER}'@'localhost'; FLUSH PRIVILEGES;`,
  );
  if (!result.ok) throw new Error(`Could not create the database: ${result.out}`);
}

const php = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The instance's Debian config file (`/etc/wordpress/config-{name}.php`). */
function writeWordPressConfig(inst: Instance, dbPassword: string, salts: Record<string, string>, themeKey: string): void {
  const lines = [
    '<?php',
    '// Written by scripts/real-wordpress (a local test instance): do not edit, it is rewritten at every start.',
    `define('DB_NAME', ${php(DB_NAME)});`,
    `define('DB_USER', ${php(DB_USER)});`,
    `define('DB_PASSWORD', ${php(dbPassword)});`,
    `define('DB_HOST', ${php(`localhost:${inst.socket}`)});`,
    "define('DB_CHARSET', 'utf8mb4');",
    `define('WP_HOME', ${php(inst.url)});`,
    `define('WP_SITEURL', ${php(inst.url)});`,
    `define('WP_CONTENT_DIR', ${php(inst.contentDir)});`,
    `define('WP_CONTENT_URL', ${php(`${inst.url}/wp-content`)});`,
    "define('WP_HTTP_BLOCK_EXTERNAL', true);",
    "define('DISABLE_WP_CRON', true);",
    "define('WP_ENVIRONMENT_TYPE', 'local');",
    "define('AUTOMATIC_UPDATER_DISABLED', true);",
    "define('FS_METHOD', 'direct');",
    "define('WP_DEBUG', true);",
    "define('WP_DEBUG_DISPLAY', false);",
    `define('WP_DEBUG_LOG', ${php(path.join(inst.logDir, 'wordpress-debug.log'))});`,
    ...Object.entries(salts).map(([name, value]) => `define(${php(name)}, ${php(value)});`),
    // The test-only mu-plugin (test-instance.php): the key of the theme view the fidelity test uses.
    `define('PAYMENTS_TEST_THEME_KEY', ${php(themeKey)});`,
    `if (is_readable(${php(path.join(inst.stateDir, 'extra-config.php'))})) { require ${php(path.join(inst.stateDir, 'extra-config.php'))}; }`,
    "$table_prefix = 'wp_';",
    '',
  ];
  writeFileSync(inst.configFile, lines.join('\n'), { mode: 0o640 });
}

/** What the plugin needs to reach the site (issue 10: webhook; issue 11: preview tokens). */
export interface HeadlessSettings {
  /** `HEADLESS_SITE_URL`: the site's origin, e.g. the e2e site's `http://127.0.0.1:3950`. */
  siteUrl: string;
  /** `HEADLESS_REVALIDATE_SECRET`: the site's `REVALIDATE_SECRET`. */
  revalidateSecret: string;
  /** `HEADLESS_PREVIEW_SECRET`: the site's `PREVIEW_SECRET`. */
  previewSecret: string;
}

/**
 * Points the plugin at a site: writes the instance's `extra-config.php` (which its Debian config
 * file requires) with the `HEADLESS_*` constants. PHP reads it on every request, so a running
 * instance follows at once. Mode 0600: it holds secrets.
 */
export function writeHeadlessConfig(inst: Instance, settings: HeadlessSettings): void {
  mkdirSync(inst.stateDir, { recursive: true });
  const lines = [
    '<?php',
    '// Written by scripts/real-wordpress (writeHeadlessConfig): the site this WordPress publishes to.',
    `define('HEADLESS_SITE_URL', ${php(settings.siteUrl)});`,
    `define('HEADLESS_REVALIDATE_SECRET', ${php(settings.revalidateSecret)});`,
    `define('HEADLESS_PREVIEW_SECRET', ${php(settings.previewSecret)});`,
    '',
  ];
  writeFileSync(path.join(inst.stateDir, 'extra-config.php'), lines.join('\n'), { mode: 0o600 });
}

/**
 * The third-party plugins a real company's WordPress runs beside ours (issue 33), as release
 * tarballs in the shared folder (see its README): folder in wp-content/plugins/ => tarball.
 */
export const THIRD_PARTY_PLUGINS: Record<string, string> = {
  'wordpress-seo': 'wordpress-seo-21.0.tar.gz',
  'seo-by-rank-math': 'seo-by-rank-math-1.0.218.tar.gz',
  redirection: 'redirection-5.4.2.tar.gz',
};

/** The SEO stacks `seo <stack>` switches between (wp.php says which plugins each activates). */
export const SEO_STACKS = ['yoast', 'rankmath', 'none'] as const;
export type SeoStack = (typeof SEO_STACKS)[number];

/** Unpacks each third-party plugin that is not in wp-content/plugins/ yet (a plugin found there is kept as it is). */
function unpackThirdPartyPlugins(inst: Instance, log: (line: string) => void): void {
  const plugins = path.join(inst.contentDir, 'plugins');
  for (const [folder, tarball] of Object.entries(THIRD_PARTY_PLUGINS)) {
    if (existsSync(path.join(plugins, folder))) continue;
    const file = path.join(sharedDir(), 'wordpress-plugins', tarball);
    if (!existsSync(file)) {
      throw new Error(
        `Missing ${tarball} (plugin ${folder}): looked for ${file}. Set PAYMENTS_SHARED_DIR to the folder holding wordpress-plugins/.`,
      );
    }
    log(`unpacking ${tarball}`);
    const result = spawnSync('tar', ['-xzf', file, '-C', plugins], { encoding: 'utf8' });
    if (result.status !== 0 || !existsSync(path.join(plugins, folder))) {
      rmSync(path.join(plugins, folder), { recursive: true, force: true });
      throw new Error(`Could not unpack ${file}: ${result.stderr}`);
    }
  }
}

/** The SEO stack an instance was last switched to (`yoast` until `seo` says otherwise). */
function seoStackFile(inst: Instance): string {
  return path.join(inst.stateDir, 'seo-stack');
}

export function currentSeoStack(inst: Instance): SeoStack {
  const saved = existsSync(seoStackFile(inst)) ? readFileSync(seoStackFile(inst), 'utf8').trim() : '';
  return (SEO_STACKS as readonly string[]).includes(saved) ? (saved as SeoStack) : 'yoast';
}

/**
 * Switches the SEO stack: `yoast` (Yoast SEO and Redirection), `rankmath` (Rank Math alone, its
 * registration skipped and headless support on), `none`. One PHP process; idempotent. The choice
 * is kept in the state folder, so the next `up` keeps it.
 */
export function switchSeoStack(inst: Instance, stack: SeoStack): Record<string, unknown> {
  const result = runWp(inst, 'seo', {}, [stack]);
  writeFileSync(seoStackFile(inst), `${stack}\n`);
  return result;
}

/** A fresh wp-content: uploads kept, the plugin copied anew, Debian's default theme linked. */
function prepareContent(inst: Instance): void {
  for (const dir of ['plugins', 'themes', 'uploads', 'upgrade']) mkdirSync(path.join(inst.contentDir, dir), { recursive: true });
  const plugin = path.join(inst.contentDir, 'plugins', PLUGIN_SLUG);
  rmSync(plugin, { recursive: true, force: true });
  if (!existsSync(path.join(inst.pluginSource, `${PLUGIN_SLUG}.php`))) {
    throw new Error(`No plugin at ${inst.pluginSource} (${PLUGIN_SLUG}.php missing)`);
  }
  cpSync(inst.pluginSource, plugin, { recursive: true, filter: (src) => !/\/(tests|node_modules)(\/|$)/.test(src.slice(inst.pluginSource.length)) });
  // Test instances only: the theme view for the fidelity test and offline oEmbed answers
  // (test-instance.php). The companion plugin never ships it.
  mkdirSync(path.join(inst.contentDir, 'mu-plugins'), { recursive: true });
  cpSync(path.join(HERE, 'test-instance.php'), path.join(inst.contentDir, 'mu-plugins', 'payments-test-instance.php'));
  const theme = path.join(inst.contentDir, 'themes', 'twentytwentythree');
  if (!existsSync(theme) && existsSync(`${ABSPATH}/wp-content/themes/twentytwentythree`)) {
    symlinkSync(`${ABSPATH}/wp-content/themes/twentytwentythree`, theme);
  }
}

/** Environment for PHP: which instance, and nothing of jest's or Node's. */
export function phpEnv(inst: Instance, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: process.env.NODE_ENV,
    PAYMENTS_WP_HOST: inst.httpHost,
    PAYMENTS_WP_CONFIG: inst.configName,
    PAYMENTS_WP_CONTENT_DIR: inst.contentDir,
    ...extra,
  };
}

function runWp(inst: Instance, step: 'install' | 'configure' | 'seo', extra: Record<string, string>, args: string[] = []): Record<string, unknown> {
  const result = spawnSync('php', [path.join(HERE, 'wp.php'), step, ...args], { encoding: 'utf8', env: phpEnv(inst, extra) });
  if (result.status !== 0) throw new Error(`wp.php ${step} failed (exit ${result.status}): ${result.stderr}${result.stdout}`);
  const last = result.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(last) as Record<string, unknown>;
  } catch {
    throw new Error(`wp.php ${step} printed no JSON: ${result.stdout}${result.stderr}`);
  }
}

async function startPhp(inst: Instance, log: (line: string) => void): Promise<void> {
  if (alive(readPid(inst.phpPid)) && (await portOpen(inst.port))) return;
  if (await portOpen(inst.port)) throw new Error(`Port ${inst.port} is taken by another process (set REAL_WORDPRESS_PORT)`);
  log(`starting PHP's server on ${inst.url}`);
  const pid = startDetached(
    'php',
    ['-d', 'memory_limit=256M', '-d', 'upload_max_filesize=32M', '-d', 'post_max_size=40M', '-S', inst.httpHost, '-t', ABSPATH, path.join(HERE, 'router.php')],
    phpEnv(inst, { PHP_CLI_SERVER_WORKERS: '4' }),
    path.join(inst.logDir, 'php.log'),
  );
  writeFileSync(inst.phpPid, `${pid}\n`);
  await until(`PHP's server on ${inst.url}`, 20_000, () => portOpen(inst.port));
}

export interface Started {
  appPassword: string;
  previewUser: string;
  previewPassword: string;
  adminUser: string;
  adminPassword: string;
}

/** The key of the theme view (test-instance.php), made once per instance and kept with its secrets. */
export function themeKey(inst: Instance, s: Secrets = secrets(inst)): string {
  if (s.themeKey) return s.themeKey;
  const made = randomBytes(24).toString('base64url');
  saveSecrets(inst, { ...s, themeKey: made });
  return made;
}

/** Installs what is missing and starts the instance; WordPress is installed and the plugin activated. */
export async function up(inst: Instance, log: (line: string) => void = console.log): Promise<Started> {
  ensurePackages(log);
  mkdirSync(inst.logDir, { recursive: true });
  const s = secrets(inst);
  await startMariaDb(inst, log);
  createDatabase(inst, s.dbPassword);
  const key = themeKey(inst, s);
  writeWordPressConfig(inst, s.dbPassword, s.salts, key);
  prepareContent(inst);
  unpackThirdPartyPlugins(inst, log);
  const env = { PAYMENTS_WP_ADMIN_USER: s.adminUser, PAYMENTS_WP_ADMIN_PASSWORD: s.adminPassword, PAYMENTS_WP_PLUGIN: PLUGIN_FILE };
  const installed = runWp(inst, 'install', env);
  if (installed.installed) log('installed WordPress');
  const configured = runWp(inst, 'configure', env);
  const appPassword = String(configured.appPassword);
  const previewUser = String(configured.previewUser);
  const previewPassword = String(configured.previewPassword);
  switchSeoStack(inst, currentSeoStack(inst));
  saveSecrets(inst, { ...s, themeKey: key, appPassword, previewUser, previewPassword });
  await startPhp(inst, log);
  return { appPassword, previewUser, previewPassword, adminUser: s.adminUser, adminPassword: s.adminPassword };
}

async function stopPid(pidFile: string, group: boolean, ms: number): Promise<void> {
  const pid = readPid(pidFile);
  if (pid !== null && alive(pid)) {
    try {
      process.kill(group ? -pid : pid, 'SIGTERM');
    } catch {
      process.kill(pid, 'SIGTERM');
    }
    try {
      await until(`process ${pid} to stop`, ms, () => !alive(pid));
    } catch {
      process.kill(group ? -pid : pid, 'SIGKILL');
    }
  }
  if (existsSync(pidFile)) unlinkSync(pidFile);
}

/** Stops the instance's PHP server and MariaDB, by their pids. */
export async function down(inst: Instance): Promise<void> {
  await stopPid(inst.phpPid, true, 5_000);
  await stopPid(inst.mariadbPid, false, 30_000);
}

/** Stops the instance and deletes its database, uploads and config file. */
export async function reset(inst: Instance): Promise<void> {
  await down(inst);
  rmSync(inst.stateDir, { recursive: true, force: true });
  if (existsSync(inst.configFile)) unlinkSync(inst.configFile);
}

export async function running(inst: Instance): Promise<boolean> {
  return alive(readPid(inst.phpPid)) && alive(readPid(inst.mariadbPid)) && (await portOpen(inst.port));
}
