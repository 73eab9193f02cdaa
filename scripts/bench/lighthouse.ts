import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/helpers/browser';
import { ROOT } from '../../e2e/harness/config';
import { untilFresh } from './freshPage';
import { tbtParts } from './tbtParts';
import { threadTimeTbt } from './threadTime';
import { benchmarkIndexFromArtifacts, CATEGORIES, withCpuMultiplier, type LhrLike } from './lighthouseResult';
import { gatherFigures, indexRatio, LOPSIDED_RATIO, MAX_LOPSIDED_REMAKES, pairLines, pairMultiplier, pairSchedule, remakeLopsided, type Pair } from './pairs';

/**
 * Lighthouse (npm `lighthouse`, its default mobile emulation and simulated throttling, the CPU
 * multiplier calibrated per pair of the page and the floor: issues 19 and 35) in Debian's Chromium through chrome-launcher. Each run
 * gets a new browser with a new profile: a first-time visitor, so the cookie banner shows
 * (Chromium's automation flag is turned off, otherwise the consent library takes the browser for a
 * bot and hides the banner, and its layout shift and contrast would go unmeasured).
 */

// The browser tests' flags (background networking off: a closed network answers Google's
// services with nothing but timeouts), and the automation flag off, or the consent library takes
// Lighthouse's browser for a bot and hides the banner whose layout shift is measured.
export const CHROME_FLAGS = [...CHROMIUM_ARGS, '--disable-blink-features=AutomationControlled'];

/**
 * Debian's Chromium, installed with apt-get when it is missing and the bench runs as root (as
 * .ci/run does); otherwise a clear error.
 */
export function ensureChromium(log: (line: string) => void): void {
  if (existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (CHROMIUM_PATH !== '/usr/bin/chromium' || !isRoot) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install Debian's chromium (apt-get install chromium), set CHROMIUM_PATH, or leave Lighthouse out with --skip lighthouse.`,
    );
  }
  log('[bench] installing Debian chromium with apt-get (not found at /usr/bin/chromium)');
  execFileSync('apt-get', ['update'], { stdio: 'ignore' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/**
 * Lighthouse's errors (a LighthouseError carries its code, e.g. `NO_NAVSTART`, as its message and
 * a `friendlyMessage`) as the runner's own `Lighthouse: CODE: message`, so a failure thrown while
 * gathering is retried like one reported in the report's runtimeError.
 */
export function asLighthouseError(error: unknown): unknown {
  const { code, friendlyMessage } = (error ?? {}) as { code?: unknown; friendlyMessage?: unknown };
  if (error instanceof Error && typeof code === 'string' && typeof friendlyMessage === 'string') return new Error(`Lighthouse: ${code}: ${friendlyMessage}`);
  return error;
}

/**
 * One gather (issue 19): Lighthouse loads `url` once (`gatherMode`, the CLI's `-G`) into
 * `workDir`, in a new browser with a new profile, and saves what it saw. Returns the
 * benchmarkIndex Lighthouse measured at the start of that gather (its saved artifacts').
 */
export async function gatherOnce(url: string, workDir: string): Promise<number> {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: [...CATEGORIES], gatherMode: workDir });
  } catch (error) {
    throw asLighthouseError(error);
  } finally {
    await chrome.kill();
  }
  return benchmarkIndexFromArtifacts(JSON.parse(readFileSync(path.join(workDir, 'artifacts.json'), 'utf8')));
}

/**
 * The audit of a saved gather (`auditMode`, `-A`) with simulated throttling at `multiplier`,
 * Lighthouse's default mobile settings otherwise (issue 35: the multiplier is the pair's, see
 * pairs.ts). The multiplier is first written into the saved settings (audit mode refuses settings
 * that differ from the gather's); the report's configSettings.throttling is checked to carry it.
 * The run's TBT in thread time (threadTime.ts) and its TBT split by task (tbtParts.ts) are added
 * to the report as `bench.threadTimeTbt` and `bench.tbtParts`. Lantern's simulation is
 * deterministic: the same gather at the same multiplier gives the same report.
 */
