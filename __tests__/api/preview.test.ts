/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http, passthrough } from 'msw';
import { apiResolver } from 'next/dist/server/api-utils/node/api-resolver';
import { tryGetPreviewData } from 'next/dist/server/api-utils/node/try-get-preview-data';
import previewRoute from '../../pages/api/preview/index';
import exitRoute, { config as exitConfig } from '../../pages/api/preview/exit';
import { resetConfigForTests } from '@/config';
import { checkToken, signToken, tokenMessage, type TokenClaims } from '@/lib/preview/token';
import { parsePreviewData, previewFor, type PreviewData } from '@/lib/preview/previewData';
import { detailRoute } from '@/lib/site/staticProps';
import { createPreviewHandler } from '@/lib/preview/handler';
import { memoryRateLimit } from '@/lib/api/rateLimit';
import { fakeRequest, fakeResponse } from './fakeHttp';
import { FAKE_PREVIEW_PASSWORD, FAKE_PREVIEW_USER } from '../../__mocks__/wordpress/preview';
import { fakeWordPress, recordWordPressRequests, server, WORDPRESS_BASE } from '../setup/msw';
import { getStaticProps as sectionProps } from '../../pages/[section]/[slug]';
import { getStaticProps as homeProps } from '../../pages/index';

/**
 * Issue 11 (contract C), the site side of the preview: the token check, `/api/preview` and its
 * exit through Next's own API resolver (its real preview cookies), and the page decision.
 */

const SECRET = 'test-preview-secret-0123456789';
const NOW = 1_767_225_600; // 2026-01-01T00:00:00Z
const EDITOR = 7;
const NEWS_DRAFT = 525; // seed: `upcoming-announcement-draft`, a draft
const NEWS_PUBLISHED = 521; // seed: `corvane-opens-regional-office-in-denver`
const PAGE_DRAFT_SLUG = 'pricing-draft';

const previewKeys = {
  previewModeId: 'preview-mode-id-0123456789abcdef',
  previewModeEncryptionKey: 'encryption-key-0123456789abcdef',
  previewModeSigningKey: 'signing-key-0123456789abcdef012',
  dev: false,
};

beforeAll(() => {
  process.env.PREVIEW_SECRET = SECRET;
  process.env.WORDPRESS_PREVIEW_USER = FAKE_PREVIEW_USER;
  process.env.WORDPRESS_PREVIEW_PASSWORD = FAKE_PREVIEW_PASSWORD;
  resetConfigForTests();
});
afterAll(() => {
  delete process.env.PREVIEW_SECRET;
  delete process.env.WORDPRESS_PREVIEW_USER;
  delete process.env.WORDPRESS_PREVIEW_PASSWORD;
  resetConfigForTests();
});

