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
 *   npm run wordpress:real -- phpcs [args]      the plugin's coding-standard check (WordPress-Extra, phpcs.xml.dist)
 *   npm run wordpress:real -- phpcbf [args]     fixes what phpcs can fix by itself (formatting)
 *   npm run wordpress:real -- seo <yoast|rankmath|none>   switch the SEO stack (issue 33; `up` keeps the last one, yoast at first)
 *   npm run test:plugin                          php -l, phpcs and PHPUnit
 *
 * REAL_WORDPRESS_PORT (default 8881) picks the instance; REAL_WORDPRESS_PLUGIN_DIR another plugin folder.
 */
import { instance } from './paths';
import { upSeeded } from './seeded';
import { ensurePhpTools, phpToolCommand, type PhpTool } from './phpTools';
import { down, phpEnv, reset, running, SEO_STACKS, switchSeoStack, up, type SeoStack } from './server';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Instance } from './paths';

/** `npm run test:plugin`: `php -l` on every PHP file of the plugin, then phpcs, then PHPUnit (the instance started if needed). */
async function pluginChecks(inst: Instance): Promise<number> {
  const files = readdirSync(inst.pluginSource, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.php'));
  let failed = 0;
  for (const file of files) {
    const result = spawnSync('php', ['-l', path.join(inst.pluginSource, file)], { encoding: 'utf8' });
    if (result.status !== 0) {
      failed++;
      process.stderr.write(result.stdout + result.stderr);
    }
  }
  console.log(`php -l: ${files.length - failed} of ${files.length} files parse`);
  if (failed) return 1;
  console.log('== phpcs');
  if ((await runPluginTool(inst, 'phpcs', [])) !== 0) return 1;
  console.log('== PHPUnit (against the real WordPress)');
  return runPluginTool(inst, 'phpunit', []);
}

/**
 * Runs the plugin's PHPUnit tests (against this instance, started if needed), or phpcs/phpcbf from
 * the WordPress Coding Standards archive (phpTools.ts; no WordPress needed), from the plugin folder.
 */
async function runPluginTool(inst: Instance, tool: 'phpunit' | PhpTool, args: string[]): Promise<number> {
  if (tool === 'phpunit') {
    if (!(await running(inst))) await up(inst);
    const result = spawnSync('phpunit', args, { cwd: inst.pluginSource, stdio: 'inherit', env: { ...process.env, ...phpEnv(inst) } });
    return result.status ?? 1;
  }
  const run = phpToolCommand(ensurePhpTools(), tool, args);
  const result = spawnSync(run.command, run.args, { cwd: inst.pluginSource, stdio: 'inherit' });
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
  if (command === 'plugin-checks') return pluginChecks(inst);
  if (command === 'phpunit' || command === 'phpcs' || command === 'phpcbf') {
    const rest = argv.slice(argv.indexOf(command) + 1);
    return runPluginTool(inst, command, rest);
  }
  if (command === 'seo') {
    const stack = argv[argv.indexOf(command) + 1];
    if (!(SEO_STACKS as readonly string[]).includes(stack ?? '')) {
      console.error(`usage: npm run wordpress:real -- seo <${SEO_STACKS.join('|')}>`);
      return 2;
    }
    if (!(await running(inst))) await up(inst);
    const result = switchSeoStack(inst, stack as SeoStack);
    console.log(`SEO stack on ${inst.url}: ${stack} (active: ${(result.active as string[]).join(', ') || 'none of the three'})`);
    return 0;
  }
  if (command !== 'up') {
    console.error(
      `usage: npm run wordpress:real -- [up [--no-seed] | down | reset | status | plugin-checks | phpunit [args] | phpcs [args] | phpcbf [args] | seo <${SEO_STACKS.join('|')}>]`,
    );
    return 2;
  }
  const { seeded, adminUser } = await upSeeded(inst, { seed: !argv.includes('--no-seed') });
  // The seed keeps some media on the development host: CMS_DEV_HOSTS rewrites them to WordPress.
  const siteEnv = `WORDPRESS_URL=${inst.url} CMS_DEV_HOSTS=dev-cms.example.test`;
  console.log(
    [
      '',
      `WordPress (with the plugin${seeded ? ' and the seed content' : ''}) runs on ${inst.url}`,
      `  wp-admin:  ${inst.url}/wp-admin/  user "${adminUser}", password in ${inst.secretsFile}`,
      `  the site against it:  ${siteEnv} npm run build && ${siteEnv} npm start`,
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
