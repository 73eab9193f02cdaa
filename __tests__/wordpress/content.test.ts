/** @jest-environment node */
import { http, HttpResponse } from 'msw';
import {
  getAll,
  getAllPosts,
  getAttachment,
  getCollectionPage,
  getFirstCaseStudy,
  getIdList,
  getItemById,
  getItemBySlug,
  PAGE_SIZE,
} from '@/lib/wordpress/content';
import { CONTENT_TYPES, contentType, PAGE_ADDRESSES } from '@/lib/shared/wordpress/contentTypes';
import { RETRY_DELAY_MS } from '@/lib/shared/wordpress/http';
import { getFrameIds } from '@/lib/wordpress/frames';
import { getAllLinks } from '@/lib/wordpress/links';
import type { ContentTypeName } from '@/lib/shared/types';
import { fakeWordPress, server, WORDPRESS_BASE, recordWordPressRequests } from '../setup/msw';

/** Every URL the fake WordPress was asked for from now on (listeners are removed after each test). */
const recordRequests = (): URL[] => recordWordPressRequests().urls;

/** Replaces the blog posts at the fake WordPress with `count` published posts. */
function setPostCount(count: number) {
  const store = fakeWordPress();
  const model = store.collections.posts[0];
  store.collections.posts = Array.from({ length: count }, (_, i) => ({
    ...model,
    id: 100_000 + i,
    slug: `post-${i}`,
    sticky: false,
    date: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString().slice(0, 19),
  }));
}

let errors: jest.SpyInstance;
beforeEach(() => {
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  server.events.removeAllListeners();
  errors.mockRestore();
  jest.useRealTimers();
});

describe('spec §7 custom reads: the id lists of every type', () => {
  const idLists: Array<[ContentTypeName, string]> = [
    ['page', 'fp-page-id'],
    ['news', 'news-id'],
    ['blog', 'post-id'],
    ['whitePaper', 'whitepaper-id'],
    ['caseStudy', 'case-study-id'],
    ['insight', 'insights-id'],
    ['pressRelease', 'press-release-id'],
    ['event', 'events-id'],
    ['partnerInterview', 'virtual-id'],
  ];

  it.each(idLists)('%s reads GET /wp-json/custom-api/v1/%s with t and gives links with decoded titles and site paths', async (type, endpoint) => {
    const seen = recordRequests();
    const links = await getIdList(type);
    expect(seen).toHaveLength(1);
    expect(seen[0].pathname).toBe(`/wp-json/custom-api/v1/${endpoint}`);
    expect(seen[0].searchParams.get('t')).toMatch(/^\d+$/);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.type).toBe(type);
      expect(link.title).not.toMatch(/&#?\w+;?/);
      // Pages with an address of their own (home at '/', contact-us at '/contact-us') end otherwise.
      if (!(type === 'page' && link.slug in PAGE_ADDRESSES)) expect(link.path.endsWith(`/${link.slug}`)).toBe(true);
    }
  });

  it('the frame id list: GET /wp-json/custom-api/v1/frame-id with t, as {id, slug, title} records', async () => {
    const seen = recordRequests();
    const frames = await getFrameIds();
    expect(seen).toHaveLength(1);
    expect(seen[0].pathname).toBe('/wp-json/custom-api/v1/frame-id');
    expect(seen[0].searchParams.has('t')).toBe(true);
    const stored = fakeWordPress().collections.frame.filter((f) => f.status === 'publish');
    expect(frames.map((f) => f.id).sort()).toEqual(stored.map((f) => f.id).sort());
    expect(frames[0]).toEqual({ id: expect.any(Number), slug: expect.any(String), title: expect.any(String) });
  });

  it('post-id with sticky=true lists only sticky posts', async () => {
    const seen = recordRequests();
    const sticky = await getIdList('blog', { sticky: true });
    const all = await getIdList('blog');
    expect(seen[0].searchParams.get('sticky')).toBe('true');
    expect(sticky.length).toBeGreaterThan(0);
    expect(sticky.length).toBeLessThan(all.length);
  });

  it('each detail route of spec §2 is built from the slug', async () => {
    const paths = Object.fromEntries(
      await Promise.all(CONTENT_TYPES.map(async (t) => [t.name, (await getIdList(t.name))[0].path] as const)),
    );
    expect(paths.blog).toMatch(/^\/resources\/blogs\/[^/]+$/);
    expect(paths.news).toMatch(/^\/about-us\/news\/[^/]+$/);
    expect(paths.event).toMatch(/^\/about-us\/events\/[^/]+$/);
    expect(paths.pressRelease).toMatch(/^\/about-us\/press-release\/[^/]+$/);
    expect(paths.whitePaper).toMatch(/^\/resources\/white-papers\/[^/]+$/);
    expect(paths.page).toMatch(/^\/pages\/[^/]+$/);
    expect(paths.caseStudy).toMatch(/^\/resources\/case-studies\/[^/]+$/);
    expect(paths.partnerInterview).toMatch(/^\/about-us\/partner-interviews\/[^/]+$/);
  });
});

