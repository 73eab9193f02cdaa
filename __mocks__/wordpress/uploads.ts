import type { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createJpeg, createWebp } from './jpeg';
import { createPdf } from './pdf';
import { createPng } from './png';
import type { WordPressStore } from './store';
import { createWav } from './wav';

/** Media that cannot be generated in code (a WebM video made once in Chromium), committed under `./files/`. */
const FILES_DIR = path.join(__dirname, 'files');

/** What a file under `wp-content/uploads/` is made from: its path, type and (for images) size. */
export interface UploadSpec {
  /** Path under the uploads folder, e.g. `2025/03/hero.png`. */
  file: string;
  mime_type: string;
  width?: number;
  height?: number;
  /** Shown inside generated documents. */
  title: string;
  /** For one of WordPress's copies of an image: the upload's own width (a copy of a photo is smoother). */
  originalWidth?: number;
}

/** The bytes of an uploaded file, generated deterministically from its spec (PNG and JPEG images, WebP copies of JPEG photos, PDF documents, WAV audio; the WebM video is a committed file). */
export function uploadBytes(spec: UploadSpec): Buffer {
  if (spec.mime_type === 'image/png') {
    return createPng(spec.width ?? 1, spec.height ?? 1, spec.file);
  }
  if (spec.mime_type === 'image/jpeg') {
    return createJpeg(spec.width ?? 1, spec.height ?? 1, spec.file, spec.originalWidth);
  }
  if (spec.mime_type === 'image/webp') {
    return createWebp(spec.width ?? 1, spec.height ?? 1, spec.file, spec.originalWidth);
  }
  if (spec.mime_type === 'application/pdf') {
    return createPdf(spec.title, ['Corvane Payments', `File: ${spec.file}`]);
  }
  if (spec.mime_type === 'audio/wav') {
    return createWav(spec.file);
  }
  if (spec.mime_type === 'video/webm') {
    // One short clip (320 × 180, 2 s of VP8) stands for every video upload.
    return readFileSync(path.join(FILES_DIR, 'checkout-demo.webm'));
  }
  throw new Error(`The fake WordPress cannot generate ${spec.mime_type} files (${spec.file})`);
}

/** The file at `file` (relative to the uploads folder), if an attachment or one of its sizes describes it. */
export function findUpload(store: WordPressStore, file: string): { bytes: Buffer; mimeType: string } | undefined {
  for (const media of store.media) {
    const title = media.title.rendered;
    if (media.uploadFile === file) {
      const { width, height } = media.media_details;
      return { bytes: uploadBytes({ file, mime_type: media.mime_type, width, height, title }), mimeType: media.mime_type };
    }
    const dir = media.uploadFile.replace(/[^/]*$/, '');
    for (const size of Object.values(media.media_details.sizes)) {
      if (`${dir}${size.file}` === file) {
        const spec = { file, mime_type: size.mime_type, width: size.width, height: size.height, title, originalWidth: media.media_details.width };
        return { bytes: uploadBytes(spec), mimeType: size.mime_type };
      }
    }
  }
  return undefined;
}
