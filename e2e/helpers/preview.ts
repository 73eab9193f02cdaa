import type { Page, Response as PageResponse } from 'playwright-core';
import { signToken, type TokenClaims } from '../../src/lib/preview/token';
import { PREVIEW_BAR_TEXT } from '../../src/components/layout/PreviewBar';
import { readState } from '../harness/state';

/**
 * Helpers of the preview browser tests (issue 11; e2e/preview.e2e.ts over the fake WordPress,
 * e2e/real/preview.e2e.ts over the real one): links signed as WordPress signs them (with this
 * run's PREVIEW_SECRET, which the harness also gives the plugin in real mode), and the checks
 * every preview answer must pass.
 */

export { PREVIEW_BAR_TEXT };

/** `/api/preview?…` for the claims, signed with this run's secret (expires: now + 300 s unless given). */
export function previewLink(claims: Omit<TokenClaims, 'expires'> & { expires?: number }, override: Record<string, string> = {}): string {
  const { siteUrl, previewSecret } = readState();
  const full: TokenClaims = { expires: Math.floor(Date.now() / 1000) + 300, ...claims };
  const params = new URLSearchParams({
    type: full.restBase,
    id: String(full.id),
    user: String(full.user),
    expires: String(full.expires),
    token: signToken(full, previewSecret),
    ...override,
  });
  return `${siteUrl}/api/preview?${params}`;
}

/** A refused link: 401 JSON, and no cookie set. */
export async function expectRefused(url: string): Promise<void> {
  const response = await fetch(url, { redirect: 'manual' });
  expect({ status: response.status, cookies: response.headers.getSetCookie(), robots: response.headers.get('x-robots-tag') }).toEqual({
    status: 401,
    cookies: [],
    robots: 'noindex',
  });
  expect(await response.json()).toEqual({ error: expect.any(String) });
}

/** The three refusals of the issue: expired, tampered, signed for another item. */
export async function expectExpiredTamperedAndOtherItemRefused(claims: Omit<TokenClaims, 'expires'>, otherId: number): Promise<void> {
  await expectRefused(previewLink({ ...claims, expires: Math.floor(Date.now() / 1000) - 60 }));
  const genuine = new URL(previewLink(claims));
  const token = genuine.searchParams.get('token') as string;
  await expectRefused(previewLink(claims, { token: `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}` }));
  await expectRefused(previewLink(claims, { id: String(otherId) }));
}

/** A preview answer: never cached (Next's `private, no-store`) and never indexed. */
export function expectPreviewAnswer(response: PageResponse | null): void {
  const headers = response?.headers() ?? {};
  expect(response?.status()).toBe(200);
  expect(headers['cache-control']).toMatch(/\bprivate\b/);
  expect(headers['cache-control']).toMatch(/\bno-store\b/);
  expect(headers['x-robots-tag']).toBe('noindex');
}

/** The preview bar is shown. */
export async function expectPreviewBar(page: Page): Promise<void> {
  const bar = page.getByRole('complementary', { name: 'Preview' });
  await bar.waitFor({ state: 'visible' });
  expect(await bar.textContent()).toContain(PREVIEW_BAR_TEXT);
}

/**
 * Clicks the bar's "Exit preview" (a form POST that redirects) and resolves with the answer of the
 * page it lands on, once that page has loaded. It waits for that document's own response, not for
 * "a navigation": the page's router may change the address in place while it hydrates (Next's
 * mount-time `router.replace`), which `page.waitForNavigation()` also took, so the check ran on
 * the page before the exit (seen once in CI).
 */
export async function exitPreview(page: Page): Promise<PageResponse> {
  const landed = page.waitForResponse((response) => {
    const request = response.request();
    return request.isNavigationRequest() && request.frame() === page.mainFrame() && request.redirectedFrom()?.method() === 'POST';
  });
  await page.getByRole('button', { name: 'Exit preview' }).click();
  const response = await landed;
  await page.waitForURL(response.url());
  return response;
}

/** The names of the site's preview cookies in the page's context. */
export async function previewCookies(page: Page): Promise<string[]> {
  const cookies = await page.context().cookies();
  return cookies.map((c) => c.name).filter((name) => name === '__prerender_bypass' || name === '__next_preview_data').sort();
}
