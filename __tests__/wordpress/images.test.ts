/** @jest-environment node */
import { withoutImageAttachments } from '../../__mocks__/wordpress/imageAttachments';
import { intermediateSizes } from '../../__mocks__/wordpress/imageSizes';
import { getItemBySlug } from '@/lib/wordpress/content';
import { attachmentSlug, clearFrameImageCache, findFrameImages, frameImagesFromAttachments, uploadImageUrls } from '@/lib/wordpress/frameImages';
import { clearBuildFrameCacheForTests, clearFrameTypeCache, getFrameById, getFramePage } from '@/lib/wordpress/frames';
import { imageSources, matchesRatio } from '@/lib/wordpress/imageSources';
import { createMediaRewriter } from '@/lib/wordpress/media';
import { cleanHtml } from '@/lib/wordpress/normalize';
import { sanitizeCmsHtml } from '@/lib/html/sanitize';
import { srcsetAttribute } from '@/lib/shared/srcset';
import { http, HttpResponse } from 'msw';
import { fakeWordPress, recordWordPressRequests, server, WORDPRESS_BASE } from '../setup/msw';

const identity = (text: string) => text;

/** `media_details` as WordPress 6.1 makes them for an upload of `width` × `height` at `base`. */
function details(width: number, height: number, base = 'https://wp.example/wp-content/uploads/2025/12/photo') {
  const sizes: Record<string, { width: number; height: number; source_url: string }> = {};
  for (const [name, w, h] of intermediateSizes(width, height)) sizes[name] = { width: w, height: h, source_url: `${base}-${w}x${h}.jpg` };
  return { width, height, sizes: { ...sizes, full: { width, height, source_url: `${base}.jpg` } } };
}

describe("issue 13: srcset candidates from media_details.sizes, chosen as WordPress's wp_calculate_image_srcset does", () => {
  it('a 2400 × 1260 photo offers its same-ratio copies up to 2048 px: not the cropped thumbnail, not the original', () => {
    const sources = imageSources(details(2400, 1260), 'https://wp.example/wp-content/uploads/2025/12/photo.jpg', identity);
    expect(sources.map((s) => s.width)).toEqual([300, 768, 1024, 1536, 2048]);
    expect(sources[1].url).toBe('https://wp.example/wp-content/uploads/2025/12/photo-768x403.jpg');
  });

  it('a square portrait offers its thumbnail too (same ratio) and its original (under 2048 px)', () => {
    const sources = imageSources(details(400, 400), 'https://wp.example/wp-content/uploads/2025/12/photo.jpg', identity);
    expect(sources.map((s) => s.width)).toEqual([150, 300, 400]);
  });

  it('wp_image_matches_ratio: within 1 px after constraining the larger to the smaller width', () => {
    expect(matchesRatio(2400, 1260, 768, 403)).toBe(true);
    expect(matchesRatio(2400, 1260, 150, 150)).toBe(false);
    expect(matchesRatio(1200, 630, 300, 158)).toBe(true);
  });

  it('every URL is rewritten to the media host; non-http(s) URLs and malformed sizes are dropped', () => {
    const rewrite = createMediaRewriter({ cmsDevHosts: ['dev-cms.example.test'], mediaHost: 'https://media.example.com' });
    const raw = {
      width: 1200,
      height: 630,
      sizes: {
        medium: { width: 300, height: 158, source_url: 'https://dev-cms.example.test/wp-content/uploads/a-300x158.png' },
        evil: { width: 600, height: 315, source_url: 'javascript:alert(1)' },
        broken: { width: '768', height: 403, source_url: 'https://dev-cms.example.test/wp-content/uploads/a-768x403.png' },
      },
    };
    expect(imageSources(raw, 'https://dev-cms.example.test/wp-content/uploads/a.png', rewrite)).toEqual([
      { url: 'https://media.example.com/wp-content/uploads/a-300x158.png', width: 300 },
      { url: 'https://media.example.com/wp-content/uploads/a.png', width: 1200 },
    ]);
  });

  it('fewer than two candidates, or no dimensions, give none', () => {
    expect(imageSources({ width: 240, height: 80, sizes: { thumbnail: { width: 150, height: 80, source_url: 'https://a/t.png' } } }, 'https://a/x.png', identity)).toEqual([]);
    expect(imageSources({ sizes: {} }, 'https://a/x.png', identity)).toEqual([]);
    expect(imageSources(null, 'https://a/x.png', identity)).toEqual([]);
  });

  it('the srcset attribute lists width descriptors; a comma in a URL cannot split it', () => {
    expect(srcsetAttribute([{ url: 'https://a/x,1.png', width: 300 }, { url: 'https://a/x.png', width: 600 }])).toBe('https://a/x%2C1.png 300w, https://a/x.png 600w');
    expect(srcsetAttribute([{ url: 'https://a/x.png', width: 600 }])).toBeUndefined();
  });
});

