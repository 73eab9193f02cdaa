/** @jest-environment node */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseConfig } from '@/config';
import { CONSENT_DEFAULT_SNIPPET } from '@/lib/consent/gtag';
import { LATE_SCRIPTS_SNIPPET } from '@/lib/shared/lateScripts';
import { DENIED_FEATURES, cspDirectives, contentSecurityPolicy, headerRules, INLINE_SCRIPTS, PREVIEW_NOINDEX_RULE, securityHeaders, type Header } from '@/lib/security/headers';
import { embedFrameOrigins } from '@/lib/embeds/providers';
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from 'next/constants';
import configForPhase from '../../next.config';

/**
 * Issue 12 §1: one module computes every security header from the configuration; next.config.ts
 * applies them to every address. (That `next start` really sends them on every kind of answer is
 * e2e/security-headers.e2e.ts.)
 */

const base = { WORDPRESS_URL: 'https://cms.example.com/wp', MEDIA_HOST: 'https://media.example.com/bucket', SITE_URL: 'https://www.example.com' };
const httpsSite = parseConfig(base);
const localSite = parseConfig({ ...base, SITE_URL: 'http://localhost:3000' });

const directive = (csp: string, name: string): string[] | undefined => {
  const found = csp.split(';').map((d) => d.trim().split(/\s+/)).find(([n]) => n === name);
  return found?.slice(1);
};
const header = (headers: Header[], key: string) => headers.find((h) => h.key.toLowerCase() === key.toLowerCase())?.value;

