import { readState } from '../harness/state';

/**
 * An editor's change on the local content server (the fake WordPress of the e2e run): its
 * `/__fake/{path}` admin routes (create, update, publish, trash an item). Throws on a non-2xx answer.
 */
export async function fakeAdmin(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${readState().wordpressUrl}/__fake/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /__fake/${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}