describe('issue 13: featured images carry their srcset candidates (the large-photo article)', () => {
  it('the article with the 2400 × 1260 photo gets its copies, rewritten to the media host', async () => {
    const item = await getItemBySlug('blog', 'saturday-at-the-farmers-market-payments-in-the-open-air');
    expect(item?.featuredImage).toMatchObject({ width: 2400, height: 1260, url: 'https://media.example.com/wp-content/uploads/2025/12/farmers-market.jpg' });
    expect(item?.featuredImage?.sources.map((s) => s.width)).toEqual([300, 768, 1024, 1536, 2048]);
    // The copies are WebP (the plugin's WebpCopies); the original stays the uploaded JPEG.
    for (const source of item!.featuredImage!.sources) expect(source.url).toMatch(/^https:\/\/media\.example\.com\/wp-content\/uploads\/2025\/12\/farmers-market-\d+x\d+\.webp$/);
  });
});

describe('issue 13: frame images stored as a bare URL get the sizes of the attachment WordPress names after the file', () => {
  beforeEach(() => {
    clearFrameImageCache();
    clearFrameTypeCache();
    clearBuildFrameCacheForTests();
  });

  it('the slug of an upload URL: no extension, no size suffix, no -scaled, sanitize_title-like', () => {
    expect(attachmentSlug('https://m.example/wp-content/uploads/2025/12/farmers-market.jpg')).toBe('farmers-market');
    expect(attachmentSlug('https://m.example/wp-content/uploads/2025/12/farmers-market-1024x538.jpg')).toBe('farmers-market');
    expect(attachmentSlug('https://m.example/wp-content/uploads/2025/12/Big.Photo-scaled.JPG')).toBe('big-photo');
    expect(attachmentSlug('not a url')).toBeNull();
  });

  it('only http(s) image URLs under /wp-content/uploads/ are looked up', () => {
    expect(
      uploadImageUrls({
        a: 'https://m.example/wp-content/uploads/a.png',
        b: ['https://m.example/wp-content/uploads/b.jpg', { c: 'https://m.example/wp-content/uploads/a.png' }],
        d: 'https://m.example/wp-content/uploads/file.pdf',
        e: '/pages/x',
        f: 'javascript:alert(1)//wp-content/uploads/x.png',
      }),
    ).toEqual(['https://m.example/wp-content/uploads/a.png', 'https://m.example/wp-content/uploads/b.jpg']);
  });

  it("without the plugin's image_attachments, the card services hero (the large photo, a bare URL) gets the photo's size and copies by slug", async () => {
    withoutImageAttachments(fakeWordPress());
    const recording = recordWordPressRequests();
    const page = await getFramePage('card-services');
    recording.stop();
    const hero = page!.frames.find((f) => f.frameType === 'hero')!;
    const url = 'https://media.example.com/wp-content/uploads/2025/12/farmers-market.jpg';
    expect(JSON.stringify(hero.props)).toContain(url);
    expect(hero.images?.[url]).toMatchObject({ width: 2400, height: 1260 });
    expect(hero.images?.[url].sources.map((s) => s.width)).toEqual([300, 768, 1024, 1536, 2048]);
    expect(recording.urls.filter((u) => u.pathname === '/wp-json/wp/v2/media').map((u) => u.searchParams.get('slug'))).toContain('farmers-market');
  });

  it('a URL whose slug matches an attachment at another path gets nothing (a shared name never lends its sizes)', async () => {
    const images = await findFrameImages({ image: 'https://media.example.com/wp-content/uploads/1999/01/farmers-market.jpg' }, 1);
    expect(images).toEqual({});
  });

  it("a size's URL is matched too; each slug is read once per process (cached)", async () => {
    const recording = recordWordPressRequests();
    const a = await findFrameImages({ image: 'https://media.example.com/wp-content/uploads/2025/12/farmers-market-768x403.webp' }, 1);
    const b = await findFrameImages({ image: 'https://media.example.com/wp-content/uploads/2025/12/farmers-market.jpg' }, 2);
    recording.stop();
    expect(Object.values(a)[0]?.width).toBe(2400);
    expect(Object.values(b)[0]?.width).toBe(2400);
    expect(recording.urls.filter((u) => u.pathname === '/wp-json/wp/v2/media').map((u) => u.searchParams.get('slug'))).toEqual(['farmers-market']);
  });

  it('a failed read leaves the image at its one size and does not break the frame', async () => {
    server.use(http.get(`${WORDPRESS_BASE}/wp-json/wp/v2/media`, () => new HttpResponse('down', { status: 503 })));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const images = await findFrameImages({ image: 'https://media.example.com/wp-content/uploads/2025/12/farmers-market.jpg' }, 7);
    expect(images).toEqual({});
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('frame 7: the sizes of'));
    warn.mockRestore();
    error.mockRestore();
  });
});

