import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HEAP_CEILING_MB, withHeapCeiling } from '../../scripts/next-start';

describe('the production server gets a V8 heap ceiling (docs/reliability.md §6)', () => {
  it('adds --max-old-space-size to NODE_OPTIONS, keeping what the operator set', () => {
    expect(withHeapCeiling(undefined)).toBe(`--max-old-space-size=${HEAP_CEILING_MB}`);
    expect(withHeapCeiling('  --enable-source-maps ')).toBe(`--enable-source-maps --max-old-space-size=${HEAP_CEILING_MB}`);
  });

  it("leaves an operator's own ceiling alone", () => {
    expect(withHeapCeiling('--max-old-space-size=1024')).toBe('--max-old-space-size=1024');
    expect(withHeapCeiling('--inspect --max-old-space-size 2048')).toBe('--inspect --max-old-space-size 2048');
  });

  it('is about 2.4 times the live heap measured at 2,007 pages (150–162 MB), not close to it', () => {
    expect(HEAP_CEILING_MB).toBeGreaterThanOrEqual(2 * 162);
  });

  it('is what npm start and the chaos bench start next start with', () => {
    const root = path.join(__dirname, '..', '..');
    expect(readFileSync(path.join(root, 'scripts/with-wordpress.ts'), 'utf8')).toMatch(/args\[0\] === 'start' \? \{ \.\.\.env, NODE_OPTIONS: withHeapCeiling\(env\.NODE_OPTIONS\) \}/);
    expect(readFileSync(path.join(root, 'scripts/bench/chaos/processes.ts'), 'utf8')).toMatch(/NODE_OPTIONS: withHeapCeiling\(undefined\)/);
  });
});
