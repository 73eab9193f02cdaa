import { http, HttpResponse } from 'msw';
import { searchSite, searchUrl, SEARCH_ENDPOINT } from '@/lib/shared/search/client';
import type { SearchResult } from '@/lib/shared/search/types';
import { server } from '../setup/msw';

/**
 * The browser's search client against an msw stand-in for `/api/search` that records every
 * request it gets, so "no call" is proven by what reached the endpoint.
 */

const RESULT: SearchResult = { title: 'Card services', url: '/pages/card-services', type: 'Page', excerpt: 'Cards.' };

interface Seen {
  method: string;
  url: string;
  header: string | null;
  contentType: string | null;
  body: unknown;
}

function answer(respond: () => Response = () => HttpResponse.json([RESULT])) {
  const seen: Seen[] = [];
  server.use(
    http.all('*/api/search', async ({ request }) => {
      const url = new URL(request.url);
      seen.push({
        method: request.method,
        url: `${url.pathname}${url.search}`,
        header: request.headers.get('s'),
        contentType: request.headers.get('content-type'),
        body: await request.json().catch(() => undefined),
      });
      return respond();
    }),
  );
  return seen;
}

describe('spec §5 a search with an empty string returns an empty list and makes no call', () => {
  it.each(['', ' ', '   \t\n  '])('searchSite(%j) resolves [] and no request reaches /api/search', async (s) => {
    const seen = answer();
    await expect(searchSite(s)).resolves.toEqual([]);
    expect(seen).toEqual([]);
  });
});

describe('spec §7 a search is POST /api/search with JSON {s} and a header s', () => {
  it('sends POST with the query in the JSON body and, URL-encoded, in the s header; returns the list', async () => {
    const seen = answer();
    await expect(searchSite('card services')).resolves.toEqual([RESULT]);
    expect(seen).toEqual([
      { method: 'POST', url: '/api/search', header: 'card%20services', contentType: 'application/json', body: { s: 'card services' } },
    ]);
    expect(SEARCH_ENDPOINT).toBe('/api/search');
  });

  it('trims the query and collapses its white space, so header and body always agree', async () => {
    const seen = answer();
    await searchSite('  café   & crème ');
    expect(seen[0].body).toEqual({ s: 'café & crème' });
    expect(seen[0].header).toBe(encodeURIComponent('café & crème'));
    expect(decodeURIComponent(seen[0].header as string)).toBe('café & crème');
  });

  it("a non-OK answer throws an Error with the server's message", async () => {
    answer(() => HttpResponse.json({ error: 'Search is unavailable, please try again.' }, { status: 502 }));
    await expect(searchSite('orchestration')).rejects.toThrow('Search is unavailable, please try again.');
  });

  it('a non-OK answer without a JSON message throws an Error naming the status', async () => {
    answer(() => new HttpResponse('Bad gateway', { status: 502 }));
    await expect(searchSite('orchestration')).rejects.toThrow('Search failed with status 502');
  });

  it('an OK answer that is not a list throws', async () => {
    answer(() => HttpResponse.json({ results: [] }));
    await expect(searchSite('orchestration')).rejects.toThrow(/not a list|other than a list/);
  });

  it('an aborted search rejects with the abort', async () => {
    answer();
    const controller = new AbortController();
    controller.abort();
    await expect(searchSite('orchestration', controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('docs/search-index.md §6 the type filter travels in the URL: POST /api/search?type=<content-type name>', () => {
  it('searchSite(s, signal, "news") posts to /api/search?type=news, the query still in the body and the header', async () => {
    const seen = answer();
    await expect(searchSite('card services', undefined, 'news')).resolves.toEqual([RESULT]);
    expect(seen).toEqual([
      { method: 'POST', url: '/api/search?type=news', header: 'card%20services', contentType: 'application/json', body: { s: 'card services' } },
    ]);
  });

  it('no type (undefined or null) is the unfiltered /api/search', async () => {
    const seen = answer();
    await searchSite('cards', undefined, undefined);
    await searchSite('cards', undefined, null);
    expect(seen.map((s) => s.url)).toEqual(['/api/search', '/api/search']);
    expect(searchUrl('pressRelease')).toBe('/api/search?type=pressRelease');
  });

  it('an empty query makes no request, filtered or not (spec §5)', async () => {
    const seen = answer();
    await expect(searchSite('  ', undefined, 'blog')).resolves.toEqual([]);
    expect(seen).toEqual([]);
  });
});
