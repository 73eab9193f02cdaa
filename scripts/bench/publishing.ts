/**
 * The bench's `publishing` phase (issue 10 §4, `npm run bench -- --publishing`):
 *
 * (a) publish-to-live on the REAL WordPress (scripts/real-wordpress, with the companion plugin and
 *     the seed): the site is built on it, the plugin is pointed at that site (writeHeadlessConfig),
 *     and a blog post's title is changed 10 times through WordPress's authenticated REST API
 *     (`POST /wp/v2/posts/{id}`: the same `wp_update_post` path as the editor's Update). Each time is
 *     measured from the moment the update request is SENT (so WordPress's own save and the plugin's
 *     webhook are inside it) and from the moment its answer returns, until the site serves the new
 *     title. No hand-made webhook call: the plugin sends it.
 * (b) a menu change on the bench's ~2,000-page generated site (the local content server: the only
 *     WordPress here that holds 2,000 items; it counts the requests it answers): the menu item is
 *     renamed at the content server, the plugin's menu payload is sent (`{"event": "menu_save",
 *     "items": [], "menu": true}`), and the time until the site's background job has regenerated
 *     every page is measured (its log line), then every page is fetched once to check that it shows
 *     the new label. WordPress's requests per second meanwhile: its request counter, sampled every
 *     second (mean and the busiest second).
 */
import { existsSync, readFileSync } from 'node:fs';
import { RestClient } from '../real-wordpress/rest';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The value at quantile `q` (0–1) of a non-empty list, nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) throw new Error('quantile of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1];
}

/** Polls `url` every `intervalMs` until its HTML contains `text`; resolves with the time it did (performance.now()). */
export async function waitForText(url: string, text: string, timeoutMs: number, intervalMs = 20): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    const html = await response.text();
    if (response.ok && html.includes(text)) return performance.now();
    await sleep(intervalMs);
  }
  throw new Error(`${url} did not show “${text}” within ${timeoutMs} ms`);
}

/* ------------------------------------------------------------------------------------------ */
/* (a) publish-to-live                                                                         */
/* ------------------------------------------------------------------------------------------ */

export interface PublishTarget {
  wordpressUrl: string;
  /** Basic credentials for WordPress's REST writes (the admin's application password). */
  user: string;
  appPassword: string;
  siteUrl: string;
}

export interface PublishRun {
  /** From the update request sent to the new title on the site. */
  fromRequestMs: number;
  /** From the update's answer to the new title on the site. */
  fromAnswerMs: number;
  /** How long WordPress took to answer the update (the plugin sends its webhook before PHP's built-in server answers). */
  updateMs: number;
}

/** A published blog post of the real WordPress: its id and its site path. */
export async function pickPost(target: PublishTarget): Promise<{ id: number; slug: string; path: string }> {
  const response = await fetch(`${target.wordpressUrl}/wp-json/wp/v2/posts?per_page=1&_fields=id,slug`);
  const posts = (await response.json()) as { id: number; slug: string }[];
  if (!response.ok || !posts[0]) throw new Error(`WordPress has no published post (${response.status})`);
  return { ...posts[0], path: `/resources/blogs/${posts[0].slug}` };
}

/** One edit: the title changed through REST, then the site polled until it serves it. */
export async function measurePublish(target: PublishTarget, post: { id: number; path: string }, title: string, timeoutMs = 60_000): Promise<PublishRun> {
  const auth = Buffer.from(`${target.user}:${target.appPassword}`).toString('base64');
  const sent = performance.now();
  const response = await fetch(`${target.wordpressUrl}/wp-json/wp/v2/posts/${post.id}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Basic ${auth}` },
    body: JSON.stringify({ title }),
    signal: AbortSignal.timeout(60_000),
  });
  const body = await response.text();
  const answered = performance.now();
  if (!response.ok) throw new Error(`WordPress refused the update: ${response.status} ${body.slice(0, 200)}`);
  const live = await waitForText(`${target.siteUrl}${post.path}`, title, timeoutMs);
  return { fromRequestMs: live - sent, fromAnswerMs: live - answered, updateMs: answered - sent };
}

