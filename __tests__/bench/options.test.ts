/** @jest-environment node */
import { DEFAULTS, parseBenchOptions, UsageError } from '../../scripts/bench/options';
import { clientAddress, SEARCH_TERMS } from '../../scripts/bench/serving';

describe('bench options', () => {
  it('defaults: about 2,000 pages, 10 connections × 10 s, 5 Lighthouse runs (issue 13: the budget holds on each of 5)', () => {
    expect(parseBenchOptions([], {})).toEqual(DEFAULTS);
    expect(DEFAULTS).toMatchObject({ items: 213, connections: 10, duration: 10, lighthouseRuns: 5, writeDocs: false, skip: [] });
  });

  it('issue 13: the phone image measurement is a phase of its own that can be skipped', () => {
    expect(parseBenchOptions(['--skip', 'images,serving'], {})).toMatchObject({ skip: ['images', 'serving'] });
  });

  it('issue 19: the interaction measurement is a phase of its own that can be skipped; 5 taps per interaction unless told', () => {
    expect(DEFAULTS.interactionRuns).toBe(5);
    expect(parseBenchOptions(['--skip', 'interaction'], {})).toMatchObject({ skip: ['interaction'] });
    expect(parseBenchOptions([], { BENCH_SKIP: 'lighthouse,interaction' })).toMatchObject({ skip: ['lighthouse', 'interaction'] });
    expect(parseBenchOptions(['--interaction-runs', '3'], { BENCH_INTERACTION_RUNS: '7' })).toMatchObject({ interactionRuns: 3 });
    expect(parseBenchOptions([], { BENCH_INTERACTION_RUNS: '7' })).toMatchObject({ interactionRuns: 7 });
    expect(() => parseBenchOptions(['--interaction-runs', '0'], {})).toThrow('--interaction-runs must be an integer ≥ 1');
  });

  it('flags win over BENCH_* variables, which win over defaults', () => {
    const env = { BENCH_ITEMS: '20', BENCH_DURATION: '5', BENCH_SKIP: 'lighthouse' };
    expect(parseBenchOptions([], env)).toMatchObject({ items: 20, duration: 5, skip: ['lighthouse'] });
    expect(parseBenchOptions(['--items', '7', '--duration=3', '--skip', 'serving,revalidation', '--write-docs'], env)).toMatchObject({
      items: 7,
      duration: 3,
      skip: ['serving', 'revalidation'],
      writeDocs: true,
    });
    expect(parseBenchOptions(['--help'], {})).toBe('help');
  });

  it('issue 10 §4: the publishing phase is off by default and turned on by --publishing or BENCH_PUBLISHING=1, 10 edits unless told', () => {
    expect(DEFAULTS).toMatchObject({ publishing: false, publishRuns: 10 });
    expect(parseBenchOptions(['--publishing'], {})).toMatchObject({ publishing: true, publishRuns: 10 });
    expect(parseBenchOptions([], { BENCH_PUBLISHING: '1', BENCH_PUBLISH_RUNS: '3' })).toMatchObject({ publishing: true, publishRuns: 3 });
    expect(parseBenchOptions(['--publish-runs', '5'], { BENCH_PUBLISHING: 'false' })).toMatchObject({ publishing: false, publishRuns: 5 });
    expect(() => parseBenchOptions([], { BENCH_PUBLISHING: 'yes please' })).toThrow('BENCH_PUBLISHING must be 1, 0, true or false');
    expect(() => parseBenchOptions(['--publish-runs', '0'], {})).toThrow('--publish-runs must be an integer ≥ 1');
  });

  it('refuses what it does not understand', () => {
    expect(() => parseBenchOptions(['--items', '-1'], {})).toThrow(UsageError);
    expect(() => parseBenchOptions(['--connections', '0'], {})).toThrow('--connections must be an integer ≥ 1');
    expect(() => parseBenchOptions(['--items'], {})).toThrow('Missing value for --items');
    expect(() => parseBenchOptions(['--fast'], {})).toThrow('Unknown option --fast');
    expect(() => parseBenchOptions(['--skip', 'build'], {})).toThrow('the build cannot be skipped');
    expect(() => parseBenchOptions(['--skip', 'lighthuose'], {})).toThrow('unknown phase "lighthuose"');
    expect(() => parseBenchOptions([], { BENCH_ITEMS: 'many' })).toThrow('BENCH_ITEMS must be an integer');
  });
});

describe('search load: many clients', () => {
  it('gives each request its own private address', () => {
    const addresses = Array.from({ length: 1000 }, (_, n) => clientAddress(n));
    expect(new Set(addresses).size).toBe(1000);
    for (const address of addresses) expect(address).toMatch(/^10\.\d{1,3}\.\d{1,3}\.\d{1,3}$/);
    expect(clientAddress(256)).toBe('10.0.1.0');
    expect(SEARCH_TERMS.length).toBeGreaterThan(1);
  });

  it('issue 19: --keep-artifacts (or BENCH_KEEP_ARTIFACTS=1) keeps the Lighthouse traces; off by default', () => {
    expect(DEFAULTS.keepArtifacts).toBe(false);
    expect(parseBenchOptions(['--keep-artifacts'], {})).toMatchObject({ keepArtifacts: true });
    expect(parseBenchOptions([], { BENCH_KEEP_ARTIFACTS: 'true' })).toMatchObject({ keepArtifacts: true });
    expect(parseBenchOptions([], { BENCH_KEEP_ARTIFACTS: '0' })).toMatchObject({ keepArtifacts: false });
    expect(() => parseBenchOptions([], { BENCH_KEEP_ARTIFACTS: 'keep' })).toThrow('BENCH_KEEP_ARTIFACTS must be 1, 0, true or false, got "keep"');
  });

  it('issue 18: --cache (or BENCH_CACHE=1) adds the cache phase; off by default', () => {
    expect(DEFAULTS.cache).toBe(false);
    expect(parseBenchOptions(['--cache'], {})).toMatchObject({ cache: true });
    expect(parseBenchOptions([], { BENCH_CACHE: '1' })).toMatchObject({ cache: true });
    expect(() => parseBenchOptions([], { BENCH_CACHE: 'yes' })).toThrow('BENCH_CACHE');
  });

  it('issue 33: --only a,b (or BENCH_ONLY) runs just those phases and the build; the redirects phase can be skipped or run alone', () => {
    expect(parseBenchOptions(['--only', 'redirects'], {})).toMatchObject({ skip: ['js', 'serving', 'images', 'lighthouse', 'revalidation', 'interaction', 'search'] });
    expect(parseBenchOptions([], { BENCH_ONLY: 'serving,redirects' })).toMatchObject({ skip: ['js', 'images', 'lighthouse', 'revalidation', 'interaction', 'search'] });
    expect(parseBenchOptions(['--skip', 'redirects'], {})).toMatchObject({ skip: ['redirects'] });
    expect(() => parseBenchOptions(['--only', 'nothing'], {})).toThrow(UsageError);
    // Issue 34: the search phase runs alone the same way.
    expect(parseBenchOptions(['--only', 'search'], {})).toMatchObject({ skip: ['js', 'serving', 'images', 'lighthouse', 'revalidation', 'interaction', 'redirects'] });
    expect(() => parseBenchOptions(['--only', 'build'], {})).toThrow(UsageError);
  });
});
