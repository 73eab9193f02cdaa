/** @jest-environment node */
/**
 * docs/search-index.md §2 and §4: a WordPress item (raw REST JSON) becomes a SearchDocument.
 * Each test is named after the rule it proves.
 */
import { htmlTextParts, toSearchDocument } from '@/lib/search/document';

function post(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 7,
    slug: 'a-post',
    status: 'publish',
    date: '2025-01-06T09:00:00',
    title: { rendered: 'A post' },
    excerpt: { rendered: '' },
    content: { rendered: '<p>Body text.</p>' },
    acf: {},
    link: 'https://cms.example.com/a-post/',
    ...fields,
  };
}

describe('toSearchDocument: which items', () => {
  it('an item whose status is not publish is left out', () => {
    expect(toSearchDocument('blog', post({ status: 'draft' }))).toBeNull();
    expect(toSearchDocument('blog', post({ status: 'private' }))).toBeNull();
  });

  it('an item without a status (a public read) counts as published', () => {
    const raw = post();
    delete raw.status;
    expect(toSearchDocument('blog', raw)?.id).toBe('blog:7');
  });

  it('an item without a slug is left out', () => {
    expect(toSearchDocument('blog', post({ slug: '' }))).toBeNull();
    expect(toSearchDocument('blog', post({ slug: undefined }))).toBeNull();
  });

  it('the two test pages are left out', () => {
    expect(toSearchDocument('page', post({ slug: 'page-test-2', acf: { section: 'pages' } }))).toBeNull();
    expect(toSearchDocument('page', post({ slug: 'get-in-touch-media-relations-salesforce-test-page' }))).toBeNull();
  });

  it('anything that is not an item answers null, never throws', () => {
    for (const raw of [null, undefined, 1, 'x', [], { id: 1 }]) expect(toSearchDocument('news', raw)).toBeNull();
  });
});

describe('toSearchDocument: identity and address', () => {
  it('the id is type:wordpress id, the url the site path of the content-type table', () => {
    const doc = toSearchDocument('news', post({ id: 521, slug: 'office' }));
    expect(doc).toMatchObject({ id: 'news:521', type: 'news', slug: 'office', url: '/about-us/news/office', date: '2025-01-06T09:00:00' });
  });

  it('a page is at /{acf.section}/{slug}, /pages/{slug} without a section, and home at /', () => {
    expect(toSearchDocument('page', post({ slug: 'story', acf: { section: 'about-us' } }))?.url).toBe('/about-us/story');
    expect(toSearchDocument('page', post({ slug: 'story', acf: { section: '' } }))?.url).toBe('/pages/story');
    expect(toSearchDocument('page', post({ slug: 'home' }))?.url).toBe('/');
  });

  it('the title is plain text with references decoded', () => {
    expect(toSearchDocument('blog', post({ title: { rendered: 'Tap &#038; donate: <em>why</em> it&#8217;s here' } }))?.title).toBe('Tap & donate: why it’s here');
  });
});

describe('toSearchDocument: body and headings', () => {
  it('scripts, styles, templates and comments are not text', () => {
    const html = '<p>Kept</p><script>var gone = 1;</script><style>.gone{}</style><template><p>gone</p></template><!-- gone --><p>too</p>';
    expect(toSearchDocument('blog', post({ content: { rendered: html } }))?.body).toBe('Kept too');
  });

  it('block boundaries separate words; inline tags do not split them', () => {
    const html = '<ul><li>one</li><li>two</li></ul><table><tr><td>4.2</td><td>tip</td></tr></table><p>free<em>form</em><br>line</p>';
    expect(toSearchDocument('blog', post({ content: { rendered: html } }))?.body).toBe('one two 4.2 tip freeform line');
  });

  it('headings are the text of h1–h6, one per line, and the body is without them', () => {
    const html = '<h2>What <em>changed</em></h2><p>Tap to pay.</p><h3 class="x">Tables</h3><p>Fees &amp; amounts</p>';
    const doc = toSearchDocument('blog', post({ content: { rendered: html } }));
    expect(doc?.headings).toBe('What changed\nTables');
    expect(doc?.body).toBe('Tap to pay. Fees & amounts');
  });

  it('an attribute holding > does not end its tag early', () => {
    expect(htmlTextParts('<p title="a > b">Text</p>').body).toBe('Text');
  });

  it('a stray quote outside an attribute value does not swallow the text after it (oEmbed iframes)', () => {
    const html = '<div><iframe title="Reports" src="https://x" allowfullscreen"></iframe></div><figcaption class="c">The three reports</figcaption>';
    expect(htmlTextParts(html).body).toBe('The three reports');
  });
});

describe('toSearchDocument: pages from their frames', () => {
  const frames = new Map<number, unknown>([
    [1, { id: 1, status: 'publish', acf: { frame_type: 'hero', heading: 'Route every transaction', subheading: 'One <b>gateway</b>', image: 'https://cms.example.com/a.png', image_alt: 'A terminal', cta_label: 'Talk to us', cta_url: '/contact-us' } }],
    [2, { id: 2, acf: { frame_type: 'card-grid', cards: [{ title: 'Secure switching', text: '<p>One gateway.</p>', link: { title: 'Learn more', url: '/pages/x', target: '_blank' } }], note: 'https://example.com/x', path: '/pages/y' } }],
    [3, { id: 3, status: 'draft', acf: { heading: 'Draft frame' } }],
  ]);
  const page = post({ id: 402, slug: 'secure-switching', content: { rendered: '' }, acf: { section: 'pages', frames: [1, '2', 3, 99] } });

  it('heading, subheading and title fields at any depth are headings', () => {
    expect(toSearchDocument('page', page, frames)?.headings).toBe('Route every transaction\nOne gateway\nSecure switching');
  });

  it('other string fields are body text; URLs, paths, frame_type, target, *_url and image* are not', () => {
    expect(toSearchDocument('page', page, frames)?.body).toBe('Talk to us\nOne gateway.\nLearn more');
  });

  it('frames that are missing or not published add nothing', () => {
    expect(toSearchDocument('page', page, frames)?.headings).not.toContain('Draft frame');
    expect(toSearchDocument('page', page)?.body).toBe('');
  });
});

describe('toSearchDocument: excerpt', () => {
  it("the excerpt is WordPress's excerpt as text", () => {
    expect(toSearchDocument('blog', post({ excerpt: { rendered: '<p>Short &amp; sweet.</p>\n' } }))?.excerpt).toBe('Short & sweet.');
  });

  it("without WordPress's excerpt it is the body's start (headings left out)", () => {
    const doc = toSearchDocument('blog', post({ content: { rendered: '<h2>Heading</h2><p>First words here.</p>' } }));
    expect(doc?.excerpt).toBe('First words here.');
  });

  it('the excerpt is cut to 30 words, an ellipsis marking the cut', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const excerpt = toSearchDocument('blog', post({ content: { rendered: `<p>${words}</p>` } }))?.excerpt ?? '';
    expect(excerpt.split(' ')).toHaveLength(30);
    expect(excerpt.endsWith('w29…')).toBe(true);
  });
});