describe('issue 13: images inside CMS bodies keep their srcset and sizes through the sanitizer, every URL rewritten and checked', () => {
  it('keeps srcset and sizes, drops javascript:, data: and scheme-relative foreign candidates', () => {
    const html =
      '<img src="https://a.example/x.png" srcset="javascript:alert(1) 300w, https://a.example/x-768.png 768w, data:image/png;base64,AAA 100w, //evil.example/x.png 50w" sizes="(max-width: 600px) 100vw, 600px">';
    expect(sanitizeCmsHtml(html).html).toBe(
      '<img src="https://a.example/x.png" srcset="https://a.example/x-768.png 768w" sizes="(max-width: 600px) 100vw, 600px" loading="lazy" decoding="async" />',
    );
  });

  it('a body image with dev-host URLs (absolute or scheme-relative) comes out with every URL on the media host', () => {
    const html =
      '<img src="https://dev-cms.example.test/wp-content/uploads/a.png" srcset="https://dev-cms.example.test/wp-content/uploads/a-300x158.png 300w, //dev-cms.example.test/wp-content/uploads/a-768x403.png 768w" sizes="(max-width: 1200px) 100vw, 1200px" alt="A">';
    expect(cleanHtml(html).html).toBe(
      '<img src="https://media.example.com/wp-content/uploads/a.png" srcset="https://media.example.com/wp-content/uploads/a-300x158.png 300w, https://media.example.com/wp-content/uploads/a-768x403.png 768w" sizes="(max-width: 1200px) 100vw, 1200px" alt="A" loading="lazy" decoding="async" />',
    );
  });
});

describe("issue 13: body images keep the srcset WordPress's content filter wrote (seed article 501, on the dev host)", () => {
  it('every candidate of the body image is a media-host URL of a WordPress copy; sizes is kept', async () => {
    const item = await getItemBySlug('blog', 'what-payment-orchestration-means-for-multi-site-merchants');
    const img = /<img [^>]*>/.exec(item!.html)![0];
    const srcset = /srcset="([^"]*)"/.exec(img)![1];
    expect(srcset.split(', ').map((c) => c.replace(/^.*\//, ''))).toEqual([
      'blog-orchestration-300x158.png 300w',
      'blog-orchestration-768x403.png 768w',
      'blog-orchestration-1024x538.png 1024w',
      'blog-orchestration.png 1200w',
    ]);
    for (const candidate of srcset.split(', ')) expect(candidate).toMatch(/^https:\/\/media\.example\.com\/wp-content\/uploads\/2025\/06\//);
    expect(img).toContain('sizes="(max-width: 1200px) 100vw, 1200px"');
    expect(img).toContain('loading="lazy"');
  });
});

