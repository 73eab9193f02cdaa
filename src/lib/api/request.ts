import type { IncomingMessage } from 'node:http';
import { isRecord } from '../shared/isRecord';
import { ApiError } from './errors';

/**
 * Request parsing for API routes whose Next body parser is off (`export const config = { api: {
 * bodyParser: false } }`), so that every refusal is one of our JSON messages rather than Next's
 * text answer: method (405 with `Allow`), media type (415), size (413), UTF-8 and JSON (400).
 * Extracted from the revalidation webhook's reading code (`src/lib/site/revalidate.ts`), which can
 * use it as it is.
 */

/** 405 with `Allow` unless the method is one of `allowed`. */
export function requireMethod(req: IncomingMessage, allowed: readonly string[]): void {
  if (req.method && allowed.includes(req.method)) return;
  throw new ApiError(405, `Method ${req.method ?? ''} is not allowed: use ${allowed.join(' or ')}`, { Allow: allowed.join(', ') });
}

/** `application/json` or `application/…+json`, with any parameters (`; charset=utf-8`). */
export function isJsonContentType(header: string | undefined): boolean {
  const mediaType = (header ?? '').split(';')[0].trim().toLowerCase();
  return mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

/** 415 unless the request says its body is JSON. */
export function requireJsonContentType(req: IncomingMessage): void {
  if (!isJsonContentType(req.headers['content-type'])) {
    throw new ApiError(415, 'The body must be JSON (Content-Type: application/json)');
  }
}

const tooLarge = (limit: number) =>
  // `Connection: close`: the rest of an oversize body is not worth reading on a kept-alive connection.
  new ApiError(413, `The body is larger than ${limit} bytes`, { Connection: 'close' });

/** The raw body, at most `limit` bytes: 413 as soon as it is known to be larger (declared or read). */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  // Already consumed (a body parser ran): nothing left to read, rather than waiting forever.
  if (req.readableEnded) return Promise.reject(new ApiError(400, 'The body could not be read'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      done();
    };
    function onData(chunk: Buffer | string) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > limit) {
        settle(() => reject(tooLarge(limit)));
        req.resume(); // drop the rest without keeping it
        return;
      }
      chunks.push(buffer);
    }
    function onEnd() {
      settle(() => resolve(Buffer.concat(chunks)));
    }
    function onError() {
      settle(() => reject(new ApiError(400, 'The body could not be read')));
    }
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** UTF-8 JSON text → value; 400 naming the problem (not UTF-8, empty, not JSON). */
export function parseJson(raw: Buffer): unknown {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new ApiError(400, 'The body is not valid UTF-8');
  }
  if (text.trim() === '') throw new ApiError(400, 'The body is empty: send a JSON object');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, `The body is not valid JSON: ${(error as Error).message}`);
  }
}

/** A JSON object body of at most `limit` bytes: 415, 413 or 400 otherwise. `example` shows the expected shape in the 400 message. */
export async function readJsonObject(req: IncomingMessage, limit: number, example: string): Promise<Record<string, unknown>> {
  requireJsonContentType(req);
  const body = parseJson(await readBody(req, limit));
  if (!isRecord(body)) throw new ApiError(400, `The body must be a JSON object: ${example}`);
  return body;
}

/** A header's single value: Node joins repeated unknown headers with ", ", and a list means a malformed request. */
export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}
