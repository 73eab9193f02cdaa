/** @jest-environment node */
import { ConfigError, orExitOnConfigError, parseConfig, redactUrl } from '@/config';

const valid = { WORDPRESS_URL: 'https://cms.example.com/' };

describe('configuration is validated once, with errors that name the variable', () => {
  it('reads every variable and applies the defaults', () => {
    expect(parseConfig(valid)).toEqual({
      wordpressUrl: 'https://cms.example.com',
      mediaHost: null,
      cmsDevHosts: [],
      siteUrl: 'http://localhost:3000',
      revalidateSeconds: 60,
      revalidateSecret: null,
      trustProxy: false,
      redisUrl: null,
      hsts: { maxAge: 63072000, includeSubDomains: false, preload: false },
      previewSecret: null,
      previewCredentials: null,
      cachePurge: null,
    });
    expect(
      parseConfig({
        WORDPRESS_URL: 'http://127.0.0.1:3001',
        MEDIA_HOST: 'https://media.example.com/bucket/',
        CMS_DEV_HOSTS: ' Dev.cms.example.com , localhost:8080 ,',
        SITE_URL: 'https://www.example.com',
        REVALIDATE_SECONDS: '300',
        REVALIDATE_SECRET: 'a-long-enough-secret',
        TRUST_PROXY: '1',
        REDIS_URL: ' redis://:pw@redis.internal:6380/2 ',
        PREVIEW_SECRET: 'another-long-secret',
        WORDPRESS_PREVIEW_USER: ' headless-previewer ',
        WORDPRESS_PREVIEW_PASSWORD: 'abcd EFGH ijkl MNOP qrst UVWX',
      }),
    ).toEqual({
      wordpressUrl: 'http://127.0.0.1:3001',
      mediaHost: 'https://media.example.com/bucket',
      cmsDevHosts: ['dev.cms.example.com', 'localhost:8080'],
      siteUrl: 'https://www.example.com',
      revalidateSeconds: 300,
      revalidateSecret: 'a-long-enough-secret',
      trustProxy: true,
      redisUrl: 'redis://:pw@redis.internal:6380/2',
      hsts: { maxAge: 63072000, includeSubDomains: false, preload: false },
      previewSecret: 'another-long-secret',
      previewCredentials: { user: 'headless-previewer', password: 'abcd EFGH ijkl MNOP qrst UVWX' },
      cachePurge: null,
    });
  });

  describe('issue 18: the purge back end of the cache in front (CACHE_PURGE)', () => {
    const base = { WORDPRESS_URL: 'https://cms.example.com', SITE_URL: 'https://www.example.com' };
    it('VARNISH_URL alone means Varnish: several servers, comma-separated; the secret is optional', () => {
      expect(parseConfig({ ...base, VARNISH_URL: 'http://127.0.0.1:6081, http://10.0.0.7:6081/' }).cachePurge).toEqual({
        backend: 'varnish', urls: ['http://127.0.0.1:6081', 'http://10.0.0.7:6081'], secret: null,
      });
      expect(parseConfig({ ...base, VARNISH_URL: 'http://v:6081', VARNISH_PURGE_SECRET: 'a-shared-purge-secret' }).cachePurge).toMatchObject({ secret: 'a-shared-purge-secret' });
    });
    it('Fastly and Cloudflare: their ids and tokens, their API addresses (overridable), warming through SITE_URL', () => {
      expect(parseConfig({ ...base, CACHE_PURGE: 'fastly', FASTLY_SERVICE_ID: 'SU1Z0isxPaozGVKXdv0eY', FASTLY_API_TOKEN: 'tok' }).cachePurge).toEqual({
        backend: 'fastly', serviceId: 'SU1Z0isxPaozGVKXdv0eY', token: 'tok', apiUrl: 'https://api.fastly.com', warmUrl: 'https://www.example.com',
      });
      expect(parseConfig({ ...base, CACHE_PURGE: 'cloudflare', CLOUDFLARE_ZONE_ID: 'zone', CLOUDFLARE_API_TOKEN: 'tok', CLOUDFLARE_API_URL: 'http://127.0.0.1:9/client/v4' }).cachePurge).toEqual({
        backend: 'cloudflare', zoneId: 'zone', token: 'tok', apiUrl: 'http://127.0.0.1:9/client/v4', warmUrl: 'https://www.example.com',
      });
      expect(parseConfig({ ...base, CACHE_PURGE: 'none', VARNISH_URL: 'http://v:6081' }).cachePurge).toBeNull();
    });
    it.each([
      [{ CACHE_PURGE: 'akamai' }, 'CACHE_PURGE'],
      [{ CACHE_PURGE: 'varnish' }, 'VARNISH_URL'],
      [{ VARNISH_URL: 'varnish:6081' }, 'VARNISH_URL'],
      [{ VARNISH_URL: 'http://v:6081', VARNISH_PURGE_SECRET: 'short' }, 'VARNISH_PURGE_SECRET'],
      [{ VARNISH_URL: 'http://v:6081', VARNISH_PURGE_SECRET: 'sixteen-chars-but-"quoted"' }, 'VARNISH_PURGE_SECRET'],
      [{ CACHE_PURGE: 'fastly', FASTLY_API_TOKEN: 'tok' }, 'FASTLY_SERVICE_ID'],
      [{ CACHE_PURGE: 'cloudflare', CLOUDFLARE_ZONE_ID: 'zone' }, 'CLOUDFLARE_API_TOKEN'],
    ])('refuses %j, naming %s', (env, name) => {
      expect(() => parseConfig({ ...base, ...env })).toThrow(name);
    });
  });

  it.each([
    [{}, 'WORDPRESS_URL'],
    [{ WORDPRESS_URL: 'cms.example.com' }, 'WORDPRESS_URL'],
    [{ WORDPRESS_URL: 'ftp://cms.example.com' }, 'WORDPRESS_URL'],
    [{ ...valid, MEDIA_HOST: 'not a url' }, 'MEDIA_HOST'],
    [{ ...valid, SITE_URL: 'https://www.example.com/?x=1' }, 'SITE_URL'],
    [{ ...valid, CMS_DEV_HOSTS: 'ok.example.com,https://bad.example.com' }, 'CMS_DEV_HOSTS'],
    [{ ...valid, REVALIDATE_SECONDS: '0' }, 'REVALIDATE_SECONDS'],
    [{ ...valid, REVALIDATE_SECONDS: 'ten' }, 'REVALIDATE_SECONDS'],
    [{ ...valid, REVALIDATE_SECRET: 'short' }, 'REVALIDATE_SECRET'],
    [{ ...valid, TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ ...valid, PREVIEW_SECRET: 'fifteen-chars!!' }, 'PREVIEW_SECRET'],
    [{ ...valid, WORDPRESS_PREVIEW_USER: 'previewer' }, 'WORDPRESS_PREVIEW_PASSWORD'],
    [{ ...valid, WORDPRESS_PREVIEW_PASSWORD: 'abcd efgh' }, 'WORDPRESS_PREVIEW_USER'],
    [{ ...valid, WORDPRESS_PREVIEW_USER: 'a:b', WORDPRESS_PREVIEW_PASSWORD: 'abcd efgh' }, 'WORDPRESS_PREVIEW_USER'],
    [{ ...valid, REDIS_URL: 'http://redis.internal:6379' }, 'REDIS_URL'],
    [{ ...valid, HSTS_MAX_AGE: 'two years' }, 'HSTS_MAX_AGE'],
    [{ ...valid, HSTS_MAX_AGE: '-1' }, 'HSTS_MAX_AGE'],
    [{ ...valid, HSTS_INCLUDE_SUBDOMAINS: 'sometimes' }, 'HSTS_INCLUDE_SUBDOMAINS'],
    [{ ...valid, HSTS_PRELOAD: '1' }, 'HSTS_PRELOAD'],
    [{ ...valid, HSTS_PRELOAD: '1', HSTS_INCLUDE_SUBDOMAINS: '1', HSTS_MAX_AGE: '15768000' }, 'HSTS_PRELOAD'],
  ])('a malformed value stops start-up naming the variable (%j → %s)', (env, variable) => {
    let thrown: unknown;
    try {
      parseConfig(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).variable).toBe(variable);
    expect((thrown as ConfigError).message).toContain(variable);
  });
});

