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
import {
  distDirectory,
  ON_DEMAND_RUNS_MAX,
  onDemandRunSince,
  onDemandSequence,
  ownOrigin,
  pagePathKey,
  PRERENDER_REVALIDATE_HEADER,
  readPreviewModeId,
  recordOnDemandRun,
  regeneratePage,
  regenerationSucceeded,
} from '@/lib/site/regenerate';
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

  it("Next's response cache runs one regeneration of a page at a time: its revalidateBatcher is keyed by the page's key alone, so an on-demand regeneration joins one in flight", () => {
    const source = readFileSync(require.resolve('next/dist/server/response-cache/index.js'), 'utf8');
    const at = source.indexOf('this.revalidateBatcher = _batcher.Batcher.create({');
    expect(at).toBeGreaterThan(-1);
    const created = source.slice(at);
    // No cacheKeyFn before the batcher's options end: the key is the page's cache key as passed.
    expect(created.slice(0, created.indexOf('});')).includes('cacheKeyFn')).toBe(false);
    expect(source).toContain('return this.revalidateBatcher.batch(key, ()=>{');
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
      // As Next does with the site's pages: their getStaticProps (staticProps) records the run.
      if (req.url !== '/broken') recordOnDemandRun(req.url ?? '/');
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

describe("issue 35: a publish's regeneration runs its own reads (it did not join a visitor's)", () => {
  /** A page server that answers as Next does; `runs` says whether this request ran the page's getStaticProps. */
  function pageServer(answer: (url: string, request: number) => { status: number; runs: boolean }) {
    const seen: string[] = [];
    const fetchLike = (async (input: string | URL | Request) => {
      const url = new URL(String(input)).pathname;
      seen.push(url);
      const { status, runs } = answer(url, seen.length);
      if (runs) recordOnDemandRun(url);
      return new Response(null, { status, headers: status === 200 ? { 'x-nextjs-cache': 'REVALIDATED' } : {} });
    }) as typeof fetch;
    const log = { info: jest.fn() };
    return { seen, log, options: { origin: 'http://site.test', previewModeId: 'id-1', fetch: fetchLike, log } };
  }

  it('asks once when its own getStaticProps ran', async () => {
    const site = pageServer(() => ({ status: 200, runs: true }));
    await regeneratePage('/about-us/news', site.options);
    expect(site.seen).toEqual(['/about-us/news']);
    expect(site.log.info).not.toHaveBeenCalled();
  });

  it('asks once more when Next answered from a regeneration already in flight (no run of the page started after its request)', async () => {
    const site = pageServer((_url, request) => ({ status: 200, runs: request > 1 }));
    await regeneratePage('/about-us/news', site.options);
    expect(site.seen).toEqual(['/about-us/news', '/about-us/news']);
    expect(site.log.info).toHaveBeenCalledWith(expect.stringContaining('[regenerate] /about-us/news: Next answered with a regeneration already in flight'));
  });

  it("a run of the page that started before the request, or another page's run, does not count", async () => {
    recordOnDemandRun('/about-us/news');
    const site = pageServer((url, request) => {
      if (request === 1) recordOnDemandRun('/resources/blogs');
      return { status: 200, runs: request > 1 };
    });
    await regeneratePage('/about-us/news', site.options);
    expect(site.seen).toEqual(['/about-us/news', '/about-us/news']);
  });

  it('a not-found answer is a page too (an item withdrawn or not yet published); a redirect or a failure is not asked again', async () => {
    const gone = pageServer((_url, request) => ({ status: 404, runs: request > 1 }));
    await regeneratePage('/about-us/news/x', gone.options);
    expect(gone.seen).toHaveLength(2);
    const moved = pageServer(() => ({ status: 308, runs: false }));
    await regeneratePage('/old-address', moved.options);
    expect(moved.seen).toHaveLength(1);
    const broken = pageServer(() => ({ status: 500, runs: false }));
    await expect(regeneratePage('/about-us/news', broken.options)).rejects.toThrow('Failed to regenerate /about-us/news: Invalid response 500');
    expect(broken.seen).toHaveLength(1);
  });

  it('both sides spell a path alike: no trailing slash, no query, segments percent-decoded', () => {
    expect(pagePathKey('/')).toBe('/');
    expect(pagePathKey('/about-us/news/')).toBe('/about-us/news');
    expect(pagePathKey('/about-us/news/caf%C3%A9?x=1')).toBe('/about-us/news/café');
    expect(pagePathKey('/bad%E0')).toBe('/bad%E0');
    const before = onDemandSequence();
    recordOnDemandRun('/resources/blogs/café');
    expect(onDemandRunSince('/resources/blogs/caf%C3%A9/', before)).toBe(true);
  });

  it(`remembers at most ${ON_DEMAND_RUNS_MAX} pages, the oldest forgotten first`, () => {
    const before = onDemandSequence();
    for (let i = 0; i <= ON_DEMAND_RUNS_MAX; i++) recordOnDemandRun(`/bound/${i}`);
    expect(onDemandRunSince('/bound/0', before)).toBe(false);
    expect(onDemandRunSince('/bound/1', before)).toBe(true);
    expect(onDemandRunSince(`/bound/${ON_DEMAND_RUNS_MAX}`, before)).toBe(true);
  });
});
