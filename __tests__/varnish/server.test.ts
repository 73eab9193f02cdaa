/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deploymentVcl, parseBackends, settingsFromEnv, SITE_VCL_DIR } from '../../scripts/varnish/server';

/** Issue 18: `npm run varnish`'s settings and the deployment.vcl it writes beside site.vcl. */

describe('npm run varnish settings', () => {
  it('defaults: port 6081 on loopback, in front of 127.0.0.1:3000, loopback purges only', () => {
    const s = settingsFromEnv({});
    expect(s).toMatchObject({ port: 6081, host: '127.0.0.1', backends: [{ host: '127.0.0.1', port: 3000 }], purgeSecret: '' });
  });

  it('VARNISH_BACKENDS: comma-separated host:port, one backend per instance', () => {
    expect(parseBackends('127.0.0.1:3000, 127.0.0.1:3002,[::1]:3004')).toEqual([
      { host: '127.0.0.1', port: 3000 },
      { host: '127.0.0.1', port: 3002 },
      { host: '::1', port: 3004 },
    ]);
    expect(() => parseBackends('localhost')).toThrow('VARNISH_BACKENDS: "localhost" is not host:port');
    expect(() => settingsFromEnv({ VARNISH_PORT: 'x' })).toThrow('VARNISH_PORT');
    expect(() => settingsFromEnv({ VARNISH_PURGE_SECRET: 'a"; }' })).toThrow('VARNISH_PURGE_SECRET');
  });

  it('writes a deployment.vcl that compiles with site.vcl: every backend probed on /api/health, round-robin, the secret', () => {
    const vcl = deploymentVcl({ backends: parseBackends('127.0.0.1:3000,127.0.0.1:3002'), purgeSecret: 's3cret' });
    expect(vcl).toContain('.probe = site_health;');
    expect(vcl).toContain('site.add_backend(site1);\n  site.add_backend(site2);');
    expect(vcl).toContain('set req.http.X-Purge-Expected = "s3cret";');
    const dir = mkdtempSync(path.join(tmpdir(), 'vcl-compile-'));
    chmodSync(dir, 0o755);
    try {
      writeFileSync(path.join(dir, 'deployment.vcl'), vcl);
      // varnishd -C compiles and prints the C; it exits non-zero on any VCL error.
      execFileSync('varnishd', ['-C', '-p', `vcl_path=${dir}:${SITE_VCL_DIR}:/usr/share/varnish/vcl`, '-f', path.join(SITE_VCL_DIR, 'site.vcl')], { stdio: 'pipe' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
