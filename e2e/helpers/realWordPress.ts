import type { Page } from 'playwright-core';
import { instance, secrets, type Secrets } from '../../scripts/real-wordpress/paths';
import { RestClient } from '../../scripts/real-wordpress/rest';

/**
 * What the real-WordPress browser tests (e2e/real/) do to WordPress itself: REST calls as the
 * administrator (the seed's own client, with the instance's application password) and a login to
 * wp-admin through WordPress's own form. The instance is the one on REAL_WORDPRESS_PORT, which
 * the harness started (E2E_WORDPRESS=real).
 */

/** The administrator's credentials of this run's instance. */
export function adminSecrets(): Secrets & { appPassword: string } {
  const found = secrets(instance());
  if (!found.appPassword) throw new Error('the real WordPress has no application password for the admin (npm run wordpress:real)');
  return { ...found, appPassword: found.appPassword };
}

/** `Authorization: Basic …` for a user and its (application) password. */
export const basicAuth = (user: string, password: string): string => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A REST client (`/wp-json` routes) acting as the administrator; throws on a non-2xx answer (and, with `timeoutMs`, on none in time). */
export function adminRest(timeoutMs?: number): RestClient {
  const { adminUser, appPassword } = adminSecrets();
  return new RestClient(instance().url, adminUser, appPassword, timeoutMs);
}

/**
 * Logs the administrator in to wp-admin in the page's context (WordPress's own login form). Done
 * when the browser is on a wp-admin address (the dashboard's own load, slow on a busy machine, is
 * not waited for). When WordPress answers with its login form again, the form's error is read and
 * the login tried once more; a second failure throws with that error.
 */
export async function logInToWpAdmin(page: Page): Promise<void> {
  const { adminUser, adminPassword } = adminSecrets();
  let error = '';
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    await page.goto(`${instance().url}/wp-login.php`);
    await page.fill('#user_login', adminUser);
    await page.fill('#user_pass', adminPassword);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/wp-login.php')),
      page.click('#wp-submit'),
    ]);
    if (answer.status() === 302 && /\/wp-admin\//.test(answer.headers().location ?? '')) {
      await page.waitForURL(/\/wp-admin\//, { waitUntil: 'commit' });
      return;
    }
    error = (await page.locator('#login_error').textContent().catch(() => null))?.trim() || `HTTP ${answer.status()}`;
  }
  throw new Error(`wp-admin login failed twice: ${error}`);
}

/** Closes the block editor's welcome guide (shown to a user once, from a preference), which would cover the editor. */
export async function dismissWelcomeGuide(page: Page): Promise<void> {
  await page.evaluate(() => {
    const { data } = (
      window as unknown as {
        wp: { data: { select: (s: string) => Record<string, (f: string) => boolean>; dispatch: (s: string) => Record<string, (f: string) => void> } };
      }
    ).wp;
    if (data.select('core/edit-post').isFeatureActive('welcomeGuide')) data.dispatch('core/edit-post').toggleFeature('welcomeGuide');
  });
}
