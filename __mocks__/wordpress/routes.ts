import { collectionHeaders, queryCollection, type Listed } from './collection';
import { alertMetaQueryProblem, matchesMetaQuery } from './metaQuery';
import { parseRestDate, readArgs, type ArgSchema, type ArgValues } from './params';
import type { PhpArray } from './phpQuery';
import {
  AUTHOR_ID, asJson, prepareCategory, prepareMedia, preparePost, preparePostType, prepareSearchResult, prepareUser,
  type Context, type PostTypeView, type PrepareOptions,
} from './prepare';
import { CORE_TYPES, POST_TYPES, SEARCHABLE_TYPES, type PostRestBase, type PostTypeDef, type PostTypeNames } from './postTypes';
import { publicLink, withPublicLink } from './siteLinks';
import { invalidPostId, restError, type Json, type RestError, type RestResult } from './responses';
import type { StoredMedia, StoredPost, WordPressStore } from './store';
import { restUrl } from './urls';
import { withImageAttachments } from './imageAttachments';
import { previewItem } from './preview';
import { globalStylesheet } from './blockLibrary';
import { redirectTable } from './redirects';
import { idListSeo, indexSettings, siteSeo, siteSettings, withSeo } from './seo';

/**
 * The REST routes of the fake WordPress: wp/v2 collections and single items of every post type,
 * media, the post types (`/wp/v2/types`), the menu, search, and the custom-api/v1 id lists. Each route declares its methods and
 * arguments like `register_rest_route`; GET handlers answer reads, and registered write methods
 * answer what WordPress answers an unauthenticated client.
 */

export interface RouteContext {
  store: WordPressStore;
  query: PhpArray;
  /** The request's headers (the preview route reads its Basic credentials; internal embed requests have none). */
  headers: Headers;
  /** Prepare options for the request's `context` argument. */
  prepare: (context: Context) => PrepareOptions;
}

type Params = Record<string, string>;
type Args = Record<string, ArgSchema> | ((store: WordPressStore) => Record<string, ArgSchema>);

/** A route's arguments for one store. */
export function routeArgs(r: Route, store: WordPressStore): Record<string, ArgSchema> {
  return typeof r.args === 'function' ? r.args(store) : r.args;
}

export interface Route {
  namespace: string;
  /** The route as WordPress lists it, e.g. `/wp/v2/posts/(?P<id>[\d]+)`. */
  pattern: string;
  regex: RegExp;
  methods: readonly string[];
  /** The arguments, or a function of the content when they depend on it (search's `subtype` enum names the store's post types). */
  args: Args;
  get: (ctx: RouteContext, params: Params) => RestResult;
  /** Non-GET methods (the client is never authenticated). */
  write?: (ctx: RouteContext, params: Params, method: string) => RestResult;
}

// ---------------------------------------------------------------------------------------------
// Arguments

const PAGE: ArgSchema = { type: 'integer', minimum: 1, default: 1 };
const PER_PAGE: ArgSchema = { type: 'integer', minimum: 1, maximum: 100, default: 10 };
const IDS: ArgSchema = { type: 'array', items: { type: 'integer' }, default: [] };
const ORDERBY = ['author', 'date', 'id', 'include', 'modified', 'parent', 'relevance', 'slug', 'include_slugs', 'title'];
const POST_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash', 'auto-draft', 'inherit', 'request-pending', 'request-confirmed', 'request-failed', 'request-completed', 'any'];

function collectionArgs(kind: 'post' | 'media', sticky: boolean): Record<string, ArgSchema> {
  return {
    context: { type: 'string', enum: ['view', 'embed', 'edit'], default: 'view' },
    page: PAGE,
    per_page: PER_PAGE,
    search: { type: 'string' },
    exclude: IDS,
    include: IDS,
    order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
    orderby: { type: 'string', enum: ORDERBY, default: 'date' },
    ...(kind === 'media' ? { parent: IDS } : {}),
    slug: { type: 'array', items: { type: 'string' }, slugs: true },
    status:
      kind === 'media'
        ? { type: 'array', items: { type: 'string', enum: ['inherit', 'private', 'trash'] }, default: ['inherit'] }
        : { type: 'array', items: { type: 'string', enum: POST_STATUSES }, default: ['publish'] },
    ...(sticky ? { sticky: { type: 'boolean' } } : {}),
    // WordPress 5.7+ (WP_REST_Posts_Controller, attachments included): `post_modified` compared in site time.
    modified_after: { type: 'string', format: 'date-time' },
    modified_before: { type: 'string', format: 'date-time' },
  };
}

