/**
 * How the production site is built: `next build --webpack`, everywhere (`npm run build`,
 * `npm run demo`, the browser tests' harness, the benchmark).
 *
 * Why webpack and not Next 16's default Turbopack (issue 5: First Load JS at most 130 kB gzip on
 * article pages): for the same code, webpack's production chunks are smaller. Measured with
 * `gzip -9` over the scripts a built blog article loads (the `nomodule` polyfills, which modern
 * browsers skip, left out): Turbopack 131.4 kB, webpack 128.2 kB; on a bare Next 16.4.6 pages app
 * 116.6 kB against 113.3 kB. `next dev` stays on Turbopack (fast refresh); the browser tests run
 * against the webpack build, so the two bundlers cannot drift apart unnoticed.
 */
export const NEXT_BUILD_ARGS: readonly string[] = ['build', '--webpack'];
