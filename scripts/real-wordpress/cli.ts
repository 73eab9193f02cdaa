/**
 * A real WordPress (Debian's 6.1 on PHP 8.2 and MariaDB) with the companion plugin and the seed
 * content, on loopback, for development and CI. See docs/real-wordpress.md.
 *
 *   npm run wordpress:real              install what is missing, start, install WordPress, activate
 *                                       the plugin, import the seed (once); then print the settings
 *   npm run wordpress:real -- down      stop it (by pid)
 *   npm run wordpress:real -- reset     stop it and delete its database and uploads
 *   npm run wordpress:real -- status
 *   npm run wordpress:real -- up --no-seed
 *   npm run wordpress:real -- phpunit [args]   the plugin's PHPUnit tests against this instance
 *   npm run wordpress:real -- phpcs             the plugin's coding-standard check
 *
 * REAL_WORDPRESS_PORT (default 8881) picks the instance; REAL_WORDPRESS_PLUGIN_DIR another plugin folder.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { instance, type RealWordPressState } from './paths';
import { seedWordPress } from './seed';
import { down, phpEnv, reset, running, up } from './server';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Instance } from './paths';

/** Runs the plugin's PHPUnit tests (against this instance, started if needed) or phpcs, from the plugin folder. */
async function runPluginTool(inst: Instance, tool: 'phpunit' | 'phpcs', args: string[]): Promise<number> {
  if (tool === 'phpunit' && !(await running(inst))) await up(inst);
  const result = spawnSync(tool, args, { cwd: inst.pluginSource, stdio: 'inherit', env: { ...process.env, ...phpEnv(inst) } });
  return result.status ?? 1;
}

async function main(argv: string[]): Promise<number> {
  const command = argv.find((a) => !a.startsWith('--')) ?? 'up';
  const inst = instance();
  if (command === 'down') {
    await down(inst);
    console.log(`stopped the WordPress on ${inst.url}`);
    return 0;
  }
  if (command === 'reset') {
    await reset(inst);
    console.log(`deleted the WordPress on ${inst.url}`);
    return 0;
  }
  if (command === 'status') {
    const on = await running(inst);
    console.log(on ? `running on ${inst.url}` : 'not running');
    return on ? 0 : 1;
  }
  if (command === 'phpunit' || command === 'phpcs') {
    const rest = argv.slice(argv.indexOf(command) + 1);
    return runPluginTool(inst, command, rest);
  }
  if (command !== 'up') {
    console.error('usage: npm run wordpress:real -- [up [--no-seed] | down | reset | status | phpunit [args] | phpcs]');
    return 2;
  }
  const started = await up(inst);
  const previous: Partial<RealWordPressState> = existsSync(inst.stateFile) ? JSON.parse(readFileSync(inst.stateFile, 'utf8')) : {};
  let seeded = previous.seeded === true;
  if (!seeded && !argv.includes('--no-seed')) {
    await seedWordPress({ url: inst.url, user: started.adminUser, appPassword: started.appPassword, log: console.log });
    seeded = true;
  }
  const state: RealWordPressState = {
    url: inst.url, port: inst.port, configName: inst.configName, httpHost: inst.httpHost,
    adminUser: started.adminUser, appPassword: started.appPassword, seeded,
  };
  writeFileSync(inst.stateFile, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  console.log(
    [
      '',
      `WordPress (with the plugin${seeded ? ' and the seed content' : ''}) runs on ${inst.url}`,
      `  wp-admin:  ${inst.url}/wp-admin/  user "${started.adminUser}", password in ${inst.secretsFile}`,
      `  the site against it:  WORDPRESS_URL=${inst.url} npm run build && WORDPRESS_URL=${inst.url} npm start`,
      '  stop it:   npm run wordpress:real -- down',
    ].join('\n'),
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
