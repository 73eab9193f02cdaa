import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Real Chromium for the browser tests: Debian's /usr/bin/chromium (`npx playwright install`
 * cannot download browsers here), driven by playwright-core. Override with CHROMIUM_PATH.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps calling Google's services, which a
// closed network answers with nothing but timeouts.
const ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { width: 1280, height: 900 } as const;
export const MOBILE = { width: 375, height: 812 } as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS, headless: true });
}

/** Hosts a page may load from: the site and the content server. Anything else is aborted (a closed network; tests must not depend on it). */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface PageErrors {
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
  /** Requests the tests aborted because they left the machine. */
  blocked: string[];
}

/** A fresh context (no cookies, no storage) and page at the given viewport; outside requests are aborted and recorded. */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page; errors: PageErrors }> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', locale: 'en-US' });
  const errors: PageErrors = { pageErrors: [], blocked: [] };
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || LOCAL_HOSTS.has(url.hostname)) return route.continue();
    errors.blocked.push(url.href);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.pageErrors.push(error.message));
  return { context, page, errors };
}
