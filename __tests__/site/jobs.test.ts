/** @jest-environment node */
/**
 * Issue 35 §2 (docs/reliability.md): the worker. Jobs recorded in a real Redis (Debian's
 * `redis-server` on a free loopback port), with leases; a job whose instance died is taken over;
 * waiting jobs merge into one batch; a page that fails keeps its job for the next batch, at most
 * GIVE_UP_MS after it was accepted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRedisConnection, type RedisConnection } from '@/lib/redis/connection.mjs';
import { createJobWorker, GIVE_UP_MS, JOBS_KEY, LAST_HEARD_KEY, leaseKey, mergeJobs, newJob, type JobWorker, type WorkerDeps } from '@/lib/site/jobs';
import { payloadKeys } from '@/lib/site/purgeOnPublish';
import { readsAreUrgent } from '@/lib/wordpress/recovery';
import { freePort } from '../../e2e/harness/processes';
import { redisAnswers, redisServerArgs, redisServerBinary } from '../../e2e/helpers/redisServer';

const HOST = '127.0.0.1';
const quiet = () => ({ info: jest.fn(), error: jest.fn(), warn: jest.fn() });
const NEWS = { type: 'news' as const, slug: 'a-news', section: 'pages' };
const POST = { type: 'blog' as const, slug: 'a-post', section: 'pages' };

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let redisServer: ChildProcess;
let redisUrl: string;
const opened: { close(): Promise<void> }[] = [];
const workers: JobWorker[] = [];

beforeAll(async () => {
  const port = await freePort();
  redisUrl = `redis://${HOST}:${port}`;
  redisServer = spawn(redisServerBinary(), redisServerArgs(port, HOST), { stdio: 'ignore' });
  await until(() => redisAnswers(port, HOST), 'redis-server to answer');
});

afterAll(async () => {
  const exited = new Promise((resolve) => redisServer.once('exit', resolve));
  redisServer.kill('SIGTERM');
  await exited;
});

let redis: RedisConnection;
beforeEach(async () => {
  redis = createRedisConnection(redisUrl, { log: quiet() });
  opened.push(redis);
  await until(() => redis.isReady(), 'the connection');
  await redis.client.flushDb();
});

afterEach(async () => {
  for (const worker of workers.splice(0)) {
    worker.stop();
    await worker.settled();
  }
  for (const c of opened.splice(0)) await c.close();
});

/** A worker over the test's Redis; nothing is broadcast, read from WordPress or purged unless `deps` says so. */
function worker(origin: string, deps: WorkerDeps = {}): JobWorker & { regenerated: string[]; log: ReturnType<typeof quiet> } {
  const regenerated: string[] = [];
  const log = quiet();
  const made = createJobWorker({
    redisUrl,
    connection: redis,
    origin,
    log,
    broadcast: async () => undefined,
    everyPage: async () => ({ paths: ['/', '/contact-us'] }),
    purge: () => undefined,
    ...deps,
    regenerate: async (path) => {
      regenerated.push(path);
      await deps.regenerate?.(path);
    },
  });
  workers.push(made);
  return Object.assign(made, { regenerated, log });
}

describe('recording', () => {
  it('a job is recorded in site:jobs with its lease (this worker, PX 30 s) before accept() resolves; done, both are deleted and site:last-heard is set', async () => {
    const a = worker('A');
    const before = Date.now();
    const job = await a.accept({ event: 'update', items: [NEWS], scope: 'items', delivery: 'wp-1' });
    expect(JSON.parse((await redis.client.hGet(JOBS_KEY, job.id)) as string)).toMatchObject({ id: job.id, delivery: 'wp-1', event: 'update', items: [NEWS], scope: 'items', attempts: 0 });
    expect(await redis.client.get(leaseKey(job.id))).toBe('A');
    const ttl = await redis.client.pTTL(leaseKey(job.id));
    expect(ttl).toBeGreaterThan(25_000);
    expect(ttl).toBeLessThanOrEqual(30_000);

    a.kick();
    await a.settled();
    expect(a.regenerated.sort()).toEqual(['/', '/about-us/news', '/about-us/news/a-news']);
    expect(await redis.client.hLen(JOBS_KEY)).toBe(0);
    expect(await redis.client.exists(leaseKey(job.id))).toBe(0);
    expect(Number(await redis.client.get(LAST_HEARD_KEY))).toBeGreaterThanOrEqual(before);
  });
});

