/** @jest-environment node */
import { FAKE_PREVIEW_PASSWORD, FAKE_PREVIEW_USER } from '../../__mocks__/wordpress/preview';
import { fakeWordPress } from '../setup/msw';
import { CUSTOM, request, type ErrorBody } from './helpers';

/**
 * Issue 11: the fake serves the plugin's preview route as the plugin does
 * (wordpress-plugin/includes/Preview/PreviewRead.php, docs/preview.md "The preview read").
 */
const basic = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });
const reader = basic(FAKE_PREVIEW_USER, FAKE_PREVIEW_PASSWORD);
const DRAFT = 525; // news, draft
const PUBLISHED = 521; // news, published

type Item = { id: number; status: string; slug: string; title: { rendered: string }; _embedded?: unknown };

describe('issue 11 the fake preview route: custom-api/v1/preview/{rest_base}/{id}?user=', () => {
  test('the preview reader gets a draft as wp/v2 would answer it (with _embed), never cached', async () => {
    const answer = await request<Item>(`${CUSTOM}/preview/news/${DRAFT}?_embed&t=1`, { headers: reader });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ id: DRAFT, status: 'draft', slug: 'upcoming-announcement-draft' });
    expect(answer.json._embedded).toBeDefined();
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });

  test('no credentials: 401 rest_forbidden; a wrong password: 401 incorrect_password; another user: 403', async () => {
    const none = await request<ErrorBody>(`${CUSTOM}/preview/news/${DRAFT}`);
    expect([none.status, none.json.code]).toEqual([401, 'rest_forbidden']);
    const wrong = await request<ErrorBody>(`${CUSTOM}/preview/news/${DRAFT}`, { headers: basic(FAKE_PREVIEW_USER, 'nope') });
    expect([wrong.status, wrong.json.code]).toEqual([401, 'incorrect_password']);
    const other = await request<ErrorBody>(`${CUSTOM}/preview/news/${DRAFT}`, { headers: basic('editor', FAKE_PREVIEW_PASSWORD) });
    expect([other.status, other.json.code]).toEqual([403, 'rest_forbidden']);
  });

  test('404 rest_post_invalid_id: unknown id, an id of another type, an unknown base, a trashed item; the alias press-release works', async () => {
    for (const path of [`news/999999`, `posts/${DRAFT}`, `nothing/${DRAFT}`]) {
      const answer = await request<ErrorBody>(`${CUSTOM}/preview/${path}`, { headers: reader });
      expect([path, answer.status, answer.json?.code]).toEqual([path, 404, 'rest_post_invalid_id']);
    }
    const release = fakeWordPress().collections['press-releases'][0];
    expect((await request(`${CUSTOM}/preview/press-release/${release.id}`, { headers: reader })).status).toBe(200);
    (fakeWordPress().collections.news.find((p) => p.id === DRAFT) as { status: string }).status = 'trash';
    expect((await request(`${CUSTOM}/preview/news/${DRAFT}`, { headers: reader })).status).toBe(404);
  });

  test('the user\'s autosave replaces title/content/excerpt when newer; an older one or another user\'s does not', async () => {
    const post = fakeWordPress().collections.news.find((p) => p.id === PUBLISHED);
    if (!post) throw new Error('seed changed');
    post.autosaves = { 7: { title: 'Edited', modified: '2999-01-01T00:00:00' }, 8: { title: 'Old', modified: '2000-01-01T00:00:00' } };
    const title = async (user: number) => (await request<Item>(`${CUSTOM}/preview/news/${PUBLISHED}?user=${user}`, { headers: reader })).json.title.rendered;
    expect(await title(7)).toBe('Edited');
    expect(await title(8)).toBe(post.title.rendered);
    expect(await title(9)).toBe(post.title.rendered);
    // The public read never shows an autosave.
    expect((await request<Item>(`/wp/v2/news/${PUBLISHED}`)).json.title.rendered).toBe(post.title.rendered);
  });
});
