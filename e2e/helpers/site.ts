import type { Page } from 'playwright-core';
import { CONTENT_TYPES, sitePath, type ContentTypeDef } from '../../src/lib/shared/wordpress/contentTypes';
import type { ContentTypeName } from '../../src/lib/shared/types';
import { readState } from '../harness/state';

export { readState };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` every `intervalMs` until it returns a value other than undefined, or fails after
 * `timeoutMs` with the last value seen (no fixed sleeps in the tests).
 */
export async function poll<T>(
  probe: () => Promise<T | undefined>,
  { timeoutMs = 10_000, intervalMs = 250, what = 'condition' }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = 'never probed';
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
      last = 'not yet';
    } catch (error) {
      last = (error as Error).message;
    }
    if (Date.now() >= deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (last: ${String(last)})`);
    await sleep(intervalMs);
  }
}

/** Next's page data script in a served document: its opening tag, its JSON text, its closing tag. */
export const NEXT_DATA_SCRIPT = /(<script id="__NEXT_DATA__" type="application\/json"[^>]*>)([\s\S]*?)(<\/script>)/;

/** One record of a custom-api id list (`/wp-json/custom-api/v1/news-id`). */
export interface IdRecord {
  id: number;
  slug: string;
  /** As stored in WordPress: character references and all. */
  title: string;
  section?: string;
}

export async function idList(def: ContentTypeDef): Promise<IdRecord[]> {
  const { wordpressUrl } = readState();
  const response = await fetch(`${wordpressUrl}/wp-json/custom-api/v1/${def.idList}`);
  if (!response.ok) throw new Error(`${def.idList}: status ${response.status}`);
  return (await response.json()) as IdRecord[];
}

export const contentTypeDef = (name: ContentTypeName): ContentTypeDef => {
  const def = CONTENT_TYPES.find((t) => t.name === name);
  if (!def) throw new Error(`no content type ${name}`);
  return def;
};

/** The first item of a type's id list and its site path. */
export async function firstItem(name: ContentTypeName): Promise<IdRecord & { path: string }> {
  const [first] = await idList(contentTypeDef(name));
  if (!first) throw new Error(`The content server lists no ${name} item`);
  return { ...first, path: sitePath(name, first.slug, first.section) };
}

/** A JSON read from the content server's REST API (`/wp-json/wp/v2/...`). */
export async function wpGet<T>(path: string): Promise<T> {
  const { wordpressUrl } = readState();
  const response = await fetch(`${wordpressUrl}/wp-json/wp/v2/${path}`);
  if (!response.ok) throw new Error(`GET /wp-json/wp/v2/${path}: status ${response.status}`);
  return (await response.json()) as T;
}

/**
 * An item's title as WordPress renders it (`title.rendered`, read by slug): what the site shows.
 * The id lists hold the stored title, which WordPress's texturize has not curled (' → ’).
 */
export async function renderedTitle(def: ContentTypeDef, slug: string): Promise<string> {
  const [item] = await wpGet<{ title: { rendered: string } }[]>(`${def.restBase}?slug=${encodeURIComponent(slug)}`);
  if (!item) throw new Error(`${def.restBase}?slug=${slug}: no item`);
  return item.title.rendered;
}

export const siteUrl = (path: string): string => `${readState().siteUrl}${path}`;

/**
 * Opens a site path and waits until React has hydrated the page, so keyboard and pointer input
 * reach the page's handlers. (Next's own `__NEXT_HYDRATED` flag exists only in its test mode.)
 * The page hydrates as a transition, in slices (src/lib/browser/hydrateInTransition.ts), so React's props
 * key on `<main>`, set while rendering, comes before the commit; what marks the commit is Next's
 * `Next.js-hydration` performance measure, taken in a layout effect of its root once React has
 * committed the hydration. Then two animation frames. Returns the response's status.
 */
export async function gotoHydrated(page: Page, path: string): Promise<number | undefined> {
  const response = await page.goto(siteUrl(path));
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      const rendered = main !== null && Object.keys(main).some((key) => key.startsWith('__reactProps$'));
      return rendered && performance.getEntriesByName('Next.js-hydration', 'measure').length > 0;
    },
    undefined,
    { timeout: 30_000 },
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return response?.status();
}

/** Plain text of an HTML fragment, as a browser decodes it (titles are stored with character references). */
export function htmlToText(page: Page, html: string): Promise<string> {
  return page.evaluate((value) => new DOMParser().parseFromString(value, 'text/html').documentElement.textContent ?? '', html);
}

export const squash = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** The text of every h1 of the page, whitespace collapsed. */
export async function h1Texts(page: Page): Promise<string[]> {
  return (await page.locator('h1').allTextContents()).map(squash);
}

/** POSTs to the revalidation webhook (give a version-2 payload: `webhookPayload`). */
export async function revalidate(body: unknown, secret: string | null = readState().revalidateSecret): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (secret !== null) headers['x-revalidate-secret'] = secret;
  const response = await fetch(siteUrl('/api/revalidate'), { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(120_000) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: response.status, body: parsed };
}

let deliveries = 0;

/** A version-2 webhook payload (docs/reliability.md §1) with a fresh delivery id; `fields` add to it. */
export function webhookPayload(fields: Record<string, unknown>): Record<string, unknown> {
  return { v: 2, id: `e2e-${Date.now()}-${++deliveries}`, ...fields };
}

export interface WorkerHealth {
  pending: number;
  running: number;
  retrying: number;
  oldestAgeMs: number | null;
}

/** The webhook worker's jobs on the instance at `base` (its /api/health?ready). */
export async function workerHealth(base: string = siteUrl('')): Promise<WorkerHealth> {
  const response = await fetch(`${base.replace(/\/$/, '')}/api/health?ready`, { signal: AbortSignal.timeout(10_000) });
  return ((await response.json()) as { worker: WorkerHealth }).worker;
}

/**
 * Waits until the instance at `base` has no job waiting or running (jobs kept after a failure,
 * `retrying`, do not count): the webhook answers 202 before the work.
 */
export async function jobsDone(base: string = siteUrl(''), timeoutMs = 60_000): Promise<WorkerHealth> {
  return poll(
    async () => {
      const worker = await workerHealth(base);
      return worker.running === 0 && worker.pending - worker.retrying === 0 ? worker : undefined;
    },
    { timeoutMs, intervalMs: 100, what: `the webhook worker at ${base} to be done` },
  );
}

/** Changes an item in the content server (its test-only admin API, see docs/local-wordpress.md). */
export async function patchContent(restBase: string, id: number, patch: Record<string, unknown>): Promise<void> {
  const { wordpressUrl } = readState();
  const response = await fetch(`${wordpressUrl}/__fake/${restBase}/${id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(patch),
  });
  if (!response.ok) throw new Error(`PATCH /__fake/${restBase}/${id}: status ${response.status} ${await response.text()}`);
}