describe('TRUST_PROXY: whether X-Forwarded-For is believed (API rate limits), validated as 1/0/true/false, default false', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    [' FALSE ', false],
    ['1', true],
    ['true', true],
    ['True', true],
  ])('TRUST_PROXY=%j → %s', (value, expected) => {
    expect(parseConfig({ ...valid, TRUST_PROXY: value }).trustProxy).toBe(expected);
  });

  it.each(['yes', '2', 'on', 'no'])('TRUST_PROXY=%j stops start-up naming the variable', (value) => {
    expect(() => parseConfig({ ...valid, TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

describe('issue 5 §4: REDIS_URL (optional) is a redis:// or rediss:// URL, validated at start-up; its password never appears in an error', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['  ', null],
    ['redis://127.0.0.1:6379', 'redis://127.0.0.1:6379'],
    ['redis://localhost', 'redis://localhost'],
    ['rediss://user:secret@cache.example.com:6380/0', 'rediss://user:secret@cache.example.com:6380/0'],
    ['redis://:secret@10.0.0.5:6379/15', 'redis://:secret@10.0.0.5:6379/15'],
  ])('REDIS_URL=%j → %j', (value, expected) => {
    expect(parseConfig({ ...valid, REDIS_URL: value }).redisUrl).toBe(expected);
  });

  it.each([
    ['127.0.0.1:6379', /not a URL|redis:\/\/ or rediss:\/\//],
    ['localhost', /not a URL/],
    ['http://redis.example.com', /redis:\/\/ or rediss:\/\//],
    ['redis://', /not a URL|no host/],
    ['redis://cache.example.com/?db=1', /query or a fragment/],
    ['redis://cache.example.com/cache', /database number/],
    ['redis://:hunter2-secret@cache.example.com/cache', /database number/],
    ['unix:///var/run/redis.sock', /redis:\/\/ or rediss:\/\//],
  ])('REDIS_URL=%j stops start-up naming the variable', (value, problem) => {
    let thrown: unknown;
    try {
      parseConfig({ ...valid, REDIS_URL: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).variable).toBe('REDIS_URL');
    expect((thrown as ConfigError).message).toMatch(/REDIS_URL/);
    expect((thrown as ConfigError).message).toMatch(problem);
    expect((thrown as ConfigError).message).not.toContain('hunter2-secret');
  });

  it('redactUrl masks the password (and a lone user name) of a URL', () => {
    expect(redactUrl('redis://user:pw@host:6379/1')).toBe('redis://user:***@host:6379/1');
    expect(redactUrl('redis://:pw@host')).toBe('redis://:***@host');
    expect(redactUrl('redis://token@host')).toBe('redis://***@host');
    expect(redactUrl('redis://host:6379')).toBe('redis://host:6379');
  });
});

describe('issue 12 §1 Strict-Transport-Security is configurable', () => {
  it('two years by default; HSTS_MAX_AGE, HSTS_INCLUDE_SUBDOMAINS and HSTS_PRELOAD change it; HSTS_MAX_AGE=0 turns it off', () => {
    expect(parseConfig(valid).hsts).toEqual({ maxAge: 63072000, includeSubDomains: false, preload: false });
    expect(parseConfig({ ...valid, HSTS_MAX_AGE: '31536000', HSTS_INCLUDE_SUBDOMAINS: 'true', HSTS_PRELOAD: '1' }).hsts).toEqual({
      maxAge: 31536000,
      includeSubDomains: true,
      preload: true,
    });
    expect(parseConfig({ ...valid, HSTS_MAX_AGE: '0' }).hsts).toBeNull();
  });
});

describe('issue 11: the preview settings', () => {
  test('an error about the preview password names the variable, never the password', () => {
    const password = 'secret-app-password\u0001';
    let message = '';
    try {
      parseConfig({ ...valid, WORDPRESS_PREVIEW_USER: 'previewer', WORDPRESS_PREVIEW_PASSWORD: password });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/WORDPRESS_PREVIEW_PASSWORD/);
    expect(message).not.toContain('secret-app-password');
  });
});

describe('issue 12 §3 fail fast: orExitOnConfigError', () => {
  test('a bad setting ends the process with status 1 and a message naming the variable', () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      orExitOnConfigError(() => parseConfig({}));
      expect(exit).toHaveBeenCalledWith(1);
      expect(error.mock.calls[0][0]).toMatch(/WORDPRESS_URL[\s\S]*set WORDPRESS_URL and start it again/);
    } finally {
      exit.mockRestore();
      error.mockRestore();
    }
  });

  test('a valid configuration is returned; any other error is not swallowed', () => {
    expect(orExitOnConfigError(() => 42)).toBe(42);
    expect(() => orExitOnConfigError(() => { throw new TypeError('boom'); })).toThrow('boom');
  });
});
