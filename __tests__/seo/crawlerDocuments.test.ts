import { buildSitemap, robotsTxt } from '@/lib/site/sitemap';
import { buildFeed, FEED_SIZE, feedType, rfc822 } from '@/lib/site/feeds';
import { LISTING_PATHS } from '@/lib/site/sitePaths';
import { isTestPage } from '@/lib/shared/testPages';
import { escapeXml } from '@/lib/site/xml';
import { SITE_NAME } from '@/lib/shared/site/brand';
import { contentType } from '@/lib/shared/wordpress/contentTypes';
import { getEveryPageLink } from '@/lib/wordpress/links';
import { fakeWordPress, server } from '../setup/msw';

const SITE = 'https://www.example.com';

/** Parses XML as a browser would; a well-formedness error fails the test. */
function parseXml(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc;
}

const texts = (doc: Document | Element, tag: string) => [...doc.getElementsByTagName(tag)].map((e) => e.textContent ?? '');

describe('escapeXml', () => {
  it('escapes the five XML specials and drops characters XML cannot carry', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    expect(escapeXml('ok\u0000\u0008\uFFFE\uD800 done \u{1F600}')).toBe('ok done \u{1F600}');
  });
});

describe('sitemap.xml', () => {
  it('is well-formed and lists /, /contact-us, every listing page of the table and every content page, as absolute URLs', async () => {
    const doc = parseXml(await buildSitemap());
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = texts(doc, 'loc');
    const links = await getEveryPageLink();
    // Issue 33: less what the SEO plugin keeps out (noindex, or canonical elsewhere: the id lists say so).
    const indexable = links.filter((l) => !l.noindex && !l.canonical);
    expect(links.length - indexable.length).toBe(2);
    const expected = ['/', '/contact-us', ...LISTING_PATHS, ...indexable.map((l) => l.path).filter((p) => !isTestPage(p))];
    expect(locs).toEqual([...new Set(expected)].map((p) => `${SITE}${p}`));
    expect(locs).toContain(`${SITE}/about-us/press-release/corvane-launches-decisionpoint-network`);
    expect(locs).toContain(`${SITE}/pages/secure-switching`);
    // Case studies and insights are outside the all-links builder, but they are pages all the same.
    expect(locs).toContain(`${SITE}/resources/case-studies/marlow-market-weekend-switch`);
    expect(locs).toContain(`${SITE}/resources/insights/contactless-share-passes-80-percent`);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('leaves out search results, the two test pages, drafts and lastmod', async () => {
    const xml = await buildSitemap();
    expect(xml).not.toContain('/search');
    expect(xml).not.toContain('page-test-2');
    expect(xml).not.toContain('salesforce-test-page');
    expect(xml).not.toContain('upcoming-announcement-draft');
    expect(xml).not.toContain('<lastmod>');
  });

  it('XML-escapes URLs: a quote in a slug survives a round trip through an XML parser', async () => {
    fakeWordPress().collections.news.find((p) => p.slug === 'corvane-joins-campus-payments-alliance')!.slug = "o'brien-&-co";
    const xml = await buildSitemap();
    expect(xml).toContain('/about-us/news/o&apos;brien-%26-co</loc>');
    expect(texts(parseXml(xml), 'loc')).toContain(`${SITE}/about-us/news/o'brien-%26-co`);
  });

  it('fails (rather than silently omitting a type) when WordPress cannot list a type', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const { http, HttpResponse } = await import('msw');
    server.use(http.get('http://wordpress.test/wp-json/custom-api/v1/news-id', () => HttpResponse.json({}, { status: 500 })));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const pending = buildSitemap();
    const assertion = expect(pending).rejects.toThrow('Exceeded max retries');
    await jest.advanceTimersByTimeAsync(10_000);
    await assertion;
    error.mockRestore();
    jest.useRealTimers();
  });
});

describe('robots.txt', () => {
  it('allows all, disallows /api/ and points to {SITE_URL}/sitemap.xml', () => {
    expect(robotsTxt().split('\n')).toEqual(['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${SITE}/sitemap.xml`, '']);
  });
});

describe('RSS feeds', () => {
  it('the feed names come from the table: blogs, news, press-releases', () => {
    expect(feedType('blogs')?.name).toBe('blog');
    expect(feedType('news')?.name).toBe('news');
    expect(feedType('press-releases')?.name).toBe('pressRelease');
    expect(feedType('events')).toBeUndefined();
  });

  it('is well-formed RSS 2.0 with channel title, link, description, language and atom:link self', async () => {
    const doc = parseXml(await buildFeed(contentType('pressRelease')));
    const rss = doc.documentElement;
    expect(rss.tagName).toBe('rss');
    expect(rss.getAttribute('version')).toBe('2.0');
    const channel = rss.getElementsByTagName('channel')[0];
    const child = (tag: string) => [...channel.children].find((e) => e.tagName === tag)?.textContent;
    expect(child('title')).toBe(`${SITE_NAME}: Press releases`);
    expect(child('link')).toBe(`${SITE}/about-us/press-releases`);
    expect(child('description')).toBeTruthy();
    expect(child('language')).toBe('en');
    expect(child('lastBuildDate')).toBe('Tue, 03 Feb 2026 07:00:00 GMT');
    const self = doc.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0];
    expect(self.getAttribute('href')).toBe(`${SITE}/feeds/press-releases.xml`);
    expect(self.getAttribute('rel')).toBe('self');
  });

  it('lists the latest items newest first: title, link, permalink guid, RFC 822 pubDate, escaped excerpt', async () => {
    const doc = parseXml(await buildFeed(contentType('news')));
    const items = [...doc.getElementsByTagName('item')];
    expect(items.map((i) => texts(i, 'title')[0])).toEqual([
      'Corvane opens a regional office in Denver',
      'Corvane wins Payments Innovation Award for Vision AI',
      'Q3 update: 1,000 new locations & a faster network',
      'Corvane joins the Campus Payments Alliance',
    ]);
    const first = items[0];
    const link = `${SITE}/about-us/news/corvane-opens-regional-office-in-denver`;
    expect(texts(first, 'link')).toEqual([link]);
    expect(texts(first, 'guid')).toEqual([link]);
    expect(first.getElementsByTagName('guid')[0].getAttribute('isPermaLink')).toBe('true');
    expect(texts(first, 'pubDate')).toEqual(['Tue, 10 Feb 2026 09:00:00 GMT']);
    expect(texts(first, 'description')[0]).toMatch(/^Corvane has opened its fourth office, in Denver/);
  });

  it('asks WordPress for the latest 20 items', async () => {
    expect(FEED_SIZE).toBe(20);
    const urls: URL[] = [];
    const listener = ({ request }: { request: Request }) => void urls.push(new URL(request.url));
    server.events.on('request:start', listener);
    await buildFeed(contentType('blog'));
    server.events.removeListener('request:start', listener);
    expect(urls).toHaveLength(1);
    expect(urls[0].pathname).toBe('/wp-json/wp/v2/posts');
    expect(urls[0].searchParams.get('per_page')).toBe('20');
  });

  it('escapes CMS text: markup in a title or excerpt stays text and the feed stays well-formed', async () => {
    const post = fakeWordPress().collections.news.find((p) => p.slug === 'corvane-opens-regional-office-in-denver')!;
    post.title = { ...post.title, rendered: 'Fees &lt;/title&gt;&lt;script&gt;x&lt;/script&gt; &amp; more' };
    const xml = await buildFeed(contentType('news'));
    expect(xml).not.toContain('<script>');
    const titles = texts(parseXml(xml), 'title');
    expect(titles).toContain('Fees </title><script>x</script> & more');
  });

  it('rfc822 formats WordPress dates (no offset read as UTC) and rejects non-dates', () => {
    expect(rfc822('2026-02-10T09:00:00')).toBe('Tue, 10 Feb 2026 09:00:00 GMT');
    expect(rfc822('2026-02-10T09:00:00+02:00')).toBe('Tue, 10 Feb 2026 07:00:00 GMT');
    expect(rfc822('')).toBeNull();
    expect(rfc822('soon')).toBeNull();
  });
});
