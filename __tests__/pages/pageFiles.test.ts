import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NEXT_BUILD_ARGS } from '../../scripts/next-build';
import { PAGES, pageFiles } from '../helpers/pageFiles';

describe('page files', () => {
  test('data functions are plain exports (Next strips only those from the browser bundle; a destructured export ships the WordPress client)', () => {
    const offenders = pageFiles().filter((file) => /export\s+(const|let|var)\s*\{[^}]*getStatic(Props|Paths)/.test(readFileSync(file, 'utf8')));
    expect(offenders.map((f) => path.relative(PAGES, f))).toEqual([]);
  });

  test('no page imports another page module (its data functions would reach the browser)', () => {
    const offenders = pageFiles().filter((file) => /from\s+['"](\.\.?\/)+(index|\[|_app|search|contact-us)/.test(readFileSync(file, 'utf8')));
    expect(offenders.map((f) => path.relative(PAGES, f))).toEqual([]);
  });
});

describe('production build command', () => {
  test('issue 5: `npm run build` builds with the same bundler as the demo, the browser tests and the bench (NEXT_BUILD_ARGS)', () => {
    const pkg = JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).toBe(`tsx scripts/with-wordpress.ts next ${NEXT_BUILD_ARGS.join(' ')}`);
  });
});
