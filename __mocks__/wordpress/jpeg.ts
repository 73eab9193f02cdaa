import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { encode } from 'jpeg-js';
import { hashString } from './png';

/**
 * Deterministic photo-like JPEG images for the fake's uploads: a sky gradient over rolling
 * hills of fractal value noise, with a little grain, so a JPEG encoder has real detail to spend
 * bytes on (about 400 kB at 2400 × 1260), as an editor's photo would. The picture is a function of
 * the position relative to the image's size, so every size WordPress makes of an upload shows the
 * same scene, as a resized copy does. WordPress's copies of a JPEG upload are WebP (the companion
 * plugin's `WebpCopies`): the same scene encoded by libwebp (`createWebp`).
 *
 * Encoding a large image takes a second or more, and every Jest worker that builds the seed asks
 * for the same files: bytes are cached in memory and on disk (`node_modules/.cache/fake-wordpress`,
 * keyed by the generator's version and the arguments).
 */

/** Bump when the picture or the encoding changes: the disk cache is keyed by it. */
const GENERATOR_VERSION = 1;
/** WordPress's default JPEG quality for the sizes it makes (`wp_editor_set_quality`). */
const QUALITY = 82;
/** WordPress's default WebP quality (`WP_Image_Editor::get_default_quality`). */
const WEBP_QUALITY = 86;
const CACHE_DIR = path.join(__dirname, '..', '..', 'node_modules', '.cache', 'fake-wordpress');

