/** @jest-environment node */
/**
 * Issue 35 §2: src/lib/site/regenerate.ts, the one module that knows how Next regenerates a page
 * on demand. These tests fail when Next's side changes (its header's name, where the build keeps
 * the previewModeId, how its own revalidate() judges success).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { distDirectory, ownOrigin, PRERENDER_REVALIDATE_HEADER, readPreviewModeId, regeneratePage, regenerationSucceeded } from '@/lib/site/regenerate';
import { letLoopbackThrough } from '../cache/recordingServer';

describe("Next's side of the fence", () => {
  it("the header is Next's PRERENDER_REVALIDATE_HEADER (next/dist/lib/constants)", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const constants = require('next/dist/lib/constants') as { PRERENDER_REVALIDATE_HEADER: string };
    expect(PRERENDER_REVALIDATE_HEADER).toBe(constants.PRERENDER_REVALIDATE_HEADER);
  });

  it("Next compares that header with the previewModeId (checkIsOnDemandRevalidate), as this module sends it", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { checkIsOnDemandRevalidate } = require('next/dist/server/api-utils') as {
      checkIsOnDemandRevalidate: (headers: IncomingHttpHeaders, preview: { previewModeId: string }) => { isOnDemandRevalidate: boolean };
    };
    expect(checkIsOnDemandRevalidate({ [PRERENDER_REVALIDATE_HEADER]: 'id-1' }, { previewModeId: 'id-1' }).isOnDemandRevalidate).toBe(true);
    expect(checkIsOnDemandRevalidate({ [PRERENDER_REVALIDATE_HEADER]: 'id-2' }, { previewModeId: 'id-1' }).isOnDemandRevalidate).toBe(false);
  });

  it("Next's own revalidate() judges success as this module does (x-nextjs-cache REVALIDATED or 200) and `next start` records its port in process.env.PORT", () => {
    const resolver = readFileSync(require.resolve('next/dist/server/next-server.js'), 'utf8');
    expect(resolver).toContain("getHeader('x-nextjs-cache') !== 'REVALIDATED' && mocked.res.statusCode !== 200");
    const startServer = readFileSync(require.resolve('next/dist/server/lib/start-server.js'), 'utf8');
    expect(startServer).toContain("process.env.PORT = port + ''");
    expect(startServer).toContain('process.env.__NEXT_PRIVATE_ORIGIN = appUrl');
  });
});

describe('the build and the server', () => {
  it('reads preview.previewModeId from the dist directory (NEXT_DIST_DIR, default .next); a missing file names itself', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'regenerate-'));
    expect(distDirectory({}, dir)).toBe(path.join(dir, '.next'));
    expect(distDirectory({ NEXT_DIST_DIR: 'build/x' }, dir)).toBe(path.join(dir, 'build/x'));
    expect(() => readPreviewModeId(dir)).toThrow(path.join(dir, 'prerender-manifest.json'));
    writeFileSync(path.join(dir, 'prerender-manifest.json'), JSON.stringify({ version: 4, routes: {}, preview: { previewModeId: 'abc123', previewModeSigningKey: 'k' } }));
    expect(readPreviewModeId(dir)).toBe('abc123');
  });

  it('asks its own server: 127.0.0.1 and PORT, or the host it was bound to', () => {
    expect(ownOrigin({ PORT: '4100', __NEXT_PRIVATE_ORIGIN: 'http://localhost:4100' })).toBe('http://127.0.0.1:4100');
    expect(ownOrigin({ PORT: '4100', __NEXT_PRIVATE_ORIGIN: 'http://127.0.0.1:4100' })).toBe('http://127.0.0.1:4100');
    expect(ownOrigin({ PORT: '3000', __NEXT_PRIVATE_ORIGIN: 'http://10.0.0.5:3000' })).toBe('http://10.0.0.5:3000');
    expect(() => ownOrigin({})).toThrow(/process.env.PORT/);
  });

  it.each([
    [200, null, true],
    [200, 'REVALIDATED', true],
    [500, 'REVALIDATED', true],
    [404, null, true],
    [308, null, true],
    [500, null, false],
    [503, 'STALE', false],
  ])('status %i with x-nextjs-cache %s: success %s', (status, cache, ok) => {
    expect(regenerationSucceeded(status, cache)).toBe(ok);
  });
});

describe('regeneratePage', () => {
  it('sends HEAD {path} with the header and the previewModeId; a 500 rejects naming the path', async () => {
    letLoopbackThrough();
    const seen: { method?: string; url?: string; header?: string | string[] }[] = [];
    const server = createServer((req, res) => {
      seen.push({ method: req.method, url: req.url, header: req.headers[PRERENDER_REVALIDATE_HEADER] });
      res.statusCode = req.url === '/broken' ? 500 : 200;
      if (req.url !== '/broken') res.setHeader('x-nextjs-cache', 'REVALIDATED');
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      await regeneratePage('/about-us/news/x', { origin: `http://127.0.0.1:${port}`, previewModeId: 'id-1' });
      expect(seen).toEqual([{ method: 'HEAD', url: '/about-us/news/x', header: 'id-1' }]);
      await expect(regeneratePage('/broken', { origin: `http://127.0.0.1:${port}`, previewModeId: 'id-1' })).rejects.toThrow('Failed to regenerate /broken: Invalid response 500');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
