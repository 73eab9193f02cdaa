/** @jest-environment node */
/**
 * Issue 33 §3: the fake WordPress serves the companion plugin's redirect table, computed from the
 * store (old slugs, the Redirection plugin's rules) as the plugin computes it from WordPress.
 */
import { fakeWordPress, WORDPRESS_BASE } from '../setup/msw';

interface Rule {
  source: string;
  regex: boolean;
  ignore_case: boolean;
  ignore_trailing_slash: boolean;
  query: string;
  status: number;
  target: string | null;
  origin: string;
}

async function table(): Promise<{ version: string; redirects: Rule[] }> {
  const response = await fetch(`${WORDPRESS_BASE}/wp-json/custom-api/v1/redirects`);
  expect(response.status).toBe(200);
  return (await response.json()) as { version: string; redirects: Rule[] };
}

test('every rule has the contract\'s keys and types', async () => {
  const { version, redirects } = await table();
  expect(version).toMatch(/^[0-9a-f]{32}$/);
  for (const rule of redirects) {
    expect(Object.keys(rule).sort()).toEqual(['ignore_case', 'ignore_trailing_slash', 'origin', 'query', 'regex', 'source', 'status', 'target'].sort());
    expect([301, 302, 307, 308, 404, 410]).toContain(rule.status);
    expect(rule.target === null).toBe(rule.status === 404 || rule.status === 410);
  }
});

test('old slugs: both of a twice-renamed item lead to its current address; one now taken by another item is left out', async () => {
  const { redirects } = await table();
  const oldSlugs = redirects.filter((r) => r.origin === 'old_slug');
  const now = '/about-us/news/corvane-opens-regional-office-in-denver';
  expect(oldSlugs).toEqual(
    expect.arrayContaining([
      { source: '/about-us/news/denver-office-draft', regex: false, ignore_case: false, ignore_trailing_slash: true, query: 'pass', status: 301, target: now, origin: 'old_slug' },
      expect.objectContaining({ source: '/about-us/news/corvane-opens-denver-office', target: now }),
      expect.objectContaining({ source: '/pages/cards', target: '/pages/card-services' }),
    ]),
  );
  expect(oldSlugs.map((r) => r.source)).not.toContain('/resources/blogs/five-signs-your-terminal-estate-needs-attention');
});

test('Redirection: enabled url rules of enabled groups, url and error actions only, by position; then old slugs', async () => {
  const { redirects } = await table();
  const sources = redirects.map((r) => r.source);
  for (const left of ['/disabled-rule', '/retired-campaign', '/login-only', '/passed-through']) expect(sources).not.toContain(left);
  expect(redirects.findIndex((r) => r.origin === 'old_slug')).toBeGreaterThan(redirects.map((r) => r.origin).lastIndexOf('redirection'));
  // The second /old-pricing rule (position 50) comes after the first.
  expect(redirects.filter((r) => r.source === '/old-pricing').map((r) => r.target)).toEqual(['/pages/card-services', '/pages/secure-switching']);
  // Targets on WordPress's host are served on the serving origin.
  expect(redirects.find((r) => r.source === '/partner-portal')?.target).toBe(`${WORDPRESS_BASE}/pages/prospective-partners/`);
});

test('the version follows the table: equal tables, equal versions; a change, a new one', async () => {
  const first = await table();
  expect((await table()).version).toBe(first.version);
  fakeWordPress().redirection!.items[0].action_data = '/pages/secure-switching';
  expect((await table()).version).not.toBe(first.version);
});
