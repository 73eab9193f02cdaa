/**
 * Issue 5 §4 "Several instances, one cache", against a real redis-server (Debian's `redis-server`)
 * and the harness's one build: this file starts redis-server on a free loopback port and two more
 * `next start` instances (A and B) on free ports, both with REDIS_URL, over the build in `.next`.
 * (a) an item changed in WordPress and revalidated through the webhook on A is served new by B
 *     within 1 s (polled, no sleeps), while the harness's own instance, which has no REDIS_URL,
 *     keeps its copy (the per-instance behaviour this replaces);
 * (b) the search rate limit holds across the instances (one count in Redis);
 * (c) with Redis stopped, both instances keep answering 200 (cached pages, pages never read
 *     through Redis, a regeneration), and each logs the outage once;
 * (d) with Redis back, the instances share pages again;
 * (e) an instance C started while its REDIS_URL points at nothing serves pages and the API routes
 *     (200/204) from its local cache and logs the outage once.
 * It runs after every other file (e2e/stateful, see e2e/harness/sequencer.mjs): it changes content.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { BIN, HOST, ROOT, STATE_DIR } from '../harness/config';
import { freePort, killGroup, killGroupSync, startDetached, waitForHttp, type Started } from '../harness/processes';
import { siteEnv } from '../harness/servers';
import { sitePath } from '../../src/lib/wordpress/contentTypes';
import { contentTypeDef, idList, patchContent, poll, readState } from '../helpers/site';

/** SEARCH_RATE_LIMIT of src/lib/search/handler.ts (not imported: that module pulls ESM-only packages into jest). */
const SEARCH_RATE_LIMIT = { points: 30, durationSeconds: 10 };
const REDIS_LOG = path.join(STATE_DIR, 'redis.log');
const INSTANCE_LOGS = { A: path.join(STATE_DIR, 'site-a.log'), B: path.join(STATE_DIR, 'site-b.log'), C: path.join(STATE_DIR, 'site-c.log') };
const OUTAGE_LINE = /\[redis\] redis:\/\/127\.0\.0\.1:\d+ is unreachable/g;

/** Whether redis-server answers PING on `port`. */
function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, HOST);
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

