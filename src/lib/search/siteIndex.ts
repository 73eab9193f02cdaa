import { isRecord } from '../shared/isRecord';
import { processShared } from '../server/processShared';
import type { ContentTypeName } from '../shared/types';
import { CONTENT_TYPES, contentType, isContentTypeName } from '../shared/wordpress/contentTypes';
import { fetchJson, segment, WP_PREFIX, wpUrl, type Query } from '../shared/wordpress/http';
import { walkCollection } from '../wordpress/content';
import { frameIdList } from '../wordpress/frames';
import { serverContext } from '../wordpress/serverContext';
import { toSearchDocument, type SearchDocument } from './document';
import { createSearchEngine, type SearchEngine } from './engine';

/**
 * Issue 34 §5 (docs/search-index.md): the site's search index in one server process.
 *
 * - One per process (processShared: the search route, the webhook and instrumentation are
 *   separate bundles of one process). Nothing happens before `startSearchIndex()` (instrumentation.ts
 *   at `next start`): until then, and until the first build is done, `currentSearchEngine()` is
 *   null and the route asks WordPress instead.
 * - A build reads every content type of the table with the all-posts walk
 *   (`{restBase}?per_page=100&page=N&_fields=…`, no `_embed`; it ends on a short page, on
 *   `X-WP-TotalPages`, or on the 400 `rest_post_invalid_page_number` past the last page) and every
 *   frame once (`frame?per_page=100` walk) for the pages: `toSearchDocument` gets the frames by id
 *   (all of them at a build; the page's own, read by id, for an update). Any read failing (after fetchJson's
 *   attempts), or answering something other than a list, fails the whole build: the last engine
 *   stays (unlike `getAll`, which answers [] on error; an index missing a whole type would be
 *   worse than a stale one). A failed build is tried again after RETRY_MS; the failure is logged
 *   once per outage, and its end once.
 * - `rebuildSearchIndex()`: a fresh engine, swapped in when complete (the old one answers
 *   meanwhile). One at a time; asked during a build, the build runs once more after it (several
 *   asks meanwhile: still one more run). Every SAFETY_REBUILD_MS as a safety net.
 * - `updateSearchItems(items)`: each item re-read by slug (`{restBase}?slug=…&_fields=…`; for
 *   pages also their frames, `frame/{id}`): found and published → added (the same id replaces, so
 *   a slug change moves it); else removed (`idOf(type, slug)`). Resolves when applied. An item
 *   whose read fails is left as it was and a rebuild is asked for. Two updates of one item under
 *   way at once: only the later read is applied. Updates applied while a build runs are applied
 *   again to the fresh engine before it is swapped in (it may have read the item before the change).
 */

export const RETRY_MS = 30_000;
export const SAFETY_REBUILD_MS = 15 * 60_000;
/** What an item's document needs (no `_embed`: the index needs no media or terms). */
export const ITEM_FIELDS = 'id,slug,status,title,excerpt,content,date,acf,link';
export const FRAME_REST_BASE = 'frame';
/** Items re-read at once by one `updateSearchItems`. */
export const UPDATE_CONCURRENCY = 8;
/** Items in one webhook call or pub/sub message (the plugin's batches of more than 100 come as `menu: true`). */
export const MAX_SEARCH_ITEMS = 100;

/** One changed item, as the webhook and the pub/sub message carry it. */
export interface SearchItem {
  type: ContentTypeName;
  slug: string;
  section: string;
}

export interface SearchIndexStatus {
  /** Whether an engine answers (the first build is done). */
  ready: boolean;
  /** Documents in the engine (0 when not ready). */
  size: number;
  /** When the engine answering was built (ISO 8601), or null. */
  builtAt: string | null;
  /** Whether a build is under way. */
  building: boolean;
}

type Operation = { kind: 'add'; doc: SearchDocument } | { kind: 'remove'; type: ContentTypeName; slug: string; id?: string };

