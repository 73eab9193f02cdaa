/** @jest-environment node */
import path from 'node:path';
import { createSeedStore } from '../../__mocks__/wordpress/store';
import { htmlFileFor, BLOCK_RICH_ARTICLE, LARGE_PHOTO_ARTICLE, pickArticle, pickOfferPage, PLAIN_ARTICLE, pickRoute, prerenderedRoutes, TEMPLATES } from '../../scripts/bench/routes';

const ROUTES = [
  '/',
  '/404',
  '/search',
  '/resources/blogs',
  '/resources/blogs/page/2',
  '/resources/blogs/generated-posts-0001',
  '/resources/blogs/zebra-seed-post',
  '/resources/blogs/alpha-seed-post',
  '/about-us/news/generated-news-0001',
  '/pages/generated-page-0001',
  '/pages/about-us-career',
  '/pages/card-services',
];

const route = (name: string) => TEMPLATES.find((t) => t.name === name)!.route;

describe('bench routes: the page that stands for each template', () => {
  it('prefers seed content, then sorted order', () => {
    expect(pickRoute(ROUTES, route('article (blog)'))).toBe('/resources/blogs/alpha-seed-post');
    expect(pickRoute(ROUTES, route('frame page'))).toBe('/pages/about-us-career');
  });

  it('falls back to a generated item, and to null when nothing matches', () => {
    expect(pickRoute(ROUTES, route('article (news)'))).toBe('/about-us/news/generated-news-0001');
    expect(pickRoute(ROUTES, route('event'))).toBeNull();
    expect(pickRoute(['/'], '/search')).toBeNull();
  });

  it('never takes a listing page for a detail page', () => {
    expect(pickRoute(['/resources/blogs/page', '/resources/blogs/page/2', '/resources/blogs'], route('article (blog)'))).toBeNull();
    expect(pickRoute(ROUTES, route('listing'))).toBe('/resources/blogs');
  });

  it('covers every template of the issue, with the article budget on the four article types only', () => {
    expect(TEMPLATES.map((t) => t.name)).toEqual([
      'home',
      'frame page',
      'article (blog)',
      'article (news)',
      'article (press release)',
      'article (insight)',
      'event',
      'white paper',
      'case study',
      'partner interview',
      'listing',
      'search',
      '404',
    ]);
    expect(TEMPLATES.filter((t) => t.article).map((t) => t.name)).toEqual(['article (blog)', 'article (news)', 'article (press release)', 'article (insight)']);
  });

  it('issue 13: the large-photo article is a seed blog post whose featured image is the 2400 × 1260 photo', () => {
    const store = createSeedStore();
    const slug = LARGE_PHOTO_ARTICLE.replace('/resources/blogs/', '');
    const post = store.collections.posts.find((p) => p.slug === slug);
    const media = store.media.find((m) => m.id === post?.featured_media);
    expect(media?.media_details).toMatchObject({ width: 2400, height: 1260 });
    expect(pickRoute([LARGE_PHOTO_ARTICLE, '/resources/blogs/a'], LARGE_PHOTO_ARTICLE)).toBe(LARGE_PHOTO_ARTICLE);
  });

  it('issue 17: the block-rich article (measured by Lighthouse and the CSS budget) is a seed blog post built of blocks', () => {
    const store = createSeedStore();
    const slug = BLOCK_RICH_ARTICLE.replace('/resources/blogs/', '');
    const post = store.collections.posts.find((p) => p.slug === slug);
    expect(post).toBeDefined();
    expect(JSON.stringify(post)).toContain('wp-block-columns');
  });

  it('the offer page is an offer of the fallback menu when built, else any frame page', () => {
    expect(pickOfferPage(ROUTES)).toBe('/pages/card-services');
    expect(pickOfferPage(['/pages/generated-page-0001'])).toBe('/pages/generated-page-0001');
    expect(pickOfferPage(['/'])).toBeNull();
  });

  it('finds the HTML file of a route and the routes of a prerender manifest', () => {
    expect(htmlFileFor('/d', '/')).toBe(path.join('/d/server/pages/index.html'));
    expect(htmlFileFor('/d', '/about-us/news/x')).toBe(path.join('/d/server/pages/about-us/news/x.html'));
    expect(prerenderedRoutes({ version: 4, routes: { '/': {}, '/404': {}, '/_next/data/B/index.json': {} }, dynamicRoutes: {} })).toEqual(['/', '/404']);
    expect(() => prerenderedRoutes({})).toThrow('no "routes"');
  });
});

describe('issue 19: "an article" is a page of its own, not the block-rich or the large-photo article', () => {
  it("is the seed's plain article when it was built, though the block fixtures sort first", () => {
    const routes = ['/', BLOCK_RICH_ARTICLE, '/resources/blogs/brand-colours-buttons-and-type', PLAIN_ARTICLE, LARGE_PHOTO_ARTICLE];
    expect(pickArticle(routes)).toBe(PLAIN_ARTICLE);
  });

  it('without it, skips the block-rich and the large-photo articles, which are measured on their own rows', () => {
    const routes = ['/', BLOCK_RICH_ARTICLE, '/resources/blogs/five-signs', LARGE_PHOTO_ARTICLE];
    expect(pickArticle(routes)).toBe('/resources/blogs/five-signs');
  });

  it('falls back to one of them when the build has no other blog article', () => {
    expect(pickArticle(['/', BLOCK_RICH_ARTICLE])).toBe(BLOCK_RICH_ARTICLE);
    expect(pickArticle(['/'])).toBeNull();
  });
});