const ITEM_ARGS: Record<string, ArgSchema> = { context: { type: 'string', enum: ['view', 'embed', 'edit'], default: 'view' } };

/**
 * The post type names `/wp/v2/search` accepts as `subtype`: every public type in REST but
 * attachments (`WP_REST_Post_Search_Handler`), in registration order: `post`, core's `page`,
 * then the plugin's searchable types by the store's names. Any other name answers 400
 * `rest_invalid_param` for the whole request.
 */
function searchSubtypes(names: PostTypeNames): string[] {
  const [post, ...rest] = SEARCHABLE_TYPES;
  const core = CORE_TYPES.filter((t) => t.searchable).map((t) => t.name);
  return [names[post.restBase], ...core, ...rest.map((t) => names[t.restBase])];
}

function searchArgs(store: WordPressStore): Record<string, ArgSchema> {
  return {
    context: { type: 'string', enum: ['view', 'embed'], default: 'view' },
    page: PAGE,
    per_page: PER_PAGE,
    search: { type: 'string' },
    type: { type: 'string', enum: ['post', 'term', 'post-format'], default: 'post' },
    subtype: { type: 'array', items: { type: 'string', enum: [...searchSubtypes(store.postTypeNames), 'any'] }, default: ['any'] },
    exclude: IDS,
    include: IDS,
  };
}

const PREVIEW_ARGS: Record<string, ArgSchema> = { user: { type: 'integer', minimum: 1 } };

const TYPES_ARGS: Record<string, ArgSchema> = { context: { type: 'string', enum: ['view', 'embed', 'edit'], default: 'view' } };

// ---------------------------------------------------------------------------------------------
// Errors WordPress answers unauthenticated clients

const forbidden = (): RestError => restError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
const forbiddenContext = (what: 'posts in this post type' | 'this post'): RestError =>
  restError(401, 'rest_forbidden_context', `Sorry, you are not allowed to edit ${what}.`);
const forbiddenStatus = (): RestError =>
  restError(400, 'rest_invalid_param', 'Invalid parameter(s): status', {
    params: { status: 'Status is forbidden.' },
    details: { status: { code: 'rest_forbidden_status', message: 'Status is forbidden.', data: { status: 401 } } },
  });

function writeDenied(exists: boolean, method: string): RestError {
  if (!exists) return invalidPostId();
  return method === 'DELETE'
    ? restError(401, 'rest_cannot_delete', 'Sorry, you are not allowed to delete this post.')
    : restError(401, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this post.');
}

const cannotCreate = (): RestError => restError(401, 'rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.');

// ---------------------------------------------------------------------------------------------
// Handlers

function postListed(post: StoredPost): Listed {
  return {
    id: post.id,
    date: post.date,
    modified: post.modified,
    slug: post.slug,
    title: post.title.raw ?? post.title.rendered,
    excerpt: post.excerpt.rendered,
    content: post.content.rendered,
  };
}

function mediaListed(media: StoredMedia): Listed {
  return {
    id: media.id,
    date: media.date,
    modified: media.modified,
    slug: media.slug,
    title: media.title.rendered,
    excerpt: media.caption.rendered,
    content: media.description.rendered,
  };
}

function withArgs(ctx: RouteContext, schema: Record<string, ArgSchema>, run: (values: ArgValues) => RestResult): RestResult {
  const args = readArgs(ctx.query, schema);
  return 'error' in args ? args.error : run(args.values);
}

const numbers = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);
const strings = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.map(String) : undefined);

interface CollectionSpec<T> {
  items: readonly T[];
  listed: (item: T) => Listed;
  where: (index: number) => boolean;
  prepare: (item: T, options: PrepareOptions) => Json;
  /** The collection's route, for pagination links. */
  route: string;
  invalidPageCode: string;
  /** Overrides the `orderby` argument (search has none). */
  orderby?: string;
}

