/**
 * Issue 12 §3 fail fast: `next start` and `npm start` with a missing or invalid setting exit
 * non-zero with a message naming the variable, instead of serving 500s. The real processes are
 * spawned over the harness's build (each in its own process group, ended if it outlives the test).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { BIN, HOST, ROOT } from './harness/config';
import { childEnv, freePort, killGroupSync } from './harness/processes';
import { readState } from './helpers/site';

interface Outcome {
  code: number | null;
  output: string;
}

/** Runs `command` until it exits (at most `timeoutMs`, then it is ended and the test fails). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      if (child.pid) killGroupSync(child.pid);
      reject(new Error(`${command} ${args.join(' ')} was still running after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The environment of a production start without the variables under test. */
function env(settings: Record<string, string>, without: string[] = []): NodeJS.ProcessEnv {
  const base = childEnv({ NEXT_TELEMETRY_DISABLED: '1', ...settings });
  for (const name of ['WORDPRESS_URL', 'MEDIA_HOST', 'CMS_DEV_HOSTS', 'SITE_URL', 'REVALIDATE_SECRET', 'REVALIDATE_SECONDS', 'REDIS_URL', 'TRUST_PROXY', ...without]) {
    if (!(name in settings)) delete base[name];
  }
  return base;
}

const { wordpressUrl } = readState();

describe('issue 12 §3 a missing or invalid setting stops the production server at start', () => {
  test.each([
    ['WORDPRESS_URL missing', {}, 'WORDPRESS_URL'],
    ['WORDPRESS_URL not http(s)', { WORDPRESS_URL: 'ftp://cms.example.com' }, 'WORDPRESS_URL'],
    ['REVALIDATE_SECONDS not a number', { WORDPRESS_URL: wordpressUrl, REVALIDATE_SECONDS: 'soon' }, 'REVALIDATE_SECONDS'],
    ['REDIS_URL not redis://', { WORDPRESS_URL: wordpressUrl, REDIS_URL: 'http://cache.internal:6379' }, 'REDIS_URL'],
    ['HSTS_PRELOAD without subdomains', { WORDPRESS_URL: wordpressUrl, HSTS_PRELOAD: '1' }, 'HSTS_PRELOAD'],
  ] as const)('next start, %s: exits non-zero naming %s', async (_name, settings, variable) => {
    const port = await freePort();
    const { code, output } = await run(path.join(BIN, 'next'), ['start', '-p', String(port), '-H', HOST], env(settings));
    expect(code).not.toBe(0);
    expect(output).toContain(`Invalid environment variable ${variable}`);
  });

  test('npm start without WORDPRESS_URL: exits non-zero naming it (no local content server is started for a production server)', async () => {
    const { code, output } = await run('npm', ['start', '--silent'], env({}));
    expect(code).not.toBe(0);
    expect(output).toContain('Invalid environment variable WORDPRESS_URL');
    expect(output).not.toMatch(/Local WordPress \(fake\) listening/);
  });
});
