/**
 * `npm run bench`: builds the site over generated content, serves it, measures it, and prints one
 * table (metric, value, budget, result). Exits 1 when a budget is missed or a measurement failed,
 * 2 on a usage error. See docs/performance.md.
 *
 *   npm run bench                      # about 2,000 pages, the full run
 *   npm run bench -- --items 20 --duration 3 --lighthouse-runs 1    # a quick run
 *
 * Progress and details go to stderr, the table to stdout; both are also written to
 * bench/results/latest.md (and the numbers to latest.json).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../e2e/harness/config';
import { firstLoadJs, GZIP_LEVEL, scriptFile } from './firstLoadJs';
import { pageCss } from './pageCss';
import { ensureChromium, lighthousePaired, type LighthouseTarget, type PairedRuns } from './lighthouse';
import { pairedVerdict, pairLines, verdictPairsLabel, type PairRules } from './pairs';
import { CATEGORIES, highest, runLines, summarizeRuns, threadTimeMetric, type CategoryId, type PageSummary } from './lighthouseResult';
import { floorDom, FLOOR_APP_DIR } from './floor';
import { CROSS_ORIGIN_OPENER_POLICY } from '../../src/lib/security/headers';
import { measurePhoneImages, phoneImageShare, PHONE } from './phoneImages';
import { parseBenchOptions, USAGE, UsageError, type BenchOptions } from './options';
import { allPass, checkMetric, formatMarkdownTable, formatTextTable, replaceResultsSection, median, type Budget, type Metric } from './report';
import { BLOCK_RICH_ARTICLE, htmlFileFor, LARGE_PHOTO_ARTICLE, pickArticle, pickOfferPage, pickRoute, prerenderedRoutes, TEMPLATES } from './routes';
import { measureRevalidation } from './revalidation';
import { interactionTargets, measureInteractions, runLine, summarizeInteraction } from './interaction';
import { measureMenuChange, measurePublish, measureRealMenuChange, menuPages, pickPost, quantile } from './publishing';
import { instance as realInstance } from '../real-wordpress/paths';
import { upSeeded } from '../real-wordpress/seeded';
import { down as downRealWordPress, writeHeadlessConfig } from '../real-wordpress/server';
import { randomBytes } from 'node:crypto';
import { NEXT_BUILD_ARGS } from '../next-build';
import {
  chooseAddresses,
  DIST_DIR,
  DIST_DIR_NAME,
  FLOOR_DIST_DIR,
  FLOOR_HTML,
  keepingNextEnv,
  LOG_DIR,
  RESULTS_DIR,
  runBuild,
  runFloorBuild,
  startFloor,
  startSite,
  startStaticServer,
  startWordPress,
  type Addresses,
  type Process,
  type SiteVariant,
} from './servers';
import { redirectPhase } from './redirects';
import { searchPhase } from './search';
import { freePort } from '../../e2e/harness/processes';
import { HOST } from '../../e2e/harness/config';
import { getTarget, measure, SEARCH_TERMS, searchTarget, type LoadResult, type LoadSettings } from './serving';
import { fetchAll, startBenchVarnish, startNginxFile } from './cache';
import { runChaos } from './chaos/run';

const BUDGETS = {
  requestsPerPage: { op: '<=', limit: 1.1 },
  articleJsKb: { op: '<=', limit: 130 },
  /** Issue 17: every byte of CSS a block-rich article sends (the site's files and the block stylesheet), gzip. */
  articleCssKb: { op: '<=', limit: 20 },
  /**
   * Issue 19: per page, beside the floor: performance ≥ the floor's − 0.05, TBT ≤ 1.5 × the
   * floor's. Issue 35: judged on pairs (pairs.ts): the median of the paired differences (page −
   * floor) ≥ −0.05, and ≤ 0.5 × the median TBT of the pairs' floor gathers.
   */
  floor: { performanceMargin: 0.05, tbtFactor: 1.5 },
  /** Issue 19's absolute aim for the median performance: reported on its own row, never fails the run (report.ts `aim`). */
  performanceAim: { op: '>=', limit: 0.9 },
  /** Largest Contentful Paint, simulated mobile: Lighthouse's "good" threshold. */
  lcpMs: { op: '<=', limit: 2500 },
  /** Image bytes a phone downloads for the large-photo article ÷ the photo's original bytes. */
  phoneImageShare: { op: '<=', limit: 0.2 },
  accessibility: { op: '>=', limit: 1 },
  'best-practices': { op: '>=', limit: 0.95 },
  seo: { op: '>=', limit: 1 },
  cls: { op: '==', limit: 0 },
  /** Issue 19: a tap (Menu, consent preferences) to the next paint, CPU calibrated to a Moto G Power, median. */
  interactionMs: { op: '<=', limit: 200 },
  /** Issue 10 §4: publish-to-live, median. */
  publishMedianMs: { op: '<=', limit: 2000 },
  /** Issue 18: Varnish's requests/s ÷ nginx serving the saved article as a file. */
  varnishShareOfNginx: { op: '>=', limit: 0.8 },
  /** Issue 18: publish-to-live through Varnish, median. */
  cachePublishMedianMs: { op: '<=', limit: 1000 },
  /** Issue 18: share of the warmed pages Varnish serves with the site down. */
  originDownShare: { op: '==', limit: 1 },
  noErrors: { op: '==', limit: 0 },
} as const satisfies Record<string, Budget | PairRules>;

const CATEGORY_LABELS: Record<CategoryId, string> = { performance: 'performance', accessibility: 'accessibility', 'best-practices': 'best practices', seo: 'SEO' };

const log = (line: string) => process.stderr.write(`${line}\n`);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 200);

interface Context {
  options: BenchOptions;
  addresses: Addresses;
  metrics: Metric[];
  details: string[];
  routes: string[];
  /** The article (a blog post) measured for serving, Lighthouse and revalidation. */
  article: string | null;
  /** `next start` of the bench build (its log has the menu job's line). */
  site: Process | null;
}

function countHtmlFiles(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) if (entry.isFile() && entry.name.endsWith('.html')) count++;
  return count;
}

async function fakeStats(wordpressUrl: string, reset = false): Promise<{ wpJsonRequests: number; byRoute: Record<string, number> }> {
  const response = await fetch(`${wordpressUrl}/__fake/stats${reset ? '/reset' : ''}`, { method: reset ? 'POST' : 'GET' });
  if (!response.ok) throw new Error(`The content server's stats answered ${response.status}`);
  return (await response.json()) as { wpJsonRequests: number; byRoute: Record<string, number> };
}

