import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, sharedDir } from './paths';

/**
 * The plugin's coding-standard tools without Composer: PHP_CodeSniffer 3.13, PHPCSUtils,
 * PHPCSExtra and the WordPress Coding Standards 3.1, as the release trees that
 * `composer require --dev wp-coding-standards/wpcs` would install, packed in one archive in the
 * shared folder (`../shared/php-tools/`, its README). Debian's php-codesniffer (3.7) is too old
 * for WPCS 3. The archive is unpacked once into `.cache/php-tools/<archive name>/`; a new archive
 * name (a new version) unpacks beside it.
 */
export const WPCS_ARCHIVE = 'wordpress-coding-standards-3.1.0.tar.gz';

/** The standards phpcs loads besides its own (`--runtime-set installed_paths`), folders of the archive. */
const STANDARD_FOLDERS = ['PHPCSUtils', 'PHPCSExtra', 'WordPress-Coding-Standards'] as const;

export type PhpTool = 'phpcs' | 'phpcbf';

export interface PhpToolsPaths {
  /** The archive in the shared folder. */
  archive: string;
  /** Where it is unpacked (keyed by the archive's name). */
  dir: string;
}

export function phpToolsPaths(env: Record<string, string | undefined> = process.env, root: string = ROOT): PhpToolsPaths {
  return {
    archive: path.join(sharedDir(env, root), 'php-tools', WPCS_ARCHIVE),
    dir: path.join(root, '.cache', 'php-tools', WPCS_ARCHIVE.replace(/\.tar\.gz$/, '')),
  };
}

/** The command that runs phpcs or phpcbf from the unpacked tree with the WordPress standards installed. */
export function phpToolCommand(dir: string, tool: PhpTool, args: readonly string[]): { command: string; args: string[] } {
  return {
    command: 'php',
    args: [
      path.join(dir, 'PHP_CodeSniffer', 'bin', tool),
      '--runtime-set',
      'installed_paths',
      STANDARD_FOLDERS.map((folder) => path.join(dir, folder)).join(','),
      ...args,
    ],
  };
}

/** The file whose presence says the archive was unpacked whole. */
function unpackedMarker(dir: string): string {
  return path.join(dir, 'PHP_CodeSniffer', 'bin', 'phpcs');
}

/**
 * Unpacks the archive into `paths.dir` unless it is there already: into a temporary folder first,
 * renamed when complete, so an interrupted unpack is never taken for the tools. Throws, naming the
 * archive, when it is missing or does not hold the four trees.
 */
export function ensurePhpTools(paths: PhpToolsPaths = phpToolsPaths(), log: (line: string) => void = console.log): string {
  if (existsSync(unpackedMarker(paths.dir))) return paths.dir;
  if (!existsSync(paths.archive)) {
    throw new Error(
      `Missing ${WPCS_ARCHIVE} (PHP_CodeSniffer and the WordPress Coding Standards): looked for ${paths.archive}. ` +
        'Set PAYMENTS_SHARED_DIR to the folder holding php-tools/.',
    );
  }
  log(`unpacking ${WPCS_ARCHIVE} into ${paths.dir}`);
  const partial = `${paths.dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    const result = spawnSync('tar', ['-xzf', paths.archive, '-C', partial], { encoding: 'utf8' });
    const missing = ['PHP_CodeSniffer', ...STANDARD_FOLDERS].filter((folder) => !existsSync(path.join(partial, folder)));
    if (result.status !== 0 || missing.length > 0 || !existsSync(unpackedMarker(partial))) {
      throw new Error(`Could not unpack ${paths.archive}${missing.length ? ` (no ${missing.join(', ')} in it)` : ''}: ${result.stderr}`);
    }
    rmSync(paths.dir, { recursive: true, force: true });
    renameSync(partial, paths.dir);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return paths.dir;
}