/** A page of a collection with its headers: the one path every collection route takes. */
function collectionResult<T>(ctx: RouteContext, v: ArgValues, spec: CollectionSpec<T>): RestResult {
  const page = queryCollection(spec.items, spec.listed, {
    page: Number(v.page),
    perPage: Number(v.per_page),
    search: typeof v.search === 'string' ? v.search : undefined,
    slugs: strings(v.slug),
    include: numbers(v.include),
    exclude: numbers(v.exclude),
    order: v.order === 'asc' ? 'asc' : 'desc',
    orderby: spec.orderby ?? (typeof v.orderby === 'string' ? v.orderby : 'date'),
    where: spec.where,
    invalidPageCode: spec.invalidPageCode,
    modifiedAfter: typeof v.modified_after === 'string' ? (parseRestDate(v.modified_after) ?? undefined) : undefined,
    modifiedBefore: typeof v.modified_before === 'string' ? (parseRestDate(v.modified_before) ?? undefined) : undefined,
  });
  if ('status' in page) return page;
  const options = ctx.prepare(v.context === 'embed' ? 'embed' : 'view');
  return {
    status: 200,
    data: page.items.map((item) => spec.prepare(item, options)),
    headers: collectionHeaders(restUrl(spec.route), ctx.query, Number(v.page), page.totalPages, page.total),
  };
}

function orderbyError(v: ArgValues): RestError | null {
  if (v.orderby === 'relevance' && !v.search) {
    return restError(400, 'rest_no_search_term_defined', 'You need to define a search term to order by relevance.');
  }
  if (v.orderby === 'include' && numbers(v.include).length === 0) {
    return restError(400, 'rest_orderby_include_missing_include', 'You need to define an include parameter to order by include.');
  }
  return null;
}

function listPosts(ctx: RouteContext, def: PostTypeDef): RestResult {
  return withArgs(ctx, collectionArgs('post', def.sticky), (v) => {
    if (v.context === 'edit') return forbiddenContext('posts in this post type');
    if (strings(v.status)?.some((s) => s !== 'publish')) return forbiddenStatus();
    const error = orderbyError(v);
    if (error) return error;
    const items = ctx.store.collections[def.restBase];
    // Core ignores `meta_query`; the companion plugin registers it on alerts only, allow-listed.
    const metaQuery = def.restBase === 'alert' ? ctx.query.get('meta_query') : undefined;
    const problem = def.restBase === 'alert' ? alertMetaQueryProblem(metaQuery) : null;
    if (problem) {
      return restError(400, 'rest_invalid_param', 'Invalid parameter(s): meta_query', {
        params: { meta_query: problem },
        details: { meta_query: { code: 'rest_invalid_param', message: problem, data: { status: 400 } } },
      });
    }
    const sticky = def.sticky && typeof v.sticky === 'boolean' ? v.sticky : undefined;
    const where = (i: number): boolean => {
      const post = items[i];
      if (post.status !== 'publish') return false;
      if (sticky !== undefined && Boolean(post.sticky) !== sticky) return false;
      return matchesMetaQuery(metaQuery, post.acf);
    };
    return collectionResult(ctx, v, {
      items,
      listed: postListed,
      where,
      prepare: (post, options) =>
        withSeo(ctx.store, def, post, withImageAttachments(ctx.store, def, post, preparePost(withPublicLink(ctx.store, def.restBase, post), def, options), options.context), options.context),
      route: `/wp/v2/${def.restBase}`,
      invalidPageCode: 'rest_post_invalid_page_number',
    });
  });
}

function getPost(ctx: RouteContext, def: PostTypeDef, id: number): RestResult {
  return withArgs(ctx, ITEM_ARGS, (v) => {
    const post = ctx.store.collections[def.restBase].find((p) => p.id === id);
    if (!post) return invalidPostId();
    if (v.context === 'edit') return forbiddenContext('this post');
    if (post.status !== 'publish') return forbidden();
    const options = ctx.prepare(v.context === 'embed' ? 'embed' : 'view');
    const prepared = withImageAttachments(ctx.store, def, post, preparePost(withPublicLink(ctx.store, def.restBase, post), def, options), options.context);
    return { status: 200, data: withSeo(ctx.store, def, post, prepared, options.context) };
  });
}

function listMedia(ctx: RouteContext): RestResult {
  return withArgs(ctx, collectionArgs('media', false), (v) => {
    if (v.context === 'edit') return forbiddenContext('posts in this post type');
    if (strings(v.status)?.some((s) => s !== 'inherit')) return forbiddenStatus();
    const error = orderbyError(v);
    if (error) return error;
    const parents = new Set(numbers(v.parent));
    const items = ctx.store.media;
    const where = (i: number): boolean => parents.size === 0 || parents.has(items[i].post ?? 0);
    return collectionResult(ctx, v, {
      items,
      listed: mediaListed,
      where,
      prepare: prepareMedia,
      route: '/wp/v2/media',
      invalidPageCode: 'rest_post_invalid_page_number',
    });
  });
}

