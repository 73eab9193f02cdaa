import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BIN, HOST } from '../../e2e/harness/config';
import { childEnv, freePort, killGroup, startDetached, waitForHttp } from '../../e2e/harness/processes';
import { ensureDebianPackages, NGINX } from '../system/debianPackages';
import { down as varnishDown, up as varnishUp, type VarnishSettings } from '../varnish/server';
import { LOG_DIR } from './servers';

/**
 * Issue 18, `npm run bench -- --cache`: Varnish (deploy/varnish/site.vcl) in front of the bench's
 * `next start`, and nginx serving the saved HTML of the same article as a file. The measurements
 * themselves are in index.ts (cachePhase); this module starts and reads the servers.
 */

export interface BenchVarnish {
  url: string;
  settings: VarnishSettings;
  stop(): Promise<void>;
  /** Requests Varnish sent to the site so far (varnishstat MAIN.backend_req). */
  backendRequests(): number;
}

export async function startBenchVarnish(port: number, sitePort: number): Promise<BenchVarnish> {
  const settings: VarnishSettings = {
    port,
    host: HOST,
    backends: [{ host: HOST, port: sitePort }],
    purgeSecret: '',
    storage: '256m',
    stateDir: path.join(tmpdir(), `payments-site-varnish-bench-${port}`),
  };
  await varnishDown(settings);
  await varnishUp(settings, (line) => process.stderr.write(`[bench] ${line}\n`));
  return {
    url: `http://${HOST}:${port}`,
    settings,
    stop: async () => {
      await varnishDown(settings);
    },
    backendRequests: () => {
      const out = execFileSync('varnishstat', ['-n', path.join(settings.stateDir, 'work'), '-1', '-f', 'MAIN.backend_req'], { encoding: 'utf8' });
      const match = /MAIN\.backend_req\s+(\d+)/.exec(out);
      return match ? Number(match[1]) : NaN;
    },
  };
}

/** Debian's nginx serving one HTML file at `route` (the article as `next build` saved it). */
export async function startNginxFile(htmlFile: string, route: string): Promise<{ url: string; stop(): Promise<void> }> {
  ensureDebianPackages([NGINX], { purpose: 'the bench (--cache)', log: (l) => process.stderr.write(`[bench] ${l}\n`) });
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  const root = path.join(dir, 'root');
  const target = path.join(root, `${route.replace(/^\//, '')}.html`);
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(htmlFile, target);
  // nginx's workers run as nobody: the copy must be readable by them.
  for (const d of [dir, root, path.dirname(target)]) chmodSync(d, 0o755);
  chmodSync(target, 0o644);
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen ${HOST}:${port};
    root ${root};
    default_type text/html;
    location / { try_files $uri $uri.html =404; }
  }
}
`,
  );
  const started = startDetached('/usr/sbin/nginx', ['-c', conf, '-p', dir], childEnv({}), path.join(LOG_DIR, 'nginx.log'));
  const url = `http://${HOST}:${port}`;
  await waitForHttp(`${url}${route}`, { timeoutMs: 30_000, process: started, logFile: path.join(LOG_DIR, 'nginx.log') });
  return { url, stop: () => killGroup(started.pid) };
}

/** Fetches every path through `base`, `concurrency` at a time; returns the paths whose answer fails `ok`. */
export async function fetchAll(base: string, paths: readonly string[], ok: (status: number, body: string) => boolean, concurrency = 8): Promise<string[]> {
  const failed: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const p = paths[next++];
      try {
        const response = await fetch(`${base}${p}`, { signal: AbortSignal.timeout(30_000) });
        if (!ok(response.status, await response.text())) failed.push(p);
      } catch {
        failed.push(p);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failed;
}

export const TSX = path.join(BIN, 'tsx');