/* ------------------------------------------------------------------------------------------ */
/* (b) a menu change                                                                           */
/* ------------------------------------------------------------------------------------------ */

export interface MenuTarget {
  /** The local content server (it counts its requests: /__fake/stats). */
  wordpressUrl: string;
  siteUrl: string;
  secret: string;
  /** `next start`'s log, where the background job writes its end. */
  siteLog: string;
  /** Every page of the site (to check that each shows the new menu). */
  pages: readonly string[];
}

export interface MenuRun {
  /** From the webhook call to the end of the background job. */
  seconds: number;
  scheduled: number;
  /** The job's own line. */
  jobLine: string;
  wordpressRequests: number;
  /** Mean requests/s WordPress received during the job, and the busiest second. */
  meanPerSecond: number;
  peakPerSecond: number;
  /** Pages fetched after the job, and those without the new label. */
  checked: number;
  stale: string[];
}

interface MenuItem {
  ID: number;
  menu_item_parent: string;
  title: string;
  url: string;
}

// The worker's line at the end of a batch (src/lib/site/jobs.ts): `[jobs] menu_save (1 job): 86 pages regenerated in 4.2 s`.
const JOB_END = /\[jobs\] [^\n]*?: (?:\d+ pages regenerated in [\d.]+ s|\d+ of \d+ pages failed in [\d.]+ s[^\n]*)/g;

async function stats(wordpressUrl: string, reset = false): Promise<number> {
  const response = await fetch(`${wordpressUrl}/__fake/stats${reset ? '/reset' : ''}`, { method: reset ? 'POST' : 'GET' });
  if (!response.ok) throw new Error(`The content server's stats answered ${response.status}`);
  return ((await response.json()) as { wpJsonRequests: number }).wpJsonRequests;
}

export const jobEnds = (log: string): string[] => (existsSync(log) ? readFileSync(log, 'utf8').match(JOB_END) ?? [] : []);

/** Status pages (404, 500) are built with the fixed fallback navigation, not the menu: no job regenerates them. */
export const menuPages = (routes: readonly string[]): string[] => routes.filter((route) => !/^\/(404|500)$/.test(route));


/**
 * Waits for the site's background menu job that starts after `endsBefore` job lines to end
 * (its log line), sampling WordPress's request count once a second for the busiest second.
 */