function redisServerBinary(): string {
  for (const candidate of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) {
    try {
      execFileSync(candidate, ['--version'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // next
    }
  }
  throw new Error('redis-server is not installed: apt-get install -y redis-server (.ci/run installs it)');
}

let redisPort: number;
let redis: Started | null = null;
type Instance = 'A' | 'B' | 'C';
const instances: Record<Instance, { url: string; process: Started | null }> = {
  A: { url: '', process: null },
  B: { url: '', process: null },
  C: { url: '', process: null },
};

async function startRedis(): Promise<void> {
  redis = startDetached(redisServerBinary(), ['--port', String(redisPort), '--bind', HOST, '--save', '', '--appendonly', 'no'], process.env, REDIS_LOG);
  await poll(async () => ((await redisAnswers(redisPort)) ? true : undefined), { timeoutMs: 10_000, intervalMs: 50, what: `redis-server on port ${redisPort}` });
}

async function stopRedis(): Promise<void> {
  if (redis) await killGroup(redis.pid);
  redis = null;
  await poll(async () => ((await redisAnswers(redisPort)) ? undefined : true), { timeoutMs: 10_000, intervalMs: 50, what: 'redis-server to stop' });
}

/** Keys of this build's ISR cache in Redis (redis-cli --scan). */
function redisKeys(pattern: string): string[] {
  const output = execFileSync('redis-cli', ['-h', HOST, '-p', String(redisPort), '--scan', '--pattern', pattern], { encoding: 'utf8' });
  return output.split('\n').filter(Boolean);
}

const endAllSync = () => {
  for (const started of [instances.A.process, instances.B.process, instances.C.process, redis]) if (started) killGroupSync(started.pid);
};

beforeAll(async () => {
  redisPort = await freePort();
  for (const log of [REDIS_LOG, ...Object.values(INSTANCE_LOGS)]) rmSync(log, { force: true });
  process.once('exit', endAllSync);
  await startRedis();
  const redisUrl = `redis://${HOST}:${redisPort}`;
  // C's Redis: a loopback port where nothing listens (Redis down when the instance starts).
  const deadRedisUrl = `redis://${HOST}:${await freePort()}`;
  for (const name of ['A', 'B', 'C'] as const) {
    const port = await freePort();
    instances[name].url = `http://${HOST}:${port}`;
    instances[name].process = startDetached(
      path.join(BIN, 'next'),
      ['start', '-p', String(port), '-H', HOST],
      siteEnv(readState(), { REDIS_URL: name === 'C' ? deadRedisUrl : redisUrl }),
      INSTANCE_LOGS[name],
    );
  }
  for (const name of ['A', 'B', 'C'] as const) {
    await waitForHttp(`${instances[name].url}/`, { timeoutMs: 120_000, process: instances[name].process ?? undefined, logFile: INSTANCE_LOGS[name] });
  }
}, 180_000);

afterAll(async () => {
  await Promise.all([instances.A.process, instances.B.process, instances.C.process, redis].map((started) => (started ? killGroup(started.pid) : undefined)));
  process.off('exit', endAllSync);
});

/** GET a page's HTML from one instance. */
async function getPage(base: string, sitePathname: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${base}${sitePathname}`, { signal: AbortSignal.timeout(30_000), redirect: 'manual' });
  return { status: response.status, html: await response.text() };
}

/**
 * Serves `sitePathname` from one instance until Next answers it from a fresh cache entry
 * (`x-nextjs-cache: HIT`): a stale entry is served while Next regenerates it in the background,
 * and the test must not race that regeneration.
 */
async function settle(base: string, sitePathname: string): Promise<void> {
  await poll(
    async () => {
      const response = await fetch(`${base}${sitePathname}`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      return response.headers.get('x-nextjs-cache') === 'HIT' ? true : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 100, what: `${base}${sitePathname} to be served from a fresh cache entry` },
  );
}

/** POST the revalidation webhook of one instance. */
async function revalidateOn(base: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}/api/revalidate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-revalidate-secret': readState().revalidateSecret },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
  return { status: response.status, body: await response.json() };
}

/** A news item of the content server that no other test changes. */
async function newsItem(index: number): Promise<{ id: number; slug: string; path: string }> {
  const list = await idList(contentTypeDef('news'));
  const item = list[Math.min(index, list.length - 1)];
  return { id: item.id, slug: item.slug, path: sitePath('news', item.slug) };
}

const buildId = () => readFileSync(path.join(ROOT, '.next', 'BUILD_ID'), 'utf8').trim();
const outageLines = (name: Instance) => readFileSync(INSTANCE_LOGS[name], 'utf8').match(OUTAGE_LINE)?.length ?? 0;

describe('issue 5 §4: several instances share one ISR cache through Redis', () => {
  test('a page revalidated on instance A is served new by instance B within 1 s; keys carry the build id', async () => {
    const item = await newsItem(2);
    // B and the harness's instance (no REDIS_URL) serve the page, and finish any regeneration that
    // serving it started (else that render, of the old content, could land after A's).
    await settle(instances.B.url, item.path);
    await settle(readState().siteUrl, item.path);

    const newTitle = `Shared cache headline ${Date.now()}`;
    await patchContent('news', item.id, { title: newTitle });
    const answer = await revalidateOn(instances.A.url, { type: 'news', slug: item.slug });
    expect(answer).toEqual({ status: 200, body: { revalidated: expect.arrayContaining([item.path]), failed: [] } });

    const sawNew = await poll(
      async () => {
        const page = await getPage(instances.B.url, item.path);
        return page.status === 200 && page.html.includes(newTitle) ? page : undefined;
      },
      { timeoutMs: 1000, intervalMs: 50, what: `instance B to serve ${item.path} with “${newTitle}”` },
    );
    expect(sawNew.status).toBe(200);

    // Control: the harness's instance has no REDIS_URL; the webhook on A did not reach its cache.
    const alone = await getPage(readState().siteUrl, item.path);
    expect(alone.status).toBe(200);
    expect(alone.html).not.toContain(newTitle);

    // The entries live under this build's id.
    const keys = redisKeys('site:isr:*');
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((key) => key.startsWith(`site:isr:${buildId()}:`))).toBe(true);
    expect(keys.some((key) => key.includes(item.slug))).toBe(true);
  });

  test('the search rate limit holds across instances: one count in Redis', async () => {
    const search = (base: string) =>
      fetch(`${base}/api/search`, { method: 'POST', headers: { 'Content-Type': 'application/json', s: 'payments' }, body: JSON.stringify({ s: 'payments' }) }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
      );
    const statuses: number[] = [];
    // The limit's window is SEARCH_RATE_LIMIT.durationSeconds: alternate instances, one client (127.0.0.1).
    for (let i = 0; i < SEARCH_RATE_LIMIT.points; i++) statuses.push(await search(i % 2 === 0 ? instances.A.url : instances.B.url));
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Each instance saw only half the limit, but the next search on either is refused.
    expect(await search(instances.B.url)).toBe(429);
    expect(await search(instances.A.url)).toBe(429);
    expect(redisKeys('site:rl:search:*').length).toBeGreaterThan(0);
  });
});

describe('issue 5 §4: with Redis down, both instances keep answering 200 from their local cache and log the outage once', () => {
  test('cached pages, never-shared pages and a regeneration answer 200 on both instances; one outage line each', async () => {
    const item = await newsItem(2);
    const other = await newsItem(3);
    await stopRedis();

    const paths = ['/', item.path, '/about-us/news', other.path, '/pages/secure-switching'];
    for (let round = 0; round < 3; round++) {
      for (const name of ['A', 'B'] as const) {
        for (const sitePathname of paths) {
          const page = await getPage(instances[name].url, sitePathname);
          expect({ name, sitePathname, status: page.status }).toEqual({ name, sitePathname, status: 200 });
        }
      }
    }
    // A regeneration while Redis is down: the webhook regenerates through the local cache.
    const newTitle = `Outage headline ${Date.now()}`;
    await patchContent('news', other.id, { title: newTitle });
    expect(await revalidateOn(instances.B.url, { paths: [other.path] })).toEqual({ status: 200, body: { revalidated: [other.path], failed: [] } });
    const regenerated = await getPage(instances.B.url, other.path);
    expect(regenerated.status).toBe(200);
    expect(regenerated.html).toContain(newTitle);
    // The rate-limited routes still answer (per-instance counting).
    const ping = await fetch(`${instances.A.url}/api/ping`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ page: '/' }) });
    expect(ping.status).toBe(204);

    // Logged once per instance, not per request.
    await poll(async () => (outageLines('A') >= 1 && outageLines('B') >= 1 ? true : undefined), { timeoutMs: 5000, what: 'both instances to log the outage' });
    expect({ A: outageLines('A'), B: outageLines('B') }).toEqual({ A: 1, B: 1 });
  });

  test('when Redis is back, the instances use it again: a revalidation on B reaches A', async () => {
    await startRedis();
    const recovered = (name: 'A' | 'B') => /reachable again/.test(readFileSync(INSTANCE_LOGS[name], 'utf8'));
    await poll(async () => (recovered('A') && recovered('B') ? true : undefined), { timeoutMs: 10_000, intervalMs: 100, what: 'both instances to reconnect to Redis' });

    const item = await newsItem(4);
    await settle(instances.A.url, item.path);
    const newTitle = `Back again headline ${Date.now()}`;
    await patchContent('news', item.id, { title: newTitle });
    expect((await revalidateOn(instances.B.url, { paths: [item.path] })).status).toBe(200);
    await poll(
      async () => {
        const page = await getPage(instances.A.url, item.path);
        return page.status === 200 && page.html.includes(newTitle) ? true : undefined;
      },
      { timeoutMs: 1000, intervalMs: 50, what: `instance A to serve ${item.path} with “${newTitle}” after Redis came back` },
    );
  });
});

describe('issue 5 §4: an instance whose Redis is down when it starts serves from its local cache', () => {
  test('pages answer 200, the API routes answer, and the outage is logged once', async () => {
    const item = await newsItem(5);
    for (let round = 0; round < 3; round++) {
      for (const sitePathname of ['/', '/about-us/news', item.path, '/pages/secure-switching', '/search']) {
        const page = await getPage(instances.C.url, sitePathname);
        expect({ sitePathname, status: page.status }).toEqual({ sitePathname, status: 200 });
      }
    }
    const search = await fetch(`${instances.C.url}/api/search`, { method: 'POST', headers: { 'Content-Type': 'application/json', s: 'card' }, body: JSON.stringify({ s: 'card' }) });
    expect(search.status).toBe(200);
    const ping = await fetch(`${instances.C.url}/api/ping`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ page: '/' }) });
    expect(ping.status).toBe(204);
    expect(outageLines('C')).toBe(1);
  });
});