describe('issue 12 §1 Content-Security-Policy', () => {
  const csp = contentSecurityPolicy(httpsSite, { https: true });

  it('issue 17 frame-src: exactly the embed providers\' origins (from src/lib/embeds/providers.ts), https only, in every mode', () => {
    const expected = embedFrameOrigins();
    expect(directive(csp, 'frame-src')).toEqual(expected);
    expect(expected).toContain('https://www.youtube-nocookie.com');
    expect(expected).toContain('https://player.vimeo.com');
    expect(expected).not.toContain('https://www.youtube.com');
    for (const origin of expected) expect(origin).toMatch(/^https:\/\/[a-z0-9.-]+$/);
    expect(directive(contentSecurityPolicy(localSite, { development: true }), 'frame-src')).toEqual(expected);
    expect(directive(contentSecurityPolicy(localSite), 'frame-src')).toEqual(expected);
  });

  it('default-src self; object-src none; base-uri self; form-action self; frame-ancestors none', () => {
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(csp, 'base-uri')).toEqual(["'self'"]);
    expect(directive(csp, 'form-action')).toEqual(["'self'"]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it("script-src: 'self' plus the SHA-256 of the consent default snippet and of the late-scripts snippet (issue 35), computed from the strings _document renders; no 'unsafe-inline' or 'unsafe-eval' in production", () => {
    const hash = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
    expect(directive(csp, 'script-src')).toEqual(["'self'", hash(CONSENT_DEFAULT_SNIPPET), hash(LATE_SCRIPTS_SNIPPET)]);
    expect(INLINE_SCRIPTS).toEqual([CONSENT_DEFAULT_SNIPPET, LATE_SCRIPTS_SNIPPET]);
    const document = readFileSync(path.join(__dirname, '../../pages/_document.tsx'), 'utf8');
    expect(document).toMatch(/dangerouslySetInnerHTML=\{\{ __html: CONSENT_DEFAULT_SNIPPET \}\}/);
    expect(document).toMatch(/dangerouslySetInnerHTML=\{\{ __html: LATE_SCRIPTS_SNIPPET \}\}/);
    // Every inline script of the document comes from INLINE_SCRIPTS: no other dangerouslySetInnerHTML
    // script but the JSON list of Next's scripts, which is data (type="application/json"), not run.
    const inline = document.match(/<script[^>]*dangerouslySetInnerHTML/g) ?? [];
    expect(inline.filter((tag) => !tag.includes('type="application/json"'))).toHaveLength(2);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
  });

  it("next dev only: inline scripts and 'unsafe-eval' (Next's dev runtime, React Refresh), style attributes (the dev overlay), no nosniff", () => {
    const dev = contentSecurityPolicy(localSite, { development: true });
    expect(directive(dev, 'script-src')).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'"]);
    expect(header(securityHeaders(localSite, { development: true }), 'X-Content-Type-Options')).toBeUndefined();
    expect(header(securityHeaders(localSite), 'X-Content-Type-Options')).toBe('nosniff');
    expect(directive(dev, 'style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(directive(contentSecurityPolicy(localSite), 'style-src-attr')).toEqual(["'none'"]);
  });

  it("style-src: <style> elements inline (Next's client navigation), style attributes never", () => {
    expect(directive(csp, 'style-src-elem')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(csp, 'style-src-attr')).toEqual(["'none'"]);
  });

  it('img-src: the site, the media host and WordPress (origins); connect-src: the site and WordPress (alerts)', () => {
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'https://media.example.com', 'https://cms.example.com']);
    // media-src: the bodies' <video> and <audio> load from the media library's origins, as images do.
    expect(directive(csp, 'media-src')).toEqual(directive(csp, 'img-src'));
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://cms.example.com']);
    const noMedia = contentSecurityPolicy(parseConfig({ WORDPRESS_URL: 'http://127.0.0.1:3001' }));
    expect(directive(noMedia, 'img-src')).toEqual(["'self'", 'http://127.0.0.1:3001']);
    // Over https, upgrade-insecure-requests turns http:// loads into https:// ones: the https origin is the one allowed.
    const upgraded = contentSecurityPolicy(parseConfig({ WORDPRESS_URL: 'http://127.0.0.1:3001' }), { https: true });
    expect(directive(upgraded, 'img-src')).toEqual(["'self'", 'https://127.0.0.1:3001']);
    expect(directive(upgraded, 'connect-src')).toEqual(["'self'", 'https://127.0.0.1:3001']);
  });

  it('media-src: video and audio blocks load from the site, the media host and WordPress, like images (issue 17)', () => {
    expect(directive(csp, 'media-src')).toEqual(["'self'", 'https://media.example.com', 'https://cms.example.com']);
    const noMedia = contentSecurityPolicy(parseConfig({ WORDPRESS_URL: 'http://127.0.0.1:3001' }));
    expect(directive(noMedia, 'media-src')).toEqual(["'self'", 'http://127.0.0.1:3001']);
  });

  it('upgrade-insecure-requests over https only; violations reported to /api/csp-report (report-uri and report-to)', () => {
    expect(directive(csp, 'upgrade-insecure-requests')).toEqual([]);
    expect(directive(contentSecurityPolicy(localSite), 'upgrade-insecure-requests')).toBeUndefined();
    expect(directive(csp, 'report-uri')).toEqual(['/api/csp-report']);
    expect(directive(csp, 'report-to')).toEqual(['csp']);
    expect(header(securityHeaders(httpsSite), 'Reporting-Endpoints')).toBe('csp="/api/csp-report"');
  });

  it('every directive name is unique and every source is a keyword, a hash or an origin', () => {
    const names = cspDirectives(httpsSite, { https: true }).map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    for (const [, sources] of cspDirectives(httpsSite, { https: true })) {
      for (const source of sources) expect(source).toMatch(/^('[a-z-]+'|'sha256-[A-Za-z0-9+/=]+'|https?:\/\/[^/\s;]+|\/api\/csp-report|csp)$/);
    }
  });
});

describe('issue 12 §1 the other headers', () => {
  const headers = securityHeaders(httpsSite, { https: true });

  it.each([
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Strict-Transport-Security', 'max-age=63072000'],
  ])('%s: %s', (key, value) => {
    expect(header(headers, key)).toBe(value);
  });

  it('Permissions-Policy denies camera, microphone, geolocation, payment, usb and the like', () => {
    const policy = header(headers, 'Permissions-Policy') ?? '';
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'display-capture']) {
      expect(policy.split(', ')).toContain(`${feature}=()`);
    }
  });

  it('issue 17 Permissions-Policy: embeds get only the features their players need, only for their origins; autoplay stays denied', () => {
    const policy = Object.fromEntries((header(headers, 'Permissions-Policy') ?? '').split(', ').map((entry) => entry.split('=') as [string, string]));
    const videoPlayers = '"https://www.youtube-nocookie.com" "https://player.vimeo.com" "https://www.dailymotion.com" "https://embed.ted.com" "https://video.wordpress.com"';
    // self: the fullscreen and picture-in-picture buttons of the media library's own <video> player.
    expect(policy.fullscreen).toBe(`(self ${videoPlayers})`);
    expect(policy['picture-in-picture']).toBe(`(self ${videoPlayers})`);
    expect(policy['encrypted-media']).toBe('("https://www.youtube-nocookie.com" "https://player.vimeo.com" "https://open.spotify.com")');
    for (const feature of ['autoplay', 'accelerometer', 'gyroscope', 'camera', 'microphone']) expect(policy[feature]).toBe('()');
    // Every feature is still named (none falls back to the browser's default allowlist).
    expect(Object.keys(policy).sort()).toEqual([...DENIED_FEATURES].sort());
    // Only names and quoted https origins: no wildcard.
    expect(header(headers, 'Permissions-Policy')).not.toContain('*');
  });

  it('HSTS follows the configuration: subdomains and preload when asked, none over http or with HSTS_MAX_AGE=0', () => {
    const strict = parseConfig({ ...base, HSTS_MAX_AGE: '31536000', HSTS_INCLUDE_SUBDOMAINS: '1', HSTS_PRELOAD: '1' });
    expect(header(securityHeaders(strict, { https: true }), 'Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains; preload');
    expect(header(securityHeaders(httpsSite, { https: false }), 'Strict-Transport-Security')).toBeUndefined();
    expect(header(securityHeaders(parseConfig({ ...base, HSTS_MAX_AGE: '0' }), { https: true }), 'Strict-Transport-Security')).toBeUndefined();
  });
});

describe('issue 12 §1 next.config.ts applies the headers to every address', () => {
  it('an https SITE_URL: one rule for /:path* with the https headers', async () => {
    expect(headerRules(httpsSite)).toEqual([{ source: '/:path*', headers: securityHeaders(httpsSite, { https: true }) }, PREVIEW_NOINDEX_RULE]);
  });

  it('issue 11: a request in preview mode (Next\'s __prerender_bypass cookie) gets X-Robots-Tag: noindex, on every address, http or https', () => {
    for (const rules of [headerRules(httpsSite), headerRules(localSite)]) {
      expect(rules.at(-1)).toEqual({
        source: '/:path*',
        has: [{ type: 'cookie', key: '__prerender_bypass' }],
        headers: [{ key: 'X-Robots-Tag', value: 'noindex' }],
      });
      // Only that rule says noindex: public answers are indexable.
      expect(rules.slice(0, -1).flatMap((r) => r.headers).some((h) => h.key === 'X-Robots-Tag')).toBe(false);
    }
  });

  it('an http SITE_URL: the plain headers everywhere, and HSTS + upgrade-insecure-requests when the TLS proxy says X-Forwarded-Proto: https', () => {
    const [plain, overHttps, preview] = headerRules(localSite);
    expect(preview).toBe(PREVIEW_NOINDEX_RULE);
    expect(plain).toEqual({ source: '/:path*', headers: securityHeaders(localSite) });
    expect(overHttps.has).toEqual([{ type: 'header', key: 'x-forwarded-proto', value: 'https' }]);
    expect(overHttps.headers.map((h) => h.key).sort()).toEqual(['Content-Security-Policy', 'Strict-Transport-Security']);
    expect(header(overHttps.headers, 'Content-Security-Policy')).toContain('upgrade-insecure-requests');
  });

  it('headers() of the real next.config.ts, from the environment (jest: an https SITE_URL)', async () => {
    const rules = await configForPhase(PHASE_PRODUCTION_BUILD).headers!();
    expect(rules).toEqual(headerRules(parseConfig(process.env)));
    const dev = await configForPhase(PHASE_DEVELOPMENT_SERVER).headers!();
    expect(JSON.stringify(dev)).toContain("'unsafe-eval'");
    expect(JSON.stringify(rules)).not.toContain("'unsafe-eval'");
  });
});

describe("issue 12 §1 style-src-attr 'none' holds: no component or page renders a style attribute", () => {
  function files(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : /\.tsx$/.test(name) ? [full] : [];
    });
  }

  it('no style={...} prop in src/ or pages/ (React would render it as an attribute on the server)', () => {
    const root = path.join(__dirname, '../..');
    const offenders = [...files(path.join(root, 'src')), ...files(path.join(root, 'pages'))].filter((file) => /\sstyle=\{/.test(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => path.relative(root, file))).toEqual([]);
  });
});
