/** @jest-environment node */
import type { WpMedia, WpPost } from '@/lib/wordpress/raw';
import { CUSTOM, ORIGIN, request, WP } from './helpers';

type Item = WpPost & { _links: Record<string, { href: string }[]>; _embedded?: { 'wp:featuredmedia'?: WpMedia[] } };

describe('HTTP protocol details', () => {
  it('every REST answer, error or not, has Content-Type application/json; charset=UTF-8', async () => {
    for (const url of [`${WP}/posts`, `${WP}/posts/1`, `${WP}/nothing`, `${CUSTOM}/news-id`, `${WP}/navigation/3`]) {
      expect((await request(url)).headers.get('content-type')).toBe('application/json; charset=UTF-8');
    }
  });

  it('CORS: echoes the Origin with credentials, WordPress\'s methods and headers, exposes totals and Link, Vary: Origin', async () => {
    const origin = 'http://localhost:3000';
    for (const url of [`${WP}/alert?per_page=100`, `${WP}/nothing`]) {
      const { headers } = await request(url, { headers: { Origin: origin } });
      expect(headers.get('access-control-allow-origin')).toBe(origin);
      expect(headers.get('access-control-allow-methods')).toBe('OPTIONS, GET, POST, PUT, PATCH, DELETE');
      expect(headers.get('access-control-allow-credentials')).toBe('true');
      expect(headers.get('access-control-allow-headers')).toBe('Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type');
      expect(headers.get('access-control-expose-headers')).toBe('X-WP-Total, X-WP-TotalPages, Link');
      expect(headers.get('vary')).toBe('Origin');
    }
  });

  it('without an Origin header, GET sends Vary: Origin and no Access-Control-Allow-Origin', async () => {
    const { headers } = await request(`${WP}/posts`);
    expect(headers.get('access-control-allow-origin')).toBeNull();
    expect(headers.get('vary')).toBe('Origin');
    expect(headers.get('access-control-expose-headers')).toBe('X-WP-Total, X-WP-TotalPages, Link');
  });

  it('an OPTIONS preflight answers 200 with the CORS headers and the route\'s description; unknown routes answer []', async () => {
    const preflight = await request<{ namespace: string; methods: string[] }>(`${WP}/alert`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://www.example.com', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://www.example.com');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
    expect(preflight.json).toMatchObject({ namespace: 'wp/v2', methods: ['GET', 'POST'] });
    const unknown = await request(`${WP}/nothing-here`, { method: 'OPTIONS', headers: { Origin: 'https://www.example.com' } });
    expect([unknown.status, unknown.json]).toEqual([200, []]);
  });

  it('JSON is encoded like wp_json_encode: slashes as \\/ and non-ASCII characters as \\uXXXX', async () => {
    const { text, json } = await request<Item>(`${WP}/posts/503`);
    expect(text).toContain('"link":"http:\\/\\/wordpress.test\\/loyalty-that-pays-for-itself\\/"');
    expect(text).toContain('caf\\u00e9');
    expect(text).not.toMatch(/[^\x00-\x7f]/);
    expect(json.content.rendered).toContain('Marlow Market café');
  });

  it('_pretty pretty-prints with four spaces like PHP', async () => {
    expect((await request(`${WP}/news/521?_pretty`)).text).toMatch(/^\{\n {4}"id": 521,/);
  });

  it('absolute URLs on the site (link, guid, source_url, _links, img src in content) use the serving origin', async () => {
    const { text, json } = await request<Item[]>(`${WP}/news?per_page=100&_embed`);
    expect(text).not.toContain('wp-origin.invalid');
    const post = json[0];
    expect(post.link.startsWith(`${ORIGIN}/`)).toBe(true);
    expect(post.guid.rendered).toBe(`${ORIGIN}/?post_type=news&#038;p=${post.id}`);
    expect(post._links.self[0].href).toBe(`${ORIGIN}/wp-json/wp/v2/news/${post.id}`);
    expect(post._embedded?.['wp:featuredmedia']?.[0].source_url.startsWith(`${ORIGIN}/wp-content/uploads/`)).toBe(true);
    const article = (await request<Item>(`${WP}/posts/502`)).json;
    expect(article.content.rendered).toContain(`src="${ORIGIN}/wp-content/uploads/2025/06/blog-terminals.png"`);
  });

  it('the REST index lists the namespaces and routes; namespace indexes list their routes', async () => {
    const index = await request<{ namespaces: string[]; routes: Record<string, unknown>; url: string }>(`${ORIGIN}/wp-json/`);
    expect(index.json.namespaces).toEqual(['wp/v2', 'custom-api/v1']);
    expect(index.json.url).toBe(ORIGIN);
    expect(Object.keys(index.json.routes)).toEqual(expect.arrayContaining(['/wp/v2/posts', '/wp/v2/posts/(?P<id>[\\d]+)', '/custom-api/v1/news-id']));
    const custom = await request<{ namespace: string; routes: Record<string, unknown> }>(`${ORIGIN}/wp-json/custom-api/v1`);
    expect(custom.json.namespace).toBe('custom-api/v1');
    // The ten id lists, the plugin's preview route (issue 11), its global stylesheet (issue 17), its SEO and its redirect table (issue 33), under the patterns the plugin registers.
    expect(Object.keys(custom.json.routes)).toHaveLength(14);
    expect(Object.keys(custom.json.routes)).toContain('/custom-api/v1/seo');
    expect(Object.keys(custom.json.routes)).toContain('/custom-api/v1/redirects');
    expect(Object.keys(custom.json.routes)).toContain('/custom-api/v1/global-styles');
    expect(Object.keys(custom.json.routes)).toContain('/custom-api/v1/preview/(?P<rest_base>[a-z0-9_-]+)/(?P<id>[\\d]+)');
  });

  it('paths outside the REST API and uploads answer WordPress\'s 404 page (HTML)', async () => {
    const response = await fetch(`${ORIGIN}/some/page/`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
  });
});
