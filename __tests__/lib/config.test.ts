/** @jest-environment node */
import { ConfigError, parseConfig } from '@/config';

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
      }),
    ).toEqual({
      wordpressUrl: 'http://127.0.0.1:3001',
      mediaHost: 'https://media.example.com/bucket',
      cmsDevHosts: ['dev.cms.example.com', 'localhost:8080'],
      siteUrl: 'https://www.example.com',
      revalidateSeconds: 300,
      revalidateSecret: 'a-long-enough-secret',
      trustProxy: true,
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