describe('issue 11 the token: HMAC-SHA256 hex over "{rest_base}\\n{id}\\n{user_id}\\n{expires}", checked in constant time', () => {
  const claims: TokenClaims = { restBase: 'news', id: 42, user: 7, expires: NOW };

  test('the known-answer vector of docs/preview.md ("Token"), which the plugin signs alike', () => {
    expect(tokenMessage(claims)).toBe('news\n42\n7\n1767225600');
    expect(signToken(claims, SECRET)).toBe('f7a29b8861d7d2a5a817719039ac7be29c421b100196511b547a1d087957fa78');
    // The plugin's second vector (wordpress-plugin/tests/PreviewTokenTest.php).
    expect(signToken({ restBase: 'fp_page', id: 1234, user: 1, expires: 1767225900 }, SECRET)).toBe('bcc54171221512666cab0821d5efe5f3b7f4ba05d43935cfae2d74488d940777');
  });

  test('a genuine token within its lifetime passes; expired, too far ahead, tampered, other-item and no-secret fail', () => {
    const token = signToken(claims, SECRET);
    expect(checkToken(claims, token, SECRET, NOW - 300)).toEqual({ ok: true });
    expect(checkToken(claims, token, SECRET, NOW + 1)).toEqual({ ok: false, reason: 'expired' });
    const far = { ...claims, expires: NOW + 631 };
    expect(checkToken(far, signToken(far, SECRET), SECRET, NOW)).toEqual({ ok: false, reason: 'too-far-ahead' });
    const edge = { ...claims, expires: NOW + 630 };
    expect(checkToken(edge, signToken(edge, SECRET), SECRET, NOW)).toEqual({ ok: true });
    const tampered = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    expect(checkToken(claims, tampered, SECRET, NOW - 1)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(checkToken({ ...claims, id: 43 }, token, SECRET, NOW - 1)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(checkToken({ ...claims, user: 8 }, token, SECRET, NOW - 1)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(checkToken(claims, signToken(claims, 'another-secret-0123456789'), SECRET, NOW - 1)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(checkToken(claims, token, null, NOW - 1)).toEqual({ ok: false, reason: 'no-secret' });
  });
});

/* ------------------------------------------------------------------------------------------ */
/* The routes, served by Next's API resolver                                                    */
/* ------------------------------------------------------------------------------------------ */

let site: Server;
let origin = '';

beforeAll(async () => {
  site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const exit = url.pathname === '/api/preview/exit';
    const route = exit ? { default: exitRoute, config: exitConfig } : { default: previewRoute };
    // As Next parses a query: a repeated parameter becomes a list.
    const query: Record<string, string | string[]> = {};
    for (const key of new Set(url.searchParams.keys())) {
      const values = url.searchParams.getAll(key);
      query[key] = values.length > 1 ? values : values[0];
    }
    void apiResolver(req, res, query, route, previewKeys, false, false, url.pathname);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});
beforeEach(() => {
  server.use(http.all(`${origin}/*`, () => passthrough()));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function link(claims: Partial<TokenClaims> = {}, override: Record<string, string> = {}): string {
  const full: TokenClaims = { restBase: 'news', id: NEWS_DRAFT, user: EDITOR, expires: Math.floor(Date.now() / 1000) + 300, ...claims };
  const params = new URLSearchParams({ type: full.restBase, id: String(full.id), user: String(full.user), expires: String(full.expires), token: signToken(full, SECRET), ...override });
  return `${origin}/api/preview?${params}`;
}

const get = (url: string, cookie?: string) => fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
const setCookies = (res: Response) => res.headers.getSetCookie();
const cookieHeader = (res: Response) => setCookies(res).map((c) => c.split(';')[0]).join('; ');

describe('issue 11 GET /api/preview', () => {
  test('a valid link: the authenticated read, session cookies (HttpOnly, Secure, SameSite=Lax), 307 to the item\'s site path', async () => {
    const recorder = recordWordPressRequests();
    const headers: Record<string, string | null> = {};
    const listener = ({ request }: { request: Request }) => {
      headers[new URL(request.url).pathname] = request.headers.get('authorization');
    };
    server.events.on('request:start', listener);
    const res = await get(link());
    server.events.removeListener('request:start', listener);
    recorder.stop();

    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('/about-us/news/upcoming-announcement-draft');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const cookies = setCookies(res);
    expect(cookies.map((c) => c.split('=')[0]).sort()).toEqual(['__next_preview_data', '__prerender_bypass']);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; Secure/); // NODE_ENV is not development
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).not.toMatch(/Max-Age|Expires/i); // a session cookie
    }
    // The one WordPress request: the preview route, with the preview reader's Basic credentials.
    const wp = recorder.urls.filter((u) => u.origin === WORDPRESS_BASE);
    expect(wp.map((u) => u.pathname)).toEqual([`/wp-json/custom-api/v1/preview/news/${NEWS_DRAFT}`]);
    expect(wp[0].searchParams.get('user')).toBe(String(EDITOR));
    expect(wp[0].searchParams.has('_embed')).toBe(true);
    const expected = `Basic ${Buffer.from(`${FAKE_PREVIEW_USER}:${FAKE_PREVIEW_PASSWORD}`).toString('base64')}`;
    expect(headers[`/wp-json/custom-api/v1/preview/news/${NEWS_DRAFT}`]).toBe(expected);
  });

  test('the preview data names the item and where Exit returns: null for a draft, the published path for a published item', async () => {
    const read = async (url: string) => {
      const res = await get(url);
      const req = { headers: { cookie: cookieHeader(res) } } as never;
      return tryGetPreviewData(req, {} as never, previewKeys, false) as PreviewData;
    };
    expect(await read(link())).toEqual({ restBase: 'news', id: NEWS_DRAFT, user: EDITOR, slug: 'upcoming-announcement-draft', section: 'pages', published: null });
    expect((await read(link({ id: NEWS_PUBLISHED }))).published).toBe('/about-us/news/corvane-opens-regional-office-in-denver');
  });

  test('a new draft without a slug goes to its preview-{id} address; an fp_page to /{section}/{slug}', async () => {
    const draft = fakeWordPress().collections.news.find((p) => p.id === NEWS_DRAFT);
    if (draft) draft.slug = '';
    expect((await get(link())).headers.get('location')).toBe(`/about-us/news/preview-${NEWS_DRAFT}`);
    const page = fakeWordPress().collections.fp_page.find((p) => p.slug === PAGE_DRAFT_SLUG);
    expect((await get(link({ restBase: 'fp_page', id: page?.id }))).headers.get('location')).toBe(`/pages/${PAGE_DRAFT_SLUG}`);
    const home = fakeWordPress().collections.fp_page.find((p) => p.slug === 'home');
    expect((await get(link({ restBase: 'fp_page', id: home?.id }))).headers.get('location')).toBe('/');
  });

  test.each([
    ['expired', { expires: Math.floor(Date.now() / 1000) - 1 }, {}],
    ['more than 600 s (+30 s skew) ahead', { expires: Math.floor(Date.now() / 1000) + 700 }, {}],
    ['tampered', {}, { token: 'a'.repeat(64) }],
    ['signed for another item', {}, { id: String(NEWS_PUBLISHED) }],
    ['signed for another user', {}, { user: '8' }],
    ['signed for another type', {}, { type: 'posts' }],
  ])('a token %s: 401 JSON and no cookie', async (_name, claims, override) => {
    const res = await get(link(claims, override));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: expect.any(String) });
    expect(setCookies(res)).toEqual([]);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
  });

  test('no PREVIEW_SECRET: 401 and no cookie, and WordPress is not asked', async () => {
    delete process.env.PREVIEW_SECRET;
    resetConfigForTests();
    const recorder = recordWordPressRequests();
    try {
      const res = await get(link());
      expect(res.status).toBe(401);
      expect(setCookies(res)).toEqual([]);
      expect(recorder.urls.filter((u) => u.origin === WORDPRESS_BASE)).toEqual([]);
    } finally {
      recorder.stop();
      process.env.PREVIEW_SECRET = SECRET;
      resetConfigForTests();
    }
  });

  test.each([
    ['no type', { type: '' }],
    ['an unknown type', { type: 'frame' }],
    ['an id that is not a number', { id: '12a' }],
    ['a user of 0', { user: '0' }],
    ['expires not in seconds', { expires: 'tomorrow' }],
    ['a short token', { token: 'abc' }],
    ['an upper-case token', { token: 'A'.repeat(64) }],
  ])('%s: 400 JSON, no cookie', async (_name, override) => {
    const res = await get(link({}, override));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: expect.any(String) });
    expect(setCookies(res)).toEqual([]);
  });

  test('a repeated parameter is malformed (400); POST is 405', async () => {
    expect((await get(`${link()}&id=1`)).status).toBe(400);
    const post = await fetch(link(), { method: 'POST', redirect: 'manual' });
    expect(post.status).toBe(405);
    expect(setCookies(post)).toEqual([]);
  });

  test('an item WordPress does not have (or a trashed one): 404 JSON, no cookie', async () => {
    expect((await get(link({ id: 999_999 }))).status).toBe(404);
    const draft = fakeWordPress().collections.news.find((p) => p.id === NEWS_DRAFT);
    if (draft) (draft as { status: string }).status = 'trash';
    const res = await get(link());
    expect(res.status).toBe(404);
    expect(setCookies(res)).toEqual([]);
  });

  test('WordPress refuses the preview reader: 502 JSON, no cookie, no retry', async () => {
    process.env.WORDPRESS_PREVIEW_PASSWORD = 'wrong password';
    resetConfigForTests();
    const recorder = recordWordPressRequests();
    try {
      const res = await get(link());
      expect(res.status).toBe(502);
      expect(setCookies(res)).toEqual([]);
      expect(recorder.urls.filter((u) => u.origin === WORDPRESS_BASE)).toHaveLength(1);
    } finally {
      recorder.stop();
      process.env.WORDPRESS_PREVIEW_PASSWORD = FAKE_PREVIEW_PASSWORD;
      resetConfigForTests();
    }
  });

  test('no preview credentials on the site: 503 JSON, no cookie', async () => {
    delete process.env.WORDPRESS_PREVIEW_USER;
    delete process.env.WORDPRESS_PREVIEW_PASSWORD;
    resetConfigForTests();
    try {
      const res = await get(link());
      expect(res.status).toBe(503);
      expect(setCookies(res)).toEqual([]);
    } finally {
      process.env.WORDPRESS_PREVIEW_USER = FAKE_PREVIEW_USER;
      process.env.WORDPRESS_PREVIEW_PASSWORD = FAKE_PREVIEW_PASSWORD;
      resetConfigForTests();
    }
  });
});