interface IndexState {
  started: boolean;
  engine: SearchEngine | null;
  builtAt: string | null;
  running: Promise<void> | null;
  pending: boolean;
  failing: boolean;
  retryTimer: ReturnType<typeof setTimeout> | null;
  safetyTimer: ReturnType<typeof setInterval> | null;
  /** Operations applied during the build under way, to apply again to its engine. */
  journal: Operation[] | null;
  /** The latest update asked for each item (`type\nslug` → sequence number). */
  latest: Map<string, number>;
  sequence: number;
  /** Bumped by the test reset: a build of an older generation installs nothing. */
  generation: number;
}

const freshState = (generation = 0): IndexState => ({
  started: false,
  engine: null,
  builtAt: null,
  running: null,
  pending: false,
  failing: false,
  retryTimer: null,
  safetyTimer: null,
  journal: null,
  latest: new Map(),
  sequence: 0,
  generation,
});

const state = processShared('search-site-index', () => freshState());

const message = (error: unknown) => (error as Error)?.message ?? String(error);

/** The engine answering searches, or null until the first build is done (and in a process that never started the index). */
export function currentSearchEngine(): SearchEngine | null {
  return state.engine;
}

export function searchIndexStatus(): SearchIndexStatus {
  return { ready: state.engine !== null, size: state.engine?.size ?? 0, builtAt: state.builtAt, building: state.running !== null };
}

/** Whether this process runs an index (`startSearchIndex` was called). */
export function searchIndexStarted(): boolean {
  return state.started;
}

/**
 * Starts the index in this process (once; later calls do nothing): the first build in the
 * background and the safety-net rebuild timer. Returns the first build (never rejects); callers
 * at start do not wait for it.
 */
export function startSearchIndex(): Promise<void> {
  if (state.started) return state.running ?? Promise.resolve();
  state.started = true;
  const timer = setInterval(() => void rebuildSearchIndex(), SAFETY_REBUILD_MS);
  timer.unref?.();
  state.safetyTimer = timer;
  return rebuildSearchIndex();
}

/* ------------------------------------------------------------------------------------------ */
/* Reading WordPress                                                                           */
/* ------------------------------------------------------------------------------------------ */

const wp = (path: string, query: Query = {}) => wpUrl(serverContext().base, WP_PREFIX, path, query);

/** Every item of a collection, page by page (content.ts's walker). Throws when a page cannot be read or is not a list. */
const walk = async (restBase: string, fields?: string): Promise<unknown[]> => (await walkCollection(restBase, fields ? { _fields: fields } : {})).records;

/**
 * A build turns and indexes this many items, then lets the server's other work run (requests,
 * Redis replies, timers): a 2,000-item build done in one go held the event loop for 1–2.5 s on the
 * chaos bench's busy host, and every Redis command in flight timed out meanwhile (issue 35,
 * docs/reliability.md §8).
 */
const BUILD_CHUNK = 100;
const otherWorkFirst = () => new Promise<void>((resolve) => setImmediate(resolve));

/** An engine holding `docs`, built BUILD_CHUNK at a time with the server's other work in between. */
export async function buildEngine(docs: readonly SearchDocument[]): Promise<SearchEngine> {
  const engine = createSearchEngine();
  for (let i = 0; i < docs.length; i++) {
    engine.add(docs[i]);
    if (i % BUILD_CHUNK === BUILD_CHUNK - 1) await otherWorkFirst();
  }
  return engine;
}

