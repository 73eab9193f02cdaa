/**
 * Framework internal (issue 36, docs/architecture.md "Framework internals relied on"): a webpack
 * plugin on `compilation.hooks.processAssets`, through the webpack Next bundles (the `webpack`
 * argument of next.config.ts's `webpack()` hook, typed `any` by Next). It rewrites the built CSS
 * files before webpack's RealContentHashPlugin names them from their content (a later stage).
 * Webpack only: `next build` runs with `--webpack` (scripts/next-build.ts); `next dev` (Turbopack)
 * serves the CSS unrewritten. __tests__/internals/webpackProcessAssets.test.ts runs the plugin in
 * a compilation of Next's webpack and fails when the hook, the stage or the asset API changes.
 */

/** What the plugin uses of the webpack Next brings. */
export interface BundledWebpack {
  Compilation: { PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE: number };
  sources: { RawSource: new (source: string) => unknown };
}
interface AssetCompilation {
  hooks: { processAssets: { tap(options: { name: string; stage: number }, run: (assets: Record<string, { source(): string | Buffer }>) => void): void } };
  updateAsset(file: string, source: unknown): void;
}
interface AssetCompiler {
  hooks: { thisCompilation: { tap(name: string, run: (compilation: AssetCompilation) => void): void } };
}

/** A webpack plugin that rewrites every emitted `.css` asset with `rewrite` (unchanged text is left as it is). */
export function cssAssetRewriter(name: string, webpack: BundledWebpack, rewrite: (css: string) => string) {
  return {
    apply(compiler: AssetCompiler) {
      compiler.hooks.thisCompilation.tap(name, (compilation) => {
        compilation.hooks.processAssets.tap({ name, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE }, (assets) => {
          for (const file of Object.keys(assets)) {
            if (!file.endsWith('.css')) continue;
            const css = assets[file].source().toString();
            const rewritten = rewrite(css);
            if (rewritten !== css) compilation.updateAsset(file, new webpack.sources.RawSource(rewritten));
          }
        });
      });
    },
  };
}