describe('a job whose instance died', () => {
  it('a job in site:jobs without a lease (its instance died) is claimed with SET NX and run by another worker', async () => {
    // Instance A recorded it, then died: its lease expired.
    const dead = newJob({ event: 'update', items: [NEWS], scope: 'items' }, Date.now() - 60_000);
    await redis.client.hSet(JOBS_KEY, dead.id, JSON.stringify(dead));
    const b = worker('B');
    expect(await b.recover()).toBe(1);
    expect(await redis.client.get(leaseKey(dead.id))).toBe('B');
    await b.settled();
    expect(b.regenerated.sort()).toEqual(['/', '/about-us/news', '/about-us/news/a-news']);
    expect(await redis.client.hLen(JOBS_KEY)).toBe(0);
    expect(b.log.info).toHaveBeenCalledWith(expect.stringContaining(`took over job ${dead.id}`));
  });

  it('a job whose lease a live worker holds is left to it; two workers never both claim one orphan', async () => {
    const a = worker('A');
    const held = await a.accept({ event: 'update', items: [NEWS], scope: 'items' });
    const orphan = newJob({ event: 'update', items: [POST], scope: 'items' }, Date.now());
    await redis.client.hSet(JOBS_KEY, orphan.id, JSON.stringify(orphan));
    const b = worker('B');
    const c = worker('C');
    const claimed = await Promise.all([b.recover(), c.recover()]);
    expect(claimed.sort()).toEqual([0, 1]);
    await Promise.all([b.settled(), c.settled()]);
    expect([...b.regenerated, ...c.regenerated].sort()).toEqual(['/', '/resources/blogs', '/resources/blogs/a-post']);
    // A's own job is still A's, still waiting for A's worker.
    expect(await redis.client.hExists(JOBS_KEY, held.id)).toBe(1);
  });

  it('start() looks for abandoned jobs at once (instrumentation calls it at next start)', async () => {
    const dead = newJob({ event: 'update', items: [NEWS], scope: 'items' }, Date.now());
    await redis.client.hSet(JOBS_KEY, dead.id, JSON.stringify(dead));
    const b = worker('B');
    b.start();
    await until(() => b.regenerated.length === 3, 'the orphan to run');
  });

  it('a malformed job is dropped from site:jobs and logged', async () => {
    await redis.client.hSet(JOBS_KEY, 'bad-1', '{"v": 1, "id": 42}');
    const b = worker('B');
    expect(await b.recover()).toBe(0);
    expect(await redis.client.hLen(JOBS_KEY)).toBe(0);
    expect(b.log.error).toHaveBeenCalledWith(expect.stringContaining('malformed job bad-1'));
  });
});

