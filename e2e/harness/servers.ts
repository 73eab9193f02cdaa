import path from 'node:path';
import { BIN, DIST_DIR, HOST, REVALIDATE_SECONDS, ROOT, SITE_URL, STATE_DIR, WORDPRESS_PORT, WORDPRESS_URL, type E2EState } from './config';
import { childEnv, killGroup, startDetached, waitForHttp, waitUntilDown } from './processes';
import { readState, writeState } from './state';

/** The content server's probe: one of the custom-api id lists the site reads at build time. */
export const WORDPRESS_PROBE = `${WORDPRESS_URL}/wp-json/custom-api/v1/news-id`;
export const WORDPRESS_LOG = path.join(STATE_DIR, 'wordpress.log');
export const SITE_LOG = path.join(STATE_DIR, 'site.log');

/**
 * The environment of `next build` and `next start` in the harness (the build inlines WORDPRESS_URL
 * and SITE_URL: every instance started over this build gets the same). `extra` adds variables,
 * e.g. REDIS_URL for the several-instances test.
 */
export function siteEnv(
  secrets: Pick<E2EState, 'revalidateSecret' | 'previewSecret' | 'preview'>,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return childEnv({
    WORDPRESS_URL,
    MEDIA_HOST: WORDPRESS_URL,
    CMS_DEV_HOSTS: 'dev-cms.example.test',
    SITE_URL,
    REVALIDATE_SECRET: secrets.revalidateSecret,
    PREVIEW_SECRET: secrets.previewSecret,
    ...(secrets.preview ? { WORDPRESS_PREVIEW_USER: secrets.preview.user, WORDPRESS_PREVIEW_PASSWORD: secrets.preview.password } : {}),
    REVALIDATE_SECONDS: String(REVALIDATE_SECONDS),
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: DIST_DIR,
    ...extra,
  });
}

/**
 * Starts the local content server (scripts/local-wordpress.ts, fresh seed content) on the fixed
 * port and waits until it answers. Returns the pid of its process group.
 */
export async function startWordPress(): Promise<number> {
  const started = startDetached(
    path.join(BIN, 'tsx'),
    [path.join(ROOT, 'scripts', 'local-wordpress.ts'), '--port', String(WORDPRESS_PORT), '--host', HOST],
    childEnv({}),
    WORDPRESS_LOG,
  );
  try {
    await waitForHttp(WORDPRESS_PROBE, { timeoutMs: 60_000, process: started, logFile: WORDPRESS_LOG });
  } catch (error) {
    await killGroup(started.pid);
    throw error;
  }
  return started.pid;
}

/** For tests: stops the content server the harness started and records that it is stopped. */
export async function stopWordPressForTest(): Promise<void> {
  const state = readState();
  if (state.pids.wordpress !== null) await killGroup(state.pids.wordpress);
  writeState({ ...state, pids: { ...state.pids, wordpress: null } });
  await waitUntilDown(WORDPRESS_PROBE);
}

/** For tests: starts the content server again (seed content) and records its pid for teardown. */
export async function restartWordPressForTest(): Promise<void> {
  const state = readState();
  if (state.pids.wordpress !== null) return;
  const pid = await startWordPress();
  writeState({ ...readState(), pids: { ...state.pids, wordpress: pid } });
}