function getMedia(ctx: RouteContext, id: number): RestResult {
  return withArgs(ctx, ITEM_ARGS, (v) => {
    const media = ctx.store.media.find((m) => m.id === id);
    if (!media) return invalidPostId();
    if (v.context === 'edit') return forbiddenContext('this post');
    return { status: 200, data: prepareMedia(media, ctx.prepare(v.context === 'embed' ? 'embed' : 'view')) };
  });
}

function search(ctx: RouteContext): RestResult {
  return withArgs(ctx, searchArgs(ctx.store), (v) => {
    const subtypes = strings(v.subtype) ?? ['any'];
    const names = ctx.store.postTypeNames;
    const defs = subtypes.includes('any') ? SEARCHABLE_TYPES : SEARCHABLE_TYPES.filter((t) => subtypes.includes(names[t.restBase]));
    // The fake has no terms or post formats: those searches find nothing.
    const entries = v.type === 'post' ? defs.flatMap((def) => ctx.store.collections[def.restBase].map((post) => ({ post, def }))) : [];
    return collectionResult(ctx, v, {
      items: entries,
      listed: (entry) => postListed(entry.post),
      where: (i) => entries[i].post.status === 'publish',
      prepare: (entry, options) => prepareSearchResult(withPublicLink(ctx.store, entry.def.restBase, entry.post), entry.def, options),
      route: '/wp/v2/search',
      invalidPageCode: 'rest_search_invalid_page_number',
      // WP_Query orders a search by relevance, and everything else by date.
      orderby: v.search ? 'relevance' : 'date',
    });
  });
}

/**
 * Every post type in REST, as `WP_REST_Post_Types_Controller` lists them: WordPress's own
 * `post`, core's other `show_in_rest` types, then the plugin's, by the store's names.
 */
function postTypeViews(store: WordPressStore): PostTypeView[] {
  const [post, ...plugin] = POST_TYPES;
  const own = (def: PostTypeDef): PostTypeView => ({
    name: store.postTypeNames[def.restBase],
    label: def.label,
    restBase: def.restBase,
    description: '',
    hierarchical: false,
    taxonomies: def.restBase === 'posts' ? ['category', 'post_tag'] : [],
    icon: def.restBase === 'posts' ? 'dashicons-admin-post' : null,
  });
  return [own(post), ...CORE_TYPES, ...plugin.map(own)];
}

function listTypes(ctx: RouteContext): RestResult {
  return withArgs(ctx, TYPES_ARGS, (v) => {
    // Editing any type needs a user who may edit posts of some type: never the fake's anonymous client.
    if (v.context === 'edit') return restError(401, 'rest_cannot_view', 'Sorry, you are not allowed to edit posts in this post type.');
    const options = ctx.prepare(v.context === 'embed' ? 'embed' : 'view');
    // Keyed by post type name: a JSON object, not a list.
    return { status: 200, data: Object.fromEntries(postTypeViews(ctx.store).map((t) => [t.name, preparePostType(t, options)])) };
  });
}

/** Registered, but not in REST: `/wp/v2/types/{name}` answers 401 `rest_cannot_read_type` for them. */
const HIDDEN_CORE_TYPES = ['revision', 'custom_css', 'customize_changeset', 'oembed_cache', 'user_request', 'wp_global_styles'];

function getType(ctx: RouteContext, name: string): RestResult {
  return withArgs(ctx, TYPES_ARGS, (v) => {
    const type = postTypeViews(ctx.store).find((t) => t.name === name);
    if (!type) {
      return HIDDEN_CORE_TYPES.includes(name)
        ? restError(401, 'rest_cannot_read_type', 'Cannot view post type.')
        : restError(404, 'rest_type_invalid', 'Invalid post type.');
    }
    if (v.context === 'edit') return restError(401, 'rest_forbidden_context', 'Sorry, you are not allowed to edit posts in this post type.');
    return { status: 200, data: preparePostType(type, ctx.prepare(v.context === 'embed' ? 'embed' : 'view')) };
  });
}

/**
 * A classic menu's items, flat, in menu order. A link to a post (`type: post_type`) carries the
 * post's permalink as it is now, as `wp_setup_nav_menu_item` computes it at read time.
 */