describe('batches', () => {
  it('every job waiting when a batch starts is merged into it: items de-duplicated, each page regenerated once', async () => {
    const reloads: number[] = [];
    const a = worker('A', { reloadRedirects: async () => (reloads.push(1), { changed: false, changedSources: [], version: 'v1', rules: 0 }) });
    const jobs = [
      await a.accept({ event: 'update', items: [NEWS], scope: 'items' }),
      await a.accept({ event: 'update', items: [NEWS, POST], scope: 'items' }),
      await a.accept({ event: 'redirects', items: [], scope: 'items', redirects: true }),
    ];
    expect(mergeJobs(jobs)).toEqual({ event: 'update,redirects', items: [NEWS, POST], scope: 'items', redirects: true, paths: [] });
    a.kick();
    await a.settled();
    expect(reloads).toEqual([1]);
    expect(a.regenerated.sort()).toEqual(['/', '/about-us/news', '/about-us/news/a-news', '/resources/blogs', '/resources/blogs/a-post']);
    expect(a.log.info).toHaveBeenCalledWith(expect.stringMatching(/^\[jobs\] update,redirects \(3 jobs\): 5 pages regenerated/));
    expect(await redis.client.hLen(JOBS_KEY)).toBe(0);
  });

  it('scope "all" wins: every page once, and the batch purges the layout key with the items\' keys', async () => {
    const purged: { keys: readonly string[]; paths: readonly string[] }[] = [];
    const a = worker('A', { purge: (keys, paths) => void purged.push({ keys, paths }) });
    await a.accept({ event: 'update', items: [NEWS], scope: 'items' });
    await a.accept({ event: 'menu_save', items: [], scope: 'all' });
    a.kick();
    await a.settled();
    expect(a.regenerated.sort()).toEqual(['/', '/about-us/news', '/about-us/news/a-news', '/contact-us']);
    expect(purged).toEqual([{ keys: payloadKeys({ items: [NEWS], scope: 'all' }), paths: expect.arrayContaining(['/contact-us', '/about-us/news/a-news']) }]);
    expect(purged[0].keys).toEqual(expect.arrayContaining(['layout', 'item:news:a-news', 'sitemap']));
  });

  it('issue 35: the batch reads WordPress urgently (its search index reads too), so a hung WordPress holds them only until it answers again', async () => {
    const searched: string[] = [];
    const urgent: boolean[] = [];
    const a = worker('A', {
      updateSearch: async (items) => {
        searched.push(...items.map((item) => item.slug));
        urgent.push(readsAreUrgent());
      },
    });
    await a.accept({ event: 'update', items: [NEWS], scope: 'items' });
    a.kick();
    await a.settled();
    expect(searched).toEqual([NEWS.slug]);
    expect(urgent).toEqual([true]);
    expect(a.regenerated.sort()).toEqual(['/', '/about-us/news', '/about-us/news/a-news']);
  });

  it('issue 35: while WordPress is failing no batch starts; the jobs made meanwhile run as one batch once it answers again', async () => {
    let answered!: () => void;
    let failing = true;
    const answering = new Promise<void>((resolve) => (answered = resolve));
    const a = worker('A', { wordpressAnswering: () => (failing ? answering : Promise.resolve()) });
    await a.accept({ event: 'update', items: [NEWS], scope: 'items' });
    a.kick();
    await until(() => a.status().pending === 1, 'the job to wait');
    await a.accept({ event: 'update', items: [POST], scope: 'items' });
    a.kick();
    expect(a.regenerated).toEqual([]);
    // Waiting for WordPress, they count as retrying (the health route's figure, e2e's outage test).
    expect(a.status()).toMatchObject({ pending: 2, running: 0, retrying: 2 });
    failing = false;
    answered();
    await a.settled();
    expect(a.regenerated.sort()).toEqual(['/', '/about-us/news', '/about-us/news/a-news', '/resources/blogs', '/resources/blogs/a-post']);
    expect(a.log.info.mock.calls.map((c) => String(c[0]).replace(/ in .*/, ''))).toEqual(['[jobs] update (2 jobs): 5 pages regenerated']);
  });

  it('a job accepted while a batch runs goes into the next batch', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const a = worker('A', { regenerate: (path) => (path === '/about-us/news/a-news' ? gate : Promise.resolve()) });
    await a.accept({ event: 'update', items: [NEWS], scope: 'items' });
    a.kick();
    await until(() => a.status().running === 1, 'the first batch');
    await a.accept({ event: 'update', items: [POST], scope: 'items' });
    a.kick();
    expect(a.status()).toMatchObject({ pending: 1, running: 1 });
    release();
    await a.settled();
    expect(a.log.info.mock.calls.map((c) => String(c[0]).replace(/ in .*/, ''))).toEqual(['[jobs] update (1 job): 3 pages regenerated', '[jobs] update (1 job): 3 pages regenerated']);
  });
});