describe('spec §7 standard reads by slug and by id', () => {
  const readBySlug: Array<[ContentTypeName, string, boolean]> = [
    ['news', '/wp-json/wp/v2/news', true],
    ['blog', '/wp-json/wp/v2/posts', true],
    ['whitePaper', '/wp-json/wp/v2/whitepapers', true],
    ['caseStudy', '/wp-json/wp/v2/case-studies', true],
    ['insight', '/wp-json/wp/v2/insights', true],
    ['pressRelease', '/wp-json/wp/v2/press-releases', true],
    ['event', '/wp-json/wp/v2/events', false],
    ['partnerInterview', '/wp-json/wp/v2/virtual', false],
    ['page', '/wp-json/wp/v2/fp_page', false],
  ];

  it.each(readBySlug)('%s by slug: GET %s?slug={slug} (with _embed: %s)', async (type, path, embed) => {
    const [link] = await getIdList(type);
    const seen = recordRequests();
    const item = await getItemBySlug(type, link.slug);
    expect(seen).toHaveLength(1);
    expect(seen[0].pathname).toBe(path);
    expect(seen[0].searchParams.get('slug')).toBe(link.slug);
    expect(seen[0].searchParams.has('_embed')).toBe(embed);
    expect(seen[0].searchParams.has('t')).toBe(true);
    // The id lists carry the stored title, the item its rendered one (curly quotes): compare ids, not titles.
    expect(item).toMatchObject({ type, id: link.id, slug: link.slug, path: link.path });
    expect(item?.title).toEqual(expect.any(String));
  });

  it.each([
    ['news', '/wp-json/wp/v2/news/'],
    ['blog', '/wp-json/wp/v2/posts/'],
    ['whitePaper', '/wp-json/wp/v2/whitepapers/'],
    ['insight', '/wp-json/wp/v2/insights/'],
    ['pressRelease', '/wp-json/wp/v2/press-release/'],
    ['event', '/wp-json/wp/v2/events/'],
    ['partnerInterview', '/wp-json/wp/v2/virtual/'],
  ] as Array<[ContentTypeName, string]>)('%s by id: GET %s{id}', async (type, prefix) => {
    const [link] = await getIdList(type);
    const seen = recordRequests();
    const item = await getItemById(type, link.id);
    expect(seen[0].pathname).toBe(`${prefix}${link.id}`);
    expect(item.slug).toBe(link.slug);
  });

  it('spec §5 slug lookups return a list and the first item is used; none gives null', async () => {
    server.use(
      http.get(`${WORDPRESS_BASE}/wp-json/wp/v2/news`, () =>
        HttpResponse.json([
          { ...fakeWordPress().collections.news[0], id: 1, slug: 'first', title: { rendered: 'First' } },
          { ...fakeWordPress().collections.news[0], id: 2, slug: 'second', title: { rendered: 'Second' } },
        ]),
      ),
    );
    expect((await getItemBySlug('news', 'anything'))?.title).toBe('First');
    server.resetHandlers();
    expect(await getItemBySlug('news', 'no-such-slug')).toBeNull();
  });

  it('a slug is sent encoded, never pasted raw into the URL', async () => {
    const seen = recordRequests();
    expect(await getItemBySlug('news', 'a&slug=x/../y')).toBeNull();
    expect(seen[0].searchParams.getAll('slug')).toEqual(['a&slug=x/../y']);
  });

  it('an unknown id fails after the retries (WordPress answers 404 rest_post_invalid_id)', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const read = getItemById('news', 999_999);
    const settled = expect(read).rejects.toThrow('Exceeded max retries. Unable to fetch data.');
    await jest.advanceTimersByTimeAsync(2 * RETRY_DELAY_MS);
    await settled;
  });

  it('spec §3 a post may embed featured media (source_url), rewritten to the media host', async () => {
    const [link] = await getIdList('news');
    const item = await getItemBySlug('news', link.slug);
    expect(item?.featuredImage).toEqual({
      url: expect.stringMatching(/^https:\/\/media\.example\.com\/wp-content\/uploads\/.+\.(png|jpe?g)$/),
      alt: expect.any(String),
      width: expect.any(Number),
      height: expect.any(Number),
      sources: expect.arrayContaining([{ url: expect.stringMatching(/^https:\/\/media\.example\.com\/wp-content\/uploads\/.+-\d+x\d+\.(png|jpe?g)$/), width: expect.any(Number) }]),
    });
  });

  it('spec §3 an attachment has guid and post_type attachment: read by id as an image', async () => {
    const media = fakeWordPress().media[0];
    const image = await getAttachment(media.id);
    expect(image?.url).toBe(`https://media.example.com/wp-content/uploads/${media.media_details.file}`);
    expect(image?.width).toBe(media.media_details.width);
  });

  it('spec §5 titles, excerpts and text: character references are decoded, excerpts are plain text of at most 100 words', async () => {
    const items = await getAll('event');
    const withNbsp = items.find((i) => i.slug === 'campus-dining-expo-2026');
    expect(withNbsp).toBeDefined();
    for (const item of items) {
      expect(`${item.title} ${item.excerpt}`).not.toMatch(/&(#\d+|#x[0-9a-f]+|[a-z]+);?/i);
      expect(item.excerpt).not.toMatch(/<[a-z]/i);
      expect(item.excerpt.split(' ').length).toBeLessThanOrEqual(100);
    }
  });

  it('spec §5 media URLs in HTML content from the development host are rewritten; HTML is sanitized; site links become paths', async () => {
    const post = fakeWordPress().collections.posts.find((p) => p.id === 501);
    expect(post?.content.rendered).toContain('dev-cms.example.test');
    const item = await getItemBySlug('blog', post!.slug);
    expect(item?.html).not.toContain('dev-cms.example.test');
    expect(item?.html).toContain('https://media.example.com/wp-content/uploads/');
    expect(item?.html).not.toMatch(/href="http:\/\/wordpress\.test\/pages\//);
  });

  it('spec §7 case-studies: the first element is used', async () => {
    const seen = recordRequests();
    const first = await getFirstCaseStudy();
    expect(seen[0].pathname).toBe('/wp-json/wp/v2/case-studies');
    const { items } = await getCollectionPage('caseStudy');
    expect(first?.id).toBe(items[0].id);
  });

  it('spec §7 lists of 100: news, press releases, events and virtual are read with per_page=100', async () => {
    for (const type of ['news', 'pressRelease', 'event', 'partnerInterview'] as const) {
      const seen = recordRequests();
      const page = await getCollectionPage(type);
      expect(seen[0].pathname).toBe(`/wp-json/wp/v2/${contentType(type).restBase}`);
      expect(seen[0].searchParams.get('per_page')).toBe('100');
      expect(page.items.length).toBe(page.total);
      server.events.removeAllListeners();
    }
  });
});

describe('spec §7 the all-posts read walks pages of 100', () => {
  it.each([
    [0, 1],
    [37, 1],
    [100, 1],
    [150, 2],
    [200, 2],
    [250, 3],
  ])('with %i posts it returns them all in %i requests of posts?per_page=100&page={n}&_embed', async (count, requests) => {
    setPostCount(count);
    const seen = recordRequests();
    const posts = await getAllPosts();
    expect(posts).toHaveLength(count);
    expect(new Set(posts.map((p) => p.id)).size).toBe(count);
    expect(seen).toHaveLength(requests);
    seen.forEach((url, i) => {
      expect(url.pathname).toBe('/wp-json/wp/v2/posts');
      expect(url.searchParams.get('per_page')).toBe(String(PAGE_SIZE));
      expect(url.searchParams.get('page')).toBe(String(i + 1));
      expect(url.searchParams.has('_embed')).toBe(true);
    });
  });

  it('without X-WP-TotalPages, exactly 200 posts end at the 400 rest_post_invalid_page_number past the last page, which is not an error', async () => {
    setPostCount(200);
    server.use(
      http.get(`${WORDPRESS_BASE}/wp-json/wp/v2/posts`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        const posts = fakeWordPress().collections.posts.slice((page - 1) * 100, page * 100);
        if (posts.length === 0) {
          return HttpResponse.json(
            { code: 'rest_post_invalid_page_number', message: 'The page number requested is larger than the number of pages available.', data: { status: 400 } },
            { status: 400 },
          );
        }
        return HttpResponse.json(posts);
      }),
    );
    const seen = recordRequests();
    const posts = await getAllPosts();
    expect(posts).toHaveLength(200);
    expect(seen.filter((u) => u.pathname === '/wp-json/wp/v2/posts').length).toBeGreaterThanOrEqual(3);
    expect(errors).not.toHaveBeenCalled();
  });

  it('spec §8 a blog-list failure is swallowed: [] on error', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    server.use(http.get(`${WORDPRESS_BASE}/wp-json/wp/v2/posts`, () => HttpResponse.json({ code: 'x' }, { status: 500 })));
    const walk = getAllPosts();
    await jest.advanceTimersByTimeAsync(2 * RETRY_DELAY_MS);
    await expect(walk).resolves.toEqual([]);
    expect(errors.mock.calls.some(([m]) => String(m).includes('Fetch failed with status 500'))).toBe(true);
  });
});

