/**
 * Issue 5 §4 "Several instances, one cache", against a real redis-server (Debian's `redis-server`)
 * and the harness's one build: this file starts redis-server on a free loopback port and two more
 * `next start` instances (A and B) on free ports, both with REDIS_URL, over the build in `.next`.
 * (a) an item changed in WordPress and revalidated through the webhook on A is served new by B
 *     within 1 s of A's worker being done (polled, no sleeps; the webhook answers 202 before the work), while the harness's own instance, which has no REDIS_URL,
 *     keeps its copy (the per-instance behaviour this replaces);
 * (b) the search rate limit holds across the instances (one count in Redis);
 * (c) with Redis stopped, both instances keep answering 200 (cached pages, pages never read
 *     through Redis), the webhook answers 503 with Retry-After (issue 35: a change it cannot
 *     record is the sender's to send again), and each logs the outage once;
 * (d) with Redis back, the instances share pages again;
 * (e) an instance C started while its REDIS_URL points at nothing serves pages and the API routes
 *     (200/204) from its local cache and logs the outage once.
 * Issue 10 §3 (first, while every per-process cache is fresh): after ONE webhook call to A (the
 * plugin's payload: an item and a menu save), B renders a page with the new menu and answers a
 * search with the new results, although both were cached on B moments before (menu 5 min, search
 * 60 s): the broadcast on Redis pub/sub cleared them. C, whose Redis is down (no broadcast reaches
 * it), cached the same things at the same moment and still serves the old ones: the control that
 * proves B's were cleared by the broadcast, not by expiry.
 * Issue 33: after one webhook call to A with `redirects: true`, B answers the new redirect at once
 * (it reloaded the table from Redis on A's message); C, not told, does not.
 * It runs after every other file (e2e/stateful, see e2e/harness/sequencer.mjs): it changes content.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BIN, HOST, ROOT, STATE_DIR } from '../harness/config';
import { freePort, killGroup, killGroupSync, startDetached, waitForHttp, type Started } from '../harness/processes';
import { siteEnv } from '../harness/servers';
import { sitePath } from '../../src/lib/shared/wordpress/contentTypes';
import { redisAnswers, redisServerArgs, redisServerBinary } from '../helpers/redisServer';
import { contentTypeDef, idList, jobsDone, patchContent, poll, readState, webhookPayload } from '../helpers/site';

/** SEARCH_RATE_LIMIT of src/lib/search/handler.ts (not imported: that module pulls ESM-only packages into jest). */
const SEARCH_RATE_LIMIT = { points: 30, durationSeconds: 10 };
const REDIS_LOG = path.join(STATE_DIR, 'redis.log');
const INSTANCE_LOGS = { A: path.join(STATE_DIR, 'site-a.log'), B: path.join(STATE_DIR, 'site-b.log'), C: path.join(STATE_DIR, 'site-c.log') };
const OUTAGE_LINE = /\[redis\] redis:\/\/127\.0\.0\.1:\d+ is unreachable/g;

let redisPort: number;
let redis: Started | null = null;
type Instance = 'A' | 'B' | 'C';
const instances: Record<Instance, { url: string; process: Started | null }> = {
  A: { url: '', process: null },
  B: { url: '', process: null },
  C: { url: '', process: null },
};

async function startRedis(): Promise<void> {
  redis = startDetached(redisServerBinary(), redisServerArgs(redisPort, HOST), process.env, REDIS_LOG);
  await poll(async () => ((await redisAnswers(redisPort, HOST)) ? true : undefined), { timeoutMs: 10_000, intervalMs: 50, what: `redis-server on port ${redisPort}` });
}

