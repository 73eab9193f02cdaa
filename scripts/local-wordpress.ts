/**
 * The local content server: the fake WordPress (`__mocks__/wordpress`, the same code the jest msw
 * handlers use) as a real HTTP server, for `npm run demo`, `npm run dev` and browser tests.
 *
 *   npx tsx scripts/local-wordpress.ts [--port 3001] [--host 127.0.0.1] [--items 0] [--post-type-prefix ph_] [--site-url URL]
 *
 * `--post-type-prefix` names the post types as another installation would (`ph_news`,
 * `ph_press_release`, …; blogs stay core's `post`): the REST bases do not change, and the site
 * must work the same (it reads the names from `/wp/v2/types`).
 *
 * `--site-url` answers as the companion plugin with `HEADLESS_SITE_URL` set to that URL: published
 * items are linked at their site address (REST `link`, menu and search `url`). Without it, links
 * are WordPress's permalinks (the plugin without the setting, or another WordPress).
 *
 * Besides WordPress's own routes it serves a small test-only admin API under `/__fake/` (never in
 * msw, never part of WordPress): see docs/local-wordpress.md.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleWordPressRequest } from '../__mocks__/wordpress/handler';
import { POST_REST_BASES, postTypeByRestBase, prefixedPostTypeNames, type PostRestBase } from '../__mocks__/wordpress/postTypes';
import type { StoredMenuItem } from '../__mocks__/wordpress/store';
import { createSeedStore, type WordPressStore } from '../__mocks__/wordpress/store';
import { withOrigin } from '../__mocks__/wordpress/urls';
import { nextId } from '../__mocks__/wordpress/ids';

export interface LocalWordPressOptions {
  /** 0 picks a free port. Default: $LOCAL_WORDPRESS_PORT or 3001. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Generated items per content type on top of the seed (default 0). */
  items?: number;
  /** Post type names other than the fake's defaults (see `createSeedStore`). */
  postTypeNames?: Partial<Record<PostRestBase, string>>;
  /** The plugin's `HEADLESS_SITE_URL`: published items are linked at their site address. */
  siteUrl?: string;
}

export interface LocalWordPress {
  /** The server's origin, e.g. http://127.0.0.1:3001 (no trailing slash). */
  url: string;
  /** The live content: change it to change what the server answers. */
  store: WordPressStore;
  /** The WordPress REST requests answered since start or the last reset (also `GET /__fake/stats`). */
  stats(): RequestStats;
  close(): Promise<void>;
}

const DEFAULT_PORT = 3001;
const DEFAULT_HOST = '127.0.0.1';
const MAX_ADMIN_BODY = 1_000_000;

// ---------------------------------------------------------------------------------------------
// Request statistics (for the bench: WordPress requests per generated page)

/** What `GET /__fake/stats` answers. */
export interface RequestStats {
  /** Requests to `/wp-json/...` (any method, any status) since `since`. Admin and upload requests are not counted. */
  wpJsonRequests: number;
  /** The same requests by route, see `routeKey`. */
  byRoute: Record<string, number>;
  /** When counting started (server start or the last `POST /__fake/stats/reset`), ISO 8601. */
  since: string;
}

/**
 * The route of a REST request, for counting: method, path with numeric segments as `{id}`, and the
 * names of its query parameters (sorted, without the cache-busting `t`, `meta_query[0][key]` as
 * `meta_query`), e.g. `GET /wp-json/wp/v2/posts?_embed&slug`.
 */
