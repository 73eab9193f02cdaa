/**
 * Rule: the crawler documents answer at their conventional addresses on the production server
 * (proxy.ts routes them to their API routes), with their content types.
 */
import { readState } from './helpers/site';

const origin = new URL(readState().siteUrl).origin;

test.each([
  ['/sitemap.xml', 'application/xml', '<urlset'],
  ['/robots.txt', 'text/plain', 'Sitemap: '],
  ['/feeds/blogs.xml', 'application/rss+xml', '<rss'],
  ['/feeds/news.xml', 'application/rss+xml', '<rss'],
  ['/feeds/press-releases.xml', 'application/rss+xml', '<rss'],
])('%s answers 200 with %s', async (address, type, marker) => {
  const response = await fetch(`${origin}${address}`, { redirect: 'manual' });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain(type);
  expect(await response.text()).toContain(marker);
});

test('an unknown feed is a 404, and a page beside the documents is not touched by the proxy', async () => {
  expect((await fetch(`${origin}/feeds/unknown.xml`)).status).toBe(404);
  const page = await fetch(`${origin}/about-us/news`);
  expect(page.status).toBe(200);
  expect(page.headers.get('x-middleware-rewrite')).toBeNull();
});
