import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { instance, secrets } from '../../scripts/real-wordpress/paths';
import { phpEnv } from '../../scripts/real-wordpress/server';

/**
 * Runs PHP inside the real WordPress of this run (REAL_WORDPRESS_PORT), as the administrator, the
 * way a wp-admin request would: WordPress is loaded, the code runs, and WordPress's `shutdown`
 * hooks run at the end, so the companion plugin's webhook goes out to the site as it does after an
 * editor's save. For what editors set through forms that REST does not expose (Yoast's meta box,
 * Settings → General). The code's last value is printed as JSON and returned.
 */
export function wordpressPhp<T = unknown>(code: string): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'wp-php-'));
  const file = path.join(dir, 'run.php');
  const inst = instance();
  writeFileSync(
    file,
    [
      '<?php',
      "$_SERVER['HTTP_HOST'] = getenv('PAYMENTS_WP_HOST');",
      "$_SERVER['WORDPRESS_CONFIG'] = getenv('PAYMENTS_WP_CONFIG');",
      "$_SERVER['REQUEST_URI'] = '/wp-admin/';",
      "$_SERVER['SERVER_NAME'] = '127.0.0.1';",
      "$_SERVER['SERVER_PORT'] = '80';",
      "$_SERVER['REQUEST_METHOD'] = 'POST';",
      "require '/usr/share/wordpress/wp-load.php';",
      "require_once ABSPATH . 'wp-admin/includes/admin.php';",
      "wp_set_current_user(get_user_by('login', getenv('PAYMENTS_WP_ADMIN_USER'))->ID);",
      `$payments_result = (static function () { ${code} })();`,
      "fwrite(STDOUT, \"\\n\" . wp_json_encode($payments_result) . \"\\n\");",
      '',
    ].join('\n'),
  );
  try {
    const result = spawnSync('php', [file], { encoding: 'utf8', env: phpEnv(inst, { PAYMENTS_WP_ADMIN_USER: secrets(inst).adminUser }), timeout: 60_000 });
    if (result.status !== 0) throw new Error(`PHP in WordPress failed (exit ${result.status}): ${result.stderr}${result.stdout}`);
    const last = result.stdout.trim().split('\n').pop() ?? 'null';
    return JSON.parse(last) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A PHP string literal. */
export const phpString = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
