/** @jest-environment node */
/**
 * Issue 33 §5: proxy.ts answers the redirect table before anything renders: 301/302/307/308 with
 * an absolute Location on the request's origin (site paths) or the external URL, 410/404 as small
 * HTML answers; surrogate keys of the source path plus `redirects`; and the proxy's other duties
 * (trailing slash, PERMANENT_REDIRECTS, crawler documents, tagging) unchanged around it.
 */
import { NextRequest } from 'next/server';
import { proxy } from '../../proxy';
import { installRedirects, resetRedirectsForTests } from '@/lib/redirects/store';
import { REDIRECT_CACHE_CONTROL } from '@/lib/redirects/answer';
import { rule } from './helpers';

const request = (path: string, init?: ConstructorParameters<typeof NextRequest>[1]) => proxy(new NextRequest(`https://www.example.com${path}`, init));

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  installRedirects({
    version: 't1',
    redirects: [
      rule({ source: '/about-us/news/old-slug', target: '/about-us/news/new-slug', query: 'pass', origin: 'old_slug' }),
      rule({ source: '^/blog/([a-z-]+)$', regex: true, target: '/resources/blogs/$1', ignore_trailing_slash: false }),
      rule({ source: '/temp', status: 302, target: '/contact-us' }),
      rule({ source: '/keep-post', status: 307, target: '/contact-us' }),
      rule({ source: '/moved-for-good', status: 308, target: '/contact-us' }),
      rule({ source: '/withdrawn', status: 410, target: null }),
      rule({ source: '/hidden', status: 404, target: null }),
      rule({ source: '/status', status: 302, target: 'https://status.example.net/' }),
      rule({ source: '/wp-page', target: 'https://wordpress.test/pages/card-services/' }),
      rule({ source: '/to-news', target: '/news' }),
      rule({ source: '/sitemap.xml', target: '/elsewhere.xml', ignore_trailing_slash: false }),
      rule({ source: '/loop-a', target: '/loop-b' }),
      rule({ source: '/loop-b', target: '/loop-a' }),
    ],
  });
});
afterEach(() => {
  resetRedirectsForTests();
  jest.restoreAllMocks();
});

test('an old slug: 301 to its new address, absolute on the request\'s origin, query passed', () => {
  const response = request('/about-us/news/old-slug?utm=x');
  expect(response.status).toBe(301);
  expect(response.headers.get('location')).toBe('https://www.example.com/about-us/news/new-slug?utm=x');
});

test('the old slug with a trailing slash reaches the new address in one hop (the table before the trailing-slash 308)', () => {
  const response = request('/about-us/news/old-slug/');
  expect(response.status).toBe(301);
  expect(response.headers.get('location')).toBe('https://www.example.com/about-us/news/new-slug');
});

test('a regex rule with $1', () => {
  expect(request('/blog/a-post').headers.get('location')).toBe('https://www.example.com/resources/blogs/a-post');
});

test.each([
  ['/temp', 302],
  ['/keep-post', 307],
  ['/moved-for-good', 308],
])('%s answers %i', (path, status) => {
  const response = request(path, { method: 'POST' });
  expect(response.status).toBe(status);
  expect(response.headers.get('location')).toBe('https://www.example.com/contact-us');
});

test.each([
  ['/withdrawn', 410, /removed/],
  ['/hidden', 404, /not found/],
])('%s answers %i with a small HTML page, no location', async (path, status, text) => {
  const response = request(path);
  expect(response.status).toBe(status);
  expect(response.headers.get('location')).toBeNull();
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('x-middleware-rewrite')).toBeNull();
  expect(response.headers.get('x-middleware-next')).toBeNull();
  const body = await response.text();
  expect(body).toMatch(text);
  expect(body.length).toBeLessThan(400);
});

test('an external target is kept; a target on WordPress\'s host is the site\'s address', () => {
  expect(request('/status').headers.get('location')).toBe('https://status.example.net/');
  expect(request('/wp-page').headers.get('location')).toBe('https://www.example.com/pages/card-services');
});

test('a target that is one of the site\'s permanent redirects goes straight on (one hop)', () => {
  expect(request('/to-news').headers.get('location')).toBe('https://www.example.com/about-us/news');
});

test('every table answer carries the source path\'s surrogate keys, redirects, and the cache lifetime', () => {
  for (const path of ['/about-us/news/old-slug', '/withdrawn', '/status']) {
    const response = request(path);
    expect(response.headers.get('surrogate-key')?.split(' ')).toEqual(expect.arrayContaining(['redirects']));
    expect(response.headers.get('cache-control')).toBe(REDIRECT_CACHE_CONTROL);
  }
  expect(request('/about-us/news/old-slug').headers.get('surrogate-key')).toBe('item:news:old-slug layout redirects');
});

test('with CACHE_PURGE=cloudflare the keys go in Cache-Tag, comma-separated', () => {
  process.env.CACHE_PURGE = 'cloudflare';
  try {
    expect(request('/withdrawn').headers.get('cache-tag')).toBe('page:/withdrawn,layout,redirects');
  } finally {
    delete process.env.CACHE_PURGE;
  }
});

test('a loop is never served: the request goes on to the page', () => {
  const response = request('/loop-a');
  expect(response.headers.get('location')).toBeNull();
  expect(response.headers.get('x-middleware-next')).toBe('1');
});

test('unmatched paths keep the proxy\'s other duties: tagging, trailing slash, permanent redirects, crawler documents', () => {
  const page = request('/about-us/news/something');
  expect(page.headers.get('location')).toBeNull();
  expect(page.headers.get('surrogate-key')).toBe('item:news:something layout');
  expect(request('/contact-us/').status).toBe(308);
  expect(request('/news').headers.get('location')).toBe('https://www.example.com/about-us/news');
  expect(new URL(request('/robots.txt').headers.get('x-middleware-rewrite') ?? '').pathname).toBe('/api/robots');
});

test('a rule may redirect a crawler document (the table comes first)', () => {
  expect(request('/sitemap.xml').headers.get('location')).toBe('https://www.example.com/elsewhere.xml');
});

test('a /_next/data request is matched by its page\'s path', () => {
  const response = proxy(new NextRequest('https://www.example.com/_next/data/build-1/about-us/news/old-slug.json', { headers: { 'x-nextjs-data': '1' } }));
  expect(response.status).toBe(301);
  expect(response.headers.get('location')).toBe('https://www.example.com/about-us/news/new-slug');
});

test('an empty table: nothing is matched', () => {
  resetRedirectsForTests();
  expect(request('/about-us/news/old-slug').headers.get('location')).toBeNull();
});
