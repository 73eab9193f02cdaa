/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { nextBuildArgs } from '../../scripts/bench/nextBuild';

describe('the bench builds as npm run build does', () => {
  it('takes the arguments of next build from the build script', () => {
    expect(nextBuildArgs('tsx scripts/with-wordpress.ts next build')).toEqual(['build']);
    expect(nextBuildArgs('tsx scripts/with-wordpress.ts next build --webpack')).toEqual(['build', '--webpack']);
    expect(nextBuildArgs('node_modules/.bin/next build --turbopack && echo done')).toEqual(['build', '--turbopack']);
  });

  it('refuses a build script that does not run next build', () => {
    expect(() => nextBuildArgs('vite build')).toThrow('does not run `next build`');
    expect(() => nextBuildArgs('next dev')).toThrow('does not run `next build`');
    expect(() => nextBuildArgs(undefined)).toThrow('does not run `next build`');
  });

  it("understands this project's own build script", () => {
    const pkg = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(nextBuildArgs(pkg.scripts.build)[0]).toBe('build');
  });
});
