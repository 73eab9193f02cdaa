import { Readable } from 'node:stream';
import type { NextApiRequest, NextApiResponse } from 'next';
import { jobsSettled, setJobWorkerForTests, type WorkerDeps } from '@/lib/site/jobs';

/**
 * Small stand-ins for Next's API request and response, enough for the handlers under test: the
 * request is a readable stream of the body (the webhook reads it itself), the response records
 * status, headers and body. The webhook's work happens after its answer, in this process's worker
 * (src/lib/site/jobs.ts): `installTestWorker` replaces it with one whose page regeneration is whatever
 * the test passes.
 */

export interface FakeRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  query?: Record<string, string | string[]>;
  url?: string;
}

export function fakeRequest({ method = 'GET', headers = {}, body, query = {}, url = '/' }: FakeRequestInit = {}): NextApiRequest {
  const chunks = body === undefined ? [] : [Buffer.isBuffer(body) ? body : Buffer.from(body)];
  const req = Readable.from(chunks) as unknown as NextApiRequest;
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  Object.assign(req, { method, headers: lower, query, url });
  return req;
}

/** A JSON `POST /api/revalidate` with the configured secret (REVALIDATE_SECRET of the test environment). */
export function webhookRequest(body: unknown): NextApiRequest {
  return fakeRequest({
    method: 'POST',
    url: '/api/revalidate',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'x-revalidate-secret': process.env.REVALIDATE_SECRET as string },
  });
}

export interface FakeResponse extends NextApiResponse {
  statusCode: number;
  /** Header names in lower case. */
  sent: { headers: Record<string, string>; json?: unknown; text?: string; ended: boolean };
}

export function fakeResponse(): FakeResponse {
  const sent: FakeResponse['sent'] = { headers: {}, ended: false };
  const res = {
    statusCode: 200,
    sent,
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    setHeader(name: string, value: string | number | readonly string[]) {
      sent.headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    getHeader(name: string) {
      return sent.headers[name.toLowerCase()];
    },
    json(body: unknown) {
      sent.headers['content-type'] ??= 'application/json; charset=utf-8';
      sent.json = body;
      sent.ended = true;
      return res;
    },
    send(body: string) {
      sent.text = body;
      sent.ended = true;
      return res;
    },
    end() {
      sent.ended = true;
      return res;
    },
  };
  return res as unknown as FakeResponse;
}

/** A version-2 payload (docs/reliability.md §1) with a delivery id; `fields` add to or override it. */
export function v2(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { v: 2, id: 'wp-test-1', ...fields };
}

export interface TestWorker {
  /** Paths regenerated (or tried), in call order. */
  regenerated: string[];
}

/**
 * This process's webhook worker replaced by one without Redis (unless `deps` says otherwise) whose
 * regeneration records the path and then runs `regenerate`. Call `stopTestWorker()` after.
 */
export function installTestWorker(regenerate: (path: string) => Promise<void> = async () => undefined, deps: WorkerDeps = {}): TestWorker {
  const worker: TestWorker = { regenerated: [] };
  setJobWorkerForTests({
    redisUrl: null,
    ...deps,
    regenerate: async (path) => {
      worker.regenerated.push(path);
      await regenerate(path);
    },
  });
  return worker;
}

/** Waits for the test worker's batches and restores the process's default worker. */
export async function stopTestWorker(): Promise<void> {
  await jobsSettled();
  setJobWorkerForTests(null);
}
