/**
 * Issue 19: the first paint never shows a half-parsed header. When the HTML arrives in pieces,
 * Chromium paints what it has parsed so far; a header cut off before its search and Menu buttons
 * laid the logo's name out on one line, and the rest arriving moved it (a layout shift Lighthouse
 * counted, CLS 0.003, in some runs of the long articles). `_document` now holds rendering until
 * `<main>`, which follows the header, is parsed (`<link rel="expect" blocking="render">`).
 *
 * Here the page is served through a proxy that sends its HTML in two parts, cut inside the
 * header, with a pause between them, as a slow network would.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './helpers/browser';
import { readState } from './helpers/site';

const PAUSE_MS = 600;
const PHONE = { width: 412, height: 823 };
const ARTICLE = '/resources/blogs/blocks-showcase';

let browser: Browser;
let proxy: Server;
let proxyUrl: string;

/** Forwards to the site; an HTML answer is sent up to its header's search (`<details`), then the rest PAUSE_MS later. */
function startProxy(origin: string): Promise<string> {
  proxy = createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(`${origin}${req.url}`, { headers: { 'accept-encoding': 'identity' } });
      const type = upstream.headers.get('content-type') ?? 'application/octet-stream';
      const body = Buffer.from(await upstream.arrayBuffer());
      res.writeHead(upstream.status, { 'content-type': type });
      if (!type.includes('text/html')) return res.end(body);
      const html = body.toString('utf8');
      const cut = html.indexOf('<details', html.indexOf('<header'));
      if (cut < 0) return res.end(html);
      res.write(html.slice(0, cut));
      setTimeout(() => res.end(html.slice(cut)), PAUSE_MS);
    })().catch((error: unknown) => res.destroy(error as Error));
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  browser = await launchBrowser();
  proxyUrl = await startProxy(readState().siteUrl);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => proxy?.close(resolve));
});

describe('first paint (issue 19)', () => {
  test('HTML cut inside the header: nothing is painted until the header is whole, and nothing shifts', async () => {
    const { context, page } = await openPage(browser, PHONE, { deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await page.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; sources: { node?: Node | null }[] }[]) {
          shifts.push({ value: entry.value, sources: entry.sources.map((s) => (s.node instanceof Element ? s.node.className.toString() : String(s.node?.nodeName))) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const started = Date.now();
    await page.goto(`${proxyUrl}${ARTICLE}`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Menu', exact: true }).waitFor();
    // Shifts are reported with the frame after them: two more frames.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const { shifts, firstPaint, navigationStart } = await page.evaluate(() => ({
      shifts: (window as unknown as { __shifts: unknown[] }).__shifts,
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
      navigationStart: performance.timeOrigin,
    }));
    expect(shifts).toEqual([]);
    // The first paint came after the second part of the HTML, not before it.
    expect(firstPaint).not.toBeNull();
    expect(navigationStart + (firstPaint ?? 0)).toBeGreaterThanOrEqual(started + PAUSE_MS - 50);
    await context.close();
  });

  test('the element the first paint waits for follows the header on every kind of page', async () => {
    const { context, page } = await openPage(browser, PHONE);
    for (const path of ['/', ARTICLE, '/pages/card-services', '/resources/blogs', '/search', '/no-such-page']) {
      await page.goto(`${readState().siteUrl}${path}`);
      const order = await page.evaluate(() => {
        const expect = document.querySelector('link[rel="expect"][blocking="render"]');
        const target = expect ? document.querySelector(expect.getAttribute('href') ?? '') : null;
        const header = document.querySelector('header');
        return { linked: Boolean(expect), found: Boolean(target), afterHeader: Boolean(target && header && header.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) };
      });
      expect({ path, ...order }).toEqual({ path, linked: true, found: true, afterHeader: true });
    }
    await context.close();
  });
});
