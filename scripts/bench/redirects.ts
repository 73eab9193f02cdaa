import type { Budget, Metric } from './report';
import { startBenchVarnish } from './cache';
import { getTarget, measure, type LoadResult, type LoadSettings } from './serving';

/**
 * Issue 33, the redirects phase of `npm run bench` (`--only redirects` runs it alone after the
 * build): an old slug's 301 (docs/seo-and-redirects.md §5, answered by proxy.ts from the table in
 * memory) under autocannon through `next start` and through Varnish (deploy/varnish/site.vcl),
 * beside the cached article through both in the same run; and the WordPress requests the content
 * server counted during the redirect loads (budget 0: a redirect must never read WordPress).
 */

/** An old slug of the fake's seed (`__mocks__/wordpress/redirects.ts`): the Denver news item was renamed twice. */
export const REDIRECT_SOURCE = '/about-us/news/denver-office-draft';
export const REDIRECT_TARGET = '/about-us/news/corvane-opens-regional-office-in-denver';
export const WORDPRESS_REQUESTS_BUDGET: Budget = { op: '==', limit: 0 };

export interface RedirectPhaseDeps {
  siteUrl: string;
  sitePort: number;
  /** A free port for Varnish. */
  varnishPort: number;
  /** The article measured beside the redirect (a cached page), or null. */
  article: string | null;
  settings: LoadSettings;
  /** The content server's WordPress request count (`/__fake/stats`), reset when asked. */
  wordpressRequests: (reset?: boolean) => Promise<{ wpJsonRequests: number; byRoute: Record<string, number> }>;
  log: (line: string) => void;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 200);

/** Answers other than `expected`, and errors. */
const unexpected = (result: LoadResult, expected: number) => Object.entries(result.statuses).reduce((n, [code, count]) => n + (Number(code) === expected ? 0 : count), 0) + result.errors;

/** Waits until the content server has seen no request for a second (earlier phases' regenerations). */
async function quiet(deps: RedirectPhaseDeps): Promise<void> {
  let before = (await deps.wordpressRequests()).wpJsonRequests;
  for (let i = 0; i < 30; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = (await deps.wordpressRequests()).wpJsonRequests;
    if (now === before) return;
    before = now;
  }
}

export async function redirectPhase(deps: RedirectPhaseDeps): Promise<{ metrics: Metric[]; details: string[] }> {
  const metrics: Metric[] = [];
  const details: string[] = [];
  const { siteUrl, settings } = deps;
  // The site loaded the table at start (instrumentation.ts): the source answers 301 to the item's address.
  const probe = await fetch(`${siteUrl}${REDIRECT_SOURCE}`, { redirect: 'manual' });
  await probe.arrayBuffer();
  const location = probe.headers.get('location') ?? '';
  if (probe.status !== 301 || new URL(location, siteUrl).pathname !== REDIRECT_TARGET) {
    metrics.push({ name: 'redirects: old slug, next start, requests/s', value: null, unit: 'req/s', note: `${REDIRECT_SOURCE} answered ${probe.status} ${location} (expected 301 ${REDIRECT_TARGET})` });
    return { metrics, details };
  }
  const varnish = await startBenchVarnish(deps.varnishPort, deps.sitePort);
  try {
    details.push(`redirects: ${REDIRECT_SOURCE} → 301 ${REDIRECT_TARGET}, through next start ${siteUrl} and Varnish ${varnish.url}; beside the article ${deps.article ?? '(none built)'}`);
    const targets: { label: string; url: string; status: number; wordpress: boolean }[] = [
      { label: 'old slug 301, next start', url: `${siteUrl}${REDIRECT_SOURCE}`, status: 301, wordpress: true },
      { label: 'old slug 301, Varnish', url: `${varnish.url}${REDIRECT_SOURCE}`, status: 301, wordpress: true },
      ...(deps.article
        ? [
            { label: 'article (cached page), next start', url: `${siteUrl}${deps.article}`, status: 200, wordpress: false },
            { label: 'article (cached page), Varnish', url: `${varnish.url}${deps.article}`, status: 200, wordpress: false },
          ]
        : []),
    ];
    let wordpress = 0;
    let bad = 0;
    await quiet(deps);
    for (const target of targets) {
      deps.log(`[bench] redirects: ${target.label}, ${settings.connections} connections, ${settings.warmup} s warm-up + ${settings.duration} s`);
      if (target.wordpress) await deps.wordpressRequests(true);
      const backendBefore = varnish.backendRequests();
      try {
        const result = await measure(getTarget(target.url), settings);
        const off = unexpected(result, target.status);
        bad += off;
        metrics.push(
          { name: `redirects: ${target.label}, requests/s`, value: result.requestsPerSecond, unit: 'req/s' },
          { name: `redirects: ${target.label}, p99`, value: result.p99, unit: 'ms', note: off ? `${off} answers other than ${target.status} or errors` : undefined },
        );
        if (target.url.startsWith(varnish.url)) {
          const reached = varnish.backendRequests() - backendBefore;
          metrics.push({ name: `redirects: ${target.label}, requests that reached next start`, value: reached, unit: 'count', note: `of ${result.total} (and the warm-up)` });
        }
      } catch (error) {
        metrics.push({ name: `redirects: ${target.label}, requests/s`, value: null, unit: 'req/s', note: errorText(error) });
      }
      if (target.wordpress) {
        const stats = await deps.wordpressRequests();
        wordpress += stats.wpJsonRequests;
        if (stats.wpJsonRequests) details.push(`redirects: WordPress requests during "${target.label}": ${JSON.stringify(stats.byRoute)}`);
      }
    }
    metrics.push(
      { name: 'redirects: WordPress requests during the redirect loads', value: wordpress, unit: 'count', budget: WORDPRESS_REQUESTS_BUDGET },
      { name: 'redirects: answers other than expected (301 / 200) and errors', value: bad, unit: 'count', budget: { op: '==', limit: 0 } },
    );
    const r = (label: string) => metrics.find((m) => m.name === `redirects: ${label}, requests/s`)?.value ?? null;
    const redirect = r('old slug 301, next start');
    const page = r('article (cached page), next start');
    if (redirect !== null && page) metrics.push({ name: 'redirects: old slug 301 ÷ article, next start (requests/s)', value: redirect / page, unit: 'ratio' });
  } finally {
    await varnish.stop();
  }
  return { metrics, details };
}