describe("issue 17: frame images resolved by the plugin (image_attachments) first; the slug lookup only without the field", () => {
  const STORED = 'https://dev-cms.example.test/wp-content/uploads/2025/12/img_0412.jpg';
  const SHOWN = 'https://media.example.com/wp-content/uploads/2025/12/img_0412.jpg';
  const attachment = {
    id: 77,
    width: 2400,
    height: 1260,
    sizes: {
      thumbnail: { source_url: 'https://dev-cms.example.test/wp-content/uploads/2025/12/img_0412-150x150.jpg', width: 150, height: 150 },
      medium: { source_url: 'https://dev-cms.example.test/wp-content/uploads/2025/12/img_0412-300x158.jpg', width: 300, height: 158 },
      medium_large: { source_url: 'https://dev-cms.example.test/wp-content/uploads/2025/12/img_0412-768x403.jpg', width: 768, height: 403 },
      large: { source_url: 'https://dev-cms.example.test/wp-content/uploads/2025/12/img_0412-1024x538.jpg', width: 1024, height: 538 },
      full: { source_url: STORED, width: 2400, height: 1260 },
    },
  };
  /** A hero frame as WordPress answers it; `image_attachments` only when given. */
  const heroFrame = (extra: Record<string, unknown>) => ({
    id: 9001,
    slug: 'ph-hero',
    acf: { frame_type: 'hero', heading: 'Hello', subheading: 'World', image: [STORED], image_alt: 'A photo' },
    ...extra,
  });

  beforeEach(() => {
    clearFrameImageCache();
    clearFrameTypeCache();
    clearBuildFrameCacheForTests();
  });

  it("with the field: the image (named unlike its attachment's slug) gets the attachment's size and copies, rewritten, and no media read is made", async () => {
    server.use(http.get(`${WORDPRESS_BASE}/wp-json/wp/v2/frame/9001`, () => HttpResponse.json(heroFrame({ image_attachments: { [STORED]: attachment } }))));
    const recording = recordWordPressRequests();
    const frame = await getFrameById(9001);
    recording.stop();
    expect(JSON.stringify(frame.props)).toContain(SHOWN);
    expect(frame.images?.[SHOWN]).toMatchObject({ width: 2400, height: 1260 });
    expect(frame.images?.[SHOWN].sources).toEqual([
      { url: 'https://media.example.com/wp-content/uploads/2025/12/img_0412-300x158.jpg', width: 300 },
      { url: 'https://media.example.com/wp-content/uploads/2025/12/img_0412-768x403.jpg', width: 768 },
      { url: 'https://media.example.com/wp-content/uploads/2025/12/img_0412-1024x538.jpg', width: 1024 },
    ]);
    expect(recording.urls.filter((u) => u.pathname === '/wp-json/wp/v2/media')).toEqual([]);
  });

  it('with the field, an image it does not list is not an attachment: no slug guess', async () => {
    server.use(http.get(`${WORDPRESS_BASE}/wp-json/wp/v2/frame/9001`, () => HttpResponse.json(heroFrame({ image_attachments: {} }))));
    const recording = recordWordPressRequests();
    const frame = await getFrameById(9001);
    recording.stop();
    expect(frame.images).toBeUndefined();
    expect(recording.urls.filter((u) => u.pathname === '/wp-json/wp/v2/media')).toEqual([]);
  });

  it('without the field (a WordPress without the plugin): the slug lookup is the fallback', async () => {
    server.use(http.get(`${WORDPRESS_BASE}/wp-json/wp/v2/frame/9001`, () => HttpResponse.json(heroFrame({}))));
    const recording = recordWordPressRequests();
    const frame = await getFrameById(9001);
    recording.stop();
    expect(recording.urls.filter((u) => u.pathname === '/wp-json/wp/v2/media').map((u) => u.searchParams.get('slug'))).toEqual(['img_0412']);
    // The fake has no attachment by that slug: the image keeps its one size.
    expect(frame.images).toBeUndefined();
  });

  it("against the local content server (which answers the plugin's field from its media store), the card services hero gets the photo's sizes with no media read", async () => {
    const recording = recordWordPressRequests();
    const page = await getFramePage('card-services');
    recording.stop();
    const hero = page!.frames.find((f) => f.frameType === 'hero')!;
    const url = 'https://media.example.com/wp-content/uploads/2025/12/farmers-market.jpg';
    expect(hero.images?.[url]).toMatchObject({ width: 2400, height: 1260 });
    expect(hero.images?.[url].sources.map((s) => s.width)).toEqual([300, 768, 1024, 1536, 2048]);
    for (const source of hero.images![url].sources) expect(source.url).toMatch(/^https:\/\/media\.example\.com\/wp-content\/uploads\/2025\/12\/farmers-market-\d+x\d+\.webp$/);
    expect(recording.urls.filter((u) => u.pathname === '/wp-json/wp/v2/media')).toEqual([]);
  });

  it("the fake's field resolves an upload whose attachment slug is not its file name: the slug guess would miss it", async () => {
    const store = fakeWordPress();
    const photo = store.media.find((m) => m.id === 42)!;
    photo.slug = 'a-title-that-is-not-the-file-name';
    const hero = store.collections.frame.find((f) => f.slug === 'card-services-hero')!;
    const recording = recordWordPressRequests();
    const frame = await getFrameById(hero.id);
    recording.stop();
    const url = 'https://media.example.com/wp-content/uploads/2025/12/farmers-market.jpg';
    expect(frame.images?.[url]).toMatchObject({ width: 2400, height: 1260 });
    expect(recording.urls.filter((u) => u.pathname === '/wp-json/wp/v2/media')).toEqual([]);

    clearBuildFrameCacheForTests();
    withoutImageAttachments(store);
    expect((await getFrameById(hero.id)).images).toBeUndefined();
  });

  it('malformed entries are ignored; the field still answers alone', () => {
    const images = frameImagesFromAttachments(
      { image: SHOWN, other: 'https://media.example.com/wp-content/uploads/x.png' },
      { [STORED]: { id: 1, width: 'wide', height: 3, sizes: {} }, 'https://dev-cms.example.test/wp-content/uploads/x.png': null },
    );
    expect(images).toEqual({});
  });
});
