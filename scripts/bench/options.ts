/**
 * The bench's options: command-line flags win over BENCH_* environment variables, which win over
 * the defaults. Pure.
 */

export const PHASES = ['build', 'js', 'serving', 'images', 'lighthouse', 'revalidation', 'interaction', 'redirects', 'search'] as const;
export type Phase = (typeof PHASES)[number];

export interface BenchOptions {
  /** Generated items per content type (the generator's --items). */
  items: number;
  /** autocannon connections and seconds per target, and seconds of warm-up before each. */
  connections: number;
  duration: number;
  warmup: number;
  /** Pairs per page (issue 35: its gather and the floor's, back to back, one multiplier; the budgets hold on the medians of the paired differences). */
  lighthouseRuns: number;
  /** Revalidation measurements (the median is reported). */
  revalidationRuns: number;
  /** Issue 19: taps measured per interaction, each in a new browser context (the median is compared). */
  interactionRuns: number;
  /** Phases not to run (the build always runs: everything else needs it). */
  skip: Phase[];
  /** Also rewrite the results section of docs/performance.md. */
  writeDocs: boolean;
  /** Run the publishing phase (issue 10 §4: publish-to-live on the real WordPress, a menu change on the generated site). Off by default. */
  publishing: boolean;
  /** Title edits measured by the publishing phase (median and p95 reported). */
  publishRuns: number;
  /**
   * Issue 18, the cache phase: next start vs Varnish in front vs nginx serving the saved HTML;
   * a menu change and the origin down through Varnish; publish-to-live through Varnish on the real
   * WordPress. Off by default.
   */
  cache: boolean;
  /** Keep each Lighthouse run's gathered artifacts (trace, DevTools log) in .cache/bench-lighthouse/ to look into a run. Off by default. */
  keepArtifacts: boolean;
  /**
   * Issue 35, the chaos and soak bench (scripts/bench/chaos/, docs/reliability.md §7) instead of
   * the phases: Varnish in front of two instances sharing Redis, visitors, editors and faults on a
   * schedule. Off by default.
   */
  chaos: boolean;
  /** Its length in minutes (the full form). */
  chaosMinutes: number;
  /** Its short form (CI): the same faults in shorter windows, about 3 minutes. */
  chaosShort: boolean;
  /** Its visitors' overall rate, requests per second through Varnish. */
  chaosRate: number;
}

/**
 * Each generated item is one prerendered page (8 detail types + frame pages: 9 per item; listing
 * pages past the first are generated on request, not at build), plus the seed's 85 pages:
 * 213 → about 2,000 pages.
 */
export const DEFAULT_ITEMS = 213;

export const DEFAULTS: BenchOptions = {
  items: DEFAULT_ITEMS,
  connections: 10,
  duration: 10,
  warmup: 3,
  lighthouseRuns: 5,
  revalidationRuns: 3,
  interactionRuns: 5,
  skip: [],
  writeDocs: false,
  publishing: false,
  publishRuns: 10,
  cache: false,
  keepArtifacts: false,
  chaos: false,
  chaosMinutes: 10,
  chaosShort: false,
  chaosRate: 40,
};

export const USAGE = `usage: npm run bench -- [options]
  --items N               generated items per content type (default ${DEFAULTS.items}: about 2,000 pages; env BENCH_ITEMS)
  --connections N         autocannon connections (default ${DEFAULTS.connections}; env BENCH_CONNECTIONS)
  --duration S            seconds measured per serving target (default ${DEFAULTS.duration}; env BENCH_DURATION)
  --warmup S              seconds of warm-up before each serving target (default ${DEFAULTS.warmup}; env BENCH_WARMUP)
  --lighthouse-runs N     Lighthouse pairs per page (its gather and the floor's, back to back, audited at one multiplier); budgets on the medians of the paired differences (default ${DEFAULTS.lighthouseRuns}; env BENCH_LIGHTHOUSE_RUNS)
  --revalidation-runs N   revalidation measurements, median reported (default ${DEFAULTS.revalidationRuns}; env BENCH_REVALIDATION_RUNS)
  --interaction-runs N    taps per interaction (Menu, consent preferences), median within budget (default ${DEFAULTS.interactionRuns}; env BENCH_INTERACTION_RUNS)
  --skip a,b              phases to leave out: ${PHASES.filter((p) => p !== 'build').join(', ')} (env BENCH_SKIP)
  --only a,b              run only these phases (and the build): e.g. --only redirects (env BENCH_ONLY)
  --write-docs            also write the table into docs/performance.md
  --publishing            also run the publishing phase (off by default; env BENCH_PUBLISHING=1): publish-to-live
                          on the real WordPress (REAL_WORDPRESS_PORT, started and seeded when needed) and a menu
                          change on the generated site
  --publish-runs N        title edits measured by the publishing phase (default ${DEFAULTS.publishRuns}; env BENCH_PUBLISH_RUNS)
  --cache                 also run the cache phase (off by default; env BENCH_CACHE=1): next start, Varnish in front
                          of it and nginx serving the saved article; a menu change and the site down through Varnish;
                          publish-to-live through Varnish on the real WordPress (REAL_WORDPRESS_PORT)
  --keep-artifacts        keep each Lighthouse run's trace and DevTools log in .cache/bench-lighthouse/ (env
                          BENCH_KEEP_ARTIFACTS=1)
  --chaos                 run the chaos and soak bench instead of the phases (env BENCH_CHAOS=1): Varnish in front of
                          two next start instances sharing Redis, visitors, editors publishing, faults on a schedule
                          (docs/reliability.md §7); --items as above (--items 0: about 86 pages)
  --chaos-minutes N       its length after the warm-up (default ${DEFAULTS.chaosMinutes}; env BENCH_CHAOS_MINUTES)
  --chaos-short           its short form for CI: the same faults in shorter windows, about 3 minutes (env BENCH_CHAOS_SHORT=1)
  --chaos-rate N          its visitors' requests per second through Varnish (default ${DEFAULTS.chaosRate}; env BENCH_CHAOS_RATE)
  --help`;

