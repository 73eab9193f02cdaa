/**
 * The site's configuration: every environment variable is read here, once, and validated.
 * Server-only: never import this file from a component that runs in the browser (the browser
 * gets what it needs through `next.config.ts`'s `env`, which holds no secret).
 */

export interface SiteConfig {
  /** The content system's base URL, without a trailing slash (`https://cms.example.com`). */
  wordpressUrl: string;
  /** Origin that media URLs from `cmsDevHosts` are rewritten to (`https://media.example.com`), or null for no rewriting. */
  mediaHost: string | null;
  /** Host names (with port where given) of the content system's development hosts. */
  cmsDevHosts: string[];
  /** Canonical origin of the site, without a trailing slash. */
  siteUrl: string;
  /** ISR interval in seconds. */
  revalidateSeconds: number;
  /** Secret the revalidation webhook must present; null disables the webhook. */
  revalidateSecret: string | null;
  /**
   * Whether a reverse proxy in front of the site sets `X-Forwarded-For` (`TRUST_PROXY`). When true,
   * the API routes' rate limits key visitors by the address that proxy saw; when false, by the
   * socket's address (the header is ignored: any client can send it).
   */
  trustProxy: boolean;
  /**
   * `REDIS_URL` (`redis://` or `rediss://`), or null. When set, the instances behind a load
   * balancer share one ISR cache (the cache handler in `src/lib/cache/`, wired by `next.config.ts`
   * at `next start`) and the API rate limits. Server-only: it may hold a password.
   */
  redisUrl: string | null;
  /**
   * `Strict-Transport-Security` (issue 12 §1), sent on answers served over https (a `SITE_URL` of
   * https, or a request that the TLS proxy marks `X-Forwarded-Proto: https`; browsers ignore it
   * over http); null when `HSTS_MAX_AGE=0` turns it off.
   */
  hsts: HstsConfig | null;
  /**
   * `PREVIEW_SECRET` (issue 11): the key WordPress signs preview tokens with (its
   * `HEADLESS_PREVIEW_SECRET`), at least 16 characters, separate from the revalidation secret.
   * null: `/api/preview` refuses every token (401).
   */
  previewSecret: string | null;
  /**
   * `WORDPRESS_PREVIEW_USER` / `WORDPRESS_PREVIEW_PASSWORD` (issue 11): the least-privilege
   * WordPress user and its application password that read drafts
   * (`custom-api/v1/preview/{rest_base}/{id}`). Both or neither; null when neither is set.
   * Server-only: never logged, never in a URL, never inlined for the browser; sent only on that read.
   */
  previewCredentials: PreviewCredentials | null;
  /**
   * Issue 18: the cache in front that the webhook purges by surrogate key once it has regenerated
   * the pages (src/lib/cache/purge.ts), or null for none. `CACHE_PURGE` picks the back end
   * (`varnish`, `fastly`, `cloudflare`); with it unset, `VARNISH_URL` alone means Varnish.
   */
  cachePurge: CachePurgeConfig | null;
}

export type CachePurgeConfig =
  | {
      backend: 'varnish';
      /** `VARNISH_URL`: one origin per Varnish server (comma-separated). */
      urls: string[];
      /** `VARNISH_PURGE_SECRET`: sent as `X-Purge-Secret` (a Varnish on another host); null: loopback only. */
      secret: string | null;
    }
  | { backend: 'fastly'; serviceId: string; token: string; apiUrl: string; warmUrl: string }
  | { backend: 'cloudflare'; zoneId: string; token: string; apiUrl: string; warmUrl: string };

export interface PreviewCredentials {
  user: string;
  password: string;
}

export interface HstsConfig {
  /** `HSTS_MAX_AGE` in seconds; default two years (63072000), the MDN Observatory's recommendation. */
  maxAge: number;
  /** `HSTS_INCLUDE_SUBDOMAINS`: also every subdomain of the site's host (default false: other teams' hosts may still serve http). */
  includeSubDomains: boolean;
  /** `HSTS_PRELOAD`: ask for the browsers' preload list (default false; needs includeSubDomains and a max-age of at least a year). */
  preload: boolean;
}

