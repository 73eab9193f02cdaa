/** @jest-environment node */
/**
 * Issue 34 §5 (docs/search-index.md): the search index's life in one process, against the fake
 * WordPress (msw). About the lifecycle (build, swap, retry, safety net, item updates), not about
 * ranking: the queries use words only one item has.
 */
import { http, HttpResponse } from 'msw';
import {
  currentSearchEngine,
  FRAME_REST_BASE,
  rebuildSearchIndex,
  resetSearchIndexForTests,
  RETRY_MS,
  SAFETY_REBUILD_MS,
  searchIndexSettled,
  searchIndexStatus,
  startSearchIndex,
  updateSearchItems,
} from '@/lib/search/siteIndex';
import { createSeedStore, type StoredPost } from '../../__mocks__/wordpress/store';
import { fakeWordPress, recordWordPressRequests, server, WORDPRESS_BASE } from '../setup/msw';

const WP = `${WORDPRESS_BASE}/wp-json/wp/v2`;
let recorder: ReturnType<typeof recordWordPressRequests>;
let errorSpy: jest.SpyInstance;
let infoSpy: jest.SpyInstance;

/** Requests to one REST base (`posts`, `frame`, `frame/201`, …) since the test started. */
const requestsTo = (path: string) => recorder.urls.filter((u) => u.pathname === `/wp-json/wp/v2/${path}`);
const urlsFound = (query: string, type?: Parameters<NonNullable<ReturnType<typeof currentSearchEngine>>['search']>[1]) =>
  (currentSearchEngine()?.search(query, type) ?? []).map((hit) => hit.url);

/** A new blog post in the fake WordPress (a copy of the first one). */
function addPost(id: number, slug: string, title: string, extra: Partial<StoredPost> = {}): StoredPost {
  const model = fakeWordPress().collections.posts[0];
  const post: StoredPost = { ...structuredClone(model), id, slug, title: { raw: title, rendered: title }, link: model.link.replace(model.slug, slug), ...extra };
  fakeWordPress().collections.posts.push(post);
  return post;
}

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  resetSearchIndexForTests();
  recorder = recordWordPressRequests();
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  infoSpy = jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  resetSearchIndexForTests();
  recorder.stop();
  errorSpy.mockRestore();
  infoSpy.mockRestore();
  jest.useRealTimers();
});

describe('before startSearchIndex there is no index in the process', () => {
  it('currentSearchEngine() is null, the status not ready, and updates or rebuilds read nothing', async () => {
    expect(currentSearchEngine()).toBeNull();
    expect(searchIndexStatus()).toEqual({ ready: false, size: 0, builtAt: null, building: false });
    await updateSearchItems([{ type: 'blog', slug: 'x', section: 'pages' }]);
    await rebuildSearchIndex();
    expect(recorder.urls).toEqual([]);
  });
});

