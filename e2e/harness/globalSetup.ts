import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ARTIFACTS_DIR,
  BIN,
  BUILD_MARKER,
  DIST_DIR,
  HOST,
  REVALIDATE_SECONDS,
  ROOT,
  SITE_PORT,
  SITE_URL,
  STATE_DIR,
  VARNISH_URL,
  STATE_FILE,
  WORDPRESS_MODE,
  WORDPRESS_PORT,
  WORDPRESS_URL,
  type E2EState,
} from './config';
import { assertPortFree, isHarnessProcess, killGroup, killGroupSync, runToCompletion, startDetached, waitForHttp } from './processes';
import { SITE_LOG, siteEnv, startWordPress, WORDPRESS_LOG } from './servers';
import { readStateIfAny, writeState } from './state';
import { FAKE_PREVIEW_PASSWORD, FAKE_PREVIEW_USER } from '../../__mocks__/wordpress/preview';
import { NEXT_BUILD_ARGS } from '../../scripts/next-build';
import { BROWSER_TEST_PACKAGES, ensureDebianPackages } from '../../scripts/system/debianPackages';
import { down as varnishDown, up as varnishUp } from '../../scripts/varnish/server';
import { e2eVarnish } from './varnish';
import { instance as realInstance } from '../../scripts/real-wordpress/paths';
import { upSeeded } from '../../scripts/real-wordpress/seeded';
import { down as downReal, writeHeadlessConfig } from '../../scripts/real-wordpress/server';

/**
 * Global setup of the browser tests (jest.e2e.config.ts):
 * 1. ends servers a previous, interrupted run left behind (pids from e2e/.state/state.json);
 * 2. starts the local content server on E2E_WORDPRESS_PORT (default 3901), or with
 *    E2E_WORDPRESS=real a real WordPress with the plugin and the seed (see config.ts);
 * 3. builds the site against it (`next build`, in place), unless E2E_SKIP_BUILD=1 and `.next` is
 *    a build this harness made for the same addresses;
 * 4. starts `next start` on E2E_SITE_PORT (default 3900) and waits until `/` answers 200;
 * 5. writes the addresses, the revalidation secret and the pids to e2e/.state/state.json.
 * Every test file shares this one build and these two servers; global teardown ends them.
 */

interface BuildMarker {
  buildId: string;
  wordpressUrl: string;
  siteUrl: string;
}

const buildIdFile = path.join(ROOT, DIST_DIR, 'BUILD_ID');

/** Why the existing `.next` cannot be reused, or null when it can. */
function reuseProblem(): string | null {
  if (!existsSync(buildIdFile)) return `${DIST_DIR} has no production build`;
  if (!existsSync(BUILD_MARKER)) return 'the harness did not make the build in .next (its addresses are unknown)';
  const marker = JSON.parse(readFileSync(BUILD_MARKER, 'utf8')) as BuildMarker;
  if (marker.buildId !== readFileSync(buildIdFile, 'utf8').trim()) return `${DIST_DIR} was rebuilt since the last e2e build`;
  if (marker.wordpressUrl !== WORDPRESS_URL || marker.siteUrl !== SITE_URL) return 'the last e2e build used other ports';
  return null;
}

async function buildSite(secrets: E2EState): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1') {
    const problem = reuseProblem();
    if (problem === null) {
      console.log(`[e2e] E2E_SKIP_BUILD=1: reusing the build in ${DIST_DIR}`);
      return;
    }
    console.log(`[e2e] E2E_SKIP_BUILD=1 but ${problem}: building`);
  }
  console.log(`[e2e] next build against ${WORDPRESS_URL} (site ${SITE_URL}); this takes a few minutes`);
  rmSync(BUILD_MARKER, { force: true });
  const code = await runToCompletion(path.join(BIN, 'next'), [...NEXT_BUILD_ARGS], siteEnv(secrets));
  if (code !== 0) throw new Error(`next build failed with exit code ${code}`);
  const marker: BuildMarker = { buildId: readFileSync(buildIdFile, 'utf8').trim(), wordpressUrl: WORDPRESS_URL, siteUrl: SITE_URL };
  writeFileSync(BUILD_MARKER, `${JSON.stringify(marker, null, 2)}\n`);
}

