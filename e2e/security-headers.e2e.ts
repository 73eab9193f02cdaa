/**
 * Issue 12 §1 on the production server (`next start` over the harness's build):
 * - every kind of answer carries the security headers the one module computes from the
 *   configuration (src/lib/security/headers.ts): pages, the 404 page, the 500 page, API routes
 *   (2xx and 4xx), `_next/static`, `_next/data`, public files, crawler documents, redirects (the
 *   trailing-slash one included: proxy.ts answers it, since Next drops `headers()` on its own);
 * - behind the TLS proxy (`X-Forwarded-Proto: https`) they add HSTS and upgrade-insecure-requests;
 * - the MDN HTTP Observatory's scoring of those real headers (the site behind a TLS proxy that
 *   redirects http to https, docs/caching.md) is A+;
 * - inline scripts of the rendered pages are exactly those whose hashes the CSP lists.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseConfig } from '../src/config';
import { securityHeaders, type Header } from '../src/lib/security/headers';
import { scoreUrl } from '../scripts/security/observatory';
import { ROOT } from './harness/config';
import { firstItem, readState } from './helpers/site';

const state = readState();
const origin = new URL(state.siteUrl).origin;
/** The configuration the harness built and started the site with (e2e/harness/servers.ts). */
const config = parseConfig({ WORDPRESS_URL: state.wordpressUrl, MEDIA_HOST: state.wordpressUrl, SITE_URL: state.siteUrl });
const plain = securityHeaders(config);
const overHttps = securityHeaders(config, { https: true });
const buildId = readFileSync(path.join(ROOT, '.next', 'BUILD_ID'), 'utf8').trim();

async function answer(address: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${origin}${address}`, { redirect: 'manual', ...init });
  await response.arrayBuffer();
  return response;
}

function expectHeaders(response: Response, expected: Header[]): void {
  const sent = Object.fromEntries(expected.map(({ key }) => [key, response.headers.get(key)]));
  expect(sent).toEqual(Object.fromEntries(expected.map(({ key, value }) => [key, value])));
}

async function staticChunk(): Promise<string> {
  const html = await (await fetch(`${origin}/`)).text();
  // Next's scripts are listed for the snippet that starts them after the largest paint (issue 35).
  const src = /"src":"(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('no _next/static script on /');
  return src;
}

describe('issue 12 §1 every answer carries the security headers', () => {
  test.each([
    ['a page', '/', {}, 200],
    ['a frame page', '/pages/secure-switching', {}, 200],
    ['the 404 page', '/no-such-page-anywhere', {}, 404],
    ['an API route', '/api/health', {}, 200],
    ['an API refusal', '/api/search', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }, 415],
    ['a public file', '/favicon.svg', {}, 200],
    ['the sitemap (proxied crawler document)', '/sitemap.xml', {}, 200],
    ['robots.txt (proxied crawler document)', '/robots.txt', {}, 200],
    ['a feed (proxied crawler document)', '/feeds/news.xml', {}, 200],
    ['a redirect (answered by proxy.ts)', '/news', {}, 308],
    ['the trailing-slash redirect (answered by proxy.ts)', '/about-us/news/', {}, 308],
  ] as const)('%s: %s answers %i with every header', async (_what, address, init, status) => {
    const response = await answer(address, init as RequestInit);
    expect(response.status).toBe(status);
    expectHeaders(response, plain);
  });

  test('the 500 page', async () => {
    const response = await answer('/500');
    expect([200, 500]).toContain(response.status);
    expectHeaders(response, plain);
  });

  test('a script of _next/static and a data file of _next/data', async () => {
    const chunk = await answer(await staticChunk());
    expect(chunk.status).toBe(200);
    expectHeaders(chunk, plain);
    const data = await answer(`/_next/data/${buildId}/about-us/news.json`);
    expect(data.status).toBe(200);
    expectHeaders(data, plain);
    const item = await firstItem('blog');
    const itemData = await answer(`/_next/data/${buildId}${item.path}.json`);
    expect(itemData.status).toBe(200);
    expectHeaders(itemData, plain);
  });

  test('behind the TLS proxy (X-Forwarded-Proto: https): HSTS and upgrade-insecure-requests, on pages and assets alike', async () => {
    const https = { headers: { 'x-forwarded-proto': 'https' } };
    for (const address of ['/', '/no-such-page-anywhere', '/api/health', '/favicon.svg', '/sitemap.xml', await staticChunk()]) {
      const response = await answer(address, https);
      expectHeaders(response, overHttps);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000');
      expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    }
  });
});

describe('issue 12 §1 inline scripts and the Observatory grade', () => {
  test('every inline script a page renders has its SHA-256 in script-src, and nothing else is inline', async () => {
    const csp = plain.find((h) => h.key === 'Content-Security-Policy')!.value;
    for (const address of ['/', (await firstItem('blog')).path, '/no-such-page-anywhere', '/search']) {
      const html = await (await fetch(`${origin}${address}`)).text();
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter(([, attrs]) => !/type="application\/(json|ld\+json)"/.test(attrs))
        .map(([, , body]) => body);
      expect(inline.length).toBeGreaterThan(0);
      for (const body of inline) {
        const hash = `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
        expect({ address, allowed: csp.includes(hash) }).toEqual({ address, allowed: true });
      }
    }
  });

  test('MDN HTTP Observatory scoring of the real answer of / behind the TLS proxy: A+', async () => {
    const result = await scoreUrl(`${origin}/`, { behindTlsProxy: true });
    console.log(`[observatory] ${result.tests.map((t) => `${t.result} ${t.modifier}`).join(', ')} → ${result.score} (${result.grade})`);
    expect(result.tests.filter((t) => t.modifier < 0)).toEqual([]);
    expect(result).toMatchObject({ score: 120, grade: 'A+' });
  });
});