describe('failures', () => {
  it('a page that fails keeps its job, narrowed to that page, and the next batch retries it; then the job is deleted', async () => {
    let failing = true;
    const a = worker('A', { regenerate: async (path) => {
      if (failing && path === '/about-us/news') throw new Error('Invalid response 500');
    } });
    const job = await a.accept({ event: 'update', items: [NEWS], scope: 'items' });
    a.kick();
    await a.settled();
    expect(a.status()).toMatchObject({ pending: 1, retrying: 1, running: 0 });
    expect(JSON.parse((await redis.client.hGet(JOBS_KEY, job.id)) as string)).toMatchObject({ attempts: 1, items: [], paths: ['/about-us/news'] });
    expect(await redis.client.get(leaseKey(job.id))).toBe('A');

    // The next batch (a new job here; else the 15 s tick) retries the failed page with it.
    failing = false;
    a.regenerated.length = 0;
    await a.accept({ event: 'update', items: [POST], scope: 'items' });
    a.kick();
    await a.settled();
    expect(a.regenerated.sort()).toEqual(['/', '/about-us/news', '/resources/blogs', '/resources/blogs/a-post']);
    expect(await redis.client.hLen(JOBS_KEY)).toBe(0);
    expect(a.status()).toEqual({ pending: 0, running: 0, retrying: 0, oldestAgeMs: null });
  });

  it('issue 35: a page that keeps failing is retried 2 s after, then every 5 s (a WordPress outage uses up nothing), and dropped with a log line only an hour after it was accepted', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let clock = 1_000_000;
    try {
      const a = worker('A', {
        now: () => clock,
        regenerate: async (path) => {
          if (path === '/about-us/news') throw new Error('Invalid response 500');
        },
      });
      const tries = () => a.regenerated.filter((p) => p === '/about-us/news').length;
      await a.accept({ event: 'update', items: [NEWS], scope: 'items' });
      a.start();
      a.kick();
      await a.settled();
      expect(tries()).toBe(1);
      await jest.advanceTimersByTimeAsync(1_999);
      expect(tries()).toBe(1);
      await jest.advanceTimersByTimeAsync(1);
      await a.settled();
      expect(tries()).toBe(2);
      // (Up to 12 s: the 15 s tick, the fallback, would retry too.)
      for (let i = 3; i <= 4; i++) {
        await jest.advanceTimersByTimeAsync(5_000);
        await a.settled();
        expect(tries()).toBe(i);
      }
      expect(a.status().retrying).toBe(1);
      expect(await redis.client.hLen(JOBS_KEY)).toBe(1);
      clock += GIVE_UP_MS;
      await jest.advanceTimersByTimeAsync(5_000);
      await a.settled();
      expect(tries()).toBe(5);
      expect(a.log.error).toHaveBeenCalledWith(expect.stringMatching(/dropped after 5 attempts: \/about-us\/news/));
      expect(await redis.client.hLen(JOBS_KEY)).toBe(0);
      expect(a.status().pending).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a redirect table WordPress cannot give keeps the job (redirects only) for the next batch', async () => {
    const a = worker('A', { reloadRedirects: async () => {
      throw new Error('WordPress answered 500');
    } });
    const job = await a.accept({ event: 'redirects', items: [NEWS], scope: 'items', redirects: true });
    a.kick();
    await a.settled();
    expect(JSON.parse((await redis.client.hGet(JOBS_KEY, job.id)) as string)).toMatchObject({ redirects: true, items: [], paths: [], attempts: 1 });
  });
});

describe('leases', () => {
  it('the lease of a job held is renewed every 10 s', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const a = worker('A');
      const job = await a.accept({ event: 'update', items: [NEWS], scope: 'items' });
      await redis.client.pExpire(leaseKey(job.id), 5000);
      a.start();
      await jest.advanceTimersByTimeAsync(10_000);
      await until(async () => (await redis.client.pTTL(leaseKey(job.id))) > 25_000, 'the renewal');
    } finally {
      jest.useRealTimers();
    }
  });
});