async function buildPhase(ctx: Context): Promise<boolean> {
  const { options, addresses } = ctx;
  rmSync(DIST_DIR, { recursive: true, force: true });
  await fakeStats(addresses.wordpressUrl, true);
  log(`[bench] next ${NEXT_BUILD_ARGS.join(' ')} into ${DIST_DIR_NAME} over ${options.items} generated items per type (log: bench/results/logs/build.log)`);
  const started = performance.now();
  const code = await keepingNextEnv(() => runBuild(addresses));
  const seconds = (performance.now() - started) / 1000;
  if (code !== '0') {
    ctx.metrics.push({ name: 'build: next build wall time', value: null, unit: 's', note: `next build failed (${code}), see bench/results/logs/build.log` });
    return false;
  }
  const stats = await fakeStats(addresses.wordpressUrl);
  const pages = countHtmlFiles(path.join(DIST_DIR, 'server', 'pages'));
  ctx.routes = prerenderedRoutes(JSON.parse(readFileSync(path.join(DIST_DIR, 'prerender-manifest.json'), 'utf8')));
  ctx.metrics.push(
    { name: `build: next ${NEXT_BUILD_ARGS.join(' ')} wall time (--items ${options.items}, cold)`, value: seconds, unit: 's' },
    { name: 'build: generated pages (.html files)', value: pages, unit: 'count' },
    { name: 'build: WordPress requests (at the content server)', value: stats.wpJsonRequests, unit: 'count' },
    { name: 'build: WordPress requests per generated page', value: pages ? stats.wpJsonRequests / pages : null, unit: 'req/page', budget: BUDGETS.requestsPerPage },
  );
  ctx.details.push(
    `WordPress requests during the build by route (${stats.wpJsonRequests} for ${pages} pages):`,
    ...Object.entries(stats.byRoute)
      .slice(0, 15)
      .map(([route, count]) => `  ${String(count).padStart(6)}  ${(count / pages).toFixed(3)}/page  ${route}`),
  );
  return true;
}

function jsPhase(ctx: Context): void {
  const dirs = { distDir: DIST_DIR, publicDir: path.join(ROOT, 'public') };
  const read = (src: string) => {
    const file = scriptFile(src, dirs);
    try {
      return file ? readFileSync(file) : null;
    } catch {
      return null;
    }
  };
  for (const template of TEMPLATES) {
    const name = `js: First Load JS, ${template.name}`;
    const budget = template.article ? BUDGETS.articleJsKb : undefined;
    const route = pickRoute(ctx.routes, template.route);
    if (!route) {
      ctx.metrics.push({ name, value: null, unit: 'kB', budget, note: 'no such page was built' });
      continue;
    }
    try {
      const result = firstLoadJs(readFileSync(htmlFileFor(DIST_DIR, route), 'utf8'), read);
      ctx.metrics.push({ name, value: result.gzipBytes / 1000, unit: 'kB', budget, note: result.missing.length ? `without ${result.missing.length} unreadable` : undefined });
      ctx.details.push(
        `js: ${template.name}: ${route}, ${result.scripts.length} scripts, ${(result.rawBytes / 1000).toFixed(1)} kB raw${result.missing.length ? `; unreadable: ${result.missing.join(' ')}` : ''}`,
      );
    } catch (error) {
      ctx.metrics.push({ name, value: null, unit: 'kB', budget, note: errorText(error) });
    }
  }
}

/**
 * Issue 17: the block-rich article's CSS, in total (the site's own stylesheet files + the in-page
 * block stylesheet, each gzipped), against 20 kB; and its First Load JS against the article budget.
 * Stylesheets are read from the build, as scripts are.
 */
function cssPhase(ctx: Context): void {
  const dirs = { distDir: DIST_DIR, publicDir: path.join(ROOT, 'public') };
  const read = (href: string) => {
    const file = scriptFile(href, dirs);
    try {
      return file ? readFileSync(file) : null;
    } catch {
      return null;
    }
  };
  const cssName = `css: block-rich article, site CSS + block CSS (gzip)`;
  const jsName = `js: First Load JS, block-rich article`;
  const route = pickRoute(ctx.routes, BLOCK_RICH_ARTICLE);
  if (!route) {
    const note = `${BLOCK_RICH_ARTICLE} was not built`;
    ctx.metrics.push({ name: cssName, value: null, unit: 'kB', budget: BUDGETS.articleCssKb, note }, { name: jsName, value: null, unit: 'kB', budget: BUDGETS.articleJsKb, note });
    return;
  }
  try {
    const html = readFileSync(htmlFileFor(DIST_DIR, route), 'utf8');
    const css = pageCss(html, read);
    ctx.metrics.push({ name: cssName, value: css.totalGzipBytes / 1000, unit: 'kB', budget: BUDGETS.articleCssKb, note: css.missing.length ? `without ${css.missing.length} unreadable` : undefined });
    ctx.details.push(
      `css: ${route}: site files ${(css.filesGzipBytes / 1000).toFixed(1)} kB gzip (${css.files.map((f) => `${path.basename(f.href)} ${(f.gzipBytes / 1000).toFixed(1)}`).join(', ')}), ` +
        `in-page <style> ${(css.inlineGzipBytes / 1000).toFixed(1)} kB gzip (block stylesheet ${(css.blockCssRawBytes / 1000).toFixed(1)} kB raw)`,
    );
    const js = firstLoadJs(html, read);
    ctx.metrics.push({ name: jsName, value: js.gzipBytes / 1000, unit: 'kB', budget: BUDGETS.articleJsKb, note: js.missing.length ? `without ${js.missing.length} unreadable` : undefined });
  } catch (error) {
    ctx.metrics.push({ name: cssName, value: null, unit: 'kB', budget: BUDGETS.articleCssKb, note: errorText(error) });
  }
}