/** Two years, in seconds. */
export const DEFAULT_HSTS_MAX_AGE = 63_072_000;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid environment variable ${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

/**
 * Issue 12 §3 fail fast: runs `read` (which validates the configuration) and, on a ConfigError,
 * ends the process with status 1 and the message naming the variable, instead of a server that
 * answers 500 to every request. Used where a server starts (next.config.ts for `next start`,
 * instrumentation.ts for any other).
 */
export function orExitOnConfigError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${error.message}\nThe server did not start: set ${error.variable} and start it again (see docs/security.md, "Fail fast").`);
    process.exit(1);
  }
}

type Env = Record<string, string | undefined>;

function trimmed(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function origin(env: Env, name: string, required: boolean): string | null {
  const value = trimmed(env, name);
  if (value === undefined) {
    if (required) throw new ConfigError(name, 'it is not set (expected an http(s) URL such as https://cms.example.com)');
    return null;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `"${value}" is not a URL (expected an http(s) URL such as https://cms.example.com)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `"${value}" must use http or https`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError(name, `"${value}" must not contain credentials, a query or a fragment`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

const HOST_RE = /^(?=.{1,253}(:\d{1,5})?$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;

function hostList(env: Env, name: string): string[] {
  const value = trimmed(env, name);
  if (value === undefined) return [];
  return value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)
    .map((host) => {
      if (!HOST_RE.test(host)) {
        throw new ConfigError(name, `"${host}" is not a host name (expected a comma-separated list such as dev.cms.example.com,localhost:8080)`);
      }
      return host;
    });
}

function positiveInt(env: Env, name: string, fallback: number): number {
  const value = trimmed(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 31_536_000) {
    throw new ConfigError(name, `"${value}" must be a whole number of seconds from 1 to 31536000`);
  }
  return Number(value);
}

function secret(env: Env, name: string): string | null {
  const value = env[name];
  if (value === undefined || value === '') return null;
  if (value.length < 16) throw new ConfigError(name, 'it must be at least 16 characters long');
  return value;
}

/**
 * The preview reader's user name and application password: both or neither. The password is
 * never quoted in an error (the message names the variable only).
 */
function previewCredentials(env: Env): PreviewCredentials | null {
  const user = trimmed(env, 'WORDPRESS_PREVIEW_USER');
  // Application passwords are shown with spaces (`abcd efgh …`); WordPress accepts them with or without.
  const password = trimmed(env, 'WORDPRESS_PREVIEW_PASSWORD');
  if (user === undefined && password === undefined) return null;
  if (user === undefined) throw new ConfigError('WORDPRESS_PREVIEW_USER', 'it is not set, but WORDPRESS_PREVIEW_PASSWORD is (set both or neither)');
  if (password === undefined) throw new ConfigError('WORDPRESS_PREVIEW_PASSWORD', 'it is not set, but WORDPRESS_PREVIEW_USER is (set both or neither)');
  // HTTP Basic puts `user:password` in one header: a colon in the user name would split it elsewhere.
  if (user.includes(':') || /[\u0000-\u001f\u007f]/.test(user)) {
    throw new ConfigError('WORDPRESS_PREVIEW_USER', 'it must not contain ":" or control characters');
  }
  if (/[\u0000-\u001f\u007f]/.test(password)) throw new ConfigError('WORDPRESS_PREVIEW_PASSWORD', 'it must not contain control characters');
  return { user, password };
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = trimmed(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new ConfigError(name, `"${env[name]?.trim()}" must be one of 1, 0, true, false`);
}

/** The URL with any password masked, for error messages and logs. */
export function redactUrl(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^@/?#]*)@/i, (_all, scheme: string, userinfo: string) => {
    const user = userinfo.split(':')[0];
    return `${scheme}${userinfo.includes(':') ? `${user}:***` : '***'}@`;
  });
}

function redisUrl(env: Env, name: string): string | null {
  const value = trimmed(env, name);
  if (value === undefined) return null;
  const shown = redactUrl(value);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `"${shown}" is not a URL (expected redis://[user:password@]host[:port][/db] or rediss://…)`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new ConfigError(name, `"${shown}" must use redis:// or rediss:// (TLS)`);
  }
  if (!url.hostname) throw new ConfigError(name, `"${shown}" has no host`);
  if (url.search || url.hash) throw new ConfigError(name, `"${shown}" must not contain a query or a fragment`);
  if (url.pathname && url.pathname !== '/' && !/^\/\d{1,2}$/.test(url.pathname)) {
    throw new ConfigError(name, `"${shown}": the path must be a database number such as /0`);
  }
  return value;
}

function hsts(env: Env): HstsConfig | null {
  const raw = trimmed(env, 'HSTS_MAX_AGE');
  if (raw !== undefined && (!/^\d+$/.test(raw) || Number(raw) > 2 * DEFAULT_HSTS_MAX_AGE)) {
    throw new ConfigError('HSTS_MAX_AGE', `"${raw}" must be a whole number of seconds from 0 (off) to ${2 * DEFAULT_HSTS_MAX_AGE}`);
  }
  const maxAge = raw === undefined ? DEFAULT_HSTS_MAX_AGE : Number(raw);
  const includeSubDomains = flag(env, 'HSTS_INCLUDE_SUBDOMAINS', false);
  const preload = flag(env, 'HSTS_PRELOAD', false);
  if (preload && (!includeSubDomains || maxAge < 31_536_000)) {
    throw new ConfigError('HSTS_PRELOAD', 'the preload list requires HSTS_INCLUDE_SUBDOMAINS=1 and an HSTS_MAX_AGE of at least 31536000 (one year)');
  }
  return maxAge === 0 ? null : { maxAge, includeSubDomains, preload };
}

