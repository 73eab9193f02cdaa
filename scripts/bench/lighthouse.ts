import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/helpers/browser';
import { CATEGORIES, summarizeRuns, type LhrLike, type PageSummary } from './lighthouseResult';

/**
 * Lighthouse (npm `lighthouse`, its default mobile emulation and simulated throttling) in Debian's
 * Chromium through chrome-launcher. Each run gets a new browser with a new profile: a first-time
 * visitor, so the cookie banner shows (Chromium's automation flag is turned off, otherwise the
 * consent library takes the browser for a bot and hides the banner, and its layout shift and
 * contrast would go unmeasured).
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

async function runOnce(url: string): Promise<LhrLike> {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const lhr = result.lhr as unknown as LhrLike;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    await chrome.kill();
  }
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

async function measuredRun(url: string, log: (line: string) => void): Promise<LhrLike> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await runOnce(url);
    } catch (error) {
      if (!isRetriedFailure(error) || attempt >= MAX_RETRIES_PER_RUN) throw error;
      log(`[bench] lighthouse: ${url}: ${(error as Error).message.slice(0, 80)}; running it again`);
    }
  }
}

/** `runs` Lighthouse runs of one page; every run's report is kept in `reportDir` as `{name}-{n}.json`. */
export async function lighthousePage(
  url: string,
  runs: number,
  reportDir: string,
  name: string,
  log: (line: string) => void = console.log,
): Promise<PageSummary> {
  mkdirSync(reportDir, { recursive: true });
  const reports: LhrLike[] = [];
  for (let i = 0; i < runs; i++) {
    const lhr = await measuredRun(url, log);
    writeFileSync(path.join(reportDir, `${name}-${i + 1}.json`), JSON.stringify(lhr));
    reports.push(lhr);
  }
  return summarizeRuns(reports);
}
