import { http, HttpResponse, type RequestHandler } from 'msw';
import { handleWordPressRequest } from './handler';
import type { WordPressStore } from './store';

/**
 * msw handlers for the fake WordPress at `baseUrl` (e.g. http://wordpress.test): every request
 * under it is answered by the same code as the local content server. `getStore` is read per
 * request, so a test can swap or change the content between requests.
 */
export function createWordPressHandlers(baseUrl: string, getStore: () => WordPressStore): RequestHandler[] {
  const base = baseUrl.replace(/\/+$/, '');
  return [
    http.all(`${base}/*`, async ({ request }) => {
      const response = await handleWordPressRequest(getStore(), {
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
      });
      const empty = request.method === 'HEAD' || response.body.length === 0;
      return new HttpResponse(empty ? null : response.body, { status: response.status, headers: response.headers });
    }),
  ];
}
