/** @jest-environment node */
import { MAX_LOOKUPS, withoutImageAttachments } from '../../__mocks__/wordpress/imageAttachments';
import { FAKE_PREVIEW_PASSWORD, FAKE_PREVIEW_USER } from '../../__mocks__/wordpress/preview';
import { makeMedia, makePost } from '../../__mocks__/wordpress/seed/build';
import { nextId } from '../../__mocks__/wordpress/store';
import { uploadUrl } from '../../__mocks__/wordpress/urls';
import type { WpImageAttachment, WpMedia } from '@/lib/wordpress/raw';
import { fakeWordPress } from '../setup/msw';
import { CUSTOM, ORIGIN, request, WP } from './helpers';

/**
 * Issue 17: the fake answers frames' `image_attachments` as the companion plugin does
 * (wordpress-plugin/includes/Media/ImageAttachments.php, its tests ImageAttachmentsTest.php; docs/blocks.md
 * "The REST contract" 3), from its own media store.
 */
type Frame = { id: number; acf: Record<string, unknown>; image_attachments?: Record<string, WpImageAttachment>; _links?: unknown };

/** A stored upload URL (the fake stores its own origin as a stand-in) and the same URL as answered. */
const stored = (file: string) => uploadUrl(file);
const shown = (file: string) => `${ORIGIN}/wp-content/uploads/${file}`;
const PHOTO_FILE = '2025/12/farmers-market.jpg';
const PHOTO = shown(PHOTO_FILE);
const PHOTO_ID = 42;

/** Adds a published hero frame with these fields to the store; its id. */
function addFrame(fields: Record<string, unknown>): number {
  const store = fakeWordPress();
  const id = nextId(store);
  store.collections.frame.push(makePost('frame', { id, slug: `ph-frame-${id}`, title: 'A frame', date: '2025-02-01T09:00:00', content: '', acf: { frame_type: 'hero', ...fields } }).post);
  return id;
}

async function frame(id: number): Promise<Frame> {
  const { status, json } = await request<Frame>(`${WP}/frame/${id}`);
  expect(status).toBe(200);
  return json;
}

/** Adds an upload as WordPress 6.1 stores a large one after scaling it: `{name}-scaled.png` attached, the upload kept as `original_image` (small here: the fake generates its bytes). */
function addScaledUpload(): { id: number; scaled: string; original: string } {
  const store = fakeWordPress();
  const id = nextId(store);
  const media = makeMedia({ id, file: '2025/12/big-photo-scaled.png', width: 320, height: 160, title: 'Big', alt: '', date: '2025-12-02T10:00:00' });
  (media.media_details as typeof media.media_details & { original_image: string }).original_image = 'big-photo.png';
  store.media.push(media);
  return { id, scaled: '2025/12/big-photo-scaled.png', original: '2025/12/big-photo.png' };
}

