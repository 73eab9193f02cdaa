/**
 * The sanitizer's cost per article body (issue 12 §2): the CMS bodies of the seed content (posts,
 * news, press releases, white papers, case studies, insights, events, partner interviews), each
 * sanitized many times, one long article (every seed body joined, ≈ 14 kB), and one block-rich
 * article (issue 17: WordPress 6.1's own output for covers, buttons, columns, groups, tables,
 * media, files, social icons…, `__tests__/wordpress/fixtures/wp61-blocks.rendered.html`, where
 * style attributes are checked and lifted); prints the mean time per body, the median of several
 * rounds (a shared machine has slow rounds).
 *
 * The timing runs in a child Node process that imports the sanitizer as native ES modules (Node's
 * own TypeScript stripping), as the production server loads parse5 (an ES-module package that
 * Next keeps external): under tsx, parse5 would be converted to CommonJS with a getter per export,
 * which makes it several times slower than it is in production.
 *
 * Not a unit test (timings have no place in one); run it by hand and compare:
 *   npx tsx scripts/security/sanitizer-cost.ts [rounds] [sanitizer module]
 * The optional module (default src/lib/html/sanitize.ts) exports `sanitizeCmsHtml`: point it
 * at another version of the sanitizer to compare.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSeedStore } from '../../__mocks__/wordpress/store';

const ARTICLE_BASES = ['posts', 'news', 'press-releases', 'whitepapers', 'case-studies', 'insights', 'events', 'virtual'];

const BLOCK_RICH = path.join(__dirname, '..', '..', '__tests__', 'wordpress', 'fixtures', 'wp61-blocks.rendered.html');

function bodies(): string[] {
  const store = createSeedStore();
  const found: string[] = [];
  for (const base of ARTICLE_BASES) {
    for (const post of (store.collections as Record<string, Array<{ content?: { rendered?: string } }>>)[base] ?? []) {
      const html = post.content?.rendered ?? '';
      if (html) found.push(html);
    }
  }
  return found;
}

function main(): number {
  const rounds = Number(process.argv[2] ?? 15);
  const sanitizer = path.resolve(process.argv[3] ?? path.join(__dirname, '..', '..', 'src', 'lib', 'wordpress', 'sanitize.ts'));
  const runner = path.join(__dirname, 'sanitizer-cost-runner.mts');
  const result = spawnSync(process.execPath, ['--experimental-strip-types', '--no-warnings', runner, sanitizer, String(rounds)], {
    input: JSON.stringify({ bodies: bodies(), blockRich: readFileSync(BLOCK_RICH, 'utf8') }),
    encoding: 'utf8',
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  return result.status ?? 1;
}

process.exit(main());
