import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/helpers/browser';
import { ROOT } from '../../e2e/harness/config';
import { cpuMultiplier } from './calibration';
import { untilFresh } from './freshPage';
import { tbtParts } from './tbtParts';
import { threadTimeTbt } from './threadTime';
import {
  benchmarkIndexFromArtifacts,
  CATEGORIES,
  interleavedRuns,
  runLines,
  summarizeRuns,
  withCpuMultiplier,
  type LhrLike,
  type PageSummary,
} from './lighthouseResult';

/**
 * Lighthouse (npm `lighthouse`, its default mobile emulation and simulated throttling, the CPU
 * multiplier calibrated per run: issue 19) in Debian's Chromium through chrome-launcher. Each run
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
 * One calibrated run (issue 19): Lighthouse gathers once (`gatherMode`, the CLI's `-G`) into
 * `workDir`, in a new browser with a new profile; the benchmarkIndex it measured during that very
 * gather is read from the saved artifacts, turned into a CPU multiplier (calibration.ts), and the
 * saved artifacts are audited (`auditMode`, `-A`) with simulated throttling at that multiplier,
 * Lighthouse's default mobile settings otherwise. The report's configSettings.throttling records
 * the multiplier; it is checked. The run's TBT in thread time (threadTime.ts) and its TBT split by
 * task (tbtParts.ts) are added to the report as `bench.threadTimeTbt` and `bench.tbtParts`.
 */
async function runOnce(url: string, workDir: string): Promise<LhrLike> {
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
  const artifactsFile = path.join(workDir, 'artifacts.json');
  const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8')) as { settings?: { throttling?: object } };
  const multiplier = cpuMultiplier(benchmarkIndexFromArtifacts(artifacts));
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
    throw new Error(`The audit did not use the calibrated CPU multiplier ${multiplier} (report: ${lhr.configSettings?.throttlingMethod}, ${applied})`);
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

async function measuredRun(url: string, workDir: string, log: (line: string) => void): Promise<LhrLike> {
  for (let attempt = 0; ; attempt++) {
    // The page as the cache in front serves it: no regeneration running beside the load (freshPage.ts).
    const requests = await untilFresh(url);
    if (requests > 1) log(`[bench] lighthouse: ${url}: served fresh after ${requests} requests (a regeneration was due)`);
    try {
      return await runOnce(url, workDir);
    } catch (error) {
      if (!isRetriedFailure(error) || attempt >= MAX_RETRIES_PER_RUN) throw error;
      log(`[bench] lighthouse: ${url}: ${(error as Error).message.slice(0, 80)}; running it again`);
    }
  }
}

/** Where a run's gathered artifacts go (trace, DevTools log): deleted once the run is audited, unless the bench keeps them (--keep-artifacts). */
export const ARTIFACTS_DIR = path.join(ROOT, '.cache', 'bench-lighthouse');

export interface LighthouseTarget {
  /** File-name-safe name: reports are `{name}-{run}.json`. */
  name: string;
  url: string;
}

/**
 * Issue 19: `runs` calibrated runs of every target, interleaved (run 1 of each target in order,
 * then run 2…), so that the floor and our pages meet the same moments of a host whose speed
 * swings. Every run's report is kept in `reportDir` as `{name}-{run}.json`. A target whose run
 * failed (after the retries of RETRIED_RUNTIME_ERRORS) gets that error and is not run again.
 */
export async function lighthouseInterleaved(
  targets: readonly LighthouseTarget[],
  runs: number,
  reportDir: string,
  log: (line: string) => void = console.log,
  keepArtifacts = false,
): Promise<Map<string, PageSummary | Error>> {
  mkdirSync(reportDir, { recursive: true });
  const reports = new Map<string, LhrLike[]>(targets.map((t) => [t.name, []]));
  const failed = new Map<string, Error>();
  for (const { page, run } of interleavedRuns(targets, runs)) {
    if (failed.has(page.name)) continue;
    const workDir = path.join(ARTIFACTS_DIR, `${page.name}-${run}`);
    try {
      const lhr = await measuredRun(page.url, workDir, log);
      writeFileSync(path.join(reportDir, `${page.name}-${run}.json`), JSON.stringify(lhr));
      reports.get(page.name)!.push(lhr);
      log(`[bench] lighthouse: ${page.name} run ${run}: ${runLines(summarizeRuns([lhr]))[0].replace(/^run 1: /, '')}`);
    } catch (error) {
      failed.set(page.name, error instanceof Error ? error : new Error(String(error)));
    } finally {
      if (!keepArtifacts) rmSync(workDir, { recursive: true, force: true });
    }
  }
  return new Map(targets.map((t) => [t.name, failed.get(t.name) ?? summarizeRuns(reports.get(t.name)!)]));
}
