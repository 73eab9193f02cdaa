/**
 * Runs a command (next dev, next build, next start) against a WordPress:
 * - WORDPRESS_URL set: the configuration is validated and the command runs against it;
 * - WORDPRESS_URL unset, for `next dev`, `next build` and `--demo`: the bundled local content
 *   server (the fake WordPress) starts on LOCAL_WORDPRESS_PORT (default 3001), the site is pointed
 *   at it, and it stops with the command. Its seed content keeps some media on a "development
 *   host"; MEDIA_HOST and CMS_DEV_HOSTS default so those URLs are rewritten to the local server,
 *   as production rewrites to its media host.
 * - `next start` (`npm start`, the production server) never gets the local content server: a
 *   missing or malformed setting ends it with status 1 and the message naming the variable
 *   (issue 12 §3 fail fast), so a process manager sees the failure.
 *
 * `--demo` builds the production site and serves it at http://localhost:3000.
 * Usage: tsx scripts/with-wordpress.ts next build | tsx scripts/with-wordpress.ts --demo
 */
import { spawn } from 'node:child_process';
import { ConfigError, parseConfig } from '../src/config';
import { startLocalWordPress } from './local-wordpress';
import { FAKE_PREVIEW_PASSWORD, FAKE_PREVIEW_USER } from '../__mocks__/wordpress/preview';
import { NEXT_BUILD_ARGS } from './next-build';
import { withHeapCeiling } from './next-start';

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(1);
    });
  });
}

async function main(argv: string[]): Promise<number> {
  const demo = argv[0] === '--demo';
  const steps: Array<[string, string[]]> = demo ? [['next', [...NEXT_BUILD_ARGS]], ['next', ['start']]] : [[argv[0], argv.slice(1)]];
  if (!demo && !argv[0]) {
    console.error('usage: tsx scripts/with-wordpress.ts <command> [args...] | --demo');
    return 2;
  }

  // Next's anonymous telemetry is off unless the operator turns it on.
  const env: NodeJS.ProcessEnv = { NEXT_TELEMETRY_DISABLED: '1', ...process.env };
  let local: Awaited<ReturnType<typeof startLocalWordPress>> | null = null;
  const productionServer = !demo && argv[0] === 'next' && argv[1] === 'start';
  if (!env.WORDPRESS_URL?.trim() && !productionServer) {
    const port = Number(env.LOCAL_WORDPRESS_PORT ?? 3001);
    local = await startLocalWordPress({ port });
    env.WORDPRESS_URL = local.url;
    env.MEDIA_HOST ??= local.url;
    env.CMS_DEV_HOSTS ??= 'dev-cms.example.test';
    // The local server's fixed preview reader (issue 11; previews also need PREVIEW_SECRET): docs/preview.md.
    if (!env.WORDPRESS_PREVIEW_USER && !env.WORDPRESS_PREVIEW_PASSWORD) {
      env.WORDPRESS_PREVIEW_USER = FAKE_PREVIEW_USER;
      env.WORDPRESS_PREVIEW_PASSWORD = FAKE_PREVIEW_PASSWORD;
    }
  }

  try {
    parseConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${error.message}\nThe command did not run: set ${error.variable} and run it again.`);
    await local?.close();
    return 1;
  }

  let code = 0;
  for (const [command, args] of steps) {
    // The production server gets its heap ceiling (scripts/next-start.ts); the build does not.
    code = await run(command, args, args[0] === 'start' ? { ...env, NODE_OPTIONS: withHeapCeiling(env.NODE_OPTIONS) } : env);
    if (code !== 0) break;
  }
  await local?.close();
  return code;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