/** A hash of integer lattice coordinates to [0, 1). */
function lattice(x: number, y: number, seed: number): number {
  let h = Math.imul(x, 374761393) ^ Math.imul(y, 668265263) ^ Math.imul(seed, 2147483647);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

const smooth = (t: number) => t * t * (3 - 2 * t);

/** Value noise at (x, y), smoothly interpolated between lattice points. */
function valueNoise(x: number, y: number, seed: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = smooth(x - x0);
  const fy = smooth(y - y0);
  const a = lattice(x0, y0, seed);
  const b = lattice(x0 + 1, y0, seed);
  const c = lattice(x0, y0 + 1, seed);
  const d = lattice(x0 + 1, y0 + 1, seed);
  return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
}

/** Fractal noise: `octaves` layers of value noise, each twice as fine and half as strong. */
function fractal(x: number, y: number, seed: number, octaves: number): number {
  let sum = 0;
  let amplitude = 0.5;
  let frequency = 1;
  for (let i = 0; i < octaves; i++) {
    sum += amplitude * valueNoise(x * frequency, y * frequency, seed + i * 101);
    amplitude /= 2;
    frequency *= 2;
  }
  return sum;
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** The RGBA pixels of the scene at `width` × `height`, with sensor grain of ± `grain` / 2. */
function render(width: number, height: number, seed: number, grain: number): Uint8Array {
  const pixels = new Uint8Array(width * height * 4);
  const aspect = width / height;
  const hillSeed = seed % 1000;
  for (let y = 0; y < height; y++) {
    const v = y / height;
    for (let x = 0; x < width; x++) {
      const u = x / width;
      // Scene coordinates: the same at every size (the horizontal scale follows the aspect ratio).
      const sx = u * aspect * 4;
      const sy = v * 4;
      const horizon = 0.45 + 0.18 * (fractal(sx * 0.5, 0.5, hillSeed, 4) - 0.5);
      let r: number;
      let g: number;
      let b: number;
      if (v < horizon) {
        // Sky: blue to pale towards the horizon, with soft clouds.
        const t = v / horizon;
        const cloud = Math.max(0, fractal(sx * 1.5, sy * 3, hillSeed + 7, 6) - 0.45) * 2.2;
        r = 70 + 120 * t + 160 * cloud;
        g = 120 + 95 * t + 140 * cloud;
        b = 200 + 40 * t + 60 * cloud;
      } else {
        // Land: fields and trees, darker in the distance, textured at every scale.
        const depth = (v - horizon) / (1 - horizon);
        const field = fractal(sx * 2, sy * 6, hillSeed + 31, 7);
        const trees = fractal(sx * 8, sy * 8, hillSeed + 53, 5) > 0.56 ? 0.55 : 1;
        const shade = (0.55 + 0.45 * depth) * trees;
        r = (60 + 120 * field) * shade;
        g = (90 + 110 * field) * shade;
        b = (35 + 50 * field) * shade;
      }
      // Sensor grain, as in a photo.
      const noise = (lattice(x, y, seed) - 0.5) * grain;
      const i = (y * width + x) * 4;
      pixels[i] = clamp(r + noise);
      pixels[i + 1] = clamp(g + noise);
      pixels[i + 2] = clamp(b + noise);
      pixels[i + 3] = 255;
    }
  }
  return pixels;
}

const memory = new Map<string, Buffer>();

function readCache(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

function writeCache(file: string, bytes: Buffer): void {
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written under a unique name, then renamed: concurrent Jest workers never read half a file.
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, file);
  } catch {
    // A read-only checkout: the bytes are regenerated next time, which is slower but the same.
  }
}

/** The original's grain (± 7 levels); see createJpeg. */
const GRAIN = 14;

type PhotoFormat = 'jpeg' | 'webp';

/** libwebp through sharp, in a child process (sharp has no synchronous API): see `./encodeWebp.mjs`. */
function encodeWebp(pixels: Uint8Array, width: number, height: number): Buffer {
  const header = Buffer.from(`${JSON.stringify({ width, height, quality: WEBP_QUALITY })}\n`, 'utf8');
  return execFileSync(process.execPath, [path.join(__dirname, 'encodeWebp.mjs')], {
    input: Buffer.concat([header, pixels]),
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** The scene at `width` × `height` in a format, cached in memory and on disk (see the top of the file). */
function createPhoto(format: PhotoFormat, width: number, height: number, seed: string, originalWidth: number): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width * height > 16_000_000) {
    throw new RangeError(`Unsupported image size ${width}x${height}`);
  }
  const grain = GRAIN * Math.min(1, width / Math.max(width, originalWidth));
  const quality = format === 'webp' ? `webp${WEBP_QUALITY}` : `q${QUALITY}`;
  const key = `v${GENERATOR_VERSION}:${quality}:g${grain.toFixed(3)}:${width}x${height}:${seed}`;
  const cached = memory.get(key);
  if (cached) return cached;
  const extension = format === 'webp' ? 'webp' : 'jpg';
  const file = path.join(CACHE_DIR, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.${extension}`);
  let bytes = readCache(file);
  if (!bytes) {
    // The scene is chosen by the upload's name: a copy (`-768x403`, any extension) shows the same one.
    const seedNumber = hashString(seed.replace(/-\d+x\d+(?=\.[a-z]+$)/i, '').replace(/\.[a-z]+$/i, '.jpg')) % 100_000;
    const pixels = render(width, height, seedNumber, grain);
    bytes = format === 'webp' ? encodeWebp(pixels, width, height) : Buffer.from(encode({ data: pixels, width, height }, QUALITY).data);
    writeCache(file, bytes);
  }
  memory.set(key, bytes);
  return bytes;
}

/**
 * A photo-like JPEG of exactly `width` × `height` pixels; `seed` picks the scene. The same
 * arguments give the same bytes. `originalWidth` is the upload's own width when this is one of
 * WordPress's copies: resizing averages the original's pixels, so a copy's grain is weaker in
 * proportion (a 768 px copy of a 2400 px photo averages about 3 × 3 pixels into one).
 */
export function createJpeg(width: number, height: number, seed: string, originalWidth = width): Buffer {
  return createPhoto('jpeg', width, height, seed, originalWidth);
}

/** The same scene as `createJpeg` (same `seed`: the upload's name), as a WebP copy WordPress makes of a JPEG upload. */
export function createWebp(width: number, height: number, seed: string, originalWidth = width): Buffer {
  return createPhoto('webp', width, height, seed, originalWidth);
}