function menu(ctx: RouteContext, id: number): RestResult {
  const items = ctx.store.menus[id];
  if (!items) return invalidPostId();
  const permalink = (objectId: string): string | undefined => {
    for (const [restBase, posts] of Object.entries(ctx.store.collections) as [PostRestBase, StoredPost[]][]) {
      const post = posts.find((p) => String(p.id) === objectId);
      if (post) return publicLink(ctx.store, restBase, post);
    }
    return undefined;
  };
  const data = [...items]
    .sort((a, b) => a.menu_order - b.menu_order)
    .map((item) => (item.type === 'post_type' ? { ...item, url: permalink(item.object_id) ?? item.url } : item));
  return { status: 200, data: asJson(data) };
}

/** A custom-api id list: every published item, newest first, with the title as stored. */
function idList(ctx: RouteContext, def: PostTypeDef): RestResult {
  const stickyParam = ctx.query.get('sticky');
  const onlySticky = def.sticky && (stickyParam === 'true' || stickyParam === '1');
  const items = ctx.store.collections[def.restBase]
    .filter((post) => post.status === 'publish' && (!onlySticky || post.sticky))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id));
  const data = items.map((post) => {
    const record: Record<string, Json> = { id: post.id, slug: post.slug, title: post.title.raw ?? post.title.rendered };
    if (def.restBase === 'fp_page') record.section = typeof post.acf.section === 'string' ? post.acf.section : 'pages';
    // docs/seo-and-redirects.md §1 "In the id lists": what the sitemap needs of the SEO plugin.
    return { ...record, ...idListSeo(ctx.store, def, post) };
  });
  return { status: 200, data };
}

// ---------------------------------------------------------------------------------------------
// The route table

function route(
  namespace: string,
  path: string,
  methods: readonly string[],
  args: Args,
  get: Route['get'],
  write?: Route['write'],
): Route {
  const pattern = `/${namespace}${path}`;
  const regex = new RegExp(`^${pattern.replace(/\(\?P</g, '(?<')}$`, 'i');
  return { namespace, pattern, regex, methods, args, get, write };
}

const ID = '/(?P<id>[\\d]+)';
const READ_WRITE = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function postRoutes(def: PostTypeDef): Route[] {
  const single = (base: string): Route =>
    route('wp/v2', `/${base}${ID}`, READ_WRITE, ITEM_ARGS, (ctx, p) => getPost(ctx, def, Number(p.id)), (ctx, p, method) =>
      writeDenied(ctx.store.collections[def.restBase].some((post) => post.id === Number(p.id)), method),
    );
  return [
    route('wp/v2', `/${def.restBase}`, ['GET', 'POST'], collectionArgs('post', def.sticky), (ctx) => listPosts(ctx, def), cannotCreate),
    single(def.restBase),
    // The real site also registers its press releases under a second REST base, read by id only.
    ...def.byIdAliases.map(single),
  ];
}

const TERM_ARGS: Record<string, ArgSchema> = {
  context: { type: 'string', enum: ['view', 'embed', 'edit'], default: 'view' },
  page: PAGE,
  per_page: PER_PAGE,
  post: { type: 'integer' },
};

/** `/wp/v2/categories` and `/wp/v2/tags`: the fake has WordPress's default category and no tags. */
function terms(ctx: RouteContext, taxonomy: 'category' | 'post_tag'): RestResult {
  return withArgs(ctx, TERM_ARGS, (v) => {
    if (v.context === 'edit') return restError(401, 'rest_forbidden_context', 'Sorry, you are not allowed to edit terms in this taxonomy.');
    const options = ctx.prepare(v.context === 'embed' ? 'embed' : 'view');
    if (typeof v.post === 'number') {
      const post = ctx.store.collections.posts.find((p) => p.id === v.post);
      if (!post) return restError(400, 'rest_post_invalid_id', 'Invalid post ID.');
      if (post.status !== 'publish') return restError(401, 'rest_forbidden_context', 'Sorry, you are not allowed to view terms for this post.');
    }
    const items = taxonomy === 'category' ? [prepareCategory(options)] : [];
    const route = taxonomy === 'category' ? '/wp/v2/categories' : '/wp/v2/tags';
    return { status: 200, data: items, headers: collectionHeaders(restUrl(route), ctx.query, Number(v.page), items.length ? 1 : 0, items.length) };
  });
}

function user(ctx: RouteContext, id: number): RestResult {
  return withArgs(ctx, ITEM_ARGS, (v) => {
    if (id !== AUTHOR_ID) return restError(404, 'rest_user_invalid_id', 'Invalid user ID.');
    if (v.context === 'edit') return restError(401, 'rest_user_cannot_view', 'Sorry, you are not allowed to list users.');
    return { status: 200, data: prepareUser(ctx.prepare(v.context === 'embed' ? 'embed' : 'view')) };
  });
}

