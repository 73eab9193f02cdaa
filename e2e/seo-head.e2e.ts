/**
 * Issue 33 (docs/seo-and-redirects.md §5): what a crawler reads is the RAW HTML, so the head is
 * checked in the document as the server sends it (fetched, parsed by Chromium's DOMParser with
 * scripting off, no JavaScript of the page run):
 * for one item of every content type, the home page, a listing with the SEO plugin's archive
 * values, one without, and the search page: title, description, robots, canonical, Open Graph,
 * Twitter and JSON-LD (each script parses; the SEO plugin's graph with every WordPress address
 * mapped to the site). The fake WordPress answers as the companion plugin with Yoast SEO.
 *
 * And in Chromium: an item whose SEO title and description hold markup (`</title><script>…`,
 * `</script><img onerror>`) shows them as text in document.title and the meta content, and runs
 * nothing (no dialog, no injected element, no flag set by the injected code).
 */
import type { Browser, Page } from 'playwright-core';
import type { ContentTypeName } from '../src/lib/shared/types';
import { sitePath } from '../src/lib/shared/wordpress/contentTypes';
import { DESKTOP, launchBrowser, openPage } from './helpers/browser';
import { one, rawHead as fetchHead, urlsIn, type CrawlerHead } from './helpers/head';
import { readState } from './helpers/site';

const state = readState();
const origin = new URL(state.siteUrl).origin;
const wordpressOrigin = new URL(state.wordpressUrl).origin;
const NAME = 'Corvane Payments';
const YOAST_ROBOTS = 'index, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1';

type Head = CrawlerHead;

let browser: Browser;
/** A blank page whose DOMParser reads the raw HTML: an HTML parser with scripting off, as a crawler's is. */
let parserPage: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page: parserPage } = await openPage(browser, DESKTOP));
});

afterAll(async () => {
  await browser?.close();
});

/** The document's head as the server sent it (fetched, parsed, nothing run). */
async function rawHead(path: string): Promise<{ status: number; head: Head }> {
  const { status, head } = await fetchHead(parserPage, `${origin}${path}`);
  return { status, head };
}

interface Expected {
  title?: string;
  titleEndsWith?: string;
  description?: string;
  robots: string;
  canonical: string;
  ogImage?: string;
  /** The SEO plugin's schema graph (which replaces the page's own JSON-LD), the site's own JSON-LD, or none (search). */
  jsonLd: 'graph' | 'site' | 'none';
}

const item = (type: ContentTypeName, slug: string) => sitePath(type, slug);

const ITEMS: Array<[string, string, Partial<Expected>]> = [
  ['blog (custom SEO title and description)', item('blog', 'what-payment-orchestration-means-for-multi-site-merchants'), {
    title: `Payment orchestration for multi-site merchants: a guide - ${NAME}`,
    description: 'How one routing layer cuts fees and outages across every location: what payment orchestration means for operators of many sites.',
  }],
  ['news (a social image other than the featured one)', item('news', 'corvane-opens-regional-office-in-denver'), {
    title: `Corvane opens a regional office in Denver - ${NAME}`,
    ogImage: `${wordpressOrigin}/wp-content/uploads/2025/05/team-office.png`,
  }],
  ['press release', item('pressRelease', 'corvane-launches-decisionpoint-network'), {}],
  ['white paper', item('whitePaper', 'the-payment-orchestration-playbook'), {}],
  ['case study', item('caseStudy', 'crestfield-university-one-card-campus'), {}],
  ['insight (canonical on another site)', item('insight', 'why-soft-declines-arent-really-soft'), {
    canonical: 'https://www.paymentsweekly.example/analysis/why-soft-declines-arent-really-soft',
  }],
  ['event', item('event', 'corvane-payments-summit-2026'), {}],
  ['partner interview', item('partnerInterview', 'tablewise-integrated-payments'), {}],
  ['frame page', item('page', 'secure-switching'), {}],
  ['frame page the SEO plugin keeps out of search engines', item('page', 'summer-terminal-trade-in'), {
    title: `Summer terminal trade-in offer - ${NAME}`,
    robots: 'noindex, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1',
  }],
];

const PAGES: Array<[string, string, Expected]> = [
  ...ITEMS.map(([label, path, expected]): [string, string, Expected] => [
    label,
    path,
    { titleEndsWith: ` - ${NAME}`, robots: YOAST_ROBOTS, canonical: `${origin}${path}`, jsonLd: 'graph', ...expected },
  ]),
  ['home (the SEO plugin’s home page values)', '/', {
    title: `${NAME} - Payments that keep your business moving`,
    description: 'Payment orchestration, acquiring and loyalty for restaurants, campuses, venues and stores. One partner from the tap to the bank.',
    robots: YOAST_ROBOTS,
    canonical: `${origin}/`,
    jsonLd: 'graph',
  }],
  ['listing with the SEO plugin’s archive values', '/about-us/news', {
    title: `Company news - ${NAME}`,
    description: 'Offices, awards, partnerships and network updates from Corvane Payments.',
    robots: YOAST_ROBOTS,
    canonical: `${origin}/about-us/news`,
    jsonLd: 'site',
  }],
  ['listing without them (the site’s defaults)', '/resources/blogs', { title: `Blog | ${NAME}`, robots: '', canonical: `${origin}/resources/blogs`, jsonLd: 'site' }],
  ['search (the SEO plugin’s search title, noindex)', '/search', { title: `Search | ${NAME}`, robots: 'noindex, follow', canonical: `${origin}/search`, jsonLd: 'none' }],
];