describe('the build reads every content type with the all-posts walk and every frame once', () => {
  it('after the first build the engine answers, with every published item of every type and the pages by their frames', async () => {
    const first = startSearchIndex();
    expect(currentSearchEngine()).toBeNull();
    expect(searchIndexStatus().building).toBe(true);
    await first;
    const status = searchIndexStatus();
    expect(status).toEqual({ ready: true, size: expect.any(Number), builtAt: expect.any(String), building: false });
    const store = fakeWordPress().collections;
    expect(status.size).toBeGreaterThanOrEqual(store.posts.length + store.news.length);
    expect(urlsFound('orchestration means for multi-site')).toContain('/resources/blogs/what-payment-orchestration-means-for-multi-site-merchants');
    // The home page's text is its frames' (hero heading), answered at /.
    expect(urlsFound('payments that keep your business moving')).toContain('/');
  });

  it('asks {restBase}?per_page=100&page=N with _fields (status included) and no _embed; frames by frame?per_page=100 walks, never one by one', async () => {
    await startSearchIndex();
    const posts = requestsTo('posts');
    expect(posts).toHaveLength(1);
    expect(posts[0].searchParams.get('per_page')).toBe('100');
    expect(posts[0].searchParams.get('page')).toBe('1');
    expect(posts[0].searchParams.get('_fields')).toBe('id,slug,status,title,excerpt,content,date,acf,link');
    expect(posts[0].searchParams.has('_embed')).toBe(false);
    for (const base of ['news', 'press-releases', 'whitepapers', 'case-studies', 'insights', 'events', 'virtual', 'fp_page']) expect(requestsTo(base)).toHaveLength(1);
    // 101 frames: two pages of the walk, and no frame/{id} read.
    expect(requestsTo(FRAME_REST_BASE).map((u) => u.searchParams.get('page'))).toEqual(['1', '2']);
    expect(recorder.urls.filter((u) => u.pathname.startsWith('/wp-json/wp/v2/frame/'))).toEqual([]);
  });

  it('the walk goes on while pages are full and stops at X-WP-TotalPages (150 posts → pages 1 and 2)', async () => {
    Object.assign(fakeWordPress(), createSeedStore({ items: 150 }));
    await startSearchIndex();
    expect(requestsTo('posts').map((u) => u.searchParams.get('page'))).toEqual(['1', '2']);
    expect(urlsFound('orchestration means for multi-site')).toContain('/resources/blogs/what-payment-orchestration-means-for-multi-site-merchants');
  });

  it("the 400 rest_post_invalid_page_number past the last page ends the walk (a full page without X-WP-TotalPages)", async () => {
    const full = Array.from({ length: 100 }, (_, i) => ({ id: 50_000 + i, slug: `bulk-${i}`, status: 'publish', title: { rendered: `Bulk ${i}` }, excerpt: { rendered: '' }, content: { rendered: '' }, date: '2024-01-01T00:00:00', acf: {} }));
    server.use(
      http.get(`${WP}/news`, ({ request }) =>
        new URL(request.url).searchParams.get('page') === '1'
          ? HttpResponse.json(full)
          : HttpResponse.json({ code: 'rest_post_invalid_page_number', message: 'too far', data: { status: 400 } }, { status: 400 }),
      ),
    );
    await startSearchIndex();
    expect(searchIndexStatus().ready).toBe(true);
    expect(requestsTo('news').map((u) => u.searchParams.get('page'))).toEqual(['1', '2']);
    expect(urlsFound('bulk 42', { type: 'news', limit: 200 })).toContain('/about-us/news/bulk-99');
  });

  it('items that are not published, without a slug, or the test pages stay out', async () => {
    addPost(9001, 'zebraquartz-draft', 'Zebraquartz draft', { status: 'draft' });
    server.use(
      http.get(`${WP}/events`, () =>
        HttpResponse.json([{ id: 9002, slug: '', status: 'publish', title: { rendered: 'Zebraquartz without slug' }, excerpt: { rendered: '' }, content: { rendered: '' }, date: '2025-01-01T00:00:00', acf: {} }]),
      ),
    );
    await startSearchIndex();
    expect(urlsFound('zebraquartz')).toEqual([]);
    expect(urlsFound('media relations')).not.toContain('/pages/get-in-touch-media-relations-salesforce-test-page');
  });
});

describe('a failed build keeps the last engine and is tried again after 30 s, logged once per outage', () => {
  const failPosts = () => server.use(http.get(`${WP}/posts`, () => HttpResponse.json({ code: 'x', message: 'down' }, { status: 500 })));

  it('WordPress failing for one type (after the attempts) fails the whole build: no engine, a retry after RETRY_MS', async () => {
    failPosts();
    const first = startSearchIndex();
    await jest.advanceTimersByTimeAsync(6_000); // fetchJson's attempts, 3 s apart
    await first;
    expect(currentSearchEngine()).toBeNull();
    const logged = () => errorSpy.mock.calls.filter(([m]) => String(m).startsWith('[search] the search index could not be built'));
    expect(logged()).toHaveLength(1);
    expect(String(logged()[0][0])).toContain("searches ask WordPress's search meanwhile");
    // Still failing at the retry: not logged again.
    const before = requestsTo('posts').length;
    await jest.advanceTimersByTimeAsync(RETRY_MS - 1);
    expect(requestsTo('posts')).toHaveLength(before);
    await jest.advanceTimersByTimeAsync(1 + 6_000);
    await searchIndexSettled();
    expect(requestsTo('posts').length).toBeGreaterThan(before);
    expect(logged()).toHaveLength(1);
    // WordPress back: the next retry builds, and says so once.
    server.resetHandlers();
    server.use(http.get(`${WP}/posts`, () => HttpResponse.json([])));
    await jest.advanceTimersByTimeAsync(RETRY_MS);
    await searchIndexSettled();
    expect(searchIndexStatus().ready).toBe(true);
    expect(infoSpy).toHaveBeenCalledWith('[search] the search index is built again from WordPress');
  });

  it('an answer that is not a list fails the build too, and the last engine keeps answering', async () => {
    await startSearchIndex();
    const engine = currentSearchEngine();
    expect(engine).not.toBeNull();
    server.use(http.get(`${WP}/insights`, () => HttpResponse.json({ not: 'a list' })));
    await rebuildSearchIndex();
    expect(currentSearchEngine()).toBe(engine);
    expect(String(errorSpy.mock.calls.at(-1)?.[0])).toMatch(/could not be built \(WordPress answered insights \(page 1\) with something other than a list\): keeping the last index/);
  });
});