/** Every published document of the site. Throws when any type (or the frames) cannot be read. */
async function readEveryDocument(): Promise<SearchDocument[]> {
  const [frames, ...lists] = await Promise.all([walk(FRAME_REST_BASE), ...CONTENT_TYPES.map((def) => walk(def.restBase, ITEM_FIELDS))]);
  const frameById = new Map<number, unknown>();
  for (const frame of frames) if (isRecord(frame) && typeof frame.id === 'number') frameById.set(frame.id, frame);
  const docs: SearchDocument[] = [];
  let read = 0;
  for (const [i, def] of CONTENT_TYPES.entries()) {
    for (const raw of lists[i]) {
      if (++read % BUILD_CHUNK === 0) await otherWorkFirst();
      if (!isRecord(raw) || (raw.status !== undefined && raw.status !== 'publish')) continue;
      const doc = toSearchDocument(def.name, raw, def.name === 'page' ? frameById : undefined);
      if (doc) docs.push(doc);
    }
  }
  return docs;
}

/** One item read again: what to do with the index. Throws when WordPress fails. */
async function readItem({ type, slug }: SearchItem): Promise<Operation> {
  const def = contentType(type);
  const { data } = await fetchJson<unknown>(wp(def.restBase, { slug, _fields: ITEM_FIELDS }));
  if (!Array.isArray(data)) throw new Error(`WordPress answered ${def.restBase}?slug=${slug} with something other than a list`);
  const raw = data[0];
  if (!isRecord(raw) || (raw.status !== undefined && raw.status !== 'publish')) {
    return { kind: 'remove', type, slug, ...(isRecord(raw) && typeof raw.id === 'number' ? { id: `${type}:${raw.id}` } : {}) };
  }
  let frames: Map<number, unknown> | undefined;
  if (type === 'page') {
    // A frame WordPress no longer has (404) is left out, as the build leaves it out.
    const ids = [...new Set(frameIdList(isRecord(raw.acf) ? raw.acf.frames : undefined))];
    const read = await Promise.all(ids.map((id) => fetchJson<unknown>(wp(`${FRAME_REST_BASE}/${segment(id)}`), { isAnswer: (status) => status === 404 })));
    frames = new Map(ids.flatMap((id, i) => (read[i].status === 404 ? [] : [[id, read[i].data] as const])));
  }
  const doc = toSearchDocument(type, raw, frames);
  if (doc) return { kind: 'add', doc };
  return { kind: 'remove', type, slug, ...(typeof raw.id === 'number' ? { id: `${type}:${raw.id}` } : {}) };
}

function apply(engine: SearchEngine, operation: Operation): void {
  if (operation.kind === 'add') {
    const { doc } = operation;
    // WordPress slugs are unique per type: an item that holds this slug now is the only one.
    const previous = engine.idOf(doc.type, doc.slug);
    if (previous !== undefined && previous !== doc.id) engine.remove(previous);
    engine.add(doc);
    return;
  }
  if (operation.id !== undefined) engine.remove(operation.id);
  const id = engine.idOf(operation.type, operation.slug);
  if (id !== undefined) engine.remove(id);
}

/* ------------------------------------------------------------------------------------------ */
/* Builds                                                                                      */
/* ------------------------------------------------------------------------------------------ */

function scheduleRetry(): void {
  if (state.retryTimer) return;
  const timer = setTimeout(() => {
    state.retryTimer = null;
    void rebuildSearchIndex();
  }, RETRY_MS);
  timer.unref?.();
  state.retryTimer = timer;
}

