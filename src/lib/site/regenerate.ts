import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createLru } from '../cache/lru';
import { processShared } from '../server/processShared';

/**
 * Issue 35 §2 (docs/reliability.md): regenerates one ISR page without a request at hand.
 *
 * `res.revalidate(path)` needs the API request it belongs to; the webhook answers before the work,
 * so the worker (./jobs.ts) cannot use it. It does what `res.revalidate` does inside Next: it asks
 * this instance's own server for the page with Next's on-demand revalidation header. Every piece of
 * framework-internal knowledge this takes is in this ONE module, and
 * __tests__/site/regenerate.test.ts fails when Next's side of it changes:
 *
 * - the header is `x-prerender-revalidate` (`PRERENDER_REVALIDATE_HEADER` of
 *   `next/dist/lib/constants`), its value the build's `previewModeId`: Next's base server compares
 *   them (`checkIsOnDemandRevalidate` in `next/dist/server/api-utils`) and, when equal, renders the
 *   page anew and stores it in the ISR cache (the shared one in Redis, for every instance);
 * - the `previewModeId` is in the build's `prerender-manifest.json` (`preview.previewModeId`), in
 *   the dist directory (`NEXT_DIST_DIR`, default `.next`, as next.config.ts sets it), which
 *   `next start` reads from the working directory;
 * - `next start` records its port in `process.env.PORT` and its origin in
 *   `process.env.__NEXT_PRIVATE_ORIGIN` once it listens (`next/dist/server/lib/start-server.js`);
 *   the request goes to `http://127.0.0.1:{PORT}` unless the server was bound to another host;
 * - success is judged as Next's own `revalidate()` judges it
 *   (`next/dist/server/api-utils/node/api-resolver.js`, `next-server.js`): the answer's
 *   `x-nextjs-cache` is `REVALIDATED`, or its status is 200. Also accepted here: 404 (the item is
 *   gone: the regeneration stored the not-found answer) and a redirect (the address redirects, in
 *   proxy.ts: there is no page to regenerate there);
 * - Next's response cache runs one regeneration of a page at a time: its `revalidateBatcher`
 *   (`next/dist/server/response-cache`) is keyed by the page's cache key alone, so an on-demand
 *   regeneration that arrives while a visitor's background regeneration of the same page is in
 *   flight *joins* it and gets its result. That one may have read WordPress before the publish
 *   the worker is regenerating for. Next answers the same either way, so `staticProps` records
 *   every on-demand run of a page's `getStaticProps` here (`recordOnDemandRun`), and
 *   `regeneratePage` asks once more when no run of the page started after its request
 *   (docs/reliability.md §2, "A publish's regeneration runs its own reads").
 */

/** Next's on-demand revalidation header (`PRERENDER_REVALIDATE_HEADER`, next/dist/lib/constants). */
export const PRERENDER_REVALIDATE_HEADER = 'x-prerender-revalidate';
/** The cache state Next's page answers carry (`x-nextjs-cache`), and its value for a regeneration. */
export const NEXT_CACHE_HEADER = 'x-nextjs-cache';
export const REVALIDATED = 'REVALIDATED';
/** One page's regeneration gives up after this long (it reads WordPress, with its own timeouts and retries). */
export const REGENERATE_TIMEOUT_MS = 60_000;

/** Where `next build` wrote the build, as next.config.ts sets `distDir`. */
export function distDirectory(env: Readonly<Record<string, string | undefined>> = process.env, cwd: string = process.cwd()): string {
  return path.resolve(cwd, env.NEXT_DIST_DIR?.trim() || '.next');
}

/** The build's `previewModeId` (its `prerender-manifest.json`). Throws, naming the file, when it cannot be read. */
export function readPreviewModeId(distDir: string = distDirectory()): string {
  const file = path.join(distDir, 'prerender-manifest.json');
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${file} (is this a \`next start\` of a build?): ${(error as Error)?.message ?? String(error)}`);
  }
  const id = (manifest as { preview?: { previewModeId?: unknown } } | null)?.preview?.previewModeId;
  if (typeof id !== 'string' || id === '') throw new Error(`${file} has no preview.previewModeId`);
  return id;
}

// Read once per process (one build per process).
const cached = processShared('regenerate-preview-mode-id', () => ({ id: null as string | null }));