describe('issue 17: image_attachments on frames, as the plugin computes it', () => {
  it("an uploads URL gets its attachment, whatever the attachment's title: id, width, height and the sizes /wp/v2/media answers", async () => {
    const entry = (await frame(addFrame({ image: [stored(PHOTO_FILE)] }))).image_attachments?.[PHOTO];
    expect(entry).toBeDefined();
    expect(Object.keys(entry!)).toEqual(['id', 'width', 'height', 'sizes']);
    expect([entry!.id, entry!.width, entry!.height]).toEqual([PHOTO_ID, 2400, 1260]);
    const { json: media } = await request<WpMedia & { media_details: { sizes: Record<string, { source_url: string; width: number; height: number }> } }>(`${WP}/media/${PHOTO_ID}`);
    for (const [size, details] of Object.entries(media.media_details.sizes)) {
      expect({ size, entry: entry!.sizes[size] }).toEqual({ size, entry: { source_url: details.source_url, width: details.width, height: details.height } });
    }
    expect(Object.keys(entry!.sizes)).toEqual(Object.keys(media.media_details.sizes));
    expect(Object.keys(entry!.sizes).at(-1)).toBe('full');
  });

  it('the seed frames have it: the secure switching hero (a gallery of one URL) resolves to its attachment', async () => {
    const { json } = await request<Frame[]>(`${WP}/frame?slug=secure-switching-hero`);
    const url = shown('2025/01/secure-switching-hero.png');
    expect(json[0].image_attachments?.[url]).toMatchObject({ id: 12, width: 1600, height: 700 });
  });

  it("a size's URL and the original of a scaled upload resolve to their attachment", async () => {
    const big = addScaledUpload();
    // A WebP copy of the JPEG upload (the plugin's WebpCopies): found by the upload's own name.
    const size = '2025/12/farmers-market-1024x538.webp';
    const found = (await frame(addFrame({ image: stored(size), logos: [{ image: stored(big.scaled) }, { image: stored(big.original) }] }))).image_attachments!;
    expect(found[shown(size)]?.id).toBe(PHOTO_ID);
    expect(found[shown(big.scaled)]?.id).toBe(big.id);
    expect(found[shown(big.original)]?.id).toBe(big.id);
    expect(found[shown(big.scaled)].width).toBe(320);
    expect(found[shown(big.scaled)].sizes.full.source_url).toBe(shown(big.scaled));
  });

  it('a URL that only looks like a size, one on another host, a non-image URL and a PDF get nothing: the field is {} (an object)', async () => {
    const id = addFrame({
      image: stored('2025/12/farmers-market-999x333.jpg'),
      image_webp: stored('2025/12/farmers-market-999x333.webp'),
      image_alt: 'https://images.example.test/wp-content/uploads/2025/12/farmers-market.jpg',
      heading: 'https://example.test/x.png',
      file: stored('2025/09/orchestration-playbook.pdf'),
      elsewhere: stored(PHOTO_FILE).replace('/uploads/', '/themes/'),
    });
    const { text, json } = await request<Frame>(`${WP}/frame/${id}`);
    expect(json.image_attachments).toEqual({});
    expect(text).toContain('"image_attachments":{}');
  });

  it('a field that stores the attachment id (a string at the top, a number inside a list) gets the entry of its URL', async () => {
    const png = shown('2025/01/home-hero.png');
    const found = (await frame(addFrame({ photo: String(PHOTO_ID), gallery: [{ id: 11 }], document: '45' }))).image_attachments!;
    expect(Object.keys(found)).toEqual([PHOTO, png]);
    expect(found[PHOTO].id).toBe(PHOTO_ID);
    expect(found[png].id).toBe(11);
  });

  it('an id whose URL a field already names gives one entry; a top-level number is the string post meta stores', async () => {
    const found = (await frame(addFrame({ image: stored(PHOTO_FILE), photo: PHOTO_ID }))).image_attachments!;
    expect(Object.keys(found)).toEqual([PHOTO]);
  });

  it(`at most ${MAX_LOOKUPS} URLs are looked up per frame`, async () => {
    const urls = Array.from({ length: MAX_LOOKUPS }, (_, i) => stored(`1999/01/missing-${i}.png`));
    const found = (await frame(addFrame({ images: [...urls, stored(PHOTO_FILE)] }))).image_attachments!;
    expect(found).toEqual({});
  });

  it('only frames carry it, in every read the plugin covers: list, slug, id, preview; _fields selects it; not in the embed context', async () => {
    const id = addFrame({ image: stored(PHOTO_FILE) });
    const has = (item: Frame | undefined) => item?.image_attachments?.[PHOTO]?.id;
    expect(has((await request<Frame[]>(`${WP}/frame?per_page=100`)).json.find((f) => f.id === id))).toBe(PHOTO_ID);
    expect(has((await request<Frame[]>(`${WP}/frame?slug=ph-frame-${id}`)).json[0])).toBe(PHOTO_ID);
    expect(has(await frame(id))).toBe(PHOTO_ID);
    const authorization = `Basic ${Buffer.from(`${FAKE_PREVIEW_USER}:${FAKE_PREVIEW_PASSWORD}`).toString('base64')}`;
    expect(has((await request<Frame>(`${CUSTOM}/preview/frame/${id}`, { headers: { authorization } })).json)).toBe(PHOTO_ID);

    const only = (await request<Frame>(`${WP}/frame/${id}?_fields=image_attachments`)).json;
    expect(Object.keys(only)).toEqual(['image_attachments']);
    expect(has(only)).toBe(PHOTO_ID);
    expect(Object.keys((await request<Frame>(`${WP}/frame/${id}?_fields=id,acf`)).json)).toEqual(['id', 'acf']);
    expect((await request<Frame>(`${WP}/frame/${id}?context=embed`)).json).not.toHaveProperty('image_attachments');

    const full = await frame(id);
    expect(Object.keys(full).slice(-2)).toEqual(['image_attachments', '_links']);
    const { json: posts } = await request<Record<string, unknown>[]>(`${WP}/posts?per_page=5`);
    for (const post of posts) expect(post).not.toHaveProperty('image_attachments');
  });

  it('its URLs (keys and sizes) are on the serving origin, like every stored URL', async () => {
    const { text, json } = await request<Frame>(`${WP}/frame/${addFrame({ image: stored(PHOTO_FILE) })}`);
    expect(json.acf.image).toBe(PHOTO);
    expect(json.image_attachments![PHOTO].sizes.full.source_url).toBe(PHOTO);
    expect(text).not.toContain(stored(PHOTO_FILE));
  });

  it('a store can stand for a WordPress without the plugin: no image_attachments at all', async () => {
    withoutImageAttachments(fakeWordPress());
    const id = addFrame({ image: stored(PHOTO_FILE) });
    expect(await frame(id)).not.toHaveProperty('image_attachments');
  });
});
