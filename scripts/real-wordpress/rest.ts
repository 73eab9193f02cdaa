/**
 * WordPress's REST API (`/wp-json` routes) as one user with an application password: the seed's
 * import, the real-WordPress browser tests (e2e/helpers/realWordPress.ts) and the bench.
 */
type Json = Record<string, unknown>;

export class RestClient {
  private readonly auth: string;

  /** `timeoutMs`: each request is aborted after it (none by default: media uploads may be slow). */
  constructor(private readonly base: string, user: string, appPassword: string, private readonly timeoutMs?: number) {
    this.auth = `Basic ${Buffer.from(`${user}:${appPassword}`).toString('base64')}`;
  }

  async request<T = Json>(method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const isBytes = body instanceof Uint8Array;
    const response = await fetch(`${this.base}/wp-json${route}`, {
      method,
      headers: { Authorization: this.auth, ...(body !== undefined && !isBytes ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : isBytes ? Buffer.from(body) : JSON.stringify(body),
      signal: this.timeoutMs === undefined ? undefined : AbortSignal.timeout(this.timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  }
}
