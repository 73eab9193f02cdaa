/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { http as mswHttp, passthrough } from 'msw';
import { freePort } from '../../../e2e/harness/processes';
import { startFaultProxy } from '../../../scripts/bench/chaos/proxies';
import { server as msw } from '../../setup/msw';

describe("the chaos bench's fault proxy (docs/reliability.md §7)", () => {
  it('holds requests while WordPress hangs, and answers those still waiting when it recovers', async () => {
    msw.use(mswHttp.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()));
    const content = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(`answer for ${req.url}`));
    await new Promise<void>((resolve) => content.listen(0, '127.0.0.1', resolve));
    const proxy = await startFaultProxy(await freePort(), '127.0.0.1', { host: '127.0.0.1', port: (content.address() as AddressInfo).port });
    try {
      proxy.setMode('hang');
      let settled = false;
      const waiting = fetch(`${proxy.url}/wp-json/wp/v2/posts?slug=a`).then(async (r) => {
        settled = true;
        return [r.status, await r.text()] as const;
      });
      // Poll until the proxy holds it.
      while (proxy.counts.hang === 0) await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      proxy.setMode('pass');
      expect(await waiting).toEqual([200, 'answer for /wp-json/wp/v2/posts?slug=a']);
    } finally {
      await proxy.close();
      await new Promise((resolve) => content.close(resolve));
    }
  });
});