async function servingPhase(ctx: Context): Promise<void> {
  const { options, addresses, article } = ctx;
  const settings = { connections: options.connections, duration: options.duration, warmup: options.warmup };
  const targets: [string, Parameters<typeof measure>[0]][] = [];
  if (article) targets.push(['detail page, next start', getTarget(`${addresses.siteUrl}${article}`)]);
  targets.push(['listing, next start', getTarget(`${addresses.siteUrl}/resources/blogs`)]);
  targets.push(['POST /api/search, next start', searchTarget(addresses.siteUrl)]);
  if (article) targets.push(['detail page, static server', getTarget(`${addresses.staticUrl}${article}`)]);
  ctx.details.push(
    `serving: detail page = ${article ?? '(none built)'}, listing = /resources/blogs; search varies X-Forwarded-For per request (TRUST_PROXY=1) among ${SEARCH_TERMS.length} terms`,
  );

  const results = new Map<string, LoadResult>();
  let bad = 0;
  for (const [label, target] of targets) {
    log(`[bench] serving: ${label}, ${settings.connections} connections, ${settings.warmup} s warm-up + ${settings.duration} s`);
    try {
      const result = await measure(target, settings);
      results.set(label, result);
      bad += result.non2xx + result.errors;
      ctx.metrics.push(
        { name: `serving: ${label}, requests/s`, value: result.requestsPerSecond, unit: 'req/s' },
        { name: `serving: ${label}, p50`, value: result.p50, unit: 'ms' },
        { name: `serving: ${label}, p99`, value: result.p99, unit: 'ms' },
      );
      if (result.non2xx + result.errors) ctx.details.push(`serving: ${label}: ${result.non2xx} non-2xx answers and ${result.errors} errors of ${result.total}`);
    } catch (error) {
      ctx.metrics.push({ name: `serving: ${label}, requests/s`, value: null, unit: 'req/s', note: errorText(error) });
    }
  }
  if (article) {
    const next = results.get(targets[0][0]);
    const stat = results.get(targets[targets.length - 1][0]);
    ctx.metrics.push({
      name: 'serving: detail page, static ÷ next (requests/s)',
      value: next && stat && next.requestsPerSecond > 0 ? stat.requestsPerSecond / next.requestsPerSecond : null,
      unit: 'ratio',
    });
  }
  ctx.metrics.push({ name: 'serving: non-2xx answers and errors (all targets)', value: bad, unit: 'count', budget: BUDGETS.noErrors });
}

/** The floor's two addresses (scripts/bench/floor/next.config.mjs): `/` with the site's opener policy, `/bare` without. */
const FLOOR_BARE_PATH = 'bare';

/**
 * Issue 19: the floor, built and started for the Lighthouse phase. The built home page's DOM (the
 * inner HTML of its `<div id="__next">`, scripts removed) is written where the floor app's
 * getStaticProps reads it, the app is built with `next build --webpack` into its own directory
 * under .cache/, and served by `next start` on a free port. The caller stops it.
 */
async function startFloorApp(ctx: Context): Promise<{ process: Process; url: string; bareUrl: string }> {
  const dom = floorDom(readFileSync(htmlFileFor(DIST_DIR, '/'), 'utf8'));
  mkdirSync(path.dirname(FLOOR_HTML), { recursive: true });
  writeFileSync(FLOOR_HTML, dom);
  rmSync(FLOOR_DIST_DIR, { recursive: true, force: true });
  log(`[bench] lighthouse: building the floor (${FLOOR_APP_DIR}, the home page DOM, ${(dom.length / 1000).toFixed(1)} kB) into ${path.relative(ROOT, FLOOR_DIST_DIR)} (log: bench/results/logs/build-floor.log)`);
  const code = await runFloorBuild();
  if (code !== '0') throw new Error(`next build of the floor failed (${code}), see bench/results/logs/build-floor.log`);
  const port = await freePort();
  const floor = await startFloor(port);
  const url = `http://${HOST}:${port}/`;
  const bareUrl = `${url}${FLOOR_BARE_PATH}`;
  try {
    await checkFloorOpenerPolicy(url, bareUrl);
  } catch (error) {
    await floor.stop();
    throw error;
  }
  ctx.details.push(
    `lighthouse: floor = ${FLOOR_APP_DIR} (bare Next.js Pages Router, no CSS, no other script) serving the home page's DOM (${(dom.length / 1000).toFixed(1)} kB of HTML) at /, with the site's Cross-Origin-Opener-Policy (${CROSS_ORIGIN_OPENER_POLICY}); the same page without it at /${FLOOR_BARE_PATH} (reference, no budget)`,
  );
  return { process: floor, url, bareUrl };
}

/**
 * The floor is compared as the site serves its pages: with the opener policy issue 12 requires,
 * which in Chromium commits the navigation in a fresh renderer (docs/performance.md, seventh
 * session). A floor served otherwise would not measure what the budgets assume, so it stops the phase.
 */
async function checkFloorOpenerPolicy(url: string, bareUrl: string): Promise<void> {
  const policyOf = async (address: string) => (await fetch(address)).headers.get('cross-origin-opener-policy');
  const [served, bare] = await Promise.all([policyOf(url), policyOf(bareUrl)]);
  if (served !== CROSS_ORIGIN_OPENER_POLICY || bare !== null) {
    throw new Error(`the floor's opener policy: expected ${CROSS_ORIGIN_OPENER_POLICY} at / and none at /${FLOOR_BARE_PATH}, got ${served ?? 'none'} and ${bare ?? 'none'}`);
  }
}

const fixed = (value: number | null, digits: number) => (value === null ? 'n/a' : value.toFixed(digits));

