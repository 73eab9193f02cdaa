/**
 * Regenerates the local content server's copy of WordPress's block CSS (`__mocks__/wordpress/block-library/`),
 * so the fake serves what WordPress 6.1 serves (docs/blocks.md, "Block CSS"):
 *
 * - `common.min.css` and every `blocks/{name}/style.min.css`: copied from Debian's WordPress
 *   (`/usr/share/wordpress/wp-includes/…`, package `wordpress`);
 * - `global-styles.css`: Twenty Twenty-Three's global stylesheet, `wp_get_global_stylesheet()`,
 *   computed by the real WordPress of `npm run wordpress:real` (`scripts/block-css/global-styles.php`);
 * - `SOURCE.json`: where they came from (versions of WordPress, the Debian packages and the theme).
 *
 *   REAL_WORDPRESS_PORT=8881 npm run wordpress:real     # if it is not running
 *   REAL_WORDPRESS_PORT=8881 npx tsx scripts/block-css/vendor.ts
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ABSPATH, DEFAULT_PORT, HOST, ROOT } from '../real-wordpress/paths';

const OUT = path.join(ROOT, '__mocks__', 'wordpress', 'block-library');
const COMMON = path.join(ABSPATH, 'wp-includes', 'css', 'dist', 'block-library', 'common.min.css');
const BLOCKS = path.join(ABSPATH, 'wp-includes', 'blocks');

function debianVersion(pkg: string): string {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function main(): void {
  const port = Number(process.env.REAL_WORDPRESS_PORT ?? DEFAULT_PORT);
  const captured = JSON.parse(
    execFileSync('php', [path.join(__dirname, 'global-styles.php')], {
      encoding: 'utf8',
      env: { ...process.env, PAYMENTS_WP_HOST: `${HOST}:${port}`, PAYMENTS_WP_CONFIG: `payments-wp-${port}` },
    }),
  ) as { wordpress: string; theme: string; theme_version: string; css: string };
  if (captured.theme !== 'twentytwentythree') throw new Error(`the real WordPress on port ${port} runs ${captured.theme}, not twentytwentythree`);

  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(path.join(OUT, 'blocks'), { recursive: true });
  copyFileSync(COMMON, path.join(OUT, 'common.min.css'));
  const blocks: string[] = [];
  for (const name of readdirSync(BLOCKS).sort()) {
    const file = path.join(BLOCKS, name, 'style.min.css');
    if (!existsSync(file)) continue;
    mkdirSync(path.join(OUT, 'blocks', name));
    copyFileSync(file, path.join(OUT, 'blocks', name, 'style.min.css'));
    blocks.push(name);
  }
  writeFileSync(path.join(OUT, 'global-styles.css'), captured.css);
  const source = {
    about: 'WordPress block CSS served by the local content server; regenerate with scripts/block-css/vendor.ts',
    wordpress: captured.wordpress,
    debianPackages: { wordpress: debianVersion('wordpress'), 'wordpress-theme-twentytwentythree': debianVersion('wordpress-theme-twentytwentythree') },
    files: {
      'common.min.css': `${COMMON}`,
      'blocks/{name}/style.min.css': `${BLOCKS}/{name}/style.min.css`,
      'global-styles.css': `wp_get_global_stylesheet() of theme ${captured.theme} ${captured.theme_version} (scripts/block-css/global-styles.php)`,
    },
    blocks,
  };
  writeFileSync(path.join(OUT, 'SOURCE.json'), `${JSON.stringify(source, null, 2)}\n`);
  console.log(`wrote ${blocks.length} block stylesheets, common.min.css and global-styles.css to ${path.relative(ROOT, OUT)}`);
}

main();