export class UsageError extends Error {}

function integer(value: string, name: string, min: number): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < min) throw new UsageError(`${name} must be an integer ≥ ${min}, got "${value}"`);
  return Number(value);
}

/** `--only a,b`: every phase but those (the build always runs). */
const skipAllBut = (only: Phase[]): Phase[] => PHASES.filter((p) => p !== 'build' && !only.includes(p));

function phases(value: string, name: string): Phase[] {
  const list = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const phase of list) {
    if (phase === 'build') throw new UsageError(`${name}: the build cannot be skipped (every other phase measures its output)`);
    if (!(PHASES as readonly string[]).includes(phase)) throw new UsageError(`${name}: unknown phase "${phase}" (phases: ${PHASES.join(', ')})`);
  }
  return list as Phase[];
}

const NUMERIC = {
  items: ['--items', 'BENCH_ITEMS', 0],
  connections: ['--connections', 'BENCH_CONNECTIONS', 1],
  duration: ['--duration', 'BENCH_DURATION', 1],
  warmup: ['--warmup', 'BENCH_WARMUP', 0],
  lighthouseRuns: ['--lighthouse-runs', 'BENCH_LIGHTHOUSE_RUNS', 1],
  revalidationRuns: ['--revalidation-runs', 'BENCH_REVALIDATION_RUNS', 1],
  interactionRuns: ['--interaction-runs', 'BENCH_INTERACTION_RUNS', 1],
  publishRuns: ['--publish-runs', 'BENCH_PUBLISH_RUNS', 1],
  chaosMinutes: ['--chaos-minutes', 'BENCH_CHAOS_MINUTES', 1],
  chaosRate: ['--chaos-rate', 'BENCH_CHAOS_RATE', 1],
} as const satisfies Partial<Record<keyof BenchOptions, readonly [string, string, number]>>;

/** Options that are off unless a flag (or its variable: 1, 0, true or false) turns them on. */
const SWITCHES = {
  publishing: ['--publishing', 'BENCH_PUBLISHING'],
  cache: ['--cache', 'BENCH_CACHE'],
  keepArtifacts: ['--keep-artifacts', 'BENCH_KEEP_ARTIFACTS'],
  chaos: ['--chaos', 'BENCH_CHAOS'],
  chaosShort: ['--chaos-short', 'BENCH_CHAOS_SHORT'],
} as const satisfies Partial<Record<keyof BenchOptions, readonly [string, string]>>;

/** The options, or `'help'` for --help. Throws UsageError on anything it does not understand. */
export function parseBenchOptions(argv: readonly string[], env: Record<string, string | undefined>): BenchOptions | 'help' {
  const options: BenchOptions = { ...DEFAULTS, skip: [] };
  for (const [key, [, variable, min]] of Object.entries(NUMERIC)) {
    const value = env[variable]?.trim();
    if (value) (options[key as keyof typeof NUMERIC] as number) = integer(value, variable, min);
  }
  if (env.BENCH_SKIP?.trim()) options.skip = phases(env.BENCH_SKIP, 'BENCH_SKIP');
  if (env.BENCH_ONLY?.trim()) options.skip = skipAllBut(phases(env.BENCH_ONLY, 'BENCH_ONLY'));
  for (const [key, [, variable]] of Object.entries(SWITCHES)) {
    const value = env[variable]?.trim();
    if (!value) continue;
    if (!/^(0|1|true|false)$/i.test(value)) throw new UsageError(`${variable} must be 1, 0, true or false, got "${value}"`);
    options[key as keyof typeof SWITCHES] = /^(1|true)$/i.test(value);
  }

  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') return 'help';
    if (flag === '--write-docs') {
      options.writeDocs = true;
      continue;
    }
    const toggle = Object.entries(SWITCHES).find(([, [name]]) => name === flag);
    if (toggle) {
      options[toggle[0] as keyof typeof SWITCHES] = true;
      continue;
    }
    const numeric = Object.entries(NUMERIC).find(([, [name]]) => name === flag);
    if (!numeric && flag !== '--skip' && flag !== '--only') throw new UsageError(`Unknown option ${flag}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`Missing value for ${flag}`);
    if (flag === '--skip') options.skip = phases(value, '--skip');
    else if (flag === '--only') options.skip = skipAllBut(phases(value, '--only'));
    else if (numeric) (options[numeric[0] as keyof typeof NUMERIC] as number) = integer(value, flag, numeric[1][2]);
  }
  return options;
}
