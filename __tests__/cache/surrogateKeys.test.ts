/** @jest-environment node */
import { NextRequest } from 'next/server';
import { proxy } from '../../proxy';
import { keysForItem, keysForPath, pagePathOfDataRequest, surrogateKeyHeaderName } from '@/lib/site/surrogateKeys';

/** Issue 18: every cacheable answer names what it was made from, in one header the cache reads and strips. */

describe('the keys each kind of answer carries', () => {
  test.each([
    ['/about-us/news/corvane-opens-office', ['item:news:corvane-opens-office', 'layout']],
    ['/about-us/press-release/launch', ['item:pressRelease:launch', 'layout']],
    ['/resources/blogs/a-post', ['item:blog:a-post', 'layout']],
    ['/pages/card-services', ['item:page:card-services', 'layout']],
    ['/solutions/card-services', ['item:page:card-services', 'layout']],
    ['/', ['item:page:home', 'layout']],
    ['/contact-us', ['item:page:contact-us', 'layout']],
    ['/about-us/news', ['list:news', 'layout']],
    ['/about-us/news/page/2', ['list:news', 'layout']],
    ['/resources/white-papers', ['list:whitePaper', 'layout']],
    ['/search', ['page:/search', 'layout']],
    ['/sitemap.xml', ['sitemap']],
    ['/feeds/news.xml', ['feeds', 'feed:news']],
    ['/robots.txt', ['robots']],
  ])('%s → %j', (path, keys) => {
    expect(keysForPath(path)).toEqual(keys);
  });

  test('API routes and Next files carry none (the search handler tags its own answers)', () => {
    expect(keysForPath('/api/ping')).toBeNull();
    expect(keysForPath('/_next/static/chunks/a.js')).toBeNull();
  });

  test('a data request is keyed as its page', () => {
    expect(pagePathOfDataRequest('/_next/data/abc123/about-us/news/x.json')).toBe('/about-us/news/x');
    expect(pagePathOfDataRequest('/_next/data/abc123/index.json')).toBe('/');
  });

  test('an item of the webhook purges its page, its listing and the home page, by the keys those pages carry', () => {
    expect(keysForItem('news', 'x')).toEqual(['item:news:x', 'list:news', 'item:page:home']);
    expect(keysForItem('page', 'card-services')).toEqual(['item:page:card-services', 'item:page:home']);
    for (const key of keysForItem('news', 'x')) {
      expect([...(keysForPath('/about-us/news/x') ?? []), ...(keysForPath('/about-us/news') ?? []), ...(keysForPath('/') ?? [])]).toContain(key);
    }
  });
});

describe('the proxy tags pages and crawler documents in the one header', () => {
  afterEach(() => {
    delete process.env.CACHE_PURGE;
  });

  test('Surrogate-Key, space-separated (Varnish copies it into xkey; Fastly reads it)', () => {
    expect(proxy(new NextRequest('https://www.example.com/about-us/news/x')).headers.get('Surrogate-Key')).toBe('item:news:x layout');
    expect(proxy(new NextRequest('https://www.example.com/sitemap.xml')).headers.get('Surrogate-Key')).toBe('sitemap');
    expect(proxy(new NextRequest('https://www.example.com/feeds/news.xml')).headers.get('Surrogate-Key')).toBe('feeds feed:news');
  });

  test('with CACHE_PURGE=cloudflare, the same keys as Cache-Tag, comma-separated (the name Cloudflare reads and strips)', () => {
    process.env.CACHE_PURGE = 'cloudflare';
    expect(surrogateKeyHeaderName('cloudflare')).toBe('Cache-Tag');
    const response = proxy(new NextRequest('https://www.example.com/about-us/news'));
    expect(response.headers.get('Cache-Tag')).toBe('list:news,layout');
    expect(response.headers.get('Surrogate-Key')).toBeNull();
  });
});
