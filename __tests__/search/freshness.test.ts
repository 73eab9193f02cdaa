/** @jest-environment node */
/**
 * Issue 34 §5 (docs/search-index.md): the search index follows the revalidation webhook on the
 * instance that receives it, and the pub/sub message on every other (src/lib/site/revalidate.ts,
 * src/lib/site/invalidation.ts). Without Redis here: the message's encoding and what a receiver
 * does with it; __tests__/lib/invalidation.test.ts sends it over a real redis-server.
 */
import { http } from 'msw';
import handler from '../../pages/api/revalidate';
import {
  clearAndReload,
  decodeMessage,
  encodeMessage,
  handleMessage,
  refreshSearchIndex,
  type InvalidationScopes,
} from '@/lib/site/invalidation';
import { jobsSettled } from '@/lib/site/jobs';
import { currentSearchEngine, MAX_SEARCH_ITEMS, resetSearchIndexForTests, searchIndexSettled, searchIndexStatus, startSearchIndex } from '@/lib/search/siteIndex';
import type { StoredPost } from '../../__mocks__/wordpress/store';
import { fakeWordPress, recordWordPressRequests, server, WORDPRESS_BASE } from '../setup/msw';
import { fakeResponse, stopTestWorker, installTestWorker, v2, webhookRequest, type TestWorker } from '../api/fakeHttp';

const WP = `${WORDPRESS_BASE}/wp-json/wp/v2`;
let recorder: ReturnType<typeof recordWordPressRequests>;
let spies: jest.SpyInstance[];

const urlsFound = (query: string) => (currentSearchEngine()?.search(query) ?? []).map((hit) => hit.url);
/** Walks of posts (a build) since the recorder started. */
const postWalks = () => recorder.urls.filter((u) => u.pathname === '/wp-json/wp/v2/posts' && u.searchParams.get('per_page') === '100');
/** Slug reads of posts (an item update) since the recorder started. */
const postSlugReads = () => recorder.urls.filter((u) => u.pathname === '/wp-json/wp/v2/posts' && u.searchParams.has('slug'));

function addPost(id: number, slug: string, title: string): StoredPost {
  const model = fakeWordPress().collections.posts[0];
  const post: StoredPost = { ...structuredClone(model), id, slug, title: { raw: title, rendered: title }, link: model.link.replace(model.slug, slug) };
  fakeWordPress().collections.posts.push(post);
  return post;
}

let worker: TestWorker;

/** Calls the webhook with a version-2 payload and waits for the worker (the work happens after the 202). */
async function webhook(fields: Record<string, unknown>) {
  const res = fakeResponse();
  await handler(webhookRequest(v2(fields)), res);
  await jobsSettled();
  return res;
}

/** Holds every walk of posts (a build) until `release()`: a build under way, for as long as a test needs. */
function holdBuilds() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get(`${WP}/posts`, async ({ request }) => {
      if (new URL(request.url).searchParams.get('per_page') === '100') await gate;
      return undefined; // then the fake WordPress answers
    }),
  );
  return release;
}

beforeEach(async () => {
  resetSearchIndexForTests();
  spies = [jest.spyOn(console, 'info').mockImplementation(() => undefined), jest.spyOn(console, 'error').mockImplementation(() => undefined)];
  await startSearchIndex();
  recorder = recordWordPressRequests();
  worker = installTestWorker();
});
afterEach(async () => {
  await stopTestWorker();
  await searchIndexSettled();
  resetSearchIndexForTests();
  recorder.stop();
  spies.forEach((spy) => spy.mockRestore());
});

describe('the worker: the items are in this instance’s index before its pages regenerate', () => {
  it("the payload's items: a new post is searchable once the worker is done", async () => {
    addPost(9100, 'zebraquartz-plugin', 'Zebraquartz from the plugin');
    const res = await webhook({ event: 'update', items: [{ rest_base: 'posts', slug: 'zebraquartz-plugin' }] });
    expect(res.statusCode).toBe(202);
    expect(urlsFound('zebraquartz')).toEqual(['/resources/blogs/zebraquartz-plugin']);
    expect(postWalks()).toEqual([]);
  });

  it('an unpublished item is gone from the index', async () => {
    const post = fakeWordPress().collections.posts[0];
    expect(urlsFound('orchestration means for multi-site')).toContain(`/resources/blogs/${post.slug}`);
    post.status = 'draft';
    expect((await webhook({ event: 'unpublish', items: [{ rest_base: 'posts', slug: post.slug }] })).statusCode).toBe(202);
    expect(urlsFound('orchestration means for multi-site')).not.toContain(`/resources/blogs/${post.slug}`);
  });

  it('the items are in the index before the first page regenerates (the purge of `search` comes after both)', async () => {
    addPost(9101, 'zebraquartz-order', 'Zebraquartz in order');
    await stopTestWorker();
    const seen: string[][] = [];
    worker = installTestWorker(async () => {
      seen.push(urlsFound('zebraquartz'));
    });
    await webhook({ event: 'update', items: [{ rest_base: 'posts', slug: 'zebraquartz-order' }] });
    expect(seen.length).toBe(3);
    expect(seen.every((found) => found.includes('/resources/blogs/zebraquartz-order'))).toBe(true);
  });

  it('a WordPress failure for the item does not stop the pages: they are regenerated, the index rebuilds', async () => {
    server.use(http.get(`${WP}/news`, ({ request }) => (new URL(request.url).searchParams.has('slug') ? Response.error() : undefined)));
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const res = fakeResponse();
      await handler(webhookRequest(v2({ event: 'update', items: [{ rest_base: 'news', slug: 'corvane-opens-regional-office-in-denver' }] })), res);
      expect(res.statusCode).toBe(202);
      const settled = jobsSettled();
      await jest.advanceTimersByTimeAsync(6_000);
      await settled;
      expect(worker.regenerated).toHaveLength(3);
      await searchIndexSettled();
      expect(postWalks()).toHaveLength(1);
      expect(urlsFound('denver')).toContain('/about-us/news/corvane-opens-regional-office-in-denver');
    } finally {
      jest.useRealTimers();
    }
  });

  it("the plugin's test call reads nothing for the index", async () => {
    expect((await webhook({ event: 'test' })).statusCode).toBe(200);
    expect(recorder.urls).toEqual([]);
  });
});