describe('rebuilds: a fresh engine swapped in when complete, one at a time, every 15 minutes', () => {
  it('the old engine answers during a rebuild; the new one after', async () => {
    await startSearchIndex();
    const old = currentSearchEngine();
    addPost(9003, 'zebraquartz-news', 'Zebraquartz arrives');
    const rebuilt = rebuildSearchIndex();
    expect(searchIndexStatus().building).toBe(true);
    expect(currentSearchEngine()).toBe(old);
    await rebuilt;
    expect(currentSearchEngine()).not.toBe(old);
    expect(urlsFound('zebraquartz')).toEqual(['/resources/blogs/zebraquartz-news']);
  });

  it('asked during a rebuild, it runs once more after (several asks: still one more run)', async () => {
    await startSearchIndex();
    const before = requestsTo('posts').length;
    const runs = [rebuildSearchIndex(), rebuildSearchIndex(), rebuildSearchIndex()];
    await Promise.all(runs);
    expect(requestsTo('posts').length - before).toBe(2);
  });

  it('a change made while a build reads is in the run after it', async () => {
    await startSearchIndex();
    const rebuilt = rebuildSearchIndex();
    addPost(9004, 'zebraquartz-late', 'Zebraquartz late');
    void rebuildSearchIndex();
    await rebuilt;
    expect(urlsFound('zebraquartz')).toEqual(['/resources/blogs/zebraquartz-late']);
  });

  it('the safety net rebuilds every 15 minutes, on an unref-ed timer', async () => {
    const setIntervalSpy = jest.spyOn(global, 'setInterval');
    await startSearchIndex();
    const timer = setIntervalSpy.mock.results[0]?.value as { hasRef?: () => boolean };
    expect(setIntervalSpy).toHaveBeenCalledWith(expect.any(Function), SAFETY_REBUILD_MS);
    if (timer.hasRef) expect(timer.hasRef()).toBe(false);
    setIntervalSpy.mockRestore();
    const before = requestsTo('posts').length;
    await jest.advanceTimersByTimeAsync(SAFETY_REBUILD_MS - 1);
    expect(requestsTo('posts')).toHaveLength(before);
    await jest.advanceTimersByTimeAsync(1);
    await searchIndexSettled();
    expect(requestsTo('posts')).toHaveLength(before + 1);
  });

  it('startSearchIndex twice starts once', async () => {
    await Promise.all([startSearchIndex(), startSearchIndex()]);
    expect(requestsTo('posts')).toHaveLength(1);
  });
});