export function routeKey(method: string, url: URL): string {
  const path = url.pathname.replace(/\/+$/, '').replace(/\/\d+(?=\/|$)/g, '/{id}');
  const names = new Set<string>();
  for (const name of url.searchParams.keys()) {
    const base = name.replace(/\[.*$/, '');
    if (base !== 't') names.add(base);
  }
  const query = [...names].sort().join('&');
  return `${method.toUpperCase()} ${path || '/'}${query ? `?${query}` : ''}`;
}

function createRequestCounter(): { count(method: string, url: URL): void; stats(): RequestStats; reset(): void } {
  let total = 0;
  let byRoute = new Map<string, number>();
  let since = new Date().toISOString();
  return {
    count(method, url) {
      total++;
      const key = routeKey(method, url);
      byRoute.set(key, (byRoute.get(key) ?? 0) + 1);
    },
    stats: () => ({
      wpJsonRequests: total,
      byRoute: Object.fromEntries([...byRoute].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))),
      since,
    }),
    reset() {
      total = 0;
      byRoute = new Map();
      since = new Date().toISOString();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Test-only admin API: /__fake/...

type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep-merges plain objects; arrays and scalars replace. */
function merge(target: JsonRecord, patch: JsonRecord): void {
  for (const [key, value] of Object.entries(patch)) {
    const current = target[key];
    if (isRecord(value) && isRecord(current)) merge(current, value);
    else target[key] = value;
  }
}

/** WordPress's date format for the site's time zone (UTC): `2026-03-01T12:00:00`. */
function wpNow(): string {
  return new Date().toISOString().slice(0, 19);
}

/** Applies an admin patch: title/content/excerpt given as strings set `.rendered` (and the title's stored raw value). */
function applyPatch(item: JsonRecord, patch: JsonRecord): void {
  const normalized: JsonRecord = { ...patch };
  for (const field of ['title', 'content', 'excerpt', 'caption', 'description']) {
    const value = normalized[field];
    if (typeof value === 'string') normalized[field] = field === 'title' ? { rendered: value, raw: value } : { rendered: value };
  }
  merge(item, normalized);
  if (!('modified' in patch) && 'modified' in item) {
    item.modified = wpNow();
    item.modified_gmt = item.modified;
  }
}

function findAdminTarget(store: WordPressStore, base: string, id: number): JsonRecord | undefined {
  if (base === 'media') return store.media.find((m) => m.id === id) as unknown as JsonRecord | undefined;
  const restBase = POST_REST_BASES.find((b) => b === base || postTypeByRestBase(b)?.byIdAliases.includes(base));
  return restBase ? (store.collections[restBase as PostRestBase].find((p) => p.id === id) as unknown as JsonRecord | undefined) : undefined;
}

interface AdminResult {
  status: number;
  data: unknown;
}

const adminError = (status: number, code: string, message: string): AdminResult => ({ status, data: { code, message, data: { status } } });

type RequestCounter = ReturnType<typeof createRequestCounter>;

function handleAdmin(store: WordPressStore, reset: () => void, counter: RequestCounter, method: string, path: string, body: unknown): AdminResult {
  if (path === '/__fake/reset' && method === 'POST') {
    reset();
    return { status: 200, data: { reset: true } };
  }
  if (path === '/__fake/stats' && method === 'GET') return { status: 200, data: counter.stats() };
  if (path === '/__fake/stats/reset' && method === 'POST') {
    const before = counter.stats();
    counter.reset();
    return { status: 200, data: before };
  }
  const menu = /^\/__fake\/navigation\/(\d+)$/.exec(path);
  if (menu && method === 'PUT') {
    if (!Array.isArray(body)) return adminError(400, 'fake_invalid_body', 'Send the menu as a JSON list of menu items.');
    store.menus[Number(menu[1])] = body as StoredMenuItem[];
    return { status: 200, data: body };
  }
  const collection = /^\/__fake\/([a-z_-]+)$/.exec(path);
  if (collection && method === 'GET' && POST_REST_BASES.includes(collection[1] as PostRestBase)) {
    // Every item of the collection, drafts included: `{id, slug, status}`.
    return { status: 200, data: store.collections[collection[1] as PostRestBase].map(({ id, slug, status }) => ({ id, slug, status })) };
  }
  if (collection && method === 'POST' && POST_REST_BASES.includes(collection[1] as PostRestBase)) {
    // A new item (a draft to preview, issue 11): a copy of the collection's first item, a new id, the body merged in.
    const items = store.collections[collection[1] as PostRestBase];
    if (!isRecord(body)) return adminError(400, 'fake_invalid_body', 'Send a JSON object to merge into the new item.');
    if (items.length === 0) return adminError(400, 'fake_empty_collection', `The fake has no ${collection[1]} item to copy.`);
    const id = nextId(store);
    const created = JSON.parse(JSON.stringify(items[0])) as JsonRecord;
    Object.assign(created, { id, slug: '', status: 'draft', sticky: false, autosaves: undefined, date: wpNow(), date_gmt: wpNow(), link: `${String(created.link).replace(/\/[^/]*\/?$/, '/')}?p=${id}` });
    applyPatch(created, { ...body, id });
    items.push(created as unknown as (typeof items)[number]);
    return { status: 201, data: created };
  }
  const item = /^\/__fake\/([a-z_-]+)\/(\d+)$/.exec(path);
  if (item && (method === 'GET' || method === 'PATCH')) {
    const target = findAdminTarget(store, item[1], Number(item[2]));
    if (!target) return adminError(404, 'fake_not_found', `No ${item[1]} item with id ${item[2]}.`);
    if (method === 'PATCH') {
      if (!isRecord(body)) return adminError(400, 'fake_invalid_body', 'Send a JSON object to merge into the item.');
      if ('id' in body && body.id !== target.id) return adminError(400, 'fake_invalid_body', 'The id of an item cannot change.');
      applyPatch(target, body);
    }
    return { status: 200, data: target };
  }
  return adminError(404, 'fake_no_route', 'Admin routes: GET|POST /__fake/{restBase}, PATCH|GET /__fake/{restBase}/{id}, PUT /__fake/navigation/{id}, POST /__fake/reset, GET /__fake/stats, POST /__fake/stats/reset.');
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_ADMIN_BODY) throw new RangeError('Request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

// ---------------------------------------------------------------------------------------------
// The server

function requestUrl(req: IncomingMessage, fallbackOrigin: string): URL {
  try {
    return new URL(req.url ?? '/', req.headers.host ? `http://${req.headers.host}` : fallbackOrigin);
  } catch {
    return new URL(req.url ?? '/', fallbackOrigin);
  }
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** Admin answers show stored items with the origin stand-in replaced by this server's origin. */
function sendJson(res: ServerResponse, status: number, data: unknown, origin: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' });
  res.end(withOrigin(JSON.stringify(data), origin));
}

export async function startLocalWordPress(opts: LocalWordPressOptions = {}): Promise<LocalWordPress> {
  const host = opts.host ?? DEFAULT_HOST;
  const port = opts.port ?? portFromEnv();
  const items = opts.items ?? 0;
  const seedOptions = { items, postTypeNames: opts.postTypeNames, siteUrl: opts.siteUrl };
  const store = createSeedStore(seedOptions);
  const reset = (): void => {
    Object.assign(store, createSeedStore(seedOptions));
  };
  const counter = createRequestCounter();
  let origin = '';

  const server = createServer((req, res) => {
    const url = requestUrl(req, origin);
    const method = (req.method ?? 'GET').toUpperCase();
    const respond = async (): Promise<void> => {
      if (url.pathname.startsWith('/__fake/')) {
        let body: unknown = null;
        const text = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);
        if (text) {
          try {
            body = JSON.parse(text);
          } catch {
            sendJson(res, 400, adminError(400, 'fake_invalid_json', 'The body is not valid JSON.').data, url.origin);
            return;
          }
        }
        const result = handleAdmin(store, reset, counter, method, url.pathname, body);
        sendJson(res, result.status, result.data, url.origin);
        return;
      }
      if (url.pathname === '/wp-json' || url.pathname.startsWith('/wp-json/')) counter.count(method, url);
      const response = await handleWordPressRequest(store, { method, url, headers: toHeaders(req) });
      res.writeHead(response.status, response.headers);
      res.end(method === 'HEAD' ? undefined : response.body);
    };
    respond().catch((error: unknown) => {
      console.error('[local-wordpress]', error);
      if (!res.headersSent) {
        sendJson(res, 500, { code: 'internal_server_error', message: 'There has been a critical error on this website.', data: { status: 500 } }, origin);
      } else {
        res.end();
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;

  return {
    url: origin,
    store,
    stats: () => counter.stats(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// CLI

function portFromEnv(): number {
  const value = process.env.LOCAL_WORDPRESS_PORT?.trim();
  return value ? parseNonNegativeInt(value, 'LOCAL_WORDPRESS_PORT') : DEFAULT_PORT;
}

function parseNonNegativeInt(value: string, name: string): number {
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return Number(value);
}

function siteUrlOption(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--site-url must be an http(s) URL, got "${value}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash) throw new Error(`--site-url must be an http(s) URL without a query, got "${value}"`);
  return value.replace(/\/+$/, '');
}

export function parseArgs(argv: readonly string[]): LocalWordPressOptions {
  const options: LocalWordPressOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`Missing value for ${flag}`);
    if (flag === '--port') options.port = parseNonNegativeInt(value, '--port');
    else if (flag === '--items') options.items = parseNonNegativeInt(value, '--items');
    else if (flag === '--post-type-prefix') options.postTypeNames = prefixedPostTypeNames(value);
    else if (flag === '--host') options.host = value;
    else if (flag === '--site-url') options.siteUrl = siteUrlOption(value);
    else throw new Error(`Unknown option ${flag} (options: --port N, --host H, --items N, --post-type-prefix P, --site-url URL)`);
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const wordpress = await startLocalWordPress(options);
  console.log(`Local WordPress (fake) listening at ${wordpress.url} with ${options.items ?? 0} generated items per type`);
  const stop = (): void => {
    void wordpress.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (/[\\/]scripts[\\/]local-wordpress\.ts$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
