/** @jest-environment node */
/**
 * Issue 36: next.config.ts rewrites the built CSS files with a webpack plugin on
 * `processAssets` (src/lib/internals/webpackProcessAssets.ts), through the webpack Next bundles.
 * A real compilation of that webpack runs the plugin here; this fails when the hook, the stage,
 * the asset API, or the order against the content hash (the files are named after the rewrite)
 * change.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cssAssetRewriter, type BundledWebpack } from '@/lib/internals/webpackProcessAssets';

/* eslint-disable @typescript-eslint/no-explicit-any */
// What next.config.ts's webpack() hook gets as `webpack` (next/dist/shared/lib/get-webpack-bundler.js).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { webpack } = require('next/dist/compiled/webpack/webpack') as { webpack: any };

describe('issue 36: a processAssets plugin in Next’s webpack', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'process-assets-'));
    writeFileSync(path.join(dir, 'entry.js'), 'export const x = 1;\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('production builds run webpack (Turbopack has no processAssets: `next dev` serves the CSS unrewritten)', () => {
    const scripts = (JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.build).toMatch(/next build --webpack\b/);
  });

  test('the stage it taps comes before the content hash is computed', () => {
    const stages = webpack.Compilation as Record<string, number>;
    expect(typeof stages.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE).toBe('number');
    expect(stages.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE).toBeLessThan(stages.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH);
    expect(typeof webpack.sources.RawSource).toBe('function');
  });

  test('a CSS asset is rewritten in a real compilation, others are left alone, and the emitted file is the rewritten one', async () => {
    // An upstream plugin adds a CSS file and a JS file with [contenthash]-free names, as Next's CSS pipeline would add its files.
    const addAssets = {
      apply(compiler: any) {
        compiler.hooks.thisCompilation.tap('AddAssets', (compilation: any) => {
          compilation.hooks.processAssets.tap({ name: 'AddAssets', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONS }, () => {
            compilation.emitAsset('static/css/a.css', new webpack.sources.RawSource('.g>*+*{margin:0}'));
            compilation.emitAsset('static/other.txt', new webpack.sources.RawSource('.g>*+*{margin:0}'));
          });
        });
      },
    };
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: './entry.js',
      output: { path: path.join(dir, 'out') },
      // Next minifies with its own plugins; the content hash (realContentHash, on in production) is what matters here.
      optimization: { minimize: false },
      plugins: [addAssets, cssAssetRewriter('Probe', webpack as BundledWebpack, (css) => css.replace('*+*', '*:where(:not(:first-child))'))],
    });
    const stats: any = await new Promise((resolve, reject) => compiler.run((error: unknown, result: unknown) => (error ? reject(error) : resolve(result))));
    await new Promise((resolve) => compiler.close(resolve));
    expect(stats.hasErrors()).toBe(false);
    expect(readdirSync(path.join(dir, 'out', 'static', 'css'))).toEqual(['a.css']);
    expect(readFileSync(path.join(dir, 'out', 'static', 'css', 'a.css'), 'utf8')).toBe('.g>*:where(:not(:first-child)){margin:0}');
    expect(readFileSync(path.join(dir, 'out', 'static', 'other.txt'), 'utf8')).toBe('.g>*+*{margin:0}');
  }, 30_000);
});
