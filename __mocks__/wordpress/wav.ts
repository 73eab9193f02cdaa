import { Buffer } from 'node:buffer';

/**
 * A deterministic WAV file for the fake's audio upload (the block corpus's audio block): 16-bit
 * mono PCM at 8 kHz, a soft two-tone chime whose pitch comes from the file name, `seconds` long.
 * About 16 kB a second: small enough to generate on every request, real enough for a browser's
 * `<audio>` to read its duration.
 */
export function createWav(seed: string, seconds = 2): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const base = 330 + (hash % 220);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const tone = t < seconds / 2 ? base : base * 1.5;
    const envelope = Math.min(1, (seconds / 2 - (t % (seconds / 2))) * 4) * Math.min(1, (t % (seconds / 2)) * 40);
    data.writeInt16LE(Math.round(Math.sin(2 * Math.PI * tone * t) * envelope * 9000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
