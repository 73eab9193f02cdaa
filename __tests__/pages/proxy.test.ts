/** @jest-environment node */
import { NextRequest } from 'next/server';
import { crawlerDocumentRoute, proxy } from '../../proxy';

describe('proxy: crawler documents at their conventional addresses', () => {
  test.each([
    ['/sitemap.xml', '/api/sitemap'],
    ['/robots.txt', '/api/robots'],
    ['/feeds/blogs.xml', '/api/feeds/blogs'],
    ['/feeds/press-releases.xml', '/api/feeds/press-releases'],
  ])('%s is served by %s', (address, route) => {
    expect(crawlerDocumentRoute(address)).toBe(route);
    const response = proxy(new NextRequest(`https://www.example.com${address}?x=1`));
    expect(new URL(response.headers.get('x-middleware-rewrite') ?? '').pathname).toBe(route);
  });

  test.each(['/feeds/blogs', '/feeds/a/b.xml', '/sitemap.xml.gz', '/about-us/news'])('%s is left alone', (address) => {
    expect(crawlerDocumentRoute(address)).toBeNull();
    expect(proxy(new NextRequest(`https://www.example.com${address}`)).headers.get('x-middleware-rewrite')).toBeNull();
  });
});
