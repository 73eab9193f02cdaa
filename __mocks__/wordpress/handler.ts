import { parsePhpQuery, type PhpArray } from './phpQuery';
import { filterFields, parseEmbed, parseFields, type PrepareOptions } from './prepare';
import {
  encodeJson,
  isRestError,
  noRoute,
  restHeaders,
  type Json,
  type RestResult,
  type WordPressResponse,
} from './responses';
import { describeRoute, indexData, NAMESPACES, ROUTES, type Route } from './routes';
import type { WordPressStore } from './store';
import { findUpload } from './uploads';
import { blockLibraryFile, isBlockLibraryPath } from './blockLibrary';
import { ORIGIN, REST_PREFIX, UPLOADS_PATH, withOrigin } from './urls';

/**
 * The fake WordPress: one framework-neutral function behind both the msw handlers (tests) and the
 * local HTTP server (`npm run demo`). It answers `/wp-json/...` like WordPress 6's REST server
 * (routing, argument validation, errors, CORS, pagination headers, `_fields`, `_embed`) and serves
 * generated files under `/wp-content/uploads/`.
 */

export interface WordPressRequest {
  method: string;
  url: URL;
  headers: Headers;
}

export type { WordPressResponse } from './responses';

interface Dispatched {
  route: Route | null;
  result: RestResult;
}

interface DispatchEnv {
  store: WordPressStore;
  headers: Headers;
  fields: string[] | null;
  embed: true | string[] | false;
  fetchEmbedded: (href: string) => Json;
}

