/** @jest-environment node */
import { parseConfig } from '@/config';
import { securityHeaders } from '@/lib/security/headers';
import { grade, scoreObservatory, type ObservatoryInput } from '../../scripts/security/observatory';

/**
 * Issue 12 §1 target: MDN HTTP Observatory grade A+ behind a TLS proxy. The published scoring
 * (scripts/security/observatory.ts) applied to the headers the site computes; e2e/security-headers.e2e.ts
 * applies it to what `next start` really sends.
 */

const config = parseConfig({ WORDPRESS_URL: 'https://cms.example.com', MEDIA_HOST: 'https://media.example.com', SITE_URL: 'https://www.example.com' });
const asRecord = (headers: { key: string; value: string }[]) => Object.fromEntries(headers.map((h) => [h.key, h.value]));
const html = '<!DOCTYPE html><html><head><script id="consent-default">x</script><script src="/_next/static/chunks/main.js" defer></script></head></html>';
const input = (headers: Record<string, string>, overrides: Partial<ObservatoryInput> = {}): ObservatoryInput => ({
  headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
  html,
  origin: 'https://www.example.com',
  https: true,
  redirection: 'to-https',
  ...overrides,
});
const ours = asRecord(securityHeaders(config, { https: true }));
const result = (score: ReturnType<typeof scoreObservatory>, test: string) => score.tests.find((t) => t.test === test);

describe('the MDN HTTP Observatory scoring', () => {
  it('the grading chart', () => {
    expect([135, 100, 99, 90, 85, 80, 70, 65, 60, 50, 45, 40, 30, 25, 24, 0].map(grade)).toEqual([
      'A+', 'A+', 'A', 'A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D+', 'D', 'D-', 'F', 'F',
    ]);
  });

  it('no security header at all (the site before issue 12), no redirect: F', () => {
    const score = scoreObservatory(input({}, { redirection: 'missing' }));
    expect(score.grade).toBe('F');
    expect(score.score).toBe(100 - 25 - 20 - 20 - 5 - 20);
  });

  it("the site's headers behind a TLS proxy that redirects http to https: A+, 120 points", () => {
    const score = scoreObservatory(input(ours));
    expect(score.tests.map((t) => [t.result, t.modifier])).toEqual([
      ['csp-implemented-with-unsafe-inline-in-style-src-only', 0],
      ['cookies-not-found', 0],
      ['cross-origin-resource-sharing-not-implemented', 0],
      ['redirection-to-https', 0],
      ['referrer-policy-private', 5],
      ['hsts-implemented-max-age-at-least-six-months', 0],
      ['sri-not-implemented-but-all-scripts-loaded-from-secure-origin', 0],
      ['x-content-type-options-nosniff', 0],
      ['x-frame-options-implemented-via-csp', 5],
      ['corp-implemented-with-same-origin', 10],
    ]);
    expect(score).toMatchObject({ score: 120, grade: 'A+' });
  });

  it.each([
    ["script-src 'unsafe-inline' without hash", { 'Content-Security-Policy': "default-src 'self'; script-src 'self' 'unsafe-inline'; object-src 'none'" }, 'content-security-policy', -20],
    ["script-src 'unsafe-eval'", { 'Content-Security-Policy': "default-src 'self'; script-src 'self' 'unsafe-eval'; object-src 'none'" }, 'content-security-policy', -10],
    ['an http: image source on an https site', { 'Content-Security-Policy': "default-src 'self'; img-src http://cdn.example.com" }, 'content-security-policy', -10],
    ['HSTS shorter than six months', { 'Strict-Transport-Security': 'max-age=600' }, 'strict-transport-security', -10],
    ['Referrer-Policy unsafe-url', { 'Referrer-Policy': 'unsafe-url' }, 'referrer-policy', -5],
    ['no frame-ancestors, no X-Frame-Options', { 'Content-Security-Policy': "default-src 'self'", 'X-Frame-Options': '' }, 'x-frame-options', -20],
    ['CORP cross-origin', { 'Cross-Origin-Resource-Policy': 'cross-origin' }, 'cross-origin-resource-policy', 0],
    ['a cookie without Secure (HSTS on)', { 'set-cookie': 'a=b; Path=/' }, 'cookies', -5],
  ])('a weaker %s loses points', (_name, change, test, modifier) => {
    const headers = { ...ours, ...change } as Record<string, string>;
    for (const [key, value] of Object.entries(headers)) if (value === '') delete headers[key];
    expect(result(scoreObservatory(input(headers)), test)?.modifier).toBe(modifier);
  });

  it('bonuses count only from 90 points: without HSTS and the redirect, the same headers score 60 (C+)', () => {
    const withoutHsts = Object.fromEntries(Object.entries(ours).filter(([key]) => key !== 'Strict-Transport-Security'));
    expect(scoreObservatory(input(withoutHsts, { redirection: 'missing' }))).toMatchObject({ score: 60, grade: 'C+' });
  });
});
