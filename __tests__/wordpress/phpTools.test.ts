/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensurePhpTools, phpToolCommand, phpToolsPaths, WPCS_ARCHIVE } from '../../scripts/real-wordpress/phpTools';

/**
 * Issue 36: the plugin's phpcs runs the WordPress Coding Standards from the shared archive on a
 * machine with no Composer (`.ci/run` → `npm run test:plugin`). Where the archive is looked for,
 * where it is unpacked, the command built, and the error when it is missing. No PHP runs here.
 */

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'php-tools-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** A stand-in archive with the four trees (and phpcs's entry point) the real one holds. */
function fakeArchive(file: string, folders = ['PHP_CodeSniffer', 'PHPCSUtils', 'PHPCSExtra', 'WordPress-Coding-Standards']): void {
  const tree = path.join(work, 'tree');
  for (const folder of folders) mkdirSync(path.join(tree, folder), { recursive: true });
  if (folders.includes('PHP_CodeSniffer')) {
    mkdirSync(path.join(tree, 'PHP_CodeSniffer', 'bin'), { recursive: true });
    writeFileSync(path.join(tree, 'PHP_CodeSniffer', 'bin', 'phpcs'), '<?php\n');
  }
  mkdirSync(path.dirname(file), { recursive: true });
  expect(spawnSync('tar', ['-czf', file, '-C', tree, ...folders]).status).toBe(0);
}

describe('the WordPress Coding Standards archive', () => {
  it('is looked for in the shared folder beside the repository, and unpacked under .cache/ keyed by its name', () => {
    const root = path.join(work, 'repo');
    mkdirSync(path.join(work, 'shared'), { recursive: true });
    expect(phpToolsPaths({}, root)).toEqual({
      archive: path.join(work, 'shared', 'php-tools', 'wordpress-coding-standards-3.1.0.tar.gz'),
      dir: path.join(root, '.cache', 'php-tools', 'wordpress-coding-standards-3.1.0'),
    });
    expect(phpToolsPaths({ PAYMENTS_SHARED_DIR: '/elsewhere' }, root).archive).toBe(path.join('/elsewhere', 'php-tools', WPCS_ARCHIVE));
  });

  it('runs phpcs (or phpcbf) from the unpacked tree with the three standards installed', () => {
    expect(phpToolCommand('/t', 'phpcs', ['--report=summary'])).toEqual({
      command: 'php',
      args: [
        '/t/PHP_CodeSniffer/bin/phpcs',
        '--runtime-set',
        'installed_paths',
        '/t/PHPCSUtils,/t/PHPCSExtra,/t/WordPress-Coding-Standards',
        '--report=summary',
      ],
    });
    expect(phpToolCommand('/t', 'phpcbf', []).args[0]).toBe('/t/PHP_CodeSniffer/bin/phpcbf');
  });

  it('stops with an error naming the archive when it is missing', () => {
    const paths = { archive: path.join(work, 'shared', 'php-tools', WPCS_ARCHIVE), dir: path.join(work, 'cache', 'wpcs') };
    expect(() => ensurePhpTools(paths, () => {})).toThrow(`Missing ${WPCS_ARCHIVE}`);
    expect(() => ensurePhpTools(paths, () => {})).toThrow(paths.archive);
    expect(existsSync(paths.dir)).toBe(false);
  });

  it('unpacks once: a second run finds the tree and does not unpack again', () => {
    const paths = { archive: path.join(work, 'shared', 'php-tools', WPCS_ARCHIVE), dir: path.join(work, 'cache', 'wpcs') };
    fakeArchive(paths.archive);
    const log = jest.fn();
    expect(ensurePhpTools(paths, log)).toBe(paths.dir);
    expect(existsSync(path.join(paths.dir, 'PHP_CodeSniffer', 'bin', 'phpcs'))).toBe(true);
    expect(log).toHaveBeenCalledTimes(1);
    rmSync(paths.archive);
    expect(ensurePhpTools(paths, log)).toBe(paths.dir);
    expect(log).toHaveBeenCalledTimes(1);
    // No temporary folder is left beside it.
    expect(readdirSync(path.dirname(paths.dir))).toEqual(['wpcs']);
  });

  it('refuses an archive that lacks one of the trees, and leaves nothing behind', () => {
    const paths = { archive: path.join(work, 'shared', 'php-tools', WPCS_ARCHIVE), dir: path.join(work, 'cache', 'wpcs') };
    fakeArchive(paths.archive, ['PHP_CodeSniffer', 'PHPCSUtils']);
    expect(() => ensurePhpTools(paths, () => {})).toThrow('no PHPCSExtra, WordPress-Coding-Standards');
    expect(readdirSync(path.dirname(paths.dir))).toEqual([]);
  });
});