async function lighthousePhase(ctx: Context): Promise<void> {
  const { options, addresses } = ctx;
  ensureChromium(log);
  const runs = options.lighthouseRuns;
  const pages: [string, string | null][] = [
    ['home', '/'],
    ['article', ctx.article],
    ['offer page', pickOfferPage(ctx.routes)],
    // Issue 17: every budget holds on the block-rich article too (its block CSS, embeds, media).
    ['block-rich article', pickRoute(ctx.routes, BLOCK_RICH_ARTICLE)],
    // Issue 13: its LCP budget (≤ 2,500 ms) stays, now under the calibrated slowdown.
    ['large-photo article', pickRoute(ctx.routes, LARGE_PHOTO_ARTICLE)],
  ];
  const reportDir = path.join(RESULTS_DIR, 'lighthouse');
  rmSync(reportDir, { recursive: true, force: true });
  const fileName = (label: string) => label.replace(/\W+/g, '-');
  const floorName = "lighthouse: floor (bare Next.js, the home page DOM, the site's COOP)";
  const bareFloorName = 'lighthouse: floor without COOP (reference)';

  let floor: { process: Process; url: string; bareUrl: string } | null = null;
  let floorError = '';
  try {
    floor = await startFloorApp(ctx);
  } catch (error) {
    floorError = errorText(error);
    ctx.metrics.push({ name: `${floorName}, performance (median of ${runs})`, value: null, unit: 'score', note: floorError });
  }
  if (!floor) {
    // Issue 35: every budget is on pairs of a page and the floor; without the floor there is none.
    for (const [label, route] of pages) {
      if (route) ctx.metrics.push({ name: `lighthouse: ${label}, performance − floor's (median of ${runs} pairs)`, value: null, unit: 'score', note: `no floor to pair with (${floorError})` });
    }
    return;
  }
  try {
    const targets: LighthouseTarget[] = [{ name: 'floor-bare', url: floor.bareUrl }];
    for (const [label, route] of pages) {
      if (!route) {
        ctx.metrics.push({ name: `lighthouse: ${label}, performance − floor's (median of ${runs} pairs)`, value: null, unit: 'score', note: 'no such page was built' });
        continue;
      }
      ctx.details.push(`lighthouse: ${label} = ${route}`);
      targets.push({ name: fileName(label), url: `${addresses.siteUrl}${route}` });
    }
    log(`[bench] lighthouse: ${runs} pair(s) of each of ${targets.map((t) => t.name).join(', ')} with the floor, each pair gathered back to back and audited at one multiplier, mobile`);
    const results = await lighthousePaired(targets, { name: 'floor', url: floor.url }, runs, reportDir, log, options.keepArtifacts);
    const runDetails = (prefix: string, name: string, summary: PageSummary) => {
      ctx.details.push(...runLines(summary).map((line) => `${prefix}: ${line}`));
      ctx.details.push(
        `${prefix}: reports bench/results/lighthouse/${name}-{1..${summary.runs}}.json, median run ${summary.medianIndex + 1}; CLS per run ${summary.clsPerRun.map((v) => (v === null ? 'n/a' : v.toFixed(3))).join(', ')}${summary.shifted.length ? `; shifted: ${summary.shifted.join(', ')}` : ''}`,
      );
    };
    const succeeded = [...results.values()].filter((r): r is PairedRuns => !(r instanceof Error));

    // The floor: every gather of it, over all pairs (no budget: each page is judged against the
    // floor gathers of its own pairs, below).
    const allFloor = succeeded.flatMap((r) => r.floor);
    if (allFloor.length) {
      const summary = summarizeRuns(allFloor);
      const of = `median of ${summary.runs}, every pair's`;
      ctx.metrics.push(
        { name: `${floorName}, performance`, value: summary.scores.performance, unit: 'score', note: of },
        { name: `${floorName}, TBT`, value: summary.medianTbt, unit: 'ms', note: of },
        threadTimeMetric(floorName, summary),
        { name: `${floorName}, LCP`, value: summary.medianLcp, unit: 'ms', note: of },
      );
      ctx.details.push(`lighthouse: floor: reports bench/results/lighthouse/floor-{page}-{run}.json (the floor gather of each pair)`);
    }

    // The same floor without the opener policy, paired with the floor: what the policy costs it (reference, no budget).
    const bare = results.get('floor-bare');
    if (bare instanceof Error || !bare) {
      ctx.metrics.push({ name: `${bareFloorName}, performance − floor's`, value: null, unit: 'score', note: bare ? errorText(bare) : 'not measured' });
    } else {
      const verdict = pairedVerdict(bare.pairs, BUDGETS.floor);
      const note = `${verdictPairsLabel(verdict)}, not a budget`;
      ctx.metrics.push(
        { name: `${bareFloorName}, performance − floor's`, value: verdict.performanceDifference, unit: 'score', note },
        { name: `${bareFloorName}, TBT − floor's`, value: verdict.tbtDifference, unit: 'ms', note },
      );
      ctx.details.push(...pairLines(bare.pairs).map((line) => `lighthouse: floor without COOP: ${line}`));
    }

    for (const [label, route] of pages) {
      if (!route) continue;
      const prefix = `lighthouse: ${label}`;
      const paired = results.get(fileName(label));
      if (!paired || paired instanceof Error) {
        ctx.metrics.push({ name: `${prefix}, performance − floor's (median of ${runs} pairs)`, value: null, unit: 'score', note: paired ? errorText(paired) : 'not measured' });
        continue;
      }
      const summary = summarizeRuns(paired.page);
      const floorSummary = summarizeRuns(paired.floor);
      const verdict = pairedVerdict(paired.pairs, BUDGETS.floor);
      const { performanceMargin, tbtFactor } = BUDGETS.floor;
      // Issue 35: lopsided pairs (indexes more than 25% apart) left out when at least 3 even ones are left; the name says so.
      const pairsOf = verdictPairsLabel(verdict);
      ctx.metrics.push(
        {
          name: `${prefix}, performance − floor's (${pairsOf})`,
          value: verdict.performanceDifference,
          unit: 'score',
          budget: { op: '>=', limit: verdict.performanceLimit },
          note: `page ${fixed(summary.scores.performance, 2)}, its floors ${fixed(floorSummary.scores.performance, 2)} (medians)`,
        },
        { name: `${prefix}, performance (median of ${summary.runs}), absolute aim`, value: summary.scores.performance, unit: 'score', budget: BUDGETS.performanceAim, aim: true },
        verdict.tbtLimit === null
          ? { name: `${prefix}, TBT − floor's (${pairsOf})`, value: null, unit: 'ms', note: 'a floor gather has no TBT' }
          : {
              name: `${prefix}, TBT − floor's (${pairsOf})`,
              value: verdict.tbtDifference,
              unit: 'ms',
              budget: { op: '<=', limit: verdict.tbtLimit },
              note: `page ${fixed(summary.medianTbt, 0)} ms, its floors ${fixed(verdict.floorTbt, 0)} ms (medians); limit (${tbtFactor} − 1) × its floors'`,
            },
        { name: `${prefix}, LCP − floor's (${pairsOf})`, value: verdict.lcpDifference, unit: 'ms', note: 'not a budget' },
      );
      ctx.metrics.push(threadTimeMetric(prefix, summary));
      if (verdict.performancePass === false && summary.failing.performance.length) {
        ctx.details.push(`${prefix}, performance more than ${performanceMargin} below its floors; audits not passing (median run): ${summary.failing.performance.slice(0, 10).join(', ')}`);
      }
      for (const category of CATEGORIES) {
        if (category === 'performance') continue;
        const metric: Metric = { name: `${prefix}, ${CATEGORY_LABELS[category]}`, value: summary.scores[category], unit: 'score', budget: BUDGETS[category] };
        ctx.metrics.push(metric);
        if (checkMetric(metric) === 'FAIL' && summary.failing[category].length) {
          ctx.details.push(`${prefix}, ${CATEGORY_LABELS[category]} below budget; audits not passing: ${summary.failing[category].slice(0, 10).join(', ')}`);
        }
      }
      ctx.metrics.push({ name: `${prefix}, CLS`, value: summary.cls, unit: 'cls', budget: BUDGETS.cls, note: summary.runs > 1 ? `largest of ${summary.runs}` : undefined });
      if (label === 'large-photo article') {
        ctx.metrics.push({ name: `${prefix}, LCP (mobile, simulated)`, value: highest(summary.lcpPerRun), unit: 'ms', budget: BUDGETS.lcpMs, note: summary.runs > 1 ? `slowest of ${summary.runs}` : undefined });
      }
      ctx.details.push(...pairLines(paired.pairs).map((line) => `${prefix}: ${line}`));
      runDetails(prefix, fileName(label), summary);
    }
  } finally {
    await floor.process.stop();
  }
}

