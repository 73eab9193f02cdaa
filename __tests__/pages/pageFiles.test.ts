import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const PAGES = path.join(__dirname, '../../pages');

function pageFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'api' ? [] : pageFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('page files', () => {
  test('data functions are plain exports (Next strips only those from the browser bundle; a destructured export ships the WordPress client)', () => {
    const offenders = pageFiles(PAGES).filter((file) => /export\s+(const|let|var)\s*\{[^}]*getStatic(Props|Paths)/.test(readFileSync(file, 'utf8')));
    expect(offenders.map((f) => path.relative(PAGES, f))).toEqual([]);
  });

  test('no page imports another page module (its data functions would reach the browser)', () => {
    const offenders = pageFiles(PAGES).filter((file) => /from\s+['"](\.\.?\/)+(index|\[|_app|search|contact-us)/.test(readFileSync(file, 'utf8')));
    expect(offenders.map((f) => path.relative(PAGES, f))).toEqual([]);
  });
});
