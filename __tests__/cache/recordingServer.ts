import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { http as mswHttp, passthrough } from 'msw';
import { server as msw } from '../setup/msw';

/**
 * A local HTTP server that records every request (method, path, headers, body) and answers with
 * `answer` (default 200 `{}`): it stands in for Varnish, Fastly's API and Cloudflare's API in the
 * purge tests. msw (which fails every request no handler answers) lets loopback requests through.
 */
export interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Answer = (request: Recorded, index: number) => { status?: number; body?: string; headers?: Record<string, string> };

export interface RecordingServer {
  url: string;
  requests: Recorded[];
  answer: Answer;
  close(): Promise<void>;
}

export function letLoopbackThrough(): void {
  msw.use(mswHttp.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()));
}

export async function startRecordingServer(answer: Answer = () => ({})): Promise<RecordingServer> {
  const requests: Recorded[] = [];
  const state: RecordingServer = { url: '', requests, answer, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      const { status = 200, body = '{}', headers = { 'content-type': 'application/json' } } = state.answer(recorded, requests.length - 1);
      res.writeHead(status, headers).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
