import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HOST, ROOT } from '../../../e2e/harness/config';
import type { BenchOptions } from '../options';
import { prerenderedRoutes } from '../routes';
import { keepingNextEnv, RESULTS_DIR, runBuild, startWordPress, type Addresses, type Process } from '../servers';
import { editorItems, editors } from './editors';
import { performSchedule } from './faults';
import { startVisitors } from './load';
import { startMonitor } from './monitor';
import { liveHeap, readFullGcs } from './gcTrace';
import { renderSvg } from './plot';
import { CHAOS_VARIANT, portChooser, redisServer, siteInstance, varnishServer } from './processes';
import { startFaultProxy, startLink } from './proxies';
import { formatMarkdown, windowsTable, checksTable, type ChaosResult } from './report';
import { buildSchedule, scheduleSettings } from './schedule';
import { buckets } from './stats';
import { allPass, publishChecks, rssChecks, visitorChecks } from './verdict';

/**
 * `npm run bench -- --chaos` (issue 35; docs/reliability.md §7): builds the site once, starts the
 * production shape (Varnish → two `next start` instances sharing Redis → the fault proxy → the
 * local content server; editors' webhooks through the WordPress → site link), runs visitors and
 * editors for the whole schedule while the faults happen, and writes
 * bench/results/chaos-{stamp}.md, .json and .svg. Resolves with the exit code: 0 when every budget
 * is met, 1 when one is missed.
 */

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A publish every this often, after the warm-up. */
const PUBLISH_EVERY_MS = 5000;
/** Visitors' connections and their timeout. */
const CONNECTIONS = 10;
const VISITOR_TIMEOUT_S = 10;

