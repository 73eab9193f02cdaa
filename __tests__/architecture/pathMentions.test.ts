/** @jest-environment node */
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Issue 36: comments had started to drift (`contentTypes.ts` pointed at redirects in
 * `next.config.ts`; `connection.mjs` cited a file that did not exist), and moving files into
 * folders by where they run is how more would. Every file path that the code's comments, the tests
 * and the documents name (`src/…`, `pages/…`, `scripts/…`, `e2e/…`, `__tests__/…`) must exist.
 */

const ROOT = path.resolve(__dirname, '../..');
const SCANNED = ['src', 'pages', 'scripts', 'e2e', '__tests__', '__mocks__', 'docs', 'wordpress-plugin/includes', 'proxy.ts', 'next.config.ts', 'instrumentation.ts', 'README.md', 'eslint.config.mjs'];
const SKIPPED_DIRS = new Set(['node_modules', 'artifacts', 'fixtures']);
const TEXT = /\.(tsx?|mjs|md|php)$/;
const MENTION = /(?<![\w./-])(?:src|pages|scripts|e2e|__tests__)\/[\w./[\]-]+?\.(?:tsx?|mjs|md|css|php)(?![\w/])/g;

/** Paths named on purpose though they do not exist, each with why. */
const NOT_FILES: Record<string, string> = {
  'src/components/layout/WrongImport.tsx': 'the lint failure a wrong import gets, quoted in docs/architecture.md',
  'src/lib/search/stem.ts': 'docs/search-index.md, the plan: "if needed"',
};
/** Reports the browser tests write (not in a fresh clone). */
const WRITTEN_BY_TESTS = 'e2e/artifacts/';
/** Files whose paths are made up as examples (the lint zones' snippets). */
const EXAMPLES = new Set(['__tests__/architecture/importZones.test.ts', '__tests__/architecture/pathMentions.test.ts']);

function filesUnder(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return TEXT.test(entry) ? [entry] : [];
  return readdirSync(full, { withFileTypes: true }).flatMap((child) => (child.isDirectory() && SKIPPED_DIRS.has(child.name) ? [] : filesUnder(path.join(entry, child.name))));
}

describe('issue 36: the paths that comments, tests and documents name exist', () => {
  const files = SCANNED.flatMap(filesUnder).filter((file) => !EXAMPLES.has(file));

  it('scans the code and the documents (and finds the paths they name)', () => {
    expect(files).toEqual(expect.arrayContaining(['src/lib/shared/routes.ts', 'docs/architecture.md', 'proxy.ts']));
    const mentions = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8').match(MENTION) ?? [];
    expect(mentions).toContain('src/lib/cache/sharedIsrCache.mjs');
  });

  it('every named path is a file of the repository', () => {
    const missing = files.flatMap((file) =>
      [...new Set(readFileSync(path.join(ROOT, file), 'utf8').match(MENTION) ?? [])]
        .filter((mention) => !mention.startsWith(WRITTEN_BY_TESTS) && !Object.hasOwn(NOT_FILES, mention) && !existsSync(path.join(ROOT, mention)))
        .map((mention) => `${file}: ${mention}`),
    );
    expect(missing).toEqual([]);
  });
});
