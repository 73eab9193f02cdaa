/** @jest-environment node */
import type { WpMedia } from '@/lib/wordpress/raw';
import { fakeWordPress } from '../setup/msw';
import { ORIGIN, request, WP, type ErrorBody } from './helpers';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(String.fromCharCode(...bytes.subarray(12, 16))).toBe('IHDR');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Width and height from a baseline JPEG's SOF0 segment. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1];
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (marker === 0xc0) return { height: (bytes[at + 5] << 8) | bytes[at + 6], width: (bytes[at + 7] << 8) | bytes[at + 8] };
    at += 2 + length;
  }
  throw new Error('no SOF0 segment');
}

/** Width and height from a lossy WebP's VP8 frame header (RIFF, `WEBP`, a `VP8 ` chunk). */
function webpSize(bytes: Uint8Array): { width: number; height: number } {
  expect(String.fromCharCode(...bytes.subarray(0, 4), ...bytes.subarray(8, 16))).toBe('RIFFWEBPVP8 ');
  expect([...bytes.subarray(23, 26)]).toEqual([0x9d, 0x01, 0x2a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
}

describe('media and uploads', () => {
  it('issue 13: the large photo is a real 2400 × 1260 JPEG of several hundred kB; every copy WordPress makes of it is a WebP of its dimensions (issue 19: the plugin\'s WebpCopies)', async () => {
    const { json } = await request<WpMedia[]>(`${WP}/media?slug=farmers-market`);
    type Size = { width: number; height: number; filesize?: number; mime_type: string; source_url: string };
    const photo = json[0] as WpMedia & { media_details: { width: number; height: number; filesize: number; sizes: Record<string, Size> } };
    expect(photo.mime_type).toBe('image/jpeg');
    const response = await fetch(photo.source_url);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const original = new Uint8Array(await response.arrayBuffer());
    expect(jpegSize(original)).toEqual({ width: 2400, height: 1260 });
    expect(original.length).toBeGreaterThan(300_000);
    expect(photo.media_details.filesize).toBe(original.length);
    expect(Object.keys(photo.media_details.sizes)).toEqual(['thumbnail', 'medium', 'medium_large', 'large', '1536x1536', '2048x2048', 'full']);
    for (const [name, size] of Object.entries(photo.media_details.sizes)) {
      const copy = await fetch(size.source_url);
      const bytes = new Uint8Array(await copy.arrayBuffer());
      const mime = name === 'full' ? 'image/jpeg' : 'image/webp';
      expect({ name, mime: size.mime_type, type: copy.headers.get('content-type') }).toEqual({ name, mime, type: mime });
      expect({ name, ...(name === 'full' ? jpegSize(bytes) : webpSize(bytes)) }).toEqual({ name, width: size.width, height: size.height });
      expect(size.filesize).toBe(name === 'full' ? undefined : bytes.length);
    }
    // A phone's copy (768 px) is a fraction of the original's bytes.
    expect(photo.media_details.sizes.medium_large.filesize! / original.length).toBeLessThan(0.2);
  });

  it('every other image is served as a real PNG whose size matches media_details, a few KB each', async () => {
    const { json } = await request<WpMedia[]>(`${WP}/media?per_page=100`);
    const images = json.filter((m) => m.media_type === 'image' && m.mime_type === 'image/png');
    expect(images.length).toBeGreaterThan(20);
    for (const media of images) {
      const response = await fetch(media.source_url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(pngSize(bytes)).toEqual({ width: media.media_details?.width, height: media.media_details?.height });
      expect(bytes.length).toBeLessThan(8_000);
      expect((media.media_details as { filesize?: number }).filesize).toBe(bytes.length);
    }
  });

  it('every intermediate size WordPress would make is listed and served as a PNG of its dimensions', async () => {
    const { json } = await request<WpMedia[]>(`${WP}/media?per_page=100`);
    type Size = { width: number; height: number; filesize?: number; source_url: string };
    const hero = json.find((m) => m.media_details?.width === 1600) as WpMedia & { media_details: { sizes: Record<string, Size> } };
    expect(Object.keys(hero.media_details.sizes)).toEqual(['thumbnail', 'medium', 'medium_large', 'large', '1536x1536', 'full']);
    for (const [name, size] of Object.entries(hero.media_details.sizes)) {
      const bytes = new Uint8Array(await (await fetch(size.source_url)).arrayBuffer());
      expect({ name, ...pngSize(bytes) }).toEqual({ name, width: size.width, height: size.height });
      // WordPress 6.1 records the file size of the sizes it made, not of `full`.
      expect(size.filesize).toBe(name === 'full' ? undefined : bytes.length);
    }
  });

  it('white-paper downloads are served as PDF documents', async () => {
    const media = fakeWordPress().media.find((m) => m.mime_type === 'application/pdf')!;
    // WordPress 6.1 lists no `file` in a document's media_details: the URL names it.
    expect(media.media_details.file).toBeUndefined();
    const response = await fetch(media.source_url.replace('http://wp-origin.invalid', ORIGIN));
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  });

  it('HEAD on an upload gives its length without a body; an unknown file answers 404', async () => {
    const head = await fetch(`${ORIGIN}/wp-content/uploads/2025/01/home-hero.png`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(100);
    expect(await head.text()).toBe('');
    expect((await fetch(`${ORIGIN}/wp-content/uploads/2025/01/missing.png`)).status).toBe(404);
  });

  it('media/{id} answers an attachment with guid, type attachment and absolute source_url', async () => {
    const { json } = await request<WpMedia & { status: string }>(`${WP}/media/11`);
    expect(json).toMatchObject({ id: 11, type: 'attachment', status: 'inherit', media_type: 'image', mime_type: 'image/png' });
    expect(json.guid?.rendered).toBe(`${ORIGIN}/wp-content/uploads/2025/01/home-hero.png`);
    expect(json.source_url).toBe(json.guid?.rendered);
  });

  it('an embedded featured image uses WordPress\'s embed context: no guid, no description', async () => {
    const [post] = (await request<{ _embedded: { 'wp:featuredmedia': Record<string, unknown>[] } }[]>(`${WP}/posts?per_page=1&_embed`)).json;
    const media = post._embedded['wp:featuredmedia'][0];
    expect(media).toHaveProperty('source_url');
    expect(media).not.toHaveProperty('guid');
    expect(media).not.toHaveProperty('description');
  });

  it('an unknown media id answers 404 rest_post_invalid_id', async () => {
    expect((await request<ErrorBody>(`${WP}/media/9999`)).json.code).toBe('rest_post_invalid_id');
  });
});