export async function runChaos(options: BenchOptions, argv: readonly string[]): Promise<number> {
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-').replace(/-\d{3}Z$/, 'Z');
  const nextPort = portChooser();
  const [contentPort, proxyPort, linkPort, varnishPort, aPort, bPort, redisPort] = [
    await nextPort(), await nextPort(), await nextPort(), await nextPort(), await nextPort(), await nextPort(), await nextPort(),
  ];
  const varnishUrl = `http://${HOST}:${varnishPort}`;
  const secret = randomBytes(16).toString('hex');
  // The site reads WordPress through the fault proxy; its public address is Varnish's.
  const siteAddresses: Addresses = {
    wordpressPort: proxyPort,
    wordpressUrl: `http://${HOST}:${proxyPort}`,
    sitePort: varnishPort,
    siteUrl: varnishUrl,
    staticPort: 0,
    staticUrl: '',
    secret,
    varnishUrl,
  };
  const contentAddresses: Addresses = { ...siteAddresses, wordpressPort: contentPort, wordpressUrl: `http://${HOST}:${contentPort}` };
  const stoppers: (() => Promise<void>)[] = [];
  const keepAlive = setInterval(() => undefined, 60_000);
  const redis = redisServer(redisPort);
  const instances = [siteInstance('A', aPort, { addresses: siteAddresses, redisUrl: redis.url }), siteInstance('B', bPort, { addresses: siteAddresses, redisUrl: redis.url })];
  const varnish = varnishServer(varnishPort, instances, log);
  const killVarnish = () => varnish.stopSync();
  process.once('exit', killVarnish);

  try {
    log(`[chaos] content server on ${contentPort} (--items ${options.items}), fault proxy on ${proxyPort}`);
    const content: Process = await startWordPress(contentAddresses, options.items);
    stoppers.push(() => content.stop());
    const wordpress = await startFaultProxy(proxyPort, HOST, { host: HOST, port: contentPort });
    stoppers.push(() => wordpress.close());

    log(`[chaos] next build into ${CHAOS_VARIANT.distDirName} (log: bench/results/logs/build-chaos.log)`);
    const code = await keepingNextEnv(() => runBuild(siteAddresses, CHAOS_VARIANT));
    if (code !== '0') throw new Error(`next build failed (${code}), see bench/results/logs/build-chaos.log`);
    const pages = prerenderedRoutes(JSON.parse(readFileSync(path.join(ROOT, CHAOS_VARIANT.distDirName, 'prerender-manifest.json'), 'utf8'))).filter((p) => !/^\/(404|500)$/.test(p));

    const settings = scheduleSettings({ minutes: options.chaosMinutes, short: options.chaosShort, pages: pages.length, rate: options.chaosRate });
    const planned = buildSchedule(settings);

    log(`[chaos] redis-server on ${redisPort}, instances A ${aPort} and B ${bPort}, Varnish ${varnishPort}, WordPress → site link ${linkPort}`);
    await redis.start();
    stoppers.push(() => redis.stop());
    await Promise.all(instances.map((i) => i.start()));
    stoppers.push(() => Promise.all(instances.map((i) => i.stop())).then(() => undefined));
    await varnish.start();
    stoppers.push(() => varnish.stop());
    const link = await startLink(linkPort, HOST, instances.map((i) => ({ host: HOST, port: i.port })));
    stoppers.push(() => link.close());

    const items = await editorItems(contentAddresses.wordpressUrl);
    if (items.length === 0) throw new Error('the content server has no published news, posts or press releases to edit');
    log(`[chaos] ${pages.length} pages at ${options.chaosRate} req/s, ${items.length} items for the editors; ${settings.totalS} s: ${planned.map((w) => `${w.name} ${w.end - w.start} s`).join(', ')}`);

    const t0 = performance.now();
    const visitors = startVisitors({ url: varnishUrl, paths: pages, rate: options.chaosRate, connections: CONNECTIONS, timeoutS: VISITOR_TIMEOUT_S, durationS: settings.totalS + 120, t0 });
    const monitor = startMonitor(() => Object.fromEntries(instances.map((i) => [i.name, i.leader()])), redisPort, t0);
    const team = editors(items, {
      wordpressUrl: contentAddresses.wordpressUrl,
      linkUrl: link.url,
      varnishUrl,
      secret,
      runId: randomBytes(3).toString('hex'),
      t0,
      attemptTimeoutMs: 5000,
      pollMs: 250,
      pollBeforeAckMs: 1000,
      log,
    });
    let publishing: NodeJS.Timeout | null = null;
    // Publishes stop 15 s before the end (set when the tail starts), so the last ones can arrive.
    let lastPublishAt = Infinity;
    const performed = await performSchedule(planned, { victim: instances[1], redis, wordpress, varnish, link }, t0, (w, seconds) => {
      log(`[chaos] ${(w.start / 1000).toFixed(0)} s: ${w.name}`);
      if (w.kind === 'tail') lastPublishAt = w.start + seconds * 1000 - 15_000;
      if (w.kind === 'baseline' && !publishing) {
        publishing = setInterval(() => {
          if (performance.now() - t0 >= lastPublishAt) return;
          if (!team.publish()) log('[chaos] every item has a publish on its way: this one skipped');
        }, PUBLISH_EVERY_MS);
        team.publish();
      }
    });
    if (publishing) clearInterval(publishing);
    const runEnd = performance.now() - t0;
    await visitors.stop();
    monitor.stop();
    log(`[chaos] visitors stopped; waiting for the last publishes (at most 30 s)`);
    await team.finish(runEnd + 30_000);

    const windows = performed.windows;
    const baseline = windows.find((w) => w.kind === 'baseline') ?? windows[0];
    // A restarted instance warms up as the run did (every page once), then its RSS must settle.
    const restartWarmMs = settings.warmupS * 1000;
    const heaps = instances.flatMap((instance) =>
      instance.lives().map((life, i) =>
        liveHeap(`${instance.name}${i ? ` (start ${i + 1})` : ''}`, readFullGcs(life.log, life.spawnedAt - t0), i ? performed.readyAt[instance.name] + restartWarmMs : baseline.start),
      ),
    );
    const records = visitors.records.filter((r) => r.start < runEnd);
    const checks = [
      ...visitorChecks(records, windows),
      ...publishChecks(team.publishes, windows),
      ...rssChecks(monitor.samples, performed.readyAt, { baseline, endAt: runEnd, restartWarmMs, judged: !options.chaosShort }),
    ];
    const result: ChaosResult = {
      startedAt: startedAt.toISOString(),
      command: `npm run bench -- ${argv.join(' ')}`.trim(),
      form: options.chaosShort ? 'short' : 'full',
      items: options.items,
      pages: pages.length,
      rate: options.chaosRate,
      endMs: runEnd,
      windows,
      records,
      publishes: team.publishes,
      samples: monitor.samples,
      redis: monitor.redis,
      host: monitor.host,
      liveHeap: heaps,
      checks,
      pass: allPass(checks) && performed.notes.length === 0,
      notes: performed.notes,
    };
    const base = path.join(RESULTS_DIR, `chaos-${stamp}`);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const files = { md: `${base}.md`, json: `${base}.json`, svg: `${base}.svg` };
    writeFileSync(files.svg, renderSvg({ endMs: runEnd, windows, buckets: buckets(records, runEnd), samples: monitor.samples, title: `Chaos bench ${result.startedAt} (${result.form}, ${result.pages} pages, ${result.rate} req/s)` }));
    writeFileSync(files.json, `${JSON.stringify({ ...result, buckets: buckets(records, runEnd), records: undefined, recordCount: records.length }, null, 1)}\n`);
    writeFileSync(files.md, formatMarkdown(result, { svg: path.basename(files.svg), json: path.basename(files.json) }));
    process.stdout.write(`${windowsTable(result)}\n\n${checksTable(checks)}\n`);
    if (performed.notes.length) log(performed.notes.map((n) => `[chaos] ${n}`).join('\n'));
    log(`\n[chaos] ${result.pass ? 'every budget met' : 'a budget was missed'}; report in ${path.relative(ROOT, files.md)}`);
    return result.pass ? 0 : 1;
  } catch (error) {
    log(`[chaos] ${(error as Error).stack ?? String(error)}`);
    return 1;
  } finally {
    for (const stop of stoppers.reverse()) await stop().catch((error: unknown) => log(`[chaos] stopping: ${(error as Error).message}`));
    process.off('exit', killVarnish);
    clearInterval(keepAlive);
    await sleep(0);
  }
}
