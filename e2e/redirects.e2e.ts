/**
 * Issue 33 §5: WordPress's redirect table served by `next start` over the local content server
 * (docs/seo-and-redirects.md). Rules:
 * - an old slug answers 301 to the item's current address in one hop, and the browser lands on the page;
 * - a Redirection regex rule fills $1; a 410 rule answers 410 with the security headers;
 * - a path no rule matches is the site's 404, and asks WordPress nothing (nor does any redirect);
 * - after the webhook's `redirects: true`, a rule changed in WordPress takes effect.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from './helpers/browser';
import { gotoHydrated, jobsDone, patchContent, poll, readState, revalidate, siteUrl, webhookPayload } from './helpers/site';

const NEWS_NOW = '/about-us/news/corvane-opens-regional-office-in-denver';
const { wordpressUrl } = readState();

interface Stats {
  wpJsonRequests: number;
  byRoute: Record<string, number>;
}
const stats = async (): Promise<Stats> => (await (await fetch(`${wordpressUrl}/__fake/stats`)).json()) as Stats;
const resetStats = async () => void (await fetch(`${wordpressUrl}/__fake/stats/reset`, { method: 'POST' }));
const get = (path: string) => fetch(siteUrl(path), { redirect: 'manual' });

async function newsItem(): Promise<{ id: number }> {
  const items = (await (await fetch(`${wordpressUrl}/__fake/news`)).json()) as { id: number; slug: string }[];
  const item = items.find((i) => i.slug === 'corvane-opens-regional-office-in-denver');
  if (!item) throw new Error('the seed has no Denver news item');
  return item;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('an old slug (renamed twice) answers 301 to the current address in one hop; the browser lands on the page', async () => {
  for (const old of ['/about-us/news/denver-office-draft', '/about-us/news/corvane-opens-denver-office/']) {
    const response = await get(`${old}?utm_source=mail`);
    expect([old, response.status]).toEqual([old, 301]);
    expect(new URL(response.headers.get('location') ?? '', siteUrl('/')).toString()).toBe(siteUrl(`${NEWS_NOW}?utm_source=mail`));
    expect(response.headers.get('content-security-policy')).toBeTruthy();
  }
  const page = await browser.newPage();
  try {
    const response = await page.goto(siteUrl('/about-us/news/denver-office-draft'));
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(NEWS_NOW);
    expect(response?.request().redirectedFrom()?.redirectedFrom()).toBeNull();
  } finally {
    await page.close();
  }
});

test('a client-side navigation to an old slug (Next\'s router, /_next/data) ends on the current address', async () => {
  const page = await browser.newPage();
  try {
    await gotoHydrated(page, '/about-us/news');
    await page.evaluate(() => (window as unknown as { next: { router: { push(url: string): Promise<boolean> } } }).next.router.push('/about-us/news/denver-office-draft'));
    await page.waitForURL((url) => url.pathname === NEWS_NOW, { timeout: 15_000 });
    await expect(page.locator('h1').first().textContent()).resolves.toMatch(/Denver/i);
  } finally {
    await page.close();
  }
});

test('a Redirection regex rule fills $1; a target on WordPress\'s host becomes the site\'s address; an external one is kept', async () => {
  const blog = await get('/blog/loyalty-that-pays-for-itself');
  expect(blog.status).toBe(301);
  expect(new URL(blog.headers.get('location') ?? '', siteUrl('/')).pathname).toBe('/resources/blogs/loyalty-that-pays-for-itself');
  const promo = await get('/PROMO/42?ref=x');
  expect(promo.status).toBe(302);
  expect(new URL(promo.headers.get('location') ?? '', siteUrl('/')).toString()).toBe(siteUrl('/offers/42?ref=x'));
  const partner = await get('/partner-portal');
  expect(new URL(partner.headers.get('location') ?? '', siteUrl('/')).toString()).toBe(siteUrl('/pages/prospective-partners'));
  expect((await get('/status')).headers.get('location')).toBe('https://status.example.com/');
});

test('a 410 rule answers 410 with a small page and the security headers; the loop pair is never served', async () => {
  const gone = await get('/withdrawn-offer');
  expect(gone.status).toBe(410);
  expect(gone.headers.get('content-type')).toContain('text/html');
  expect(gone.headers.get('content-security-policy')).toBeTruthy();
  expect(gone.headers.get('x-content-type-options')).toBe('nosniff');
  expect(await gone.text()).toContain('removed');
  expect((await get('/loop-a')).status).toBe(404);
});

test('an unmatched path is the site\'s 404 and asks WordPress nothing; redirects ask nothing either', async () => {
  // Let anything an earlier test started (ISR regenerations) finish first.
  let before = await stats();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await stats();
    if (now.wpJsonRequests === before.wpJsonRequests) break;
    before = now;
  }
  await resetStats();
  expect((await get('/no/such/page/here')).status).toBe(404);
  for (let i = 0; i < 20; i++) expect((await get('/about-us/news/denver-office-draft')).status).toBe(301);
  expect((await get('/withdrawn-offer')).status).toBe(410);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect((await stats()).byRoute).toEqual({});
});

test('after a webhook with redirects: true, a rule changed in WordPress takes effect', async () => {
  const { id } = await newsItem();
  const added = '/about-us/news/denver-renamed-in-the-test';
  expect((await get(added)).status).not.toBe(301);
  try {
    await patchContent('news', id, { oldSlugs: ['denver-office-draft', 'corvane-opens-denver-office', 'denver-renamed-in-the-test'] });
    const call = await revalidate(webhookPayload({ event: 'slug_change', redirects: true }));
    expect(call.status).toBe(202);
    // The worker reads the table after the answer.
    const response = await poll(async () => {
      const answer = await get(added);
      return answer.status === 301 ? answer : undefined;
    }, { timeoutMs: 10_000, intervalMs: 100, what: `${added} to redirect` });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get('location') ?? '', siteUrl('/')).pathname).toBe(NEWS_NOW);
  } finally {
    // The next files see the seed's table again.
    await patchContent('news', id, { oldSlugs: ['denver-office-draft', 'corvane-opens-denver-office'] });
    await revalidate(webhookPayload({ event: 'slug_change', redirects: true }));
    await jobsDone();
  }
});