export async function auditGather(url: string, workDir: string, multiplier: number): Promise<LhrLike> {
  const { default: lighthouse } = await import('lighthouse');
  const artifactsFile = path.join(workDir, 'artifacts.json');
  const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8')) as { settings?: { throttling?: object } };
  writeFileSync(artifactsFile, JSON.stringify(withCpuMultiplier(artifacts, multiplier)));
  let result;
  try {
    result = await lighthouse(undefined, {
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      auditMode: workDir,
      throttlingMethod: 'simulate',
      throttling: { cpuSlowdownMultiplier: multiplier },
    });
  } catch (error) {
    throw asLighthouseError(error);
  }
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const lhr = result.lhr as unknown as LhrLike;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const applied = lhr.configSettings?.throttling?.cpuSlowdownMultiplier;
  if (lhr.configSettings?.throttlingMethod !== 'simulate' || applied !== multiplier) {
    throw new Error(`The audit did not use the pair's CPU multiplier ${multiplier} (report: ${lhr.configSettings?.throttlingMethod}, ${applied})`);
  }
  // The diagnostics beside the report's TBT (threadTime.ts, tbtParts.ts), from the same saved gather.
  const reportedTbt = lhr.audits['total-blocking-time']?.numericValue;
  lhr.bench = { threadTimeTbt: await threadTimeTbt(workDir, multiplier, reportedTbt), tbtParts: await tbtParts(workDir, multiplier, reportedTbt) };
  return lhr;
}

/**
 * Lighthouse's own trace-recording failures, which its message asks to answer by running it again
 * (`NO_NAVSTART`: the trace lost the navigation's start; about one run in ten since the security
 * headers landed. Cross-Origin-Opener-Policy, which moves the page into a new browsing context
 * group, is the likely cause, not confirmed). Such a run measured nothing, so it is repeated; a
 * run that measured something always counts.
 */
export const RETRIED_RUNTIME_ERRORS: readonly string[] = ['NO_NAVSTART', 'NO_FCP_TRACE_EVENT', 'NO_TRACING_STARTED'];
export const MAX_RETRIES_PER_RUN = 2;

export function isRetriedFailure(error: unknown): boolean {
  return error instanceof Error && RETRIED_RUNTIME_ERRORS.some((code) => error.message.startsWith(`Lighthouse: ${code}:`));
}

/** Where a run's gathered artifacts go (trace, DevTools log): deleted once the run is audited, unless the bench keeps them (--keep-artifacts). */
export const ARTIFACTS_DIR = path.join(ROOT, '.cache', 'bench-lighthouse');

export interface LighthouseTarget {
  /** File-name-safe name: reports are `{name}-{run}.json`. */
  name: string;
  url: string;
}

/** What a page's pairs gave: the page's and its floor's reports in run order, and each pair's figures. */
export interface PairedRuns {
  page: LhrLike[];
  floor: LhrLike[];
  pairs: Pair[];
}

/**
 * Issue 35: `runs` pairs for every page (pairs.ts's schedule: round by round, the order within a
 * pair alternating). A pair is the page's gather and the floor's, back to back (each after the
 * page is served fresh, freshPage.ts), then both audited at the multiplier of the mean of the two
 * gathers' benchmark indexes. Reports go to `reportDir` as `{name}-{run}.json` and
 * `floor-{name}-{run}.json`. A pair whose gather or audit hit one of Lighthouse's trace failures
 * (RETRIED_RUNTIME_ERRORS) is made again, both gathers, so its two halves stay back to back; a
 * page whose pair failed otherwise gets that error (said to be the floor's when it was) and no
 * more pairs. A lopsided pair (its two indexes more than LOPSIDED_RATIO apart, pairs.ts) is made
 * again the same way, before it is audited, at most MAX_LOPSIDED_REMAKES times; the last one is
 * kept, lopsided or not, and its line says so (the verdict may leave it out: pairedVerdict).
 */
