import { tmpdir } from 'node:os';
import path from 'node:path';
import type { VarnishSettings } from '../../scripts/varnish/server';
import { HOST, SITE_PORT, VARNISH_PORT } from './config';

/** Issue 18: the browser tests' Varnish (real mode), in front of the harness's `next start`; loopback purges only. */
export function e2eVarnish(): VarnishSettings {
  return {
    port: VARNISH_PORT,
    host: HOST,
    backends: [{ host: HOST, port: SITE_PORT }],
    purgeSecret: '',
    storage: '128m',
    stateDir: path.join(tmpdir(), `payments-site-varnish-e2e-${VARNISH_PORT}`),
  };
}
