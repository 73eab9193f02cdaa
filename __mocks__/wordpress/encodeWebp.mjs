// The fake WordPress's WebP encoder (`./jpeg.ts`, `createWebp`), run as a child process because
// sharp encodes asynchronously and the fake builds its media synchronously. Reads a header line
// `{"width", "height", "quality"}` and the RGBA pixels on stdin; writes the WebP file to stdout.
// libwebp, as PHP's GD uses it in WordPress (`imagewebp`).
import sharp from 'sharp';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const input = Buffer.concat(chunks);
const newline = input.indexOf(10);
const { width, height, quality } = JSON.parse(input.subarray(0, newline).toString('utf8'));
const pixels = input.subarray(newline + 1);
if (pixels.length !== width * height * 4) throw new Error(`Expected ${width * height * 4} bytes of RGBA, got ${pixels.length}`);
const webp = await sharp(pixels, { raw: { width, height, channels: 4 } }).removeAlpha().webp({ quality }).toBuffer();
process.stdout.write(webp);