describe('updateSearchItems: each item read again by slug, added when published, removed when not', () => {
  beforeEach(async () => {
    await startSearchIndex();
    recorder.stop();
    recorder = recordWordPressRequests();
  });

  it('a new post is searchable once the update resolves; it was read by {restBase}?slug=…&_fields=…', async () => {
    addPost(9010, 'zebraquartz-new', 'Zebraquartz is new');
    expect(urlsFound('zebraquartz')).toEqual([]);
    await updateSearchItems([{ type: 'blog', slug: 'zebraquartz-new', section: 'pages' }]);
    expect(urlsFound('zebraquartz')).toEqual(['/resources/blogs/zebraquartz-new']);
    const [read] = requestsTo('posts');
    expect(requestsTo('posts')).toHaveLength(1);
    expect(read.searchParams.get('slug')).toBe('zebraquartz-new');
    expect(read.searchParams.get('_fields')).toBe('id,slug,status,title,excerpt,content,date,acf,link');
  });

  it('an item WordPress no longer gives (trashed, unpublished) is removed by idOf(type, slug)', async () => {
    const posts = fakeWordPress().collections.posts;
    const gone = posts[0];
    expect(urlsFound('orchestration means for multi-site')).toContain('/resources/blogs/what-payment-orchestration-means-for-multi-site-merchants');
    const size = searchIndexStatus().size;
    gone.status = 'draft';
    await updateSearchItems([{ type: 'blog', slug: gone.slug, section: 'pages' }]);
    expect(urlsFound('orchestration means for multi-site')).not.toContain('/resources/blogs/what-payment-orchestration-means-for-multi-site-merchants');
    expect(searchIndexStatus().size).toBe(size - 1);
  });

  it('a slug change moves the item: the old slug is not found by WordPress, the new read replaces the same id', async () => {
    const post = fakeWordPress().collections.posts[0];
    const oldSlug = post.slug;
    post.slug = 'orchestration-renamed';
    const size = searchIndexStatus().size;
    await updateSearchItems([
      { type: 'blog', slug: 'orchestration-renamed', section: 'pages' },
      { type: 'blog', slug: oldSlug, section: 'pages' },
    ]);
    const urls = urlsFound('orchestration means for multi-site');
    expect(urls).toContain('/resources/blogs/orchestration-renamed');
    expect(urls).not.toContain(`/resources/blogs/${oldSlug}`);
    expect(searchIndexStatus().size).toBe(size);
  });

  it("a page is read with its frames (frame/{id}), and an edited frame's text becomes searchable", async () => {
    const hero = fakeWordPress().collections.frame.find((f) => f.id === 203)!;
    hero.acf.heading = 'Zebraquartz payments for everyone';
    await updateSearchItems([{ type: 'page', slug: 'home', section: 'pages' }]);
    expect(urlsFound('zebraquartz')).toEqual(['/']);
    expect(requestsTo('fp_page')[0].searchParams.get('slug')).toBe('home');
    expect(recorder.urls.filter((u) => u.pathname.startsWith('/wp-json/wp/v2/frame/')).map((u) => u.pathname.split('/').pop()).sort()).toEqual(['201', '202', '203', '204', '205', '206']);
  });

  it('a WordPress failure for an item leaves the index as it was for that item, applies the others, and asks for a rebuild', async () => {
    addPost(9011, 'zebraquartz-ok', 'Zebraquartz fine');
    server.use(http.get(`${WP}/news`, () => HttpResponse.json({ code: 'x' }, { status: 500 })));
    const denver = '/about-us/news/corvane-opens-regional-office-in-denver';
    expect(urlsFound('denver')).toContain(denver);
    const update = updateSearchItems([
      { type: 'news', slug: 'corvane-opens-regional-office-in-denver', section: 'pages' },
      { type: 'blog', slug: 'zebraquartz-ok', section: 'pages' },
    ]);
    await jest.advanceTimersByTimeAsync(6_000);
    await update;
    expect(urlsFound('denver')).toContain(denver);
    expect(urlsFound('zebraquartz')).toEqual(['/resources/blogs/zebraquartz-ok']);
    expect(String(errorSpy.mock.calls.find(([m]) => String(m).startsWith('[search] 1 of 2 changed items'))?.[0])).toContain('rebuilding the index');
    // The rebuild was asked for: a walk of every type (which fails on news, so the engine stays).
    expect(requestsTo('posts').some((u) => u.searchParams.get('per_page') === '100')).toBe(true);
    await jest.advanceTimersByTimeAsync(6_000);
    await searchIndexSettled();
    expect(urlsFound('zebraquartz')).toEqual(['/resources/blogs/zebraquartz-ok']);
  });

  it('an update applied during a rebuild is applied to the fresh engine too (it may have read the item before the change)', async () => {
    // The rebuild's walk of posts answers the old content (captured before the change).
    const oldPosts = await (await fetch(`${WP}/posts?per_page=100&_fields=id,slug,status,title,excerpt,content,date,acf,link`)).json();
    server.use(http.get(`${WP}/posts`, ({ request }) => (new URL(request.url).searchParams.has('slug') ? undefined : HttpResponse.json(oldPosts))));
    const rebuilt = rebuildSearchIndex();
    addPost(9012, 'zebraquartz-during', 'Zebraquartz during');
    await updateSearchItems([{ type: 'blog', slug: 'zebraquartz-during', section: 'pages' }]);
    await rebuilt;
    expect(urlsFound('zebraquartz')).toEqual(['/resources/blogs/zebraquartz-during']);
  });

  it('before the first build is done, an update asks the build under way to run once more', async () => {
    resetSearchIndexForTests();
    const first = startSearchIndex();
    addPost(9013, 'zebraquartz-early', 'Zebraquartz early');
    await updateSearchItems([{ type: 'blog', slug: 'zebraquartz-early', section: 'pages' }]);
    await first;
    expect(requestsTo('posts').filter((u) => u.searchParams.get('page') === '1')).toHaveLength(2);
    expect(urlsFound('zebraquartz')).toEqual(['/resources/blogs/zebraquartz-early']);
  });
});
