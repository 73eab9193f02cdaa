/**
 * The site's canonical origin (`SITE_URL`), for code that runs in the browser as well as on the
 * server: canonical and Open Graph URLs, JSON-LD, the sitemap, feeds and robots.txt.
 *
 * `src/config.ts` is server-only, so `next.config.ts` exposes the (public, non-secret) value as
 * `NEXT_PUBLIC_SITE_URL`, which Next inlines into every bundle at build time: the server and the
 * browser render the same URLs (no hydration mismatch), and changing `SITE_URL` needs a rebuild.
 * Outside a Next build (jest, scripts) the value falls back to `SITE_URL`, then to
 * `http://localhost:3000` (the default of `src/config.ts`).
 */

const DEFAULT_SITE_URL = 'http://localhost:3000';

const normalize = (value: string | undefined): string | null => {
  const trimmed = value?.trim().replace(/\/+$/, '');
  return trimmed ? trimmed : null;
};

/** The canonical origin, without a trailing slash (`https://www.example.com`). */
// `process.env.NEXT_PUBLIC_SITE_URL` must be written out in full for Next to inline it.
export const SITE_URL: string =
  normalize(process.env.NEXT_PUBLIC_SITE_URL) ?? normalize(process.env.SITE_URL) ?? DEFAULT_SITE_URL;

/** `{SITE_URL}{path}` for a site path (`/about-us/news`); absolute http(s) URLs are returned as they are. */
export function absoluteUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${SITE_URL}${path.startsWith('/') ? path : `/${path}`}`;
}
