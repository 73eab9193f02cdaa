import { http, HttpResponse } from 'msw';
import {
  cleanFrameProps,
  clearBuildFrameCacheForTests,
  clearFrameTypeCache,
  FRAME_TYPE_CACHE_MS,
  getFrameById,
  getFrameBySlug,
  getFramePage,
  getFramePageBySlug,
  getFrameType,
  getPath,
  mapFrameProps,
  parseFieldsMapping,
  type MappingRule,
} from '@/lib/wordpress/frames';
import { serverContext } from '@/lib/wordpress/serverContext';
import { liftStyle } from '@/lib/html/inlineStyles';
import { fakeWordPress, server, WORDPRESS_BASE, recordWordPressRequests } from '../setup/msw';

const API = `${WORDPRESS_BASE}/wp-json/wp/v2`;

let recorder: ReturnType<typeof recordWordPressRequests>;
let warn: jest.SpyInstance;
let error: jest.SpyInstance;
const requestsTo = (pathname: string) => recorder.urls.filter((u) => u.pathname === `/wp-json/wp/v2/${pathname}`);

beforeEach(() => {
  clearFrameTypeCache();
  recorder = recordWordPressRequests();
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  recorder.stop();
  warn.mockRestore();
  error.mockRestore();
  jest.useRealTimers();
});

const warnings = () => warn.mock.calls.map((c) => String(c[0])).join('\n');