export const ROUTES: readonly Route[] = [
  ...POST_TYPES.flatMap(postRoutes),
  route('wp/v2', '/media', ['GET', 'POST'], collectionArgs('media', false), listMedia, cannotCreate),
  route('wp/v2', `/media${ID}`, READ_WRITE, ITEM_ARGS, (ctx, p) => getMedia(ctx, Number(p.id)), (ctx, p, method) =>
    writeDenied(ctx.store.media.some((m) => m.id === Number(p.id)), method),
  ),
  route('wp/v2', `/navigation${ID}`, ['GET'], {}, (ctx, p) => menu(ctx, Number(p.id))),
  route('wp/v2', '/search', ['GET'], searchArgs, search),
  route('wp/v2', '/types', ['GET'], TYPES_ARGS, listTypes),
  route('wp/v2', '/types/(?P<type>[\\w-]+)', ['GET'], TYPES_ARGS, (ctx, p) => getType(ctx, p.type)),
  route('wp/v2', `/users${ID}`, ['GET'], ITEM_ARGS, (ctx, p) => user(ctx, Number(p.id))),
  route('wp/v2', '/categories', ['GET'], TERM_ARGS, (ctx) => terms(ctx, 'category')),
  route('wp/v2', '/tags', ['GET'], TERM_ARGS, (ctx) => terms(ctx, 'post_tag')),
  ...POST_TYPES.filter((def) => def.idList).map((def) => route('custom-api/v1', `/${def.idList}`, ['GET'], {}, (ctx) => idList(ctx, def))),
  // The plugin's site identity and SEO of the pages that are not one item (issue 33; ./seo.ts).
  route('custom-api/v1', '/seo', ['GET'], {}, (ctx) =>
    siteSettings(ctx.store).companion ? { status: 200, data: siteSeo(ctx.store) } : restError(404, 'rest_no_route', 'No route was found matching the URL and request method.'),
  ),
  // The plugin's global stylesheet (issue 17): the active theme's wp_get_global_stylesheet().
  route('custom-api/v1', '/global-styles', ['GET'], {}, () => ({ status: 200, data: { css: globalStylesheet() } })),
  // The plugin's redirect table (issue 33, docs/seo-and-redirects.md §3).
  route('custom-api/v1', '/redirects', ['GET'], {}, (ctx) => ({ status: 200, data: redirectTable(ctx.store) })),
  // The plugin's preview route (issue 11): drafts and autosaves for the site's preview reader.
  route('custom-api/v1', `/preview/(?P<rest_base>[a-z0-9_-]+)${ID}`, ['GET'], PREVIEW_ARGS, (ctx, p) =>
    withArgs(ctx, PREVIEW_ARGS, (v) =>
      previewItem(ctx.store, ctx.headers, p.rest_base, Number(p.id), typeof v.user === 'number' ? v.user : undefined, ctx.prepare('view')),
    ),
  ),
];

export const NAMESPACES = [...new Set(ROUTES.map((r) => r.namespace))];

/** What OPTIONS and the index say about a route (`WP_REST_Server::get_data_for_route`). */
export function describeRoute(r: Route, store: WordPressStore): Json {
  const args = Object.fromEntries(
    Object.entries(routeArgs(r, store)).map(([name, schema]) => {
      // `slugs` is the fake's own sanitizer flag, not part of WordPress's schema.
      const described = Object.fromEntries(Object.entries(schema).filter(([key]) => key !== 'slugs'));
      return [name, { ...(asJson(described) as Record<string, Json>), required: false }];
    }),
  );
  return {
    namespace: r.namespace,
    methods: [...r.methods],
    endpoints: [{ methods: ['GET'], args }, ...r.methods.filter((m) => m !== 'GET').map((m) => ({ methods: [m], args: {} }))],
  };
}

/** `GET /wp-json/` and the namespace indexes. */
export function indexData(namespace: string | null, store: WordPressStore): Json {
  const routes = ROUTES.filter((r) => namespace === null || r.namespace === namespace);
  const data: Record<string, Json> = namespace
    ? { namespace }
    : {
        ...indexSettings(store),
        namespaces: NAMESPACES,
        authentication: [],
      };
  data.routes = Object.fromEntries(routes.map((r) => [r.pattern, describeRoute(r, store)]));
  return data;
}
