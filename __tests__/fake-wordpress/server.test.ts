/** @jest-environment node */
import { http, passthrough } from 'msw';
import type { WpMedia, WpPost } from '@/lib/wordpress/raw';
import { parseArgs, routeKey, startLocalWordPress, type LocalWordPress, type RequestStats } from '../../scripts/local-wordpress';
import { server } from '../setup/msw';

describe('the local content server (real HTTP)', () => {
  let wordpress: LocalWordPress;

  beforeAll(async () => {
    wordpress = await startLocalWordPress({ port: 0, items: 3 });
  });
  afterAll(async () => {
    await wordpress.close();
  });
  beforeEach(() => {
    // msw intercepts every request in jest; let the ones to the real server through.
    server.use(http.all(`${wordpress.url}/*`, () => passthrough()));
  });

  it('listens on 127.0.0.1 on the port it was given (0 = a free one)', () => {
    expect(wordpress.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(wordpress.url).not.toMatch(/:0$/);
  });

  it('serves the same REST API as msw, with its own origin in absolute URLs', async () => {
    const response = await fetch(`${wordpress.url}/wp-json/wp/v2/posts?per_page=1&_embed`, { headers: { Origin: 'http://localhost:3000' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-wp-total')).toBe('14');
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const [post] = (await response.json()) as (WpPost & { _embedded: { 'wp:featuredmedia': WpMedia[] } })[];
    expect(post.link.startsWith(`${wordpress.url}/`)).toBe(true);
    const image = post._embedded['wp:featuredmedia'][0];
    expect(image.source_url.startsWith(`${wordpress.url}/wp-content/uploads/`)).toBe(true);
    const file = await fetch(image.source_url);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('answers WordPress errors over HTTP too', async () => {
    const response = await fetch(`${wordpress.url}/wp-json/wp/v2/posts?per_page=500`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('rest_invalid_param');
  });

  it('admin API: PATCH /__fake/{restBase}/{id} merges into the item (title as a plain string sets .rendered) and updates modified', async () => {
    const before = (await (await fetch(`${wordpress.url}/wp-json/wp/v2/news/521`)).json()) as WpPost;
    const patch = await fetch(`${wordpress.url}/__fake/news/521`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Breaking: patched', acf: { source: 'test' } }),
    });
    expect(patch.status).toBe(200);
    const after = (await (await fetch(`${wordpress.url}/wp-json/wp/v2/news/521`)).json()) as WpPost;
    expect(after.title.rendered).toBe('Breaking: patched');
    expect(after.acf).toEqual({ source: 'test' });
    expect(after.modified).not.toBe(before.modified);
    expect(Math.abs(Date.parse(`${after.modified}Z`) - Date.now())).toBeLessThan(60_000);
    expect(wordpress.store.collections.news.find((n) => n.id === 521)?.title.raw).toBe('Breaking: patched');
  });

  it('issue 35: an item PATCHed through the admin API is in the modified_after list of its type from a moment before, and the others are not', async () => {
    await fetch(`${wordpress.url}/__fake/reset`, { method: 'POST' }); // the test above edited news 521
    const since = new Date(Date.now() - 1000).toISOString();
    const listed = async () =>
      ((await (await fetch(`${wordpress.url}/wp-json/wp/v2/news?per_page=100&_fields=id,slug&modified_after=${encodeURIComponent(since)}`)).json()) as { id: number }[]).map((i) => i.id);
    expect(await listed()).toEqual([]);
    const patch = await fetch(`${wordpress.url}/__fake/news/522`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ title: 'Edited now' }) });
    expect(patch.status).toBe(200);
    expect(await listed()).toEqual([522]);
  });

  it('admin API: the press-release alias, unpublishing, reset and errors', async () => {
    const patch = (path: string, body: string): Promise<Response> =>
      fetch(`${wordpress.url}/__fake/${path}`, { method: 'PATCH', body, headers: { 'Content-Type': 'application/json' } });
    expect((await patch('press-release/541', '{"status":"draft"}')).status).toBe(200);
    expect((await fetch(`${wordpress.url}/wp-json/wp/v2/press-releases/541`)).status).toBe(401);
    expect((await patch('news/999999', '{}')).status).toBe(404);
    expect((await patch('news/521', 'not json')).status).toBe(400);
    expect((await patch('news/521', '{"id":1}')).status).toBe(400);

    expect((await fetch(`${wordpress.url}/__fake/reset`, { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${wordpress.url}/wp-json/wp/v2/press-releases/541`)).status).toBe(200);
    expect(wordpress.store.collections.posts).toHaveLength(14);
  });

  it('the admin API is not part of the msw handlers (tests change content through fakeWordPress())', async () => {
    const response = await fetch('http://wordpress.test/__fake/news/521', { method: 'PATCH', body: '{}' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
  });

  it('admin API: GET /__fake/stats counts the /wp-json requests by route; POST /__fake/stats/reset answers the count and starts again', async () => {
    const stats = async (): Promise<RequestStats> => (await (await fetch(`${wordpress.url}/__fake/stats`)).json()) as RequestStats;
    await fetch(`${wordpress.url}/__fake/stats/reset`, { method: 'POST' });
    await fetch(`${wordpress.url}/wp-json/wp/v2/posts/?slug=a&_embed&t=1`);
    await fetch(`${wordpress.url}/wp-json/wp/v2/posts?_embed&slug=b&t=2`);
    await fetch(`${wordpress.url}/wp-json/wp/v2/news/521?t=3`);
    await fetch(`${wordpress.url}/wp-json/wp/v2/posts?per_page=500`); // an error counts too
    // Neither uploads nor the admin API are WordPress REST requests.
    await fetch(`${wordpress.url}/__fake/news/521`);
    const counted = await stats();
    expect(counted.wpJsonRequests).toBe(4);
    expect(counted.byRoute).toEqual({ 'GET /wp-json/wp/v2/posts?_embed&slug': 2, 'GET /wp-json/wp/v2/news/{id}': 1, 'GET /wp-json/wp/v2/posts?per_page': 1 });
    expect(wordpress.stats().wpJsonRequests).toBe(4);

    const reset = await fetch(`${wordpress.url}/__fake/stats/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(((await reset.json()) as RequestStats).wpJsonRequests).toBe(4);
    const after = await stats();
    expect(after).toEqual({ wpJsonRequests: 0, byRoute: {}, since: expect.any(String) });
    expect(Date.parse(after.since)).toBeGreaterThanOrEqual(Date.parse(counted.since));
    expect((await fetch(`${wordpress.url}/__fake/stats`, { method: 'DELETE' })).status).toBe(404);
  });

  it('routeKey: method, path with ids as {id}, sorted parameter names without t', () => {
    expect(routeKey('get', new URL('http://x/wp-json/wp/v2/frame/123?t=9'))).toBe('GET /wp-json/wp/v2/frame/{id}');
    expect(routeKey('GET', new URL('http://x/wp-json/wp/v2/alert?per_page=100&meta_query[0][key]=enable&meta_query[relation]=AND&_fields=acf'))).toBe(
      'GET /wp-json/wp/v2/alert?_fields&meta_query&per_page',
    );
    expect(routeKey('GET', new URL('http://x/wp-json/custom-api/v1/post-id?sticky=true'))).toBe('GET /wp-json/custom-api/v1/post-id?sticky');
    expect(routeKey('HEAD', new URL('http://x/wp-json/'))).toBe('HEAD /wp-json');
  });

  it('CLI arguments: --port, --host and --items, with = or a separate value', () => {
    expect(parseArgs(['--port', '4000', '--items=20', '--host', '0.0.0.0'])).toEqual({ port: 4000, items: 20, host: '0.0.0.0' });
    expect(() => parseArgs(['--port', 'abc'])).toThrow('--port must be a non-negative integer');
    expect(() => parseArgs(['--verbose', '1'])).toThrow('Unknown option --verbose');
  });
});