describe('spec §7 the all-links builder', () => {
  it('gathers blogs, pages, news, press releases, white papers, partner interviews and events with one request per type', async () => {
    const seen = recordRequests();
    const links = await getAllLinks();
    expect(seen.map((u) => u.pathname).sort()).toEqual(
      ['post-id', 'fp-page-id', 'news-id', 'press-release-id', 'whitepaper-id', 'virtual-id', 'events-id']
        .map((e) => `/wp-json/custom-api/v1/${e}`)
        .sort(),
    );
    expect(new Set(links.map((l) => l.type))).toEqual(
      new Set(['blog', 'page', 'news', 'pressRelease', 'whitePaper', 'partnerInterview', 'event']),
    );
    for (const { noindex, canonical, ...link } of links) {
      expect(link).toEqual({ type: expect.any(String), id: expect.any(Number), slug: expect.any(String), title: expect.any(String), path: expect.stringMatching(/^\//) });
      // Issue 33: only what the sitemap needs to leave an item out is added (true, or a URL elsewhere).
      expect([undefined, true]).toContain(noindex);
      expect(canonical === undefined || /^https?:\/\//.test(canonical)).toBe(true);
    }
  });
});

describe('site paths from slugs', () => {
  it('keeps the percent-encoding WordPress stores for non-ASCII slugs and encodes what may not stand in a path', async () => {
    const { sitePath } = await import('@/lib/shared/wordpress/contentTypes');
    expect(sitePath('news', '%e2%9c%93-launch')).toBe('/about-us/news/%e2%9c%93-launch');
    expect(sitePath('news', 'a b/c?d')).toBe('/about-us/news/a%20b%2Fc%3Fd');
    expect(sitePath('news', '100%-sure')).toBe('/about-us/news/100%25-sure');
    expect(sitePath('page', 'secure-switching')).toBe('/pages/secure-switching');
    expect(sitePath('page', 'home')).toBe('/');
    expect(sitePath('page', 'contact-us')).toBe('/contact-us');
  });
});