describe('the worker: scope "all" rebuilds the index in the background', () => {
  it('scope "all" → a rebuild, and the worker does not wait for it', async () => {
    const release = holdBuilds();
    const res = await webhook({ event: 'menu_save', scope: 'all' });
    expect(res.statusCode).toBe(202);
    expect(searchIndexStatus().building).toBe(true);
    release();
    await searchIndexSettled();
    expect(postWalks()).toHaveLength(1);
  });

  it('items with scope "all" are applied before the pages regenerate, and the index is rebuilt too', async () => {
    addPost(9102, 'zebraquartz-menu', 'Zebraquartz with the menu');
    const release = holdBuilds();
    const res = await webhook({ event: 'menu_save,update', items: [{ rest_base: 'posts', slug: 'zebraquartz-menu' }], scope: 'all' });
    expect(res.statusCode).toBe(202);
    expect(urlsFound('zebraquartz')).toEqual(['/resources/blogs/zebraquartz-menu']);
    release();
    await searchIndexSettled();
    expect(postWalks()).toHaveLength(1);
    expect(urlsFound('zebraquartz')).toEqual(['/resources/blogs/zebraquartz-menu']);
  });

  it('an item-only call does not rebuild', async () => {
    await webhook({ event: 'update', items: [{ rest_base: 'posts', slug: fakeWordPress().collections.posts[1].slug }] });
    await searchIndexSettled();
    expect(postWalks()).toEqual([]);
    expect(postSlugReads()).toHaveLength(1);
  });
});

describe('the pub/sub message carries the items (at most 100), validated when decoded', () => {
  const base = { v: 1 as const, origin: 'A', menu: false, content: true };
  const item = { type: 'news' as const, slug: 'a-slug', section: 'pages' };

  it('encoded and decoded with its items; absent items are none', () => {
    expect(decodeMessage(encodeMessage({ ...base, items: [item], event: 'update' }))).toEqual({ ...base, items: [item], event: 'update' });
    expect(decodeMessage(JSON.stringify(base))).toEqual(base);
    expect(decodeMessage(JSON.stringify({ ...base, items: [] }))).toEqual(base);
  });

  it.each([
    ['not a list', { a: 1 }],
    ['more than 100', Array.from({ length: MAX_SEARCH_ITEMS + 1 }, () => item)],
    ['an unknown type', [{ ...item, type: 'posts' }]],
    ['a bad slug', [{ ...item, slug: 'A B' }]],
    ['no section', [{ type: 'news', slug: 'a-slug' }]],
    ['not an object', ['news:a-slug']],
  ])('items %s → the message is not one of ours (ignored)', (_name, items) => {
    expect(decodeMessage(JSON.stringify({ ...base, items }))).toBeNull();
  });

  it('100 items are accepted', () => {
    expect(decodeMessage(JSON.stringify({ ...base, items: Array.from({ length: MAX_SEARCH_ITEMS }, () => item) }))?.items).toHaveLength(MAX_SEARCH_ITEMS);
  });

  it('a receiver hands the items to its clear function', () => {
    const clear = jest.fn();
    expect(handleMessage(JSON.stringify({ ...base, items: [item] }), 'B', clear)).toBe('cleared');
    expect(clear).toHaveBeenCalledWith({ menu: false, content: true, items: [item] });
  });
});

describe('a receiver brings its index up to date before it acknowledges', () => {
  const receive = (scopes: InvalidationScopes) => clearAndReload('redis://127.0.0.1:1')(scopes);

  it("the message's items are applied when the receiver's promise (awaited before the ack) settles", async () => {
    addPost(9103, 'zebraquartz-message', 'Zebraquartz by message');
    await receive({ menu: false, content: true, items: [{ type: 'blog', slug: 'zebraquartz-message', section: 'pages' }] });
    expect(urlsFound('zebraquartz')).toEqual(['/resources/blogs/zebraquartz-message']);
    await searchIndexSettled();
    expect(postWalks()).toEqual([]);
  });

  it('a message with menu: true → a rebuild', async () => {
    await receive({ menu: true, content: false });
    await searchIndexSettled();
    expect(postWalks()).toHaveLength(1);
  });

  it('content without items (a paths call, an older sender) → a rebuild', async () => {
    await receive({ menu: false, content: true });
    await searchIndexSettled();
    expect(postWalks()).toHaveLength(1);
  });

  it("a redirects-only message does nothing to the index", async () => {
    await refreshSearchIndex({ menu: false, content: false, redirects: true });
    await searchIndexSettled();
    expect(recorder.urls).toEqual([]);
  });

  it('the reconnection after a lost Redis (the subscriber clears menu, content and redirects) → a rebuild', async () => {
    addPost(9104, 'zebraquartz-lost', 'Zebraquartz sent while Redis was down');
    await refreshSearchIndex({ menu: true, content: true, redirects: true });
    await searchIndexSettled();
    expect(postWalks()).toHaveLength(1);
    expect(urlsFound('zebraquartz')).toEqual(['/resources/blogs/zebraquartz-lost']);
  });
});