/** This server's own origin, as `next start` recorded it. Throws when it did not (not under `next start`). */
export function ownOrigin(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const port = env.PORT?.trim();
  if (!port || !/^\d+$/.test(port)) throw new Error('this process does not know its own port (process.env.PORT is set by `next start` once it listens)');
  let host = '127.0.0.1';
  try {
    const recorded = env.__NEXT_PRIVATE_ORIGIN ? new URL(env.__NEXT_PRIVATE_ORIGIN).hostname : '';
    // `localhost` is what Next records for a server on every address: the loopback address then.
    if (recorded && recorded !== 'localhost' && recorded !== '0.0.0.0' && recorded !== '[::]') host = recorded;
  } catch {
    // keep the loopback address
  }
  return `http://${host}:${port}`;
}

/** At most this many pages' last on-demand runs are remembered (the oldest forgotten first). */
export const ON_DEMAND_RUNS_MAX = 10_000;

// One record per process: the pages' bundles record, the worker's bundle reads.
const onDemandRuns = processShared('regenerate-on-demand-runs', () => ({
  sequence: 0,
  started: createLru<string, number>('regenerate-on-demand-runs', ON_DEMAND_RUNS_MAX),
}));

/** A site path as both sides spell it: no query, no trailing slash, each segment percent-decoded. */
export function pagePathKey(pagePath: string): string {
  const bare = pagePath.split(/[?#]/, 1)[0].replace(/\/+$/, '') || '/';
  return bare
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** Records that `getStaticProps` of the page at `pagePath` started for an on-demand regeneration (called by `staticProps`). */
export function recordOnDemandRun(pagePath: string): void {
  onDemandRuns.started.set(pagePathKey(pagePath), ++onDemandRuns.sequence);
}

/** The number of on-demand runs recorded so far in this process: a point in their sequence. */
export function onDemandSequence(): number {
  return onDemandRuns.sequence;
}

/** Whether an on-demand run of the page at `pagePath` started after the point `sequence`. */
export function onDemandRunSince(pagePath: string, sequence: number): boolean {
  return (onDemandRuns.started.peek(pagePathKey(pagePath)) ?? 0) > sequence;
}

/** Whether Next's answer is a page's (rendered or not found), so its `getStaticProps` should have run; a redirect is not. */
function answeredByPage(status: number, cacheHeader: string | null): boolean {
  return cacheHeader?.toUpperCase() === REVALIDATED || status === 200 || status === 404;
}

export interface RegenerateOptions {
  /** The server to ask (default: this one, `ownOrigin()`). */
  origin?: string;
  /** The build's previewModeId (default: read once from the dist directory). */
  previewModeId?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Where the line about asking again goes (default: the console). */
  log?: Pick<Console, 'info'>;
}

/** Whether Next's answer to an on-demand revalidation says the page was regenerated (or is gone, or redirects). */
export function regenerationSucceeded(status: number, cacheHeader: string | null): boolean {
  if (cacheHeader?.toUpperCase() === REVALIDATED) return true;
  return status === 200 || status === 404 || (status >= 300 && status < 400 && status !== 304);
}

/**
 * Regenerates the ISR page at `pagePath` (a site path: `/about-us/news/x`). Resolves when Next has
 * stored the new page; rejects with `Failed to regenerate {path}: …` otherwise (WordPress down: the
 * last good page stays, as with Next's own revalidation). When Next answered for the page but no
 * `getStaticProps` run of it started after the request (it joined a visitor's regeneration already
 * in flight, above), it asks once more: that one has ended, and the page it stored is fresh, so
 * no visitor's regeneration is in the way.
 */
export async function regeneratePage(pagePath: string, options: RegenerateOptions = {}): Promise<void> {
  if (!pagePath.startsWith('/')) throw new Error(`Failed to regenerate ${pagePath}: not a site path`);
  try {
    const origin = options.origin ?? ownOrigin();
    const id = options.previewModeId ?? (cached.id ??= readPreviewModeId());
    const ask = () =>
      (options.fetch ?? fetch)(`${origin}${pagePath}`, {
        method: 'HEAD',
        headers: { [PRERENDER_REVALIDATE_HEADER]: id },
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? REGENERATE_TIMEOUT_MS),
      });
    const before = onDemandSequence();
    let response = await ask();
    if (answeredByPage(response.status, response.headers.get(NEXT_CACHE_HEADER)) && !onDemandRunSince(pagePath, before)) {
      (options.log ?? console).info(`[regenerate] ${pagePath}: Next answered with a regeneration already in flight, which may have read WordPress before the publish; asked again`);
      response = await ask();
    }
    if (!regenerationSucceeded(response.status, response.headers.get(NEXT_CACHE_HEADER))) {
      throw new Error(`Invalid response ${response.status}`);
    }
  } catch (error) {
    throw new Error(`Failed to regenerate ${pagePath}: ${(error as Error)?.message ?? String(error)}`);
  }
}
