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
import { menuRegenerationSettled } from '@/lib/site/revalidate';
import { currentSearchEngine, MAX_SEARCH_ITEMS, resetSearchIndexForTests, searchIndexSettled, searchIndexStatus, startSearchIndex } from '@/lib/search/siteIndex';
import type { StoredPost } from '../../__mocks__/wordpress/store';
import { fakeWordPress, recordWordPressRequests, server, WORDPRESS_BASE } from '../setup/msw';
import { fakeResponse, webhookRequest } from '../api/fakeHttp';

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

async function webhook(body: unknown, revalidate?: (path: string) => Promise<void>) {
  const res = fakeResponse(revalidate);
  await handler(webhookRequest(body), res);
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
});
afterEach(async () => {
  await menuRegenerationSettled();
  await searchIndexSettled();
  resetSearchIndexForTests();
  recorder.stop();
  spies.forEach((spy) => spy.mockRestore());
});

describe('the webhook: the items are in this instance’s index before it answers', () => {
  it("the plugin's items: a new post is searchable when the answer comes", async () => {
    addPost(9100, 'zebraquartz-plugin', 'Zebraquartz from the plugin');
    const res = await webhook({ event: 'update', items: [{ rest_base: 'posts', slug: 'zebraquartz-plugin' }], menu: false });
    expect(res.statusCode).toBe(200);
    expect(urlsFound('zebraquartz')).toEqual(['/resources/blogs/zebraquartz-plugin']);
    expect(postWalks()).toEqual([]);
  });

  it('{type, slug}: an unpublished item is gone from the index when the answer comes', async () => {
    const post = fakeWordPress().collections.posts[0];
    expect(urlsFound('orchestration means for multi-site')).toContain(`/resources/blogs/${post.slug}`);
    post.status = 'draft';
    expect((await webhook({ type: 'blog', slug: post.slug })).statusCode).toBe(200);
    expect(urlsFound('orchestration means for multi-site')).not.toContain(`/resources/blogs/${post.slug}`);
  });

  it('the items are read in parallel with the page regeneration, not after it', async () => {
    addPost(9101, 'zebraquartz-parallel', 'Zebraquartz in parallel');
    let slugReadStarted!: () => void;
    const slugRead = new Promise<void>((resolve) => (slugReadStarted = resolve));
    const listener = ({ request }: { request: Request }) => {
      if (new URL(request.url).searchParams.get('slug') === 'zebraquartz-parallel') slugReadStarted();
    };
    server.events.on('request:start', listener);
    // Each page's regeneration waits until the index's read has begun: run one after the other, this would never end.
    const res = await webhook({ event: 'update', items: [{ rest_base: 'posts', slug: 'zebraquartz-parallel' }], menu: false }, () => slugRead);
    server.events.removeListener('request:start', listener);
    expect(res.statusCode).toBe(200);
    expect(res.revalidateCalls.length).toBeGreaterThan(0);
    expect(urlsFound('zebraquartz')).toEqual(['/resources/blogs/zebraquartz-parallel']);
  });

  it('a WordPress failure for the item does not fail the webhook: the pages are regenerated, the index rebuilds', async () => {
    server.use(http.get(`${WP}/news`, ({ request }) => (new URL(request.url).searchParams.has('slug') ? Response.error() : undefined)));
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const answered = webhook({ event: 'update', items: [{ rest_base: 'news', slug: 'corvane-opens-regional-office-in-denver' }], menu: false });
      await jest.advanceTimersByTimeAsync(6_000);
      const res = await answered;
      expect(res.statusCode).toBe(200);
      await searchIndexSettled();
      expect(postWalks()).toHaveLength(1);
      expect(urlsFound('denver')).toContain('/about-us/news/corvane-opens-regional-office-in-denver');
    } finally {
      jest.useRealTimers();
    }
  });

  it("the plugin's test call reads nothing for the index", async () => {
    expect((await webhook({ event: 'test', items: [], menu: false })).statusCode).toBe(200);
    expect(recorder.urls).toEqual([]);
  });
});

describe('the webhook: a menu change or a paths call rebuilds the index in the background', () => {
  it.each([
    ["the plugin's menu: true", { event: 'menu_save', items: [], menu: true }, 202],
    ['{"type": "menu"}', { type: 'menu' }, 200],
    ['a paths call', { paths: ['/about-us/news'] }, 200],
  ])('%s → a rebuild, and the answer does not wait for it', async (_name, body, status) => {
    const release = holdBuilds();
    const res = await webhook(body);
    expect(res.statusCode).toBe(status);
    expect(searchIndexStatus().building).toBe(true);
    release();
    await searchIndexSettled();
    expect(postWalks()).toHaveLength(1);
  });

  it("the plugin's items with menu: true are applied before the answer, and the index is rebuilt too", async () => {
    addPost(9102, 'zebraquartz-menu', 'Zebraquartz with the menu');
    const release = holdBuilds();
    const res = await webhook({ event: 'menu_save,update', items: [{ rest_base: 'posts', slug: 'zebraquartz-menu' }], menu: true });
    expect(res.statusCode).toBe(202);
    expect(urlsFound('zebraquartz')).toEqual(['/resources/blogs/zebraquartz-menu']);
    release();
    await searchIndexSettled();
    expect(postWalks()).toHaveLength(1);
    expect(urlsFound('zebraquartz')).toEqual(['/resources/blogs/zebraquartz-menu']);
  });

  it('an item-only call does not rebuild', async () => {
    await webhook({ type: 'blog', slug: fakeWordPress().collections.posts[1].slug });
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