async function watchMenuJob(
  siteLog: string,
  endsBefore: number,
  started: number,
  countAtStart: number,
  count: () => number | Promise<number>,
  timeoutMs: number,
): Promise<{ seconds: number; jobLine: string; peak: number }> {
  let previous = countAtStart;
  let previousAt = performance.now();
  let peak = 0;
  let jobLine: string | undefined;
  while (!jobLine) {
    if (performance.now() - started > timeoutMs) throw new Error(`The menu job did not end within ${timeoutMs / 1000} s`);
    await sleep(1000);
    const current = await count();
    const now = performance.now();
    peak = Math.max(peak, ((current - previous) * 1000) / (now - previousAt));
    previous = current;
    previousAt = now;
    jobLine = jobEnds(siteLog)[endsBefore];
  }
  return { seconds: (performance.now() - started) / 1000, jobLine, peak };
}
/** Renames a top menu item, sends the plugin's menu payload, and measures the background regeneration. */
export async function measureMenuChange(target: MenuTarget, label: string, timeoutMs = 30 * 60_000, concurrency = 8): Promise<MenuRun> {
  const menuResponse = await fetch(`${target.wordpressUrl}/wp-json/wp/v2/navigation/3`);
  const menu = (await menuResponse.json()) as MenuItem[];
  const top = menu.find((m) => m.menu_item_parent === '0' && m.url !== '#');
  if (!top) throw new Error('The menu has no top item with a link');
  const put = await fetch(`${target.wordpressUrl}/__fake/navigation/3`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(menu.map((m) => (m.ID === top.ID ? { ...m, title: label } : m))),
  });
  if (!put.ok) throw new Error(`The content server refused the menu change: ${put.status}`);

  const endsBefore = jobEnds(target.siteLog).length;
  await stats(target.wordpressUrl, true);
  const started = performance.now();
  const webhook = await fetch(`${target.siteUrl}/api/revalidate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-revalidate-secret': target.secret },
    body: JSON.stringify({ v: 2, id: `bench-menu-${Date.now()}`, event: 'menu_save', items: [], scope: 'all', redirects: false }),
  });
  const answer: unknown = await webhook.json();
  if (webhook.status !== 202) throw new Error(`The webhook answered ${webhook.status}: ${JSON.stringify(answer).slice(0, 300)}`);

  const { seconds, jobLine, peak } = await watchMenuJob(target.siteLog, endsBefore, started, 0, () => stats(target.wordpressUrl), timeoutMs);
  const wordpressRequests = await stats(target.wordpressUrl);

  // Every page once, `concurrency` at a time: each must show the new label.
  const stale: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < target.pages.length) {
      const page = target.pages[next++];
      const response = await fetch(`${target.siteUrl}${page}`, { signal: AbortSignal.timeout(60_000) });
      const html = await response.text();
      if (!html.includes(label)) stale.push(`${page} (${response.status})`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await fetch(`${target.wordpressUrl}/__fake/navigation/3`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(menu) });
  return {
    seconds,
    // The pages of the worker's batch, as its line says (the 202 answers before the work).
    scheduled: Number(/(\d+) pages regenerated|\d+ of (\d+) pages failed/.exec(jobLine)?.slice(1).find(Boolean) ?? 0),
    jobLine,
    wordpressRequests,
    meanPerSecond: wordpressRequests / seconds,
    peakPerSecond: peak,
    checked: target.pages.length,
    stale,
  };
}

/* ------------------------------------------------------------------------------------------ */
/* (c) a menu change on the real WordPress, through the plugin                                 */
/* ------------------------------------------------------------------------------------------ */

export interface RealMenuTarget extends PublishTarget {
  /** `next start`'s log (the job's end line). */
  siteLog: string;
  /** PHP's built-in server log: one `Accepted` line per connection, and it serves one request per connection. */
  phpLog: string;
}

export interface RealMenuRun {
  seconds: number;
  jobLine: string;
  wordpressRequests: number;
  meanPerSecond: number;
  peakPerSecond: number;
}

const acceptedLines = (log: string): number => (existsSync(log) ? (readFileSync(log, 'utf8').match(/ Accepted$/gm) ?? []).length : 0);

/**
 * Renames a top menu item through core's REST API (`POST /wp/v2/menu-items/{id}`, as wp-admin's
 * menu screen saves it); the plugin sends `"menu": true`; measured until the site's background
 * job ends, with the requests PHP's server accepted meanwhile. The label is put back afterwards.
 */
export async function measureRealMenuChange(target: RealMenuTarget, suffix: string, timeoutMs = 10 * 60_000): Promise<RealMenuRun> {
  const client = new RestClient(target.wordpressUrl, target.user, target.appPassword, 60_000);
  const rest = <T = unknown>(method: string, route: string, body?: unknown) => client.request<T>(method, `/wp/v2/${route}`, body);
  const menu = (await (await fetch(`${target.wordpressUrl}/wp-json/wp/v2/navigation/3`)).json()) as MenuItem[];
  const top = menu.find((m) => m.menu_item_parent === '0');
  if (!top) throw new Error('The menu has no top item');
  const original = (await rest<{ title: { raw: string } }>('GET', `menu-items/${top.ID}?context=edit`)).title.raw;
  const endsBefore = jobEnds(target.siteLog).length;
  const acceptedBefore = acceptedLines(target.phpLog);
  const started = performance.now();
  try {
    await rest('POST', `menu-items/${top.ID}`, { title: `${original} ${suffix}` });
    const count = () => acceptedLines(target.phpLog);
    const { seconds, jobLine, peak } = await watchMenuJob(target.siteLog, endsBefore, started, count(), count, timeoutMs);
    const wordpressRequests = acceptedLines(target.phpLog) - acceptedBefore;
    return { seconds, jobLine, wordpressRequests, meanPerSecond: wordpressRequests / seconds, peakPerSecond: peak };
  } finally {
    await rest('POST', `menu-items/${top.ID}`, { title: original }).catch(() => undefined);
  }
}