describe('issue 33 §5 the raw HTML head carries the SEO plugin’s values', () => {
  test.each(PAGES)('%s (%s)', async (_label, path, expected) => {
    const { status, head } = await rawHead(path);
    expect({ path, status }).toEqual({ path, status: 200 });

    // Title: exactly one, as the plugin renders it (or the site's default).
    expect(head.titles).toHaveLength(1);
    const [title] = head.titles;
    if (expected.title) expect(title).toBe(expected.title);
    if (expected.titleEndsWith) expect(title.endsWith(expected.titleEndsWith)).toBe(true);

    const description = one(head, 'description');
    expect(description?.trim()).toBeTruthy();
    if (expected.description) expect(description).toBe(expected.description);

    // Robots: the full directive string ('' = no robots meta: indexable, the default).
    expect(one(head, 'robots') ?? '').toBe(expected.robots);

    expect(head.canonical).toEqual([expected.canonical]);
    expect(one(head, 'og:url')).toBe(expected.canonical);
    expect(one(head, 'og:title')?.trim()).toBeTruthy();
    expect(one(head, 'og:description')?.trim()).toBeTruthy();
    expect(one(head, 'og:type')).toMatch(/^(article|website)$/);
    expect(one(head, 'og:site_name')).toBe(NAME);
    expect(one(head, 'og:locale')).toBe('en_US');
    if (expected.ogImage) expect(one(head, 'og:image')).toBe(expected.ogImage);
    expect(one(head, 'twitter:card')).toMatch(/^(summary|summary_large_image)$/);
    expect(one(head, 'twitter:title')?.trim()).toBeTruthy();
    expect(head.icons).toHaveLength(1);

    // JSON-LD: every script parses; the plugin's graph names the page at its site address, and no
    // address of WordPress's front end is left in it (media files may load from WordPress).
    const data = head.jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(data.length > 0).toBe(expected.jsonLd !== 'none');
    const graph = data.find((d) => Array.isArray(d['@graph']));
    if (expected.jsonLd !== 'graph') {
      expect(graph).toBeUndefined();
      return;
    }
    expect(graph).toBeDefined();
    const nodes = graph?.['@graph'] as Array<Record<string, unknown>>;
    const webPage = nodes.find((n) => n['@type'] === 'WebPage');
    expect(webPage?.url).toBe(expected.canonical.startsWith(origin) ? expected.canonical : `${origin}${path}`);
    const leftOnWordPress = urlsIn(graph).filter((url) => url.startsWith(wordpressOrigin) && !url.startsWith(`${wordpressOrigin}/wp-content/`));
    expect(leftOnWordPress).toEqual([]);
  });
});

describe('issue 33 §5 markup in the SEO box is text, in the raw HTML and in Chromium', () => {
  const PATH = sitePath('caseStudy', 'pinecrest-arena-halftime-rush');
  const TITLE = `</title><script>window.__seoInjected = 1; alert(1)</script> Halftime rush & "quotes" - ${NAME}`;
  const DESCRIPTION = 'A description with </script><img src=x onerror="window.__seoInjected = 2"> inside & <b>tags</b>.';

  test('the raw HTML: one title whose text is the markup, the description as an attribute value', async () => {
    const { head } = await rawHead(PATH);
    expect(head.titles).toEqual([TITLE]);
    expect(one(head, 'description')).toBe(DESCRIPTION);
    for (const text of head.jsonLd) expect(text).not.toMatch(/<\/script/i);
  });

  test('Chromium shows them as text and runs nothing: no dialog, no injected element, no flag', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const response = await page.goto(`${origin}${PATH}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await page.waitForFunction(() => document.querySelector('h1') !== null);
    const seen = await page.evaluate(() => ({
      title: document.title,
      description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
      ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
      injected: (window as unknown as { __seoInjected?: number }).__seoInjected ?? null,
      images: [...document.querySelectorAll('img')].filter((img) => img.getAttribute('src') === 'x').length,
      scripts: [...document.querySelectorAll('script')].filter((s) => (s.textContent ?? '').includes('__seoInjected') && s.type !== 'application/ld+json' && s.type !== 'application/json').length,
      bold: document.head.querySelectorAll('b').length,
    }));
    expect(seen).toEqual({ title: TITLE, description: DESCRIPTION, ogTitle: TITLE.replace(` - ${NAME}`, ''), injected: null, images: 0, scripts: 0, bold: 0 });
    expect(dialogs).toEqual([]);
    expect(errors.pageErrors).toEqual([]);
  });
});