describe('parseFieldsMapping', () => {
  it('spec §3 frame type: each rule has field and one of valueSingle, valueObject or valueList', () => {
    const rules = parseFieldsMapping(
      JSON.stringify([
        { field: 'title', valueSingle: { label: 'Title', path: 'acf.title' } },
        { field: 'cta', valueObject: { text: { label: 'Text', path: 'acf.cta_text' }, url: { label: 'URL', path: 'acf.cta_url' } } },
        { field: 'cards', valueList: { label: 'Cards', path: 'acf.cards', fields: { heading: { label: 'Heading', path: 'heading' } } } },
      ]),
    );
    expect(rules).toEqual([
      { field: 'title', valueSingle: { label: 'Title', path: 'acf.title' } },
      { field: 'cta', valueObject: { text: { label: 'Text', path: 'acf.cta_text' }, url: { label: 'URL', path: 'acf.cta_url' } } },
      { field: 'cards', valueList: { label: 'Cards', path: 'acf.cards', fields: { heading: { label: 'Heading', path: 'heading' } } } },
    ]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('spec §3 frame type: a valueList may name its item fields items (a synonym of fields), not both', () => {
    const list = { label: 'L', path: 'acf.list', items: { a: { label: 'A', path: 'a' } } };
    expect(parseFieldsMapping(JSON.stringify([{ field: 'l', valueList: list }]))).toEqual([
      { field: 'l', valueList: { label: 'L', path: 'acf.list', fields: { a: { label: 'A', path: 'a' } } } },
    ]);
    expect(parseFieldsMapping(JSON.stringify([{ field: 'l', valueList: { ...list, fields: list.items } }]))).toBeNull();
  });

  it('spec §3 frame type: malformed JSON gives null and a warning, never a throw', () => {
    expect(parseFieldsMapping('[{"field": "title", "valueSingle": ', 'frame type hero')).toBeNull();
    expect(warnings()).toMatch(/frame type hero: fields_mapping is not valid JSON/);
  });

  it.each([
    ['not a list', { field: 'a', valueSingle: { label: 'A', path: 'a' } }],
    ['a rule that is not an object', ['a']],
    ['a rule without field', [{ valueSingle: { label: 'A', path: 'a' } }]],
    ['a rule with none of the three', [{ field: 'a' }]],
    ['a rule with two of the three', [{ field: 'a', valueSingle: { label: 'A', path: 'a' }, valueObject: { b: { label: 'B', path: 'b' } } }]],
    ['a valueSingle without path', [{ field: 'a', valueSingle: { label: 'A' } }]],
    ['a path with an empty segment', [{ field: 'a', valueSingle: { label: 'A', path: 'acf..a' } }]],
    ['a label that is not a string', [{ field: 'a', valueSingle: { label: 3, path: 'a' } }]],
    ['a valueObject member without path', [{ field: 'a', valueObject: { b: { label: 'B' } } }]],
    ['a valueList without item fields', [{ field: 'a', valueList: { label: 'A', path: 'a' } }]],
    ['a field mapped twice', [{ field: 'a', valueSingle: { label: 'A', path: 'a' } }, { field: 'a', valueSingle: { label: 'B', path: 'b' } }]],
  ])('spec §3 frame type: a malformed mapping (%s) gives null and a warning', (_name, mapping) => {
    expect(parseFieldsMapping(JSON.stringify(mapping))).toBeNull();
    expect(warnings()).toMatch(/fields_mapping is malformed/);
  });
});

describe('getPath', () => {
  const data = { acf: { title: 'Hello', list: [{ a: 1 }, { a: 2 }], sparse: { '3': 'three' }, image: 'https://x.test/a.png', n: 0 } };

  it('spec §3 frame mapping: reads dot paths; numeric segments index arrays and strings', () => {
    expect(getPath(data, 'acf.title')).toBe('Hello');
    expect(getPath(data, 'acf.list.1.a')).toBe(2);
    expect(getPath(data, 'acf.image.0')).toBe('h');
    expect(getPath(data, 'acf.title.4')).toBe('o');
    expect(getPath(data, 'acf.sparse.3')).toBe('three');
    expect(getPath(data, 'acf.n')).toBe(0);
    expect(getPath(data, '')).toBe(data);
  });

  it('spec §3 frame mapping: a missing path, an index out of range or an inherited property is undefined', () => {
    expect(getPath(data, 'acf.missing.deeper')).toBeUndefined();
    expect(getPath(data, 'acf.list.5.a')).toBeUndefined();
    expect(getPath(data, 'acf.list.length')).toBeUndefined();
    expect(getPath(data, 'acf.title.99')).toBeUndefined();
    expect(getPath(data, 'acf.constructor')).toBeUndefined();
    expect(getPath(data, 'acf.__proto__')).toBeUndefined();
    expect(getPath(null, 'a')).toBeUndefined();
  });
});

describe('mapFrameProps', () => {
  const single = (field: string, path: string): MappingRule => ({ field, valueSingle: { label: field, path } });

  it('spec §3 frame mapping valueSingle: the value at the path, null when empty', () => {
    const data = { acf: { title: 'Hi', blank: '', spaces: '  ', nothing: null, none: [], obj: {}, off: false, zero: 0, image: { url: 'u' } } };
    const props = mapFrameProps(data, [
      single('title', 'acf.title'), single('blank', 'acf.blank'), single('spaces', 'acf.spaces'), single('nothing', 'acf.nothing'),
      single('missing', 'acf.missing'), single('none', 'acf.none'), single('obj', 'acf.obj'), single('off', 'acf.off'),
      single('zero', 'acf.zero'), single('image', 'acf.image'),
    ]);
    expect(props).toEqual({
      title: 'Hi', blank: null, spaces: null, nothing: null, missing: null, none: null, obj: null, off: false, zero: 0, image: { url: 'u' },
    });
  });

  it('spec §3 frame mapping valueObject: each member by its path, null when every member is empty', () => {
    const data = { acf: { text: 'Go', url: '' } };
    const rule = (field: string, paths: Record<string, string>): MappingRule => ({
      field,
      valueObject: Object.fromEntries(Object.entries(paths).map(([k, path]) => [k, { label: k, path }])),
    });
    expect(mapFrameProps(data, [rule('cta', { text: 'acf.text', url: 'acf.url' }), rule('empty', { a: 'acf.url', b: 'acf.nope' })])).toEqual({
      cta: { text: 'Go', url: null },
      empty: null,
    });
  });

  it('spec §3 frame mapping valueList: each element mapped by paths relative to it; [] when empty or not a list', () => {
    const data = { acf: { cards: [{ h: 'One', img: { url: 'a.png' } }, { h: '', img: null }, { h: 'Three' }], none: [], notList: 'x' } };
    const list = (field: string, path: string): MappingRule => ({
      field,
      valueList: { label: field, path, fields: { heading: { label: 'H', path: 'h' }, image: { label: 'I', path: 'img.url' } } },
    });
    expect(mapFrameProps(data, [list('cards', 'acf.cards'), list('none', 'acf.none'), list('notList', 'acf.notList'), list('missing', 'acf.missing')])).toEqual({
      // The second element has no value at all: it is dropped.
      cards: [{ heading: 'One', image: 'a.png' }, { heading: 'Three', image: null }],
      none: [],
      notList: [],
      missing: [],
    });
  });

  it('spec §3 frame mapping .0 rule: a single character read at a path ending in .0 is replaced by the string at the parent path', () => {
    const data = { acf: { image: 'https://cdn.example.com/hero.png', gallery: ['https://cdn.example.com/1.png', 'https://cdn.example.com/2.png'], letter: 'x', letters: ['a', 'b'] } };
    expect(mapFrameProps(data, [single('image', 'acf.image.0'), single('gallery', 'acf.gallery.0'), single('letter', 'acf.letter.0'), single('letters', 'acf.letters.0'), single('second', 'acf.image.1')])).toEqual({
      image: 'https://cdn.example.com/hero.png', // the parent is a string: the whole string
      gallery: 'https://cdn.example.com/1.png', // a list: its first element
      letter: 'x',
      letters: 'a', // the parent is a list, not a string: the character stays
      second: 't', // only paths ending in .0
    });
  });

  it('spec §3 frame mapping .0 rule: applies to list item paths too', () => {
    const data = { acf: { logos: [{ src: 'https://cdn.example.com/a.svg' }, { src: ['https://cdn.example.com/b.svg'] }] } };
    const rule: MappingRule = { field: 'logos', valueList: { label: 'Logos', path: 'acf.logos', fields: { src: { label: 'Src', path: 'src.0' } } } };
    expect(mapFrameProps(data, [rule])).toEqual({ logos: [{ src: 'https://cdn.example.com/a.svg' }, { src: 'https://cdn.example.com/b.svg' }] });
  });
});

describe('cleanFrameProps', () => {
  it('spec §5 media rewrite, safe HTML: media URLs rewritten, markup sanitized, text decoded, site links made paths, at any depth', () => {
    const props = cleanFrameProps(
      {
        image: 'https://dev-cms.example.test/wp-content/uploads/2025/01/hero.png',
        body: '<p onclick="x()">Hi <script>alert(1)</script><img src="https://dev-cms.example.test/wp-content/uploads/a.png"></p>',
        title: 'Cards &amp; Payments &#8211; fast',
        link: 'http://wordpress.test/pages/card-services/',
        external: 'https://partner.example.org/a?b=1&amp;c=2',
        html: '<p>See <a href="http://wordpress.test/pages/retail/">retail</a></p>',
        encodedMarkup: '&lt;script&gt;alert(1)&lt;/script&gt;',
        lessThan: '1 &lt; 2',
        list: [{ text: 'Tom &amp; Jerry' }],
        count: 3,
        on: true,
        nothing: null,
      },
      serverContext(),
    );
    expect(props).toEqual({
      image: 'https://media.example.com/wp-content/uploads/2025/01/hero.png',
      body: '<p>Hi <img src="https://media.example.com/wp-content/uploads/a.png" loading="lazy" decoding="async" /></p>',
      title: 'Cards & Payments \u2013 fast',
      link: '/pages/card-services',
      external: 'https://partner.example.org/a?b=1&c=2',
      html: '<p>See <a href="/pages/retail">retail</a></p>',
      encodedMarkup: '&lt;script&gt;alert(1)&lt;/script&gt;',
      lessThan: '1 < 2',
      list: [{ text: 'Tom & Jerry' }],
      count: 3,
      on: true,
      nothing: null,
    });
  });
});

/* ------------------------------------------------------------------------------------------ */
/* Reads, against msw overrides that answer WordPress's shapes                                 */
/* ------------------------------------------------------------------------------------------ */

interface FakeFrames {
  pages?: Array<Record<string, unknown>>;
  frames?: Array<Record<string, unknown>>;
  types?: Array<Record<string, unknown>>;
}

const rendered = (text: string) => ({ rendered: text });

function page(id: number, slug: string, frames: unknown, acf: Record<string, unknown> = {}) {
  return {
    id, slug, type: 'fp_page', status: 'publish', date: '2025-01-02T03:04:05', modified: '2025-01-03T03:04:05',
    title: rendered(`Page &#8220;${slug}&#8221;`), content: rendered('<p>Intro <script>bad()</script>text</p>'),
    excerpt: rendered(''), link: `http://wordpress.test/${slug}/`, acf: { frames, ...acf },
  };
}

function frame(id: number, frameType: string, acf: Record<string, unknown> = {}) {
  return { id, slug: `frame-${id}`, type: 'frame', status: 'publish', title: rendered(`Frame ${id}`), acf: { frame_type: frameType, ...acf } };
}

function frameType(id: number, slug: string, mapping: unknown, where: 'top' | 'acf' = 'top') {
  const text = typeof mapping === 'string' ? mapping : JSON.stringify(mapping);
  return { id, slug, type: 'frame_type', title: rendered(slug), ...(where === 'top' ? { fields_mapping: text } : { acf: { fields_mapping: text } }) };
}

/** Answers fp_page, frame and frame_type reads as WordPress does: slug queries give lists, a missing id a 404. */
function useFake({ pages = [], frames = [], types = [] }: FakeFrames) {
  const bySlug = (items: Array<Record<string, unknown>>) => ({ request }: { request: Request }) =>
    HttpResponse.json(items.filter((i) => i.slug === new URL(request.url).searchParams.get('slug')));
  server.use(
    http.get(`${API}/fp_page`, bySlug(pages)),
    http.get(`${API}/frame`, bySlug(frames)),
    http.get(`${API}/frame_type`, bySlug(types)),
    http.get(`${API}/frame/:id`, ({ params }) => {
      const found = frames.find((f) => String(f.id) === params.id);
      return found
        ? HttpResponse.json(found)
        : HttpResponse.json({ code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } }, { status: 404 });
    }),
  );
}

const heroMapping = [
  { field: 'title', valueSingle: { label: 'Title', path: 'acf.title' } },
  { field: 'image', valueSingle: { label: 'Image', path: 'acf.image.0' } },
];
const cardsMapping = [
  { field: 'cards', valueList: { label: 'Cards', path: 'acf.cards', fields: { heading: { label: 'Heading', path: 'heading' } } } },
];

describe('issue 17 frame pages: CMS HTML in frame props is cleaned by the page bodies\' sanitizer, and its lifted CSS reaches the page', () => {
  it('a frame whose HTML has styles, blocks and dropped elements: classes in the props, the CSS in frame.styles and the page\'s styles', async () => {
    useFake({
      pages: [page(10, 'offer', [1, 2])],
      frames: [
        frame(1, 'hero', { title: '<div class="wp-block-buttons"><div class="wp-block-button"><a class="wp-block-button__link" style="background-color:#0a7d4f" href="/x">Go</a></div></div><object data="x.pdf"></object>' }),
        frame(2, 'hero', { title: 'Plain' }),
      ],
      types: [frameType(100, 'hero', heroMapping)],
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const result = await getFramePage('offer');
    const lifted = liftStyle('background-color:#0a7d4f');
    expect(result?.frames[0].props?.title).toBe(`<div class="wp-block-buttons"><div class="wp-block-button"><a class="wp-block-button__link ${lifted.className}" href="/x">Go</a></div></div>`);
    // The page carries the frames' needs once; the frames do not repeat them.
    expect(result?.styles).toEqual({ blocks: ['button', 'buttons'], css: lifted.rule, embeds: [] });
    for (const each of result?.frames ?? []) expect(each).not.toHaveProperty('styles');
    // A frame read on its own carries them.
    expect((await getFrameById(1)).styles).toEqual({ blocks: ['button', 'buttons'], css: lifted.rule, embeds: [] });
    expect(warn).toHaveBeenCalledWith('[sanitize] frame 1: dropped <object>');
    warn.mockRestore();
  });
});

describe('getFramePage', () => {
  it('spec §7 frame page: fp_page?slug, then its frames by id in order, then their types; props mapped', async () => {
    useFake({
      pages: [page(10, 'solutions', [3, 1, 2], { section: 'offers' })],
      frames: [
        frame(1, 'hero', { title: 'Pay &amp; go', image: 'https://dev-cms.example.test/wp-content/uploads/hero.png' }),
        frame(2, 'cards', { cards: [{ heading: 'A' }, { heading: 'B' }] }),
        frame(3, 'hero', { title: 'Second hero', image: '' }),
      ],
      types: [frameType(100, 'hero', heroMapping), frameType(101, 'cards', cardsMapping, 'acf')],
    });
    const result = await getFramePage('solutions');
    expect(result).toMatchObject({
      type: 'page', id: 10, slug: 'solutions', section: 'offers', path: '/offers/solutions', title: 'Page \u201csolutions\u201d',
      excerpt: 'Intro text', fields: {},
    });
    expect(result?.html).not.toMatch(/script/);
    expect(result?.frames).toEqual([
      { id: 3, frameType: 'hero', props: { title: 'Second hero', image: null } },
      { id: 1, frameType: 'hero', props: { title: 'Pay & go', image: 'https://media.example.com/wp-content/uploads/hero.png' } },
      { id: 2, frameType: 'cards', props: { cards: [{ heading: 'A' }, { heading: 'B' }] } },
    ]);
    const pageRead = requestsTo('fp_page')[0];
    expect(pageRead.searchParams.get('slug')).toBe('solutions');
    expect(pageRead.searchParams.get('t')).toMatch(/^\d+$/);
    expect(requestsTo('frame/1')).toHaveLength(1);
    // Distinct frame types are read once each, even though two frames share `hero`.
    expect(requestsTo('frame_type').map((u) => u.searchParams.get('slug')).sort()).toEqual(['cards', 'hero']);
  });

  it('spec §7 frame page: the section defaults to pages', async () => {
    useFake({ pages: [page(10, 'about', [])] });
    expect(await getFramePage('about')).toMatchObject({ section: 'pages', path: '/pages/about', frames: [] });
  });

  it('spec §5 slug lookups: the first item of the list is used; none gives null', async () => {
    useFake({ pages: [page(10, 'dup', []), page(11, 'dup', [])] });
    expect((await getFramePageBySlug('dup'))?.id).toBe(10);
    expect(await getFramePage('nothing-here')).toBeNull();
  });

  it('frames: a frame whose read fails is kept with props null and a warning; the page still renders', async () => {
    jest.useFakeTimers();
    useFake({
      pages: [page(10, 'p', [1, 404, 2])],
      frames: [frame(1, 'hero', { title: 'One' }), frame(2, 'hero', { title: 'Two' })],
      types: [frameType(100, 'hero', heroMapping)],
    });
    const pending = getFramePage('p');
    await jest.advanceTimersByTimeAsync(2 * 3000);
    const result = await pending;
    expect(result?.frames).toEqual([
      { id: 1, frameType: 'hero', props: { title: 'One', image: null } },
      { id: 404, frameType: '', props: null },
      { id: 2, frameType: 'hero', props: { title: 'Two', image: null } },
    ]);
    expect(requestsTo('frame/404')).toHaveLength(3);
    expect(warnings()).toMatch(/frame 404 could not be read/);
  });

  it('frames: an unknown or missing frame type gives props null and a warning', async () => {
    useFake({
      pages: [page(10, 'p', [1, 2, 3])],
      frames: [frame(1, 'nonexistent', { title: 'x' }), frame(2, '', { title: 'y' }), frame(3, 'hero', { title: 'z' })],
      types: [frameType(100, 'hero', heroMapping)],
    });
    const result = await getFramePage('p');
    expect(result?.frames.map((f) => [f.id, f.frameType, f.props])).toEqual([
      [1, 'nonexistent', null],
      [2, '', null],
      [3, 'hero', { title: 'z', image: null }],
    ]);
    expect(warnings()).toMatch(/unknown frame type nonexistent/);
    expect(warnings()).toMatch(/frame 2 names no frame_type/);
  });

  it('spec §3 frame type: a broken fields_mapping gives that frame props null without breaking the page', async () => {
    useFake({
      pages: [page(10, 'p', [1, 2])],
      frames: [frame(1, 'broken', { title: 'x' }), frame(2, 'hero', { title: 'ok' })],
      types: [frameType(100, 'broken', '[{"field": "title"'), frameType(101, 'hero', heroMapping)],
    });
    const result = await getFramePage('p');
    expect(result?.frames.map((f) => f.props)).toEqual([null, { title: 'ok', image: null }]);
    expect(warnings()).toMatch(/frame type broken: fields_mapping is not valid JSON/);
  });

  it('spec §8 failed fetch: when the page read itself fails after the retries, getFramePage throws (ISR keeps the last good page)', async () => {
    jest.useFakeTimers();
    server.use(http.get(`${API}/fp_page`, () => new HttpResponse('<html>down</html>', { status: 503 })));
    const pending = getFramePage('p');
    const assertion = expect(pending).rejects.toThrow('Exceeded max retries. Unable to fetch data.');
    await jest.advanceTimersByTimeAsync(2 * 3000);
    await assertion;
    expect(requestsTo('fp_page')).toHaveLength(3);
  });

  it('frames: frame references may be numeric strings or post objects; bad ones are skipped', async () => {
    useFake({
      pages: [page(10, 'p', ['2', { ID: 1 }, 'abc'])],
      frames: [frame(1, 'hero', { title: 'One' }), frame(2, 'hero', { title: 'Two' })],
      types: [frameType(100, 'hero', heroMapping)],
    });
    expect((await getFramePage('p'))?.frames.map((f) => f.id)).toEqual([2, 1]);
    expect(warnings()).toMatch(/skipped the frame reference "abc"/);
  });
});

describe('frames during next build (issue 5: at most 1.1 WordPress requests per generated page)', () => {
  const phase = process.env.NEXT_PHASE;
  afterEach(() => {
    if (phase === undefined) delete process.env.NEXT_PHASE;
    else process.env.NEXT_PHASE = phase;
    clearBuildFrameCacheForTests();
  });
  const useTwoPagesSharingFrames = () =>
    useFake({
      pages: [page(10, 'first', [1, 2]), page(11, 'second', [2, 1])],
      frames: [frame(1, 'hero', { title: 'One', image: '' }), frame(2, 'hero', { title: 'Two', image: '' })],
      types: [frameType(100, 'hero', heroMapping)],
    });

  it('in the build, a frame shared by two pages is read once per build process', async () => {
    process.env.NEXT_PHASE = 'phase-production-build';
    useTwoPagesSharingFrames();
    const [first, second] = await Promise.all([getFramePage('first'), getFramePage('second')]);
    expect(first?.frames.map((f) => f.props?.title)).toEqual(['One', 'Two']);
    expect(second?.frames.map((f) => f.props?.title)).toEqual(['Two', 'One']);
    expect(requestsTo('frame/1')).toHaveLength(1);
    expect(requestsTo('frame/2')).toHaveLength(1);
  });

  it('at run time (regeneration), every page reads its frames afresh, so an edited frame shows', async () => {
    delete process.env.NEXT_PHASE;
    useTwoPagesSharingFrames();
    await getFramePage('first');
    await getFramePage('second');
    expect(requestsTo('frame/1')).toHaveLength(2);
    expect(requestsTo('frame/2')).toHaveLength(2);
  });

  it('in the build, a failed frame read is not kept: the next page reads it again', async () => {
    process.env.NEXT_PHASE = 'phase-production-build';
    useTwoPagesSharingFrames();
    let down = true;
    server.use(http.get(`${API}/frame/1`, () => (down ? new HttpResponse('down', { status: 503 }) : undefined)));
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const first = getFramePage('first');
    await jest.runAllTimersAsync();
    expect((await first)?.frames[0]).toEqual({ id: 1, frameType: '', props: null });
    down = false;
    expect((await getFramePage('second'))?.frames[1]).toMatchObject({ id: 1, props: { title: 'One' } });
  });
});

describe('getFrameType cache', () => {
  it('spec §4 cache (5 minutes, as the menu): a frame type is read once within 5 minutes and again after', async () => {
    jest.useFakeTimers();
    expect(FRAME_TYPE_CACHE_MS).toBe(300_000);
    useFake({ types: [frameType(100, 'hero', heroMapping)] });
    const first = await getFrameType('hero');
    await jest.advanceTimersByTimeAsync(FRAME_TYPE_CACHE_MS - 1);
    expect(await getFrameType('hero')).toBe(first);
    expect(requestsTo('frame_type')).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    await getFrameType('hero');
    expect(requestsTo('frame_type')).toHaveLength(2);
  });

  it('concurrent callers share one in-flight frame type read', async () => {
    useFake({ types: [frameType(100, 'hero', heroMapping)] });
    const [a, b] = await Promise.all([getFrameType('hero'), getFrameType('hero')]);
    expect(a).toBe(b);
    expect(a?.rules).toHaveLength(2);
    expect(requestsTo('frame_type')).toHaveLength(1);
  });

  it('a frame type read that fails is not cached: the next call tries again', async () => {
    jest.useFakeTimers();
    server.use(http.get(`${API}/frame_type`, () => HttpResponse.error()));
    const pending = getFrameType('hero');
    const assertion = expect(pending).rejects.toThrow('Exceeded max retries');
    await jest.advanceTimersByTimeAsync(2 * 3000);
    await assertion;
    useFake({ types: [frameType(100, 'hero', heroMapping)] });
    expect((await getFrameType('hero'))?.slug).toBe('hero');
    expect(requestsTo('frame_type')).toHaveLength(4);
  });
});

describe('frame reads', () => {
  it('spec §7 frame/{id} and frame/?slug=: getFrameById and getFrameBySlug return the mapped frame', async () => {
    useFake({ frames: [frame(7, 'hero', { title: 'Seven' })], types: [frameType(100, 'hero', heroMapping)] });
    expect(await getFrameById(7)).toEqual({ id: 7, frameType: 'hero', props: { title: 'Seven', image: null } });
    expect(await getFrameBySlug('frame-7')).toEqual({ id: 7, frameType: 'hero', props: { title: 'Seven', image: null } });
    expect(await getFrameBySlug('no-such-frame')).toBeNull();
    expect(requestsTo('frame/7')).toHaveLength(1);
    expect(requestsTo('frame').map((u) => u.searchParams.get('slug'))).toEqual(['frame-7', 'no-such-frame']);
  });

  it('spec §7 frame_type/?slug=: getFrameType gives the parsed type, or null for an unknown slug', async () => {
    useFake({ types: [frameType(100, 'hero', heroMapping)] });
    expect(await getFrameType('hero')).toEqual({ id: 100, slug: 'hero', title: 'hero', rules: heroMapping });
    expect(await getFrameType('missing')).toBeNull();
  });
});

describe('integration: getFramePage over the fake WordPress', () => {
  const storedPage = (slug: string) => fakeWordPress().collections.fp_page.find((p) => p.slug === slug)!;
  const storedFrame = (id: number) => fakeWordPress().collections.frame.find((f) => f.id === id)!;

  it('spec §7 frame page: the seed home page has every frame, in order, each with the props of its type', async () => {
    const home = await getFramePage('home');
    const ids = storedPage('home').acf.frames as number[];
    expect(home).toMatchObject({ type: 'page', slug: 'home', title: 'Home', section: 'pages', path: '/', fields: {} });
    expect(home?.frames.map((f) => f.id)).toEqual(ids);
    expect(home?.frames.map((f) => f.frameType)).toEqual(ids.map((id) => storedFrame(id).acf.frame_type));
    expect(home?.frames.every((f) => f.props !== null)).toBe(true);
    expect(home?.excerpt).toMatch(/^Corvane Payments: payment orchestration/);
  });

  it('spec §3 .0 rule and §5 media rewrite: a hero storing one URL string gets the whole URL, on the media host', async () => {
    const hero = (await getFramePage('home'))?.frames.find((f) => f.frameType === 'hero');
    expect(hero?.props?.image).toMatch(/^https:\/\/media\.example\.com\/wp-content\/uploads\/\S+\.(png|jpe?g|webp)$/);
    expect(hero?.props).toMatchObject({ heading: 'Payments that keep your business moving', cta: { label: 'Explore solutions', url: '/pages/secure-switching' } });
  });

  it('spec §3 frame mapping: a gallery hero takes its first image; a card list maps each card, empty links null', async () => {
    const page = await getFramePage('secure-switching');
    const hero = page?.frames.find((f) => f.frameType === 'hero');
    expect(hero?.props?.image).toMatch(/^https:\/\/media\.example\.com\/wp-content\/uploads\//);
    const grid = page?.frames.find((f) => f.frameType === 'card-grid');
    expect(grid?.props?.cards).toEqual([
      { title: 'Failover in milliseconds', text: expect.any(String), url: null, linkLabel: null },
      { title: 'Least-cost routing', text: expect.any(String), url: null, linkLabel: null },
      { title: 'One certification', text: expect.any(String), url: '/pages/alternative-payment-methods', linkLabel: 'See supported methods' },
    ]);
  });

  it('spec §5 media rewrite: an image still on the CMS development host is rewritten to the media host', async () => {
    const detail = (await getFramePage('estate-management'))?.frames.find((f) => f.frameType === 'image-text');
    expect(detail?.props?.image).toMatch(/^https:\/\/media\.example\.com\/wp-content\/uploads\//);
    expect(JSON.stringify(detail?.props)).not.toContain('dev-cms.example.test');
  });

  it('safe by default: hostile markup in a rich-text frame is sanitized on the server', async () => {
    const board = (await getFramePage('community'))?.frames.find((f) => f.frameType === 'rich-text' && /Community board/.test(String(f.props?.heading)));
    const body = String(board?.props?.body);
    expect(body).toContain('featured story');
    expect(body).not.toMatch(/<script|onclick|onerror|javascript:/i);
  });

  it('spec §5 slug lookups: a draft page is not found', async () => {
    expect(await getFramePage('pricing-draft')).toBeNull();
  });

  it('frames: a frame deleted in WordPress (404 after the retries) is kept with props null; the others render', async () => {
    jest.useFakeTimers();
    const ids = storedPage('about-us-career').acf.frames as number[];
    fakeWordPress().collections.frame = fakeWordPress().collections.frame.filter((f) => f.id !== ids[0]);
    const pending = getFramePage('about-us-career');
    await jest.advanceTimersByTimeAsync(2 * 3000);
    const page = await pending;
    expect(page?.frames.map((f) => [f.id, f.props === null])).toEqual(ids.map((id, i) => [id, i === 0]));
  });

  it('spec §3 frame type: a frame type whose fields_mapping an editor broke gives its frames props null, the page still renders', async () => {
    fakeWordPress().collections.frame_type.find((t) => t.slug === 'rich-text')!.fields_mapping = '[{"field": "heading", "valueSingle": {"path": 1}}]';
    const page = await getFramePage('about-us-career');
    expect(page?.frames.map((f) => [f.frameType, f.props === null])).toEqual([['rich-text', true], ['cta', false]]);
    expect(warnings()).toMatch(/frame type rich-text: fields_mapping is malformed/);
  });
});