async function imagesPhase(ctx: Context): Promise<void> {
  const name = 'images: phone image bytes, large-photo article ÷ the photo\'s original';
  const route = pickRoute(ctx.routes, LARGE_PHOTO_ARTICLE);
  if (!route) {
    ctx.metrics.push({ name, value: null, unit: 'ratio', budget: BUDGETS.phoneImageShare, note: `${LARGE_PHOTO_ARTICLE} was not built` });
    return;
  }
  ensureChromium(log);
  log(`[bench] images: ${route} in Chromium at ${PHONE.viewport.width} px, DPR ${PHONE.deviceScaleFactor}`);
  try {
    const result = await measurePhoneImages(`${ctx.addresses.siteUrl}${route}`);
    const kB = (bytes: number) => bytes / 1000;
    ctx.metrics.push(
      { name: 'images: phone image bytes, large-photo article', value: kB(result.totalBytes), unit: 'kB', note: `${PHONE.viewport.width} px, DPR ${PHONE.deviceScaleFactor}` },
      { name: 'images: the same images without srcset (their src)', value: kB(result.withoutSrcsetBytes), unit: 'kB' },
      { name, value: phoneImageShare(result), unit: 'ratio', budget: BUDGETS.phoneImageShare, note: result.mainOriginalBytes ? `original ${kB(result.mainOriginalBytes).toFixed(1)} kB` : 'no main image found' },
    );
    ctx.details.push(
      `images: ${route}: ${result.images.map((i) => `${i.url.replace(/^.*\//, '')} ${kB(i.bytes).toFixed(1)} kB${i.main ? ' (main)' : ''} [src ${kB(i.srcBytes).toFixed(1)} kB]`).join('; ')}`,
    );
  } catch (error) {
    ctx.metrics.push({ name, value: null, unit: 'ratio', budget: BUDGETS.phoneImageShare, note: errorText(error) });
  }
}

async function revalidationPhase(ctx: Context): Promise<void> {
  const { options, addresses, article } = ctx;
  const name = 'revalidation: webhook call → fresh HTML';
  if (!article) {
    ctx.metrics.push({ name, value: null, unit: 'ms', note: 'no blog article was built' });
    return;
  }
  const target = { wordpressUrl: addresses.wordpressUrl, siteUrl: addresses.siteUrl, secret: addresses.secret, restBase: 'posts', path: article };
  try {
    const times: number[] = [];
    for (let i = 0; i < options.revalidationRuns; i++) {
      times.push(await measureRevalidation(target, `Bench revalidation ${i + 1} ${Date.now()}`));
    }
    ctx.metrics.push({ name, value: median(times), unit: 'ms', note: `median of ${times.length}` });
    ctx.details.push(`revalidation: ${article}: ${times.map((t) => `${Math.round(t)} ms`).join(', ')}`);
  } catch (error) {
    ctx.metrics.push({ name, value: null, unit: 'ms', note: errorText(error) });
  }
}

/**
 * Issue 19: INP-like responsiveness on a first visit to the home page: the Menu button and the
 * consent banner's preferences button, each tapped `interactionRuns` times in Chromium as
 * Lighthouse's Moto G Power with the CPU slowed down for this host (interaction.ts).
 */
async function interactionPhase(ctx: Context): Promise<void> {
  const { options, addresses } = ctx;
  const targets = interactionTargets(addresses.siteUrl);
  const reportDir = path.join(RESULTS_DIR, 'interaction');
  rmSync(reportDir, { recursive: true, force: true });
  ensureChromium(log);
  log(`[bench] interaction: ${targets.length} taps × ${options.interactionRuns} on ${addresses.siteUrl}/, Moto G Power, CPU calibrated per run`);
  try {
    for (const series of await measureInteractions(targets, options.interactionRuns, reportDir, log)) {
      const prefix = `interaction: ${series.target.label}`;
      const summary = summarizeInteraction(series.runs);
      const indexes = series.runs.map((run) => Math.round(run.benchmarkIndex));
      const multipliers = series.runs.map((run) => run.multiplier);
      const range = (values: number[], digits: number) => {
        const format = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
        return values.length ? `${format(Math.min(...values))}–${format(Math.max(...values))}` : 'n/a';
      };
      ctx.metrics.push({
        name: `${prefix}, tap → next paint (Event Timing), median`,
        value: series.error ? null : summary.medianMs,
        unit: 'ms',
        budget: BUDGETS.interactionMs,
        note: series.error ?? `median of ${series.runs.length}, CPU ×${range(multipliers, 1)} for index ${range(indexes, 0)}${summary.underThreshold ? `, ${summary.underThreshold} under 16 ms` : ''}`,
      });
      if (!series.error) {
        ctx.metrics.push({ name: `${prefix}, cross-check (rAF + MessageChannel), median`, value: summary.nextPaintMedianMs, unit: 'ms' });
        ctx.metrics.push({ name: `${prefix}, tap → result drawn, median`, value: summary.shownMedianMs, unit: 'ms', note: 'not INP: a first response may be drawn before the result' });
      }
      ctx.details.push(
        `${prefix}: ${series.target.url}${series.runs.length ? `; records bench/results/interaction/${series.target.file}-{1..${series.runs.length}}.json` : ''}`,
        ...series.runs.map((run, i) => `${prefix}: run ${i + 1}: ${runLine(run)}`),
      );
    }
  } catch (error) {
    ctx.metrics.push({ name: 'interaction: tap → next paint', value: null, unit: 'ms', budget: BUDGETS.interactionMs, note: errorText(error) });
  }
}

/** What the redirects and search phases share: their settings, and their rows added to the run (a phase that throws is one failed row). */
async function loadPhase(
  ctx: Context,
  failedRow: Pick<Metric, 'name' | 'unit'>,
  run: (shared: { settings: LoadSettings; wordpressRequests: (reset?: boolean) => ReturnType<typeof fakeStats>; log: typeof log }) => Promise<{ metrics: Metric[]; details: string[] }>,
): Promise<void> {
  const { options, addresses } = ctx;
  try {
    const { metrics, details } = await run({
      settings: { connections: options.connections, duration: options.duration, warmup: options.warmup },
      wordpressRequests: (reset = false) => fakeStats(addresses.wordpressUrl, reset),
      log,
    });
    ctx.metrics.push(...metrics);
    ctx.details.push(...details);
  } catch (error) {
    ctx.metrics.push({ ...failedRow, value: null, note: errorText(error) });
  }
}

/** Issue 33: an old slug's 301 beside the cached article, through next start and Varnish; WordPress requests during the redirect loads (./redirects.ts). */
const redirectsPhase = (ctx: Context) =>
  loadPhase(ctx, { name: 'redirects: old slug 301, next start, requests/s', unit: 'req/s' }, async (shared) =>
    redirectPhase({ ...shared, siteUrl: ctx.addresses.siteUrl, sitePort: ctx.addresses.sitePort, varnishPort: await freePort(), article: ctx.article }),
  );

/** Issue 34: the search index's build time and memory at 2,000 and 20,000 items; the route's latency at 1 and 20 connections; WordPress requests per search (./search.ts). */
const searchIndexPhase = (ctx: Context) =>
  loadPhase(ctx, { name: 'search: POST /api/search, 1 connection, p50', unit: 'ms' }, (shared) =>
    searchPhase({ ...shared, siteUrl: ctx.addresses.siteUrl, root: ROOT, siteLog: path.join(LOG_DIR, 'site.log') }),
  );

/** (b) of the publishing phase: a menu change on the bench's generated site (the content server counts WordPress's requests). */
async function menuChangePhase(ctx: Context): Promise<void> {
  const { addresses } = ctx;
  const name = 'publishing: menu change → every page shows it';
  if (!ctx.site) {
    ctx.metrics.push({ name, value: null, unit: 's', note: 'the site did not start' });
    return;
  }
  log(`[bench] publishing: a menu change on the generated site (${ctx.routes.length} pages), the plugin's menu payload`);
  try {
    const run = await measureMenuChange(
      { wordpressUrl: addresses.wordpressUrl, siteUrl: addresses.siteUrl, secret: addresses.secret, siteLog: ctx.site.log, pages: menuPages(ctx.routes) },
      `Bench menu ${Date.now()}`,
    );
    ctx.metrics.push(
      { name, value: run.seconds, unit: 's', note: `${run.scheduled} pages regenerated by the worker, 8 at a time; content server (fake WordPress, --items ${ctx.options.items})` },
      { name: 'publishing: menu change, WordPress requests/s (mean)', value: run.meanPerSecond, unit: 'req/s', note: `${run.wordpressRequests} requests in ${run.seconds.toFixed(1)} s` },
      { name: 'publishing: menu change, WordPress requests/s (busiest second)', value: run.peakPerSecond, unit: 'req/s' },
      { name: 'publishing: menu change, pages without the new menu afterwards', value: run.stale.length, unit: 'count', budget: BUDGETS.noErrors, note: `of ${run.checked} fetched` },
    );
    ctx.details.push(`publishing: menu job: ${run.jobLine}`);
    if (run.stale.length) ctx.details.push(`publishing: pages without the new menu: ${run.stale.slice(0, 10).join(', ')}`);
  } catch (error) {
    ctx.metrics.push({ name, value: null, unit: 's', note: errorText(error) });
  }
}

/**
 * Issue 18, `--cache`: Varnish (deploy/varnish/site.vcl) in front of the bench's `next start`.
 * (1) Throughput of the same article: next start, Varnish, nginx serving the saved HTML as a file.
 * (2) A menu change through the cache: seconds until every page shows the new label through
 * Varnish, and the requests that reached next start meanwhile. (3) The site down: the share of
 * the warmed pages Varnish still serves. Stops the site at the end.
 */
async function cachePhase(ctx: Context): Promise<void> {
  const { options, addresses, article } = ctx;
  if (!ctx.site || !addresses.varnishUrl) {
    ctx.metrics.push({ name: 'cache: Varnish in front', value: null, unit: 'count', note: 'the site did not start' });
    return;
  }
  const varnish = await startBenchVarnish(Number(new URL(addresses.varnishUrl).port), addresses.sitePort);
  try {
    ctx.details.push(`cache: Varnish ${varnish.url} (deploy/varnish/site.vcl) in front of next start ${addresses.siteUrl}`);
    // (1) Throughput.
    if (article) {
      const nginx = await startNginxFile(htmlFileFor(DIST_DIR, article), article);
      try {
        const settings = { connections: options.connections, duration: options.duration, warmup: options.warmup };
        const results: Record<string, LoadResult | null> = {};
        for (const [label, url] of [['next start', `${addresses.siteUrl}${article}`], ['Varnish', `${varnish.url}${article}`], ['nginx, the saved HTML file', `${nginx.url}${article}`]] as const) {
          log(`[bench] cache: ${label}, ${settings.connections} connections, ${settings.warmup} s warm-up + ${settings.duration} s`);
          try {
            const result = await measure(getTarget(url), settings);
            results[label] = result;
            ctx.metrics.push(
              { name: `cache: article, ${label}, requests/s`, value: result.requestsPerSecond, unit: 'req/s' },
              { name: `cache: article, ${label}, p99`, value: result.p99, unit: 'ms', note: result.non2xx + result.errors ? `${result.non2xx} non-2xx, ${result.errors} errors` : undefined },
            );
          } catch (error) {
            results[label] = null;
            ctx.metrics.push({ name: `cache: article, ${label}, requests/s`, value: null, unit: 'req/s', note: errorText(error) });
          }
        }
        const v = results.Varnish;
        const n = results['nginx, the saved HTML file'];
        ctx.metrics.push({ name: 'cache: Varnish ÷ nginx serving the file (requests/s)', value: v && n && n.requestsPerSecond > 0 ? v.requestsPerSecond / n.requestsPerSecond : null, unit: 'ratio', budget: BUDGETS.varnishShareOfNginx });
      } finally {
        await nginx.stop();
      }
    }

    // (2) A menu change through the cache.
    const pages = menuPages(ctx.routes);
    const menuName = 'cache: menu change → every page shows it through Varnish';
    try {
      const cold = await fetchAll(varnish.url, pages, (status) => status < 500);
      if (cold.length) ctx.details.push(`cache: ${cold.length} pages failed while filling the cache: ${cold.slice(0, 5).join(', ')}`);
      const label = `Cache menu ${Date.now()}`;
      const menu = (await (await fetch(`${addresses.wordpressUrl}/wp-json/wp/v2/navigation/3`)).json()) as { ID: number; menu_item_parent: string; title: string; url: string }[];
      const top = menu.find((m) => m.menu_item_parent === '0' && m.url !== '#');
      if (!top) throw new Error('The menu has no top item with a link');
      const put = await fetch(`${addresses.wordpressUrl}/__fake/navigation/3`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(menu.map((m) => (m.ID === top.ID ? { ...m, title: label } : m))),
      });
      if (!put.ok) throw new Error(`The content server refused the menu change: ${put.status}`);
      const before = varnish.backendRequests();
      const started = performance.now();
      const webhook = await fetch(`${addresses.siteUrl}/api/revalidate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-revalidate-secret': addresses.secret },
        body: JSON.stringify({ v: 2, id: `bench-cache-menu-${Date.now()}`, event: 'menu_save', items: [], scope: 'all', redirects: false }),
      });
      await webhook.arrayBuffer();
      if (webhook.status !== 202) throw new Error(`The webhook answered ${webhook.status}`);
      let pending = pages;
      let passes = 0;
      while (pending.length > 0) {
        if (performance.now() - started > 30 * 60_000) throw new Error(`${pending.length} pages still without the new label after 30 min`);
        pending = await fetchAll(varnish.url, pending, (status, body) => status === 200 && body.includes(label));
        passes++;
        if (pending.length) await new Promise((r) => setTimeout(r, 250));
      }
      const seconds = (performance.now() - started) / 1000;
      const reached = varnish.backendRequests() - before;
      ctx.metrics.push(
        { name: menuName, value: seconds, unit: 's', note: `${pages.length} pages, checked through Varnish ${passes} times` },
        { name: 'cache: menu change, requests that reached next start meanwhile', value: reached, unit: 'count', note: `${(reached / pages.length).toFixed(2)} per page (the site's warm requests included)` },
      );
    } catch (error) {
      ctx.metrics.push({ name: menuName, value: null, unit: 's', note: errorText(error) });
    }

    // (3) The site down: every warmed page still served.
    const downName = 'cache: site down, share of warmed pages Varnish serves';
    try {
      const warmedFailures = await fetchAll(varnish.url, pages, (status) => status === 200);
      const warmed = pages.filter((p) => !warmedFailures.includes(p));
      await ctx.site.stop();
      ctx.site = null;
      const failed = await fetchAll(varnish.url, warmed, (status) => status === 200);
      ctx.metrics.push({ name: downName, value: warmed.length ? (warmed.length - failed.length) / warmed.length : null, unit: 'ratio', budget: BUDGETS.originDownShare, note: `${warmed.length - failed.length} of ${warmed.length} warmed pages` });
      if (failed.length) ctx.details.push(`cache: not served with the site down: ${failed.slice(0, 10).join(', ')}`);
    } catch (error) {
      ctx.metrics.push({ name: downName, value: null, unit: 'ratio', budget: BUDGETS.originDownShare, note: errorText(error) });
    }
  } finally {
    await varnish.stop();
  }
}

/** * (a) of the publishing phase: publish-to-live on the real WordPress. Starts (and seeds) the
 * instance of REAL_WORDPRESS_PORT when it is not running, builds the site on it into its own
 * directory, points the plugin at that site, and measures `publishRuns` title edits.
 */
async function publishToLivePhase(ctx: Context, processes: Process[], throughCache = false): Promise<void> {
  const name = throughCache
    ? 'cache: publish-to-live through Varnish (REST update sent → new title through Varnish), median'
    : 'publishing: publish-to-live (REST update sent → new title on the site), median';
  const budget = throughCache ? BUDGETS.cachePublishMedianMs : BUDGETS.publishMedianMs;
  const prefix = throughCache ? 'cache: publish-to-live through Varnish' : 'publishing: publish-to-live';
  const inst = realInstance();
  const extraConfig = path.join(inst.stateDir, 'extra-config.php');
  const previousExtra = existsSync(extraConfig) ? readFileSync(extraConfig) : null;
  let started = false;
  let stopVarnish: () => Promise<void> = async () => undefined;
  try {
    log(`[bench] publishing: the real WordPress at ${inst.url} (REAL_WORDPRESS_PORT), started and seeded when needed`);
    const real = await upSeeded(inst, { log: (line) => log(`[bench] real WordPress: ${line}`) });
    started = !real.wasRunning;
    const sitePort = await freePort();
    const varnishPort = throughCache ? await freePort() : 0;
    const addresses: Addresses = {
      ...ctx.addresses,
      wordpressUrl: inst.url,
      wordpressPort: inst.port,
      sitePort,
      siteUrl: `http://${HOST}:${sitePort}`,
      // Issue 18: the site purges this Varnish after each regeneration.
      varnishUrl: throughCache ? `http://${HOST}:${varnishPort}` : undefined,
    };
    // A long ISR interval: only the plugin's webhook can make the page fresh within the measurement.
    const variant: SiteVariant = { distDirName: '.cache/next-bench-real', revalidateSeconds: 3600, suffix: 'real' };
    rmSync(path.join(ROOT, variant.distDirName), { recursive: true, force: true });
    log(`[bench] publishing: next build on the real WordPress into ${variant.distDirName} (log: bench/results/logs/build-real.log)`);
    const code = await keepingNextEnv(() => runBuild(addresses, variant));
    if (code !== '0') throw new Error(`next build on the real WordPress failed (${code}), see bench/results/logs/build-real.log`);
    const site = await startSite(addresses, variant);
    processes.push(site);
    writeHeadlessConfig(inst, { siteUrl: addresses.siteUrl, revalidateSecret: addresses.secret, previewSecret: randomBytes(24).toString('hex') });
    let visitorUrl = addresses.siteUrl;
    if (throughCache) {
      const varnish = await startBenchVarnish(varnishPort, sitePort);
      stopVarnish = () => varnish.stop();
      visitorUrl = varnish.url;
    }
    // Visitors (the polling that sees the new title) go through Varnish with --cache.
    const target = { wordpressUrl: inst.url, user: real.adminUser, appPassword: real.appPassword, siteUrl: visitorUrl };
    const post = await pickPost(target);
    const first = await fetch(`${visitorUrl}${post.path}`);
    await first.arrayBuffer();
    if (!first.ok) throw new Error(`${post.path} answered ${first.status} before any edit`);
    const runs = [];
    for (let i = 0; i < ctx.options.publishRuns; i++) {
      runs.push(await measurePublish(target, post, `Bench publish ${i + 1} ${Date.now()}`));
    }
    const fromRequest = runs.map((r) => r.fromRequestMs);
    const fromAnswer = runs.map((r) => r.fromAnswerMs);
    ctx.metrics.push(
      { name, value: median(fromRequest), unit: 'ms', budget, note: `real WordPress (php -S, 4 workers), ${runs.length} edits of ${post.path}${throughCache ? ', cached in Varnish before each' : ''}` },
      { name: `${prefix} (REST update sent → new title), p95`, value: quantile(fromRequest, 0.95), unit: 'ms' },
      { name: `${prefix} (REST answer → new title), median`, value: median(fromAnswer), unit: 'ms' },
      { name: `${prefix} (REST answer → new title), p95`, value: quantile(fromAnswer, 0.95), unit: 'ms' },
    );
    // (c) The same chain for a menu: renamed in WordPress, the plugin's call, every page of the (seed-sized) site regenerated.
    const menuName = 'publishing: real WordPress menu change (REST save → site job done)';
    // With --cache the menu is measured through Varnish on the generated site (cachePhase).
    if (!throughCache) try {
      const menuRun = await measureRealMenuChange({ ...target, siteLog: site.log, phpLog: path.join(inst.logDir, 'php.log') }, `bench ${Date.now()}`);
      ctx.metrics.push(
        { name: menuName, value: menuRun.seconds, unit: 's', note: menuRun.jobLine.replace(/^\[jobs\] /, 'job: ') },
        { name: 'publishing: real WordPress menu change, requests/s WordPress received (mean)', value: menuRun.meanPerSecond, unit: 'req/s', note: `${menuRun.wordpressRequests} requests (php -S connections)` },
        { name: 'publishing: real WordPress menu change, requests/s (busiest second)', value: menuRun.peakPerSecond, unit: 'req/s' },
      );
    } catch (error) {
      ctx.metrics.push({ name: menuName, value: null, unit: 's', note: errorText(error) });
    }
    ctx.details.push(
      `publishing: ${post.path} on ${inst.url}: update sent → live ${fromRequest.map((t) => `${Math.round(t)}`).join(', ')} ms; WordPress's answer took ${runs.map((r) => `${Math.round(r.updateMs)}`).join(', ')} ms (PHP's built-in server has no fastcgi_finish_request: the plugin's webhook runs before it answers)`,
    );
  } catch (error) {
    ctx.metrics.push({ name, value: null, unit: 'ms', budget, note: errorText(error) });
  } finally {
    if (previousExtra) writeFileSync(extraConfig, previousExtra, { mode: 0o600 });
    else rmSync(extraConfig, { force: true });
    await stopVarnish();
    if (started) await downRealWordPress(inst);
  }
}

function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at the end, Node ${process.version}`;
}

function commandLine(argv: readonly string[]): string {
  return `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`;
}

function writeResults(ctx: Context, argv: readonly string[], startedAt: Date): string {
  const { options } = ctx;
  const settings = `--items ${options.items}, ${options.connections} connections × ${options.duration} s after ${options.warmup} s warm-up, ${options.lighthouseRuns} Lighthouse run(s) per page, ${options.revalidationRuns} revalidation(s)${options.publishing ? `, publishing phase (${options.publishRuns} edits)` : ''}; gzip level ${GZIP_LEVEL}, 1 kB = 1000 bytes`;
  const markdown = [
    `Command: \`${commandLine(argv)}\` (${settings})`,
    `Run: ${startedAt.toISOString()}, ${Math.round((Date.now() - startedAt.getTime()) / 1000)} s; machine: ${machine()}`,
    '',
    formatMarkdownTable(ctx.metrics),
    '',
    ...(ctx.details.length ? ['Details:', '', '```text', ...ctx.details, '```'] : []),
  ].join('\n');
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, 'latest.md'), `${markdown}\n`);
  writeFileSync(path.join(RESULTS_DIR, 'latest.json'), `${JSON.stringify({ startedAt, argv, options, metrics: ctx.metrics, details: ctx.details }, null, 2)}\n`);
  if (options.writeDocs) {
    const docs = path.join(ROOT, 'docs', 'performance.md');
    writeFileSync(docs, replaceResultsSection(readFileSync(docs, 'utf8'), markdown));
    log('[bench] wrote the results into docs/performance.md');
  }
  return markdown;
}