const CACHE_PURGE_BACKENDS = ['varnish', 'fastly', 'cloudflare'] as const;

function required(env: Env, name: string, because: string): string {
  const value = trimmed(env, name);
  if (value === undefined) throw new ConfigError(name, `it is not set (${because})`);
  return value;
}

function token(env: Env, name: string, because: string): string {
  const value = required(env, name, because);
  if (!/^[A-Za-z0-9._~+/=-]+$/.test(value)) throw new ConfigError(name, 'it may contain only letters, digits and . _ ~ + / = -');
  return value;
}

function cachePurge(env: Env, siteUrl: string): CachePurgeConfig | null {
  const chosen = trimmed(env, 'CACHE_PURGE')?.toLowerCase();
  const varnishUrls = trimmed(env, 'VARNISH_URL');
  if (chosen === undefined && varnishUrls === undefined) return null;
  if (chosen !== undefined && chosen !== 'none' && !(CACHE_PURGE_BACKENDS as readonly string[]).includes(chosen)) {
    throw new ConfigError('CACHE_PURGE', `"${chosen}" must be one of ${CACHE_PURGE_BACKENDS.join(', ')} or none`);
  }
  if (chosen === 'none') return null;
  const backend = (chosen ?? 'varnish') as (typeof CACHE_PURGE_BACKENDS)[number];
  if (backend === 'varnish') {
    if (varnishUrls === undefined) throw new ConfigError('VARNISH_URL', 'it is not set, but CACHE_PURGE=varnish (the Varnish servers, comma-separated, e.g. http://127.0.0.1:6081)');
    const urls = varnishUrls.split(',').map((u) => u.trim()).filter(Boolean).map((u) => origin({ VARNISH_URL: u }, 'VARNISH_URL', true) as string);
    const secretValue = trimmed(env, 'VARNISH_PURGE_SECRET') ?? null;
    if (secretValue !== null && !/^[A-Za-z0-9._~-]{16,}$/.test(secretValue)) {
      throw new ConfigError('VARNISH_PURGE_SECRET', 'it must be at least 16 letters, digits or . _ ~ - (it goes into the VCL as a string)');
    }
    return { backend, urls, secret: secretValue };
  }
  const warmUrl = origin(env, 'CACHE_WARM_URL', false) ?? siteUrl;
  if (backend === 'fastly') {
    return {
      backend,
      serviceId: token(env, 'FASTLY_SERVICE_ID', 'CACHE_PURGE=fastly needs the service id'),
      token: token(env, 'FASTLY_API_TOKEN', 'CACHE_PURGE=fastly needs an API token with purge rights'),
      apiUrl: origin(env, 'FASTLY_API_URL', false) ?? 'https://api.fastly.com',
      warmUrl,
    };
  }
  return {
    backend,
    zoneId: token(env, 'CLOUDFLARE_ZONE_ID', 'CACHE_PURGE=cloudflare needs the zone id'),
    token: token(env, 'CLOUDFLARE_API_TOKEN', 'CACHE_PURGE=cloudflare needs an API token with Cache Purge rights'),
    apiUrl: origin(env, 'CLOUDFLARE_API_URL', false) ?? 'https://api.cloudflare.com/client/v4',
    warmUrl,
  };
}

/**
 * `SITE_URL` as the site uses it: validated (a `ConfigError` names it), without a trailing slash,
 * `http://localhost:3000` when unset. The one reading of it: `parseConfig`'s `siteUrl` and the
 * `NEXT_PUBLIC_SITE_URL` that next.config.ts inlines for the browser (src/lib/shared/site/siteUrl.ts).
 */
export function siteUrlFrom(env: Env): string {
  return origin(env, 'SITE_URL', false) ?? 'http://localhost:3000';
}

/** Reads and validates the configuration; throws a `ConfigError` naming the first bad variable. */
export function parseConfig(env: Env): SiteConfig {
  const siteUrl = siteUrlFrom(env);
  return {
    wordpressUrl: origin(env, 'WORDPRESS_URL', true) as string,
    mediaHost: origin(env, 'MEDIA_HOST', false),
    cmsDevHosts: hostList(env, 'CMS_DEV_HOSTS'),
    siteUrl,
    revalidateSeconds: positiveInt(env, 'REVALIDATE_SECONDS', 60),
    revalidateSecret: secret(env, 'REVALIDATE_SECRET'),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    redisUrl: redisUrl(env, 'REDIS_URL'),
    hsts: hsts(env),
    previewSecret: secret(env, 'PREVIEW_SECRET'),
    previewCredentials: previewCredentials(env),
    cachePurge: cachePurge(env, siteUrl),
  };
}

let cached: SiteConfig | null = null;

/** The validated configuration of this process (validated on first use, then kept). */
export function getConfig(): SiteConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/** For tests that change the environment. */
export function resetConfigForTests(): void {
  cached = null;
}
