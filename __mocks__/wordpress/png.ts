import { Buffer } from 'node:buffer';
import { deflateSync } from 'node:zlib';

/**
 * Deterministic PNG images for the fake's uploads: a horizontal gradient between two colours with
 * a darker band at the bottom, in an 8-bit palette. Real images whose width and height match the
 * media objects' `media_details`, a few KB each.
 */

type Rgb = readonly [number, number, number];

/** Brand-like colour pairs; an image picks one from its seed. */
const PALETTES: readonly (readonly [Rgb, Rgb])[] = [
  [[16, 42, 84], [38, 132, 196]],
  [[11, 94, 87], [72, 190, 150]],
  [[74, 36, 110], [196, 92, 160]],
  [[156, 64, 20], [242, 168, 60]],
  [[30, 30, 36], [110, 118, 140]],
];

const GRADIENT_STEPS = 128; // palette entries 0..127: gradient; 128..255: the same gradient darkened

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data.buffer, data.byteOffset, data.length).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function palette([from, to]: readonly [Rgb, Rgb]): Uint8Array {
  const plte = new Uint8Array(256 * 3);
  for (let i = 0; i < 256; i++) {
    const step = i % GRADIENT_STEPS;
    const shade = i < GRADIENT_STEPS ? 1 : 0.6;
    for (let c = 0; c < 3; c++) {
      const value = from[c] + ((to[c] - from[c]) * step) / (GRADIENT_STEPS - 1);
      plte[i * 3 + c] = Math.round(value * shade);
    }
  }
  return plte;
}

/** A small non-cryptographic hash, so the same file name always gets the same colours. */
export function hashString(value: string): number {
  let h = 2166136261;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 16777619);
  return h >>> 0;
}

const cache = new Map<string, Buffer>();

/** A PNG of exactly `width` × `height` pixels; `seed` picks the colours. Cached: the same arguments give the same bytes. */
export function createPng(width: number, height: number, seed: string): Buffer {
  const key = `${width}x${height}:${seed}`;
  const cached = cache.get(key);
  if (cached) return cached;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width * height > 16_000_000) {
    throw new RangeError(`Unsupported image size ${width}x${height}`);
  }
  const colours = PALETTES[hashString(seed) % PALETTES.length];

  // Each row: one filter byte, then one palette index per pixel. The first row of each band uses
  // filter 0 (none); the rows below repeat it with filter 2 (up), i.e. all zeros.
  const rowLength = width + 1;
  const raw = new Uint8Array(rowLength * height);
  const bandStart = Math.floor(height * 0.8);
  for (let y = 0; y < height; y++) {
    const row = y * rowLength;
    if (y !== 0 && y !== bandStart) {
      raw[row] = 2;
      continue;
    }
    const offset = y === bandStart ? GRADIENT_STEPS : 0;
    for (let x = 0; x < width; x++) {
      raw[row + 1 + x] = offset + Math.floor((x * (GRADIENT_STEPS - 1)) / Math.max(1, width - 1));
    }
  }

  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 3, 0, 0, 0], 8); // bit depth 8, colour type 3 (palette), deflate, adaptive filters, no interlace

  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', palette(colours)),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
  cache.set(key, png);
  return png;
}