export async function lighthousePaired(
  pages: readonly LighthouseTarget[],
  floor: LighthouseTarget,
  runs: number,
  reportDir: string,
  log: (line: string) => void = console.log,
  keepArtifacts = false,
): Promise<Map<string, PairedRuns | Error>> {
  mkdirSync(reportDir, { recursive: true });
  const results = new Map<string, PairedRuns>(pages.map((t) => [t.name, { page: [], floor: [], pairs: [] }]));
  const failed = new Map<string, Error>();
  for (const { page, run, floorFirst } of pairSchedule(pages, runs)) {
    if (failed.has(page.name)) continue;
    const sides = {
      page: { target: page, workDir: path.join(ARTIFACTS_DIR, `${page.name}-${run}`), report: `${page.name}-${run}.json` },
      floor: { target: floor, workDir: path.join(ARTIFACTS_DIR, `floor-${page.name}-${run}`), report: `floor-${page.name}-${run}.json` },
    };
    const order = floorFirst ? (['floor', 'page'] as const) : (['page', 'floor'] as const);
    let failing: 'page' | 'floor' = order[0];
    try {
      let traceRetries = 0;
      let remakes = 0;
      for (;;) {
        try {
          const indexes: number[] = [];
          for (const side of order) {
            failing = side;
            // The page as the cache in front serves it: no regeneration running beside the load (freshPage.ts).
            const requests = await untilFresh(sides[side].target.url);
            if (requests > 1) log(`[bench] lighthouse: ${sides[side].target.url}: served fresh after ${requests} requests (a regeneration was due)`);
            indexes.push(await gatherOnce(sides[side].target.url, sides[side].workDir));
          }
          if (remakeLopsided(indexes, remakes)) {
            remakes++;
            log(
              `[bench] lighthouse: ${page.name} pair ${run}: lopsided (indexes ${indexes.map((i) => Math.round(i)).join(' and ')}, ${indexRatio(indexes).toFixed(2)}× apart, more than ${LOPSIDED_RATIO}×); making the pair again (${remakes} of ${MAX_LOPSIDED_REMAKES})`,
            );
            continue;
          }
          const multiplier = pairMultiplier(indexes);
          failing = 'page';
          const pageLhr = await auditGather(page.url, sides.page.workDir, multiplier);
          failing = 'floor';
          const floorLhr = await auditGather(floor.url, sides.floor.workDir, multiplier);
          writeFileSync(path.join(reportDir, sides.page.report), JSON.stringify(pageLhr));
          writeFileSync(path.join(reportDir, sides.floor.report), JSON.stringify(floorLhr));
          const pair: Pair = { run, floorFirst, multiplier, remakes, page: gatherFigures(pageLhr), floor: gatherFigures(floorLhr) };
          const result = results.get(page.name)!;
          result.page.push(pageLhr);
          result.floor.push(floorLhr);
          result.pairs.push(pair);
          log(`[bench] lighthouse: ${page.name} ${pairLines([pair])[0]}`);
          break;
        } catch (error) {
          if (!isRetriedFailure(error) || traceRetries >= MAX_RETRIES_PER_RUN) throw error;
          traceRetries++;
          log(`[bench] lighthouse: ${page.name} pair ${run}, ${failing === 'floor' ? 'the floor' : 'the page'}: ${(error as Error).message.slice(0, 80)}; making the pair again`);
        }
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failed.set(page.name, new Error(failing === 'floor' ? `the floor paired with it: ${message}` : message));
    } finally {
      if (!keepArtifacts) for (const side of Object.values(sides)) rmSync(side.workDir, { recursive: true, force: true });
    }
  }
  return new Map(pages.map((t) => [t.name, failed.get(t.name) ?? results.get(t.name)!]));
}