/** `/wp/v2/posts/` → `/wp/v2/posts` (WordPress untrailingslashes the route). */
function normalizeRoute(route: string): string {
  const trimmed = route.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function matchRoute(path: string): { route: Route; params: Record<string, string> } | null {
  for (const route of ROUTES) {
    const match = route.regex.exec(path);
    if (match) return { route, params: { ...match.groups } };
  }
  return null;
}

/** Routes one request, as `WP_REST_Server::dispatch` does (method already mapped HEAD → GET). */
function dispatch(env: DispatchEnv, method: string, path: string, query: PhpArray): Dispatched {
  if (method === 'GET') {
    if (path === '/') return { route: null, result: { status: 200, data: indexData(null, env.store) } };
    const namespace = NAMESPACES.find((ns) => path.toLowerCase() === `/${ns}`);
    if (namespace) return { route: null, result: { status: 200, data: indexData(namespace, env.store) } };
  }
  const matched = matchRoute(path);
  if (!matched || !matched.route.methods.includes(method)) return { route: null, result: noRoute() };
  const { route, params } = matched;
  const ctx = {
    store: env.store,
    headers: env.headers,
    query,
    prepare: (context: PrepareOptions['context']): PrepareOptions => ({ context, fields: env.fields, embed: env.embed, fetchEmbedded: env.fetchEmbedded }),
  };
  const result = method === 'GET' ? route.get(ctx, params) : (route.write?.(ctx, params, method) ?? noRoute());
  return { route, result };
}

/** Embeds resolve their links by internal GET requests in the embed context, cached per request. */
function embedResolver(store: WordPressStore): (href: string) => Json {
  const cache = new Map<string, Json>();
  const resolve = (href: string): Json => {
    const cached = cache.get(href);
    if (cached !== undefined) return cached;
    const url = new URL(href.startsWith(ORIGIN) ? href : `${ORIGIN}${href}`);
    const query = parsePhpQuery(url.searchParams);
    query.set('context', 'embed');
    const path = normalizeRoute(url.pathname.slice(REST_PREFIX.length));
    const { result } = dispatch({ store, headers: new Headers(), fields: null, embed: false, fetchEmbedded: resolve }, 'GET', path, query);
    cache.set(href, result.data);
    return result.data;
  };
  return resolve;
}

function handleRest(store: WordPressStore, req: WordPressRequest, routePath: string): WordPressResponse {
  const method = req.method.toUpperCase();
  const origin = req.url.origin;
  const query = parsePhpQuery(req.url.searchParams);
  const headers = restHeaders(method, req.headers.get('origin'), origin);
  const path = normalizeRoute(routePath);

  let dispatched: Dispatched;
  if (method === 'OPTIONS') {
    // `rest_handle_options_request`: the route's description, or an empty list for unknown routes.
    const matched = matchRoute(path);
    dispatched = { route: matched?.route ?? null, result: { status: 200, data: matched ? describeRoute(matched.route, store) : [] } };
  } else {
    const fields = parseFields(query.get('_fields'));
    const env: DispatchEnv = { store, headers: req.headers, fields, embed: parseEmbed(query.get('_embed')), fetchEmbedded: embedResolver(store) };
    dispatched = dispatch(env, method === 'HEAD' ? 'GET' : method, path, query);
    if (fields && !isRestError(dispatched.result)) {
      dispatched.result = { ...dispatched.result, data: filterFields(dispatched.result.data, fields) };
    }
  }

  const { route, result } = dispatched;
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = withOrigin(value, origin);
  if (route && result.status < 400) headers.Allow = 'GET';
  return { status: result.status, headers, body: encodeJson(result.data, origin, query.has('_pretty')) };
}

function html(status: number, title: string, text: string): WordPressResponse {
  const body = `<!DOCTYPE html>\n<html lang="en"><head><meta charset="UTF-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>\n`;
  return { status, headers: { 'Content-Type': 'text/html; charset=UTF-8' }, body };
}

function handleUpload(store: WordPressStore, method: string, file: string): WordPressResponse {
  if (method !== 'GET' && method !== 'HEAD') {
    return { status: 405, headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=UTF-8' }, body: 'Method Not Allowed\n' };
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(file);
  } catch {
    return html(400, 'Bad Request', 'The file name is not valid.');
  }
  const upload = findUpload(store, decoded);
  if (!upload) return html(404, 'Not Found', 'The requested file was not found on this server.');
  return {
    status: 200,
    headers: {
      'Content-Type': upload.mimeType,
      'Content-Length': String(upload.bytes.length),
      'Cache-Control': 'public, max-age=31536000',
      'Accept-Ranges': 'bytes',
    },
    body: new Uint8Array(upload.bytes),
  };
}

function route(store: WordPressStore, req: WordPressRequest, method: string): WordPressResponse {
  const path = req.url.pathname;
  if (path === REST_PREFIX || path.startsWith(`${REST_PREFIX}/`)) {
    return handleRest(store, req, path.slice(REST_PREFIX.length));
  }
  // `?rest_route=/wp/v2/posts`: WordPress's REST entry point without pretty permalinks.
  const restRoute = req.url.searchParams.get('rest_route');
  if ((path === '/' || path === '/index.php') && restRoute !== null) {
    return handleRest(store, req, restRoute);
  }
  if (path.startsWith(UPLOADS_PATH)) {
    return handleUpload(store, method, path.slice(UPLOADS_PATH.length));
  }
  if (isBlockLibraryPath(path) && (method === 'GET' || method === 'HEAD')) {
    const css = blockLibraryFile(path);
    if (css === null) return html(404, 'Page not found', 'Nothing was found at this location.');
    return { status: 200, headers: { 'Content-Type': 'text/css', 'Cache-Control': 'public, max-age=31536000' }, body: css };
  }
  if (path === '/' && (method === 'GET' || method === 'HEAD')) {
    return html(200, 'Corvane Payments (local WordPress)', `The local content server. The REST API is at <a href="${REST_PREFIX}/">${REST_PREFIX}/</a>.`);
  }
  return html(404, 'Page not found', 'Nothing was found at this location.');
}

/** Answers one request from the store's content. HEAD gets GET's status and headers without a body. */
export async function handleWordPressRequest(store: WordPressStore, req: WordPressRequest): Promise<WordPressResponse> {
  const method = req.method.toUpperCase();
  const response = route(store, req, method);
  return method === 'HEAD' ? { ...response, body: '' } : response;
}
