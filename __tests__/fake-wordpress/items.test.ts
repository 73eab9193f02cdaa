/** @jest-environment node */
import type { WpPost } from '@/lib/wordpress/raw';
import { fakeWordPress } from '../setup/msw';
import { ORIGIN, request, WP, type ErrorBody } from './helpers';

type Item = WpPost & { _links: Record<string, { href: string }[]>; fields_mapping?: string };

describe('single items', () => {
  it('an item is read by id from its REST base', async () => {
    const { status, json } = await request<Item>(`${WP}/news/521`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ id: 521, type: 'news', status: 'publish', slug: 'corvane-opens-regional-office-in-denver' });
    expect(json.title.rendered).toBe('Corvane opens a regional office in Denver');
    expect(json.content.rendered).toContain('<p>');
    expect(json.excerpt.rendered).toBe(
      '<p>Corvane has opened its fourth office, in Denver, to support a fast-growing base of stadium, resort and campus customers in the Mountain West. ' +
        'The office houses a support team, field engineers and a demo space where customers can try Vision AI and Donation on Device. ' +
        'The team is hiring. See careers at Corvane.</p>\n',
    );
  });

  it('an automatic excerpt is the first 55 words of the content, tags stripped, ending in &hellip;', async () => {
    const { json } = await request<Item>(`${WP}/posts/501`);
    const words = json.excerpt.rendered.replace(/^<p>|&hellip;<\/p>\n$/g, '').split(' ');
    expect(words).toHaveLength(55);
    expect(json.excerpt.rendered).toMatch(/^<p>If you run more than a handful of locations, you&#8217;ve .*&hellip;<\/p>\n$/s);
  });

  it('press-release/{id} is the real site\'s alias of press-releases for reads by id; links point at press-releases', async () => {
    const alias = await request<Item>(`${WP}/press-release/541`);
    const canonical = await request<Item>(`${WP}/press-releases/541`);
    expect(alias.status).toBe(200);
    expect(alias.json).toEqual(canonical.json);
    expect(alias.json.type).toBe('press-release');
    expect(alias.json._links.self[0].href).toBe(`${ORIGIN}/wp-json/wp/v2/press-releases/541`);
  });

  it('the press-release alias has no collection route: rest_no_route', async () => {
    const { status, json } = await request<ErrorBody>(`${WP}/press-release?slug=corvane-launches-decisionpoint-network`);
    expect([status, json.code]).toEqual([404, 'rest_no_route']);
  });

  it('an unknown id answers 404 rest_post_invalid_id "Invalid post ID."', async () => {
    const { status, json } = await request<ErrorBody>(`${WP}/posts/424242`);
    expect(status).toBe(404);
    expect(json).toEqual({ code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } });
  });

  it('an id that belongs to another post type answers 404 rest_post_invalid_id', async () => {
    expect((await request<ErrorBody>(`${WP}/news/501`)).json.code).toBe('rest_post_invalid_id');
    expect((await request<ErrorBody>(`${WP}/posts/521`)).json.code).toBe('rest_post_invalid_id');
  });

  it('a draft read by id answers 401 rest_forbidden, as for any unauthenticated client', async () => {
    const { status, json } = await request<ErrorBody>(`${WP}/news/525`);
    expect(status).toBe(401);
    expect(json).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
  });

  it('a non-numeric id and an unknown route answer 404 rest_no_route', async () => {
    for (const path of ['/news/abc', '/unknown-type', '/navigation', '/posts/1/2']) {
      const { status, json } = await request<ErrorBody>(`${WP}${path}`);
      expect(status).toBe(404);
      expect(json).toEqual({
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });
    }
  });

  it('routes match with a trailing slash and in any letter case, like WordPress\'s route regexes', async () => {
    expect((await request<Item[]>(`${WP}/fp_page/?slug=home`)).json[0].slug).toBe('home');
    expect((await request<Item>(`${WP}/NEWS/521`)).json.id).toBe(521);
  });

  it('?rest_route= reaches the same routes as /wp-json', async () => {
    const { json } = await request<Item>(`${ORIGIN}/?rest_route=/wp/v2/news/521`);
    expect(json.id).toBe(521);
  });

  it('frame_type items carry fields_mapping as a string holding a JSON list of rules', async () => {
    const [hero] = (await request<Item[]>(`${WP}/frame_type?slug=hero`)).json;
    expect(typeof hero.fields_mapping).toBe('string');
    const rules = JSON.parse(hero.fields_mapping ?? '') as { field: string }[];
    expect(rules.map((r) => r.field)).toEqual(['heading', 'subheading', 'image', 'imageAlt', 'cta']);
  });

  it('a change to the store is answered by the next request (tests drive WordPress through fakeWordPress())', async () => {
    fakeWordPress().collections.news.find((n) => n.id === 521)!.title.rendered = 'Changed';
    expect((await request<Item>(`${WP}/news/521`)).json.title.rendered).toBe('Changed');
  });
});

describe('unauthenticated writes', () => {
  it('POST to a collection answers 401 rest_cannot_create', async () => {
    const { status, json } = await request<ErrorBody>(`${WP}/posts`, { method: 'POST', body: '{}' });
    expect(status).toBe(401);
    expect(json).toEqual({ code: 'rest_cannot_create', message: 'Sorry, you are not allowed to create posts as this user.', data: { status: 401 } });
  });

  it.each(['POST', 'PUT', 'PATCH'])('%s to an existing item answers 401 rest_cannot_edit', async (method) => {
    const { status, json } = await request<ErrorBody>(`${WP}/news/521`, { method, body: '{}' });
    expect([status, json.code, json.message]).toEqual([401, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this post.']);
  });

  it('DELETE answers 401 rest_cannot_delete; a missing id answers 404 rest_post_invalid_id first', async () => {
    expect((await request<ErrorBody>(`${WP}/news/521`, { method: 'DELETE' })).json.code).toBe('rest_cannot_delete');
    expect((await request<ErrorBody>(`${WP}/news/999999`, { method: 'DELETE' })).json.code).toBe('rest_post_invalid_id');
    expect((await request<ErrorBody>(`${WP}/media/999999`, { method: 'PATCH' })).status).toBe(404);
  });

  it('methods a route does not register (PUT on a collection, POST on read-only routes) answer rest_no_route', async () => {
    for (const [method, url] of [
      ['PUT', `${WP}/posts`],
      ['POST', `${WP}/navigation/3`],
      ['POST', `${WP}/search`],
      ['POST', `${ORIGIN}/wp-json/custom-api/v1/news-id`],
      ['DELETE', `${ORIGIN}/wp-json/custom-api/v1/news-id`],
    ]) {
      const { status, json } = await request<ErrorBody>(url, { method });
      expect([method, url, status, json.code]).toEqual([method, url, 404, 'rest_no_route']);
    }
  });

  it('writes change nothing', async () => {
    await request(`${WP}/news/521`, { method: 'DELETE' });
    expect((await request<Item>(`${WP}/news/521`)).status).toBe(200);
  });
});
