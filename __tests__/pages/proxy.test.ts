/** @jest-environment node */
import { NextRequest } from 'next/server';
import { config, crawlerDocumentRoute, PERMANENT_REDIRECTS, proxy } from '../../proxy';

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

describe('proxy: permanent redirects answered by the proxy, so they carry the security headers (issue 12 §1)', () => {
  test('every redirect source is in the matcher, answered 308 with the query kept', () => {
    for (const [source, target] of PERMANENT_REDIRECTS) {
      expect(config.matcher).toContain(source);
      const response = proxy(new NextRequest(`https://www.example.com${source}?a=1`));
      expect(response.status).toBe(308);
      expect(response.headers.get('location')).toBe(`https://www.example.com${target}?a=1`);
    }
  });

  test('a neighbour of a redirect source is left alone', () => {
    for (const address of ['/news/x', '/pages/homes', '/pages/contact-us-2']) {
      const response = proxy(new NextRequest(`https://www.example.com${address}`));
      expect(response.headers.get('location')).toBeNull();
    }
  });
});

describe('proxy: the trailing-slash redirect answered by the proxy, so it carries the security headers (issue 12 §1)', () => {
  test.each([
    ['/about-us/news/', '/about-us/news'],
    ['/pages/secure-switching//', '/pages/secure-switching'],
    ['/news/', '/news'],
  ])('%s → 308 %s, query kept', (address, target) => {
    const response = proxy(new NextRequest(`https://www.example.com${address}?a=1`));
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe(`https://www.example.com${target}?a=1`);
  });

  test.each(['/', '/about-us/news', '/sitemap.xml'])('%s has no trailing slash to remove', (address) => {
    expect(proxy(new NextRequest(`https://www.example.com${address}`)).status).not.toBe(308);
  });
});
