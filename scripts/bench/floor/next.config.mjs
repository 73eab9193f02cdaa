/**
 * The bench's floor (issue 19, docs/performance.md "The floor"): a bare Next.js Pages Router app,
 * built with the repository's own `next`, `react` and `react-dom` (resolved from the root's
 * node_modules). Nothing but where the build goes: the bench sets BENCH_FLOOR_DIST_DIR to a
 * directory under the root's `.cache/` (relative to this directory).
 */
const config = {
  distDir: process.env.BENCH_FLOOR_DIST_DIR?.trim() || '.next',
  poweredByHeader: false,
};

export default config;