async function buildOnce(): Promise<void> {
  const generation = state.generation;
  const started = Date.now();
  state.journal = [];
  try {
    const docs = await readEveryDocument();
    if (generation !== state.generation) return;
    const engine = await buildEngine(docs);
    if (generation !== state.generation) return;
    for (const operation of state.journal ?? []) apply(engine, operation);
    state.engine = engine;
    state.builtAt = new Date().toISOString();
    if (state.retryTimer) clearTimeout(state.retryTimer);
    state.retryTimer = null;
    if (state.failing) console.info('[search] the search index is built again from WordPress');
    state.failing = false;
    console.info(`[search] search index built: ${engine.size} items in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    if (generation !== state.generation) return;
    if (!state.failing) {
      state.failing = true;
      const kept = state.engine ? `keeping the last index (${state.engine.size} items)` : "searches ask WordPress's search meanwhile";
      console.error(`[search] the search index could not be built (${message(error)}): ${kept}; trying again every ${RETRY_MS / 1000} s, logged once until a build works`);
    }
    scheduleRetry();
  } finally {
    if (generation === state.generation) state.journal = null;
  }
}

/**
 * Builds a fresh engine from WordPress and swaps it in when complete. One build at a time: asked
 * during one, it runs once more after it; the promise then settles after that run. Never rejects.
 * Does nothing in a process that has not started the index.
 */
export function rebuildSearchIndex(): Promise<void> {
  if (!state.started) return Promise.resolve();
  if (state.running) {
    state.pending = true;
    return state.running;
  }
  const generation = state.generation;
  const running = (async () => {
    do {
      state.pending = false;
      await buildOnce();
    } while (state.pending && generation === state.generation);
  })().finally(() => {
    if (state.running === running) state.running = null;
  });
  state.running = running;
  return running;
}

/** Resolves when no build runs (tests, the bench). */
export async function searchIndexSettled(): Promise<void> {
  while (state.running) await state.running;
}

/* ------------------------------------------------------------------------------------------ */
/* Updates                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/**
 * Applies changed items to the index (see the module comment). Resolves when every item is
 * applied (or failed, which asks for a rebuild); never rejects. Before the first build is done
 * there is nothing to update: a build under way is asked to run once more, so it sees the change.
 */
export async function updateSearchItems(items: readonly SearchItem[]): Promise<void> {
  if (!state.started || items.length === 0) return;
  if (!state.engine) {
    if (state.running) state.pending = true;
    return;
  }
  const generation = state.generation;
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      const key = `${item.type}\n${item.slug}`;
      const sequence = ++state.sequence;
      state.latest.set(key, sequence);
      try {
        const operation = await readItem(item);
        if (generation !== state.generation || state.latest.get(key) !== sequence) continue;
        const engine = state.engine;
        if (engine) apply(engine, operation);
        state.journal?.push(operation);
      } catch (error) {
        failures.push(`${item.type} ${item.slug}: ${message(error)}`);
      } finally {
        if (state.latest.get(key) === sequence) state.latest.delete(key);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(UPDATE_CONCURRENCY, items.length) }, worker));
  if (failures.length > 0 && generation === state.generation) {
    console.error(`[search] ${failures.length} of ${items.length} changed items could not be read from WordPress (${failures.slice(0, 3).join('; ')}): left as they were, rebuilding the index`);
    void rebuildSearchIndex();
  }
}

const SLUG = /^(?:[a-z0-9_-]|%[0-9a-fA-F]{2}){1,200}$/;

/**
 * The items of a pub/sub message (untrusted: another instance, maybe of another build, sent them):
 * a list of at most MAX_SEARCH_ITEMS `{type, slug, section}` (a content-type name, and slugs as the
 * webhook accepts them). Anything else → null.
 */
export function parseSearchItems(value: unknown): SearchItem[] | null {
  if (!Array.isArray(value) || value.length > MAX_SEARCH_ITEMS) return null;
  const items: SearchItem[] = [];
  for (const entry of value) {
    if (!isRecord(entry) || !isContentTypeName(entry.type) || typeof entry.slug !== 'string' || !SLUG.test(entry.slug)) return null;
    if (typeof entry.section !== 'string' || !SLUG.test(entry.section)) return null;
    items.push({ type: entry.type, slug: entry.slug, section: entry.section });
  }
  return items;
}

/** For tests: no index, no timers, as in a process that never started one. */
export function resetSearchIndexForTests(): void {
  if (state.retryTimer) clearTimeout(state.retryTimer);
  if (state.safetyTimer) clearInterval(state.safetyTimer);
  Object.assign(state, freshState(state.generation + 1));
}