describe('issue 11 /api/preview is rate-limited like the other API routes', () => {
  test('over the limit: 429 with Retry-After, before the token is even looked at', async () => {
    const handler = createPreviewHandler({ rateLimit: memoryRateLimit({ points: 1, durationSeconds: 60, keyPrefix: 'preview-test' }), trustProxy: () => false });
    const call = async () => {
      const res = fakeResponse();
      await handler(fakeRequest({ method: 'GET', query: { type: 'news' } }), res);
      return res;
    };
    expect((await call()).statusCode).toBe(400);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.sent.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('issue 11 POST /api/preview/exit', () => {
  const exit = (cookie?: string) => fetch(`${origin}/api/preview/exit`, { method: 'POST', redirect: 'manual', headers: cookie ? { cookie } : {} });

  test('clears both cookies and returns (303) to the published page of a published item', async () => {
    const entered = await get(link({ id: NEWS_PUBLISHED }));
    const res = await exit(cookieHeader(entered));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/about-us/news/corvane-opens-regional-office-in-denver');
    const cleared = setCookies(res);
    expect(cleared.map((c) => c.split('=')[0]).sort()).toEqual(['__next_preview_data', '__prerender_bypass']);
    for (const cookie of cleared) expect(cookie).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  test('a draft (not published) returns home; so does a request without preview data; GET is 405', async () => {
    const entered = await get(link());
    expect((await exit(cookieHeader(entered))).headers.get('location')).toBe('/');
    expect((await exit()).headers.get('location')).toBe('/');
    expect((await fetch(`${origin}/api/preview/exit`, { redirect: 'manual' })).status).toBe(405);
  });
});

/* ------------------------------------------------------------------------------------------ */
/* The page decision                                                                            */
/* ------------------------------------------------------------------------------------------ */

const data = (overrides: Partial<PreviewData> = {}): PreviewData => ({
  restBase: 'news', id: NEWS_DRAFT, user: EDITOR, slug: 'upcoming-announcement-draft', section: 'pages', published: null, ...overrides,
});

describe('issue 11 which page shows the draft (previewFor)', () => {
  test('only in preview mode, only the page of the same type and slug (and section for pages)', () => {
    expect(previewFor({ preview: true, previewData: data() }, 'news', 'upcoming-announcement-draft')?.id).toBe(NEWS_DRAFT);
    expect(previewFor({ preview: false, previewData: data() }, 'news', 'upcoming-announcement-draft')).toBeNull();
    expect(previewFor({ preview: true, previewData: data() }, 'blog', 'upcoming-announcement-draft')).toBeNull();
    expect(previewFor({ preview: true, previewData: data() }, 'news', 'another')).toBeNull();
    const page = data({ restBase: 'fp_page', slug: 'pricing-draft', section: 'pages' });
    expect(previewFor({ preview: true, previewData: page }, 'page', 'pricing-draft', 'pages')).not.toBeNull();
    expect(previewFor({ preview: true, previewData: page }, 'page', 'pricing-draft', 'resources')).toBeNull();
    expect(previewFor({ preview: true, previewData: data({ restBase: 'fp_page', slug: 'home' }) }, 'page', 'home')).not.toBeNull();
    // Non-ASCII slugs: WordPress percent-encodes them, Next decodes route parameters.
    expect(previewFor({ preview: true, previewData: data({ slug: '%e2%9c%93-done' }) }, 'news', '✓-done')).not.toBeNull();
  });

  test('preview data of another shape is ignored', () => {
    expect(parsePreviewData({ ...data(), published: '//evil.example' })).toBeNull();
    expect(parsePreviewData({ ...data(), restBase: 'frame' })).toBeNull();
    expect(parsePreviewData('x')).toBeNull();
    expect(parsePreviewData(data())).toEqual(data());
  });
});

describe('issue 11 pages in preview mode', () => {
  const news = detailRoute('news');
  type Props = { props?: { item?: { title: string; html: string }; page?: { title: string; frames: unknown[] }; frames?: unknown[]; layout?: unknown }; notFound?: boolean };

  test('the previewed item\'s page renders the draft (with the editor\'s autosave) through the same normalizers, with the layout', async () => {
    const published = fakeWordPress().collections.news.find((p) => p.id === NEWS_PUBLISHED);
    if (published) published.autosaves = { [EDITOR]: { title: 'Edited, not updated', modified: '2999-01-01T00:00:00' } };
    const previewData = data({ id: NEWS_PUBLISHED, slug: 'corvane-opens-regional-office-in-denver', published: '/about-us/news/corvane-opens-regional-office-in-denver' });
    const result = (await news.getStaticProps({ params: { slug: 'corvane-opens-regional-office-in-denver' }, preview: true, previewData })) as Props;
    expect(result.props?.item?.title).toBe('Edited, not updated');
    expect(result.props?.layout).toBeTruthy();
    // Another user's autosave is not shown; the public page (no preview) shows the published title.
    const other = (await news.getStaticProps({ params: { slug: 'corvane-opens-regional-office-in-denver' }, preview: true, previewData: { ...previewData, user: 8 } })) as Props;
    expect(other.props?.item?.title).toBe('Corvane opens a regional office in Denver');
    const publicPage = (await news.getStaticProps({ params: { slug: 'corvane-opens-regional-office-in-denver' } })) as Props;
    expect(publicPage.props?.item?.title).toBe('Corvane opens a regional office in Denver');
  });

  test('a draft without a slug renders at preview-{id}; other pages in preview mode render published content; public renders never call the preview route', async () => {
    const draft = fakeWordPress().collections.news.find((p) => p.id === NEWS_DRAFT);
    if (draft) draft.slug = '';
    const recorder = recordWordPressRequests();
    try {
      const previewData = data({ slug: `preview-${NEWS_DRAFT}` });
      const result = (await news.getStaticProps({ params: { slug: `preview-${NEWS_DRAFT}` }, preview: true, previewData })) as Props;
      expect(result.props?.item?.title).toBe('Upcoming announcement (draft)');
      const other = (await news.getStaticProps({ params: { slug: 'corvane-opens-regional-office-in-denver' }, preview: true, previewData })) as Props;
      expect(other.props?.item?.title).toBe('Corvane opens a regional office in Denver');
      const previewReads = () => recorder.urls.filter((u) => u.pathname.includes('/custom-api/v1/preview/')).length;
      expect(previewReads()).toBe(1);
      await news.getStaticProps({ params: { slug: 'corvane-opens-regional-office-in-denver' } });
      await homeProps({});
      expect(previewReads()).toBe(1);
    } finally {
      recorder.stop();
    }
  });

  test('an fp_page draft renders its frames at /{section}/{slug}; the home page\'s draft at /', async () => {
    const page = fakeWordPress().collections.fp_page.find((p) => p.slug === PAGE_DRAFT_SLUG);
    const previewData = data({ restBase: 'fp_page', id: page?.id, slug: PAGE_DRAFT_SLUG, section: 'pages' });
    const result = (await sectionProps({ params: { section: 'pages', slug: PAGE_DRAFT_SLUG }, preview: true, previewData })) as Props;
    expect(result.props?.page?.title).toBe('Pricing (draft)');
    expect(result.props?.page?.frames.length).toBeGreaterThan(0);
    expect(((await sectionProps({ params: { section: 'pages', slug: PAGE_DRAFT_SLUG } })) as Props).notFound).toBe(true);

    const home = fakeWordPress().collections.fp_page.find((p) => p.slug === 'home');
    if (home) home.autosaves = { [EDITOR]: { excerpt: '<p>Draft home description</p>', modified: '2999-01-01T00:00:00' } };
    const homeData = data({ restBase: 'fp_page', id: home?.id, slug: 'home', published: '/' });
    const draftHome = (await homeProps({ preview: true, previewData: homeData })) as { props: { description: string } };
    expect(draftHome.props.description).toBe('Draft home description');
  });
});