/** Ends the servers of an earlier run that was killed before its teardown. */
async function endLeftovers(): Promise<void> {
  const previous = readStateIfAny();
  if (!previous) return;
  for (const pid of [previous.pids.site, previous.pids.wordpress]) {
    if (pid !== null && isHarnessProcess(pid)) {
      console.log(`[e2e] ending process group ${pid} left by an earlier run`);
      await killGroup(pid);
    }
  }
  rmSync(STATE_FILE, { force: true });
}

/** Last resort for an interrupted run (Ctrl-C, jest killed by a signal): end the servers synchronously. */
function endServersOnExit(): void {
  const end = () => {
    const state = readStateIfAny();
    if (!state) return;
    for (const pid of [state.pids.site, state.pids.wordpress]) if (pid !== null) killGroupSync(pid);
  };
  process.once('exit', end);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      end();
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  }
}

export default async function globalSetup(): Promise<void> {
  // Chromium, redis-server and Varnish: installed as root, or the apt-get command to run, before anything starts.
  ensureDebianPackages(BROWSER_TEST_PACKAGES, { purpose: 'the browser tests' });
  mkdirSync(STATE_DIR, { recursive: true });
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await endLeftovers();
  if (WORDPRESS_MODE === 'fake') await assertPortFree(WORDPRESS_PORT, 'content server', 'E2E_WORDPRESS_PORT');
  await assertPortFree(SITE_PORT, 'site', 'E2E_SITE_PORT');
  for (const log of [WORDPRESS_LOG, SITE_LOG]) rmSync(log, { force: true });

  const revalidateSecret = randomBytes(16).toString('hex');
  const previewSecret = randomBytes(16).toString('hex');
  const state: E2EState = {
    siteUrl: SITE_URL,
    wordpressUrl: WORDPRESS_URL,
    revalidateSecret,
    previewSecret,
    revalidateSeconds: REVALIDATE_SECONDS,
    pids: { site: null, wordpress: null },
    stopRealWordPress: false,
    logs: { site: SITE_LOG, wordpress: WORDPRESS_LOG },
  };
  endServersOnExit();

  try {
    if (WORDPRESS_MODE === 'real') {
      console.log(`\n[e2e] a real WordPress with the plugin and the seed at ${WORDPRESS_URL}`);
      const real = await upSeeded(realInstance(), { log: (line) => console.log(`[e2e] ${line}`) });
      state.stopRealWordPress = !real.wasRunning;
      state.preview = { user: real.previewUser, password: real.previewPassword };
      // The plugin publishes to, and previews on, this run's site (issue 10 webhook, issue 11 tokens).
      writeHeadlessConfig(realInstance(), { siteUrl: SITE_URL, revalidateSecret, previewSecret });
    } else {
      console.log(`\n[e2e] starting the local content server at ${WORDPRESS_URL}`);
      state.pids.wordpress = await startWordPress();
      // The fake's fixed preview reader (issue 11), so the site can read drafts from it.
      state.preview = { user: FAKE_PREVIEW_USER, password: FAKE_PREVIEW_PASSWORD };
    }
    writeState(state);

    await buildSite(state);

    console.log(`[e2e] next start at ${SITE_URL} (log: ${path.relative(ROOT, SITE_LOG)})`);
    const site = startDetached(path.join(BIN, 'next'), ['start', '-p', String(SITE_PORT), '-H', HOST], siteEnv(state, VARNISH_URL ? { VARNISH_URL } : {}), SITE_LOG);
    state.pids.site = site.pid;
    writeState(state);
    await waitForHttp(`${SITE_URL}/`, { timeoutMs: 120_000, process: site, logFile: SITE_LOG });
    if (VARNISH_URL) {
      // Issue 18: the cache in front, which the site purges when the plugin's webhook arrives.
      console.log(`[e2e] Varnish at ${VARNISH_URL} in front of the site`);
      await varnishUp(e2eVarnish(), (line) => console.log(`[e2e] ${line}`));
      state.varnishUrl = VARNISH_URL;
      writeState(state);
    }
    console.log('[e2e] the site is ready');
  } catch (error) {
    // jest runs no teardown when the setup fails: end what was started here.
    await Promise.all([state.pids.site, state.pids.wordpress].map((pid) => (pid === null ? undefined : killGroup(pid))));
    if (state.stopRealWordPress) await downReal(realInstance());
    if (VARNISH_URL) await varnishDown(e2eVarnish());
    writeState({ ...state, pids: { site: null, wordpress: null }, stopRealWordPress: false, varnishUrl: null });
    throw error;
  }
}