async function main(argv: string[]): Promise<number> {
  let options: BenchOptions | 'help';
  try {
    options = parseBenchOptions(argv, process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(`${error.message}\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    log(USAGE);
    return 0;
  }
  if (options.chaos) return runChaos(options, argv);
  const startedAt = new Date();
  const addresses = await chooseAddresses();
  const ctx: Context = { options, addresses, metrics: [], details: [], routes: [], article: null, site: null };
  const processes: Process[] = [];
  // The servers are started unref'd (e2e/harness/processes.ts): keep this process alive while waiting on them.
  const keepAlive = setInterval(() => undefined, 60_000);
  try {
    log(`[bench] content server at ${addresses.wordpressUrl} with ${options.items} generated items per type`);
    processes.push(await startWordPress(addresses, options.items));
    if (await buildPhase(ctx)) {
      ctx.article = pickArticle(ctx.routes);
      if (!options.skip.includes('js')) {
        jsPhase(ctx);
        cssPhase(ctx);
      }
      if (options.cache) addresses.varnishUrl = `http://${HOST}:${await freePort()}`;
      const needsSite = options.publishing || options.cache || ['serving', 'images', 'lighthouse', 'revalidation', 'interaction', 'redirects', 'search'].some((phase) => !options.skip.includes(phase as never));
      if (needsSite) {
        log(`[bench] next start at ${addresses.siteUrl}`);
        ctx.site = await startSite(addresses);
        processes.push(ctx.site);
      }
      if (!options.skip.includes('serving')) {
        if (ctx.article) processes.push(await startStaticServer(addresses, path.join(DIST_DIR, 'server', 'pages'), ctx.article));
        await servingPhase(ctx);
      }
      if (!options.skip.includes('images')) await imagesPhase(ctx);
      if (!options.skip.includes('lighthouse')) await lighthousePhase(ctx);
      if (!options.skip.includes('revalidation')) await revalidationPhase(ctx);
      if (!options.skip.includes('interaction')) await interactionPhase(ctx);
      if (!options.skip.includes('redirects')) await redirectsPhase(ctx);
      if (!options.skip.includes('search')) await searchIndexPhase(ctx);
      if (options.publishing) await menuChangePhase(ctx);
      // Issue 18: ends with the site down (the origin-down measurement).
      if (options.cache) await cachePhase(ctx);
      if (options.publishing || options.cache) {
        // The generated site is not needed any more: its CPU goes to the real WordPress's build.
        await ctx.site?.stop();
        if (options.publishing) await publishToLivePhase(ctx, processes);
        if (options.cache) await publishToLivePhase(ctx, processes, true);
      }
    }
  } catch (error) {
    ctx.metrics.push({ name: 'bench', value: null, unit: 'count', note: errorText(error) });
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    clearInterval(keepAlive);
  }

  writeResults(ctx, argv, startedAt);
  process.stdout.write(`${formatTextTable(ctx.metrics)}\n`);
  if (ctx.details.length) log(`\n${ctx.details.join('\n')}`);
  const pass = allPass(ctx.metrics);
  log(`\n[bench] ${pass ? 'every budget met' : 'a budget was missed or a measurement failed'}; results in bench/results/latest.md`);
  return pass ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