async function stopRedis(): Promise<void> {
  if (redis) await killGroup(redis.pid);
  redis = null;
  await poll(async () => ((await redisAnswers(redisPort, HOST)) ? undefined : true), { timeoutMs: 10_000, intervalMs: 50, what: 'redis-server to stop' });
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
      // TRUST_PROXY: the issue 10 test searches as its own client (X-Forwarded-For), leaving the rate-limit test's count alone.
      siteEnv(readState(), { REDIS_URL: name === 'C' ? deadRedisUrl : redisUrl, TRUST_PROXY: '1' }),
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

/** POST the revalidation webhook of one instance (a version-2 payload of these fields). */
async function revalidateOn(base: string, fields: Record<string, unknown>): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
  const response = await fetch(`${base}/api/revalidate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-revalidate-secret': readState().revalidateSecret },
    body: JSON.stringify(webhookPayload(fields)),
    signal: AbortSignal.timeout(120_000),
  });
  return { status: response.status, body: await response.json(), retryAfter: response.headers.get('retry-after') };
}

/** A news item of the content server that no other test changes. */
async function newsItem(index: number): Promise<{ id: number; slug: string; path: string }> {
  const list = await idList(contentTypeDef('news'));
  const item = list[Math.min(index, list.length - 1)];
  return { id: item.id, slug: item.slug, path: sitePath('news', item.slug) };
}

const buildId = () => readFileSync(path.join(ROOT, '.next', 'BUILD_ID'), 'utf8').trim();
const outageLines = (name: Instance) => readFileSync(INSTANCE_LOGS[name], 'utf8').match(OUTAGE_LINE)?.length ?? 0;

/** A search on one instance, as the client `client` (X-Forwarded-For, trusted with TRUST_PROXY=1): the result titles. */
async function searchTitles(base: string, query: string, client = '198.51.100.10'): Promise<string[]> {
  const response = await fetch(`${base}/api/search`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', s: encodeURIComponent(query), 'X-Forwarded-For': client },
    body: JSON.stringify({ s: query }),
    signal: AbortSignal.timeout(30_000),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { title: string }[]).map((r) => r.title);
}

interface WpMenuItem {
  ID: number;
  menu_item_parent: string;
  title: string;
  url: string;
}

async function readMenu(): Promise<WpMenuItem[]> {
  const response = await fetch(`${readState().wordpressUrl}/wp-json/wp/v2/navigation/3`);
  expect(response.status).toBe(200);
  return (await response.json()) as WpMenuItem[];
}

async function writeMenu(items: WpMenuItem[]): Promise<void> {
  const response = await fetch(`${readState().wordpressUrl}/__fake/navigation/3`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(items) });
  expect(response.status).toBe(200);
}

describe('issue 10 §3: one webhook call, every instance drops its per-process caches (Redis pub/sub)', () => {
  test('after one call to A, B renders the new menu and finds the new search result; C (no broadcast) keeps its cached ones', async () => {
    const stamp = Date.now();
    // Items no other test of this file changes: a news item to search for, a blog post to render under new slugs.
    const searched = await newsItem(1);
    const blog = (await idList(contentTypeDef('blog')))[0];
    const rendered = { id: blog.id, slug: blog.slug };
    const menu = await readMenu();
    const top = menu.find((m) => m.menu_item_parent === '0' && m.url !== '#');
    expect(top).toBeDefined();
    const oldLabel = top!.title;
    const newLabel = `Menu ${stamp}`;
    const word = `zephyrine${stamp}`;

    // A page only `name` renders: the blog post under a slug nobody built, regenerated or rendered
    // (the instances share .next on disk, where Next also keeps rendered pages).
    const renderOn = async (name: 'B' | 'C', step: string) => {
      const slug = `${rendered.slug}-${step}-${name.toLowerCase()}-${stamp}`;
      await patchContent('posts', rendered.id, { slug });
      const page = await getPage(instances[name].url, sitePath('blog', slug));
      expect({ name, step, status: page.status }).toEqual({ name, step, status: 200 });
      return page.html;
    };

    // 1. B and C each render a page: each caches the current menu now.
    for (const name of ['B', 'C'] as const) {
      const html = await renderOn(name, 'before');
      expect(html).toContain(oldLabel);
      expect(html).not.toContain(newLabel);
    }
    // … and neither finds the word yet (each answers from its own search index, issue 34).
    expect(await searchTitles(instances.B.url, word)).toEqual([]);
    expect(await searchTitles(instances.C.url, word)).toEqual([]);

    // 2. An editor renames a menu item and puts the word in a news title; WordPress sends ONE call, to A.
    await writeMenu(menu.map((m) => (m.ID === top!.ID ? { ...m, title: newLabel } : m)));
    const newTitle = `Broadcast headline ${word}`;
    await patchContent('news', searched.id, { title: newTitle });
    const answer = await revalidateOn(instances.A.url, { event: 'menu_save,update', items: [{ rest_base: 'news', slug: searched.slug }], scope: 'all' });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ accepted: expect.any(String), job: expect.any(String) });

    try {
      // 3. A's worker broadcasts after the answer; B reads the message's item into its search index
      //    before it acknowledges: the new result (each try as another client, so that polling never
      //    meets the rate limit).
      let tries = 0;
      const titles = await poll(
        async () => {
          const found = await searchTitles(instances.B.url, word, `198.51.100.${20 + (tries++ % 200)}`);
          return found.length > 0 ? found : undefined;
        },
        { timeoutMs: 10_000, intervalMs: 100, what: `instance B to find “${word}”` },
      );
      expect(titles).toEqual([newTitle]);

      // 4. B's menu cache was cleared by the same message: a page B renders now (a slug A's job does not know) has the new label.
      expect(await renderOn('B', 'after')).toContain(newLabel);

      // Control: C cached the same menu and indexed the same content at the same moment, and was not told.
      expect(await searchTitles(instances.C.url, word)).toEqual([]);
      const onC = await renderOn('C', 'after');
      expect(onC).toContain(oldLabel);
      expect(onC).not.toContain(newLabel);

      // 5. A's worker regenerates every page with the new menu; B serves them (shared through Redis).
      await jobsDone(instances.A.url, 120_000);
      const listing = await getPage(instances.B.url, '/about-us/news');
      expect(listing.status).toBe(200);
      expect(listing.html).toContain(newLabel);
    } finally {
      await writeMenu(menu);
      await patchContent('posts', rendered.id, { slug: rendered.slug });
    }
  }, 240_000);
});

describe('issue 33: the redirect table, one per instance, shared through Redis', () => {
  test('after one call to A with redirects: true, B answers a renamed slug\'s 301 at once; C (no broadcast) does not', async () => {
    const item = await newsItem(0);
    const wordpress = readState().wordpressUrl;
    const { oldSlugs } = (await (await fetch(`${wordpress}/__fake/news/${item.id}`)).json()) as { oldSlugs?: string[] };
    const renamed = `renamed-for-instances-${Date.now()}`;
    const source = sitePath('news', renamed);
    const status = async (name: Instance) => (await fetch(`${instances[name].url}${source}`, { redirect: 'manual' })).status;
    // Every instance already loaded its table (at start): none knows the new old slug.
    for (const name of ['B', 'C'] as const) expect([name, await status(name)]).not.toEqual([name, 301]);
    try {
      await patchContent('news', item.id, { oldSlugs: [...(oldSlugs ?? []), renamed] });
      const answer = await revalidateOn(instances.A.url, { event: 'slug_change', redirects: true });
      expect(answer.status).toBe(202);
      // A's worker read the table into Redis, then B reloaded it from there when A's message came (before it acknowledged).
      const location = await poll(
        async () => {
          const response = await fetch(`${instances.B.url}${source}`, { redirect: 'manual' });
          return response.status === 301 ? response.headers.get('location') ?? '' : undefined;
        },
        { timeoutMs: 5000, intervalMs: 50, what: `instance B to redirect ${source}` },
      );
      expect(new URL(location, instances.B.url).pathname).toBe(item.path);
      // Control: C's Redis is down, so it heard nothing and keeps its table until its 5-minute read.
      expect(await status('C')).not.toBe(301);
    } finally {
      await patchContent('news', item.id, { oldSlugs: oldSlugs ?? [] });
      await revalidateOn(instances.A.url, { event: 'slug_change', redirects: true });
      await jobsDone(instances.A.url);
    }
  }, 60_000);
});

describe('issue 5 §4: several instances share one ISR cache through Redis', () => {
  test('a page revalidated on instance A is served new by instance B within 1 s; keys carry the build id', async () => {
    const item = await newsItem(2);
    // B and the harness's instance (no REDIS_URL) serve the page, and finish any regeneration that
    // serving it started (else that render, of the old content, could land after A's).
    await settle(instances.B.url, item.path);
    await settle(readState().siteUrl, item.path);

    const newTitle = `Shared cache headline ${Date.now()}`;
    await patchContent('news', item.id, { title: newTitle });
    const answer = await revalidateOn(instances.A.url, { event: 'update', items: [{ rest_base: 'news', slug: item.slug }] });
    expect(answer.status).toBe(202);
    // The webhook answers before the work: from the end of A's batch, B serves the new page within 1 s.
    await jobsDone(instances.A.url);

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
    // Lines logged before this outage (a connection that timed out while a busy host started the
    // instances, and came back) are not this outage's.
    const before = { A: outageLines('A'), B: outageLines('B') };
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
    // Issue 35 §1: a webhook call while Redis is down cannot be recorded: 503 at once, with
    // Retry-After, so the sender keeps it and sends it again (nothing is lost).
    const refused = await revalidateOn(instances.B.url, { event: 'update', items: [{ rest_base: 'news', slug: other.slug }] });
    expect(refused).toEqual({ status: 503, retryAfter: '5', body: { error: 'The change could not be recorded (Redis is unreachable); send it again' } });
    // The rate-limited routes still answer (per-instance counting).
    const ping = await fetch(`${instances.A.url}/api/ping`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ page: '/' }) });
    expect(ping.status).toBe(204);

    // Logged once per instance, not per request.
    const logged = () => ({ A: outageLines('A') - before.A, B: outageLines('B') - before.B });
    await poll(async () => (logged().A >= 1 && logged().B >= 1 ? true : undefined), { timeoutMs: 5000, what: 'both instances to log the outage' });
    expect(logged()).toEqual({ A: 1, B: 1 });
  });

  test('when Redis is back, the instances use it again: a revalidation on B reaches A', async () => {
    await startRedis();
    const recovered = (name: 'A' | 'B') => /reachable again/.test(readFileSync(INSTANCE_LOGS[name], 'utf8'));
    await poll(async () => (recovered('A') && recovered('B') ? true : undefined), { timeoutMs: 10_000, intervalMs: 100, what: 'both instances to reconnect to Redis' });

    const item = await newsItem(4);
    await settle(instances.A.url, item.path);
    const newTitle = `Back again headline ${Date.now()}`;
    await patchContent('news', item.id, { title: newTitle });
    expect((await revalidateOn(instances.B.url, { event: 'update', items: [{ rest_base: 'news', slug: item.slug }] })).status).toBe(202);
    await jobsDone(instances.B.url);
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
