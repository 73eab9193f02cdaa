/** @jest-environment node */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Issue 18: the deployment's VCL (deploy/varnish/site.vcl), tested offline. Each .vtc file of
 * deploy/varnish/tests/ starts a varnishd with site.vcl in front of a scripted site (varnishtest's
 * mock server `s1`) and checks what Varnish answers and what reaches the site. `npm test` brings
 * varnish and varnish-modules (__tests__/setup/packages.ts).
 *
 * The deployment's part (deployment.vcl, written by `npm run varnish` from VARNISH_BACKENDS) is
 * replaced here by one whose director holds the mock server, without the health probe (the
 * tests set the backend sick through the CLI), and whose purge secret is `test-secret`.
 */

const ROOT = path.resolve(__dirname, '../..');
const SITE_VCL_DIR = path.join(ROOT, 'deploy/varnish');
const TESTS_DIR = path.join(SITE_VCL_DIR, 'tests');

const TEST_DEPLOYMENT = `sub vcl_init {
  new site = directors.round_robin();
  site.add_backend(s1);
}
sub site_purge_secret {
  set req.http.X-Purge-Expected = "test-secret";
}
`;

let deploymentDir: string;

beforeAll(() => {
  deploymentDir = mkdtempSync(path.join(tmpdir(), 'vcl-test-'));
  // varnishd compiles the VCL as its own unprivileged user: the directory must be readable by it.
  chmodSync(deploymentDir, 0o755);
  writeFileSync(path.join(deploymentDir, 'deployment.vcl'), TEST_DEPLOYMENT);
});

afterAll(() => rmSync(deploymentDir, { recursive: true, force: true }));

function varnishtest(file: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      'varnishtest',
      ['-q', `-Ddeployment=${deploymentDir}`, `-Dsite=${SITE_VCL_DIR}`, path.join(TESTS_DIR, file)],
      { maxBuffer: 16 * 1024 * 1024, timeout: 90_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

const WHAT = {
  'caching.vtc': 'caches pages, /_next/static and search answers (keyed by the s header and the URL, so ?type= answers stay apart; POST body forwarded); never the other API routes, preview requests or no-store answers; X-Cache HIT/MISS/PASS; keys stripped; security headers unchanged',
  'purge.vtc': 'soft-purges by surrogate key only the tagged objects; a warm request fetches the new copy',
  'softpurge-grace.vtc': 'after a soft purge, serves the old copy while the new one is fetched in the background',
  'grace.vtc': 'serves the last good copy when the site answers 5xx or is down (sick)',
  'coalescing.vtc': 'coalesces misses for one page into one request to the site',
  'purge-acl.vtc': 'accepts purges and warm requests from loopback or with the shared secret only',
} as const;

describe('deploy/varnish/site.vcl under varnishtest', () => {
  it('has a test for every .vtc file and a .vtc file for every test', () => {
    expect(readdirSync(TESTS_DIR).filter((f) => f.endsWith('.vtc')).sort()).toEqual(Object.keys(WHAT).sort());
  });

  it.each(Object.entries(WHAT))('%s: %s', async (file) => {
    const { code, output } = await varnishtest(file);
    if (code !== 0) {
      // The verbose log says which expectation failed.
      const verbose = await new Promise<string>((resolve) =>
        execFile('varnishtest', ['-v', `-Ddeployment=${deploymentDir}`, `-Dsite=${SITE_VCL_DIR}`, path.join(TESTS_DIR, file)], { maxBuffer: 64 * 1024 * 1024 }, (_e, out, err) =>
          resolve(`${out}${err}`.split('\n').filter((l) => /^(----|\*\*\*\* .*EXPECT)/.test(l)).slice(-20).join('\n')),
        ),
      );
      throw new Error(`varnishtest ${file} failed (${code}):\n${output}\n${verbose}`);
    }
  }, 90_000);
});
