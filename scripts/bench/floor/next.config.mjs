/**
 * The bench's floor (issue 19, docs/performance.md "The floor"): a bare Next.js Pages Router app,
 * built with the repository's own `next`, `react` and `react-dom` (resolved from the root's
 * node_modules). The bench sets BENCH_FLOOR_DIST_DIR to a directory under the root's `.cache/`
 * (relative to this directory), and BENCH_FLOOR_COOP to the site's Cross-Origin-Opener-Policy
 * (src/lib/security/headers.ts), which `/` is served with, as every page of the site is: in
 * Chromium it makes the navigation commit in a fresh renderer, a cost of the policy issue 12
 * requires and not of a page's work. `/bare` is the same page without it, which the bench
 * measures for reference.
 */
const coop = process.env.BENCH_FLOOR_COOP?.trim();

const config = {
  distDir: process.env.BENCH_FLOOR_DIST_DIR?.trim() || '.next',
  poweredByHeader: false,
  async headers() {
    return coop ? [{ source: '/', headers: [{ key: 'Cross-Origin-Opener-Policy', value: coop }] }] : [];
  },
};

export default config;
