/**
 * The MDN HTTP Observatory's published scoring (developer.mozilla.org/en-US/observatory/docs/tests_and_scoring),
 * applied to one answer's real headers and HTML (issue 12 §1: target grade A+ behind a TLS proxy).
 *
 * Every website starts at 100; the penalties of the ten tests are subtracted; if the result is at
 * least 90, the bonuses are added; the grade follows the published chart (100+ is A+). The tests
 * that need the network rather than one answer are inputs here: whether http redirects to https
 * (the TLS proxy does: docs/caching.md's nginx example) and whether the host is on the browsers'
 * HSTS preload list (it is not, so no bonus is counted for it).
 *
 *   npx tsx scripts/security/observatory.ts http://127.0.0.1:3000/ [--behind-tls-proxy]
 * `--behind-tls-proxy` sends `X-Forwarded-Proto: https`, as the TLS proxy does, and scores the
 * answer as served over https with the proxy's http→https redirect.
 */

export interface ObservatoryInput {
  /** Response headers, names in any case; `set-cookie` may be a list. */
  headers: Record<string, string | string[] | undefined>;
  /** The HTML of the answer (for Subresource Integrity), if it is a page. */
  html?: string;
  /** The page's origin (scripts from it count as "similar origin"). */
  origin: string;
  /** Whether the answer was served over https. */
  https: boolean;
  /** What http:// does: redirect to https on the same host (the TLS proxy), or nothing. */
  redirection: 'to-https' | 'missing' | 'not-needed-no-http';
  /** Whether the host is on the HSTS preload list (a +5 bonus). */
  hstsPreloaded?: boolean;
}

export interface TestResult {
  test: string;
  result: string;
  modifier: number;
}

export interface ObservatoryScore {
  score: number;
  grade: string;
  tests: TestResult[];
}

const GRADES: Array<[number, string]> = [
  [100, 'A+'], [90, 'A'], [85, 'A-'], [80, 'B+'], [70, 'B'], [65, 'B-'], [60, 'C+'], [50, 'C'], [45, 'C-'], [40, 'D+'], [30, 'D'], [25, 'D-'], [0, 'F'],
];

export function grade(score: number): string {
  return GRADES.find(([min]) => score >= min)?.[1] ?? 'F';
}

function header(input: ObservatoryInput, name: string): string | undefined {
  const key = Object.keys(input.headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : input.headers[key];
  return Array.isArray(value) ? value.join(', ') : value;
}

type Csp = Map<string, string[]>;

function parseCsp(value: string): Csp | null {
  const csp: Csp = new Map();
  for (const part of value.split(';')) {
    const tokens = part.trim().split(/\s+/).filter(Boolean);
    if (tokens.length === 0) continue;
    const name = tokens[0].toLowerCase();
    if (!/^[a-z-]+$/.test(name) || csp.has(name)) return null;
    csp.set(name, tokens.slice(1).map((t) => t.toLowerCase()));
  }
  return csp.size ? csp : null;
}

const BROAD = new Set(['*', 'http:', 'https:', 'data:']);
const isHttp = (source: string) => source === 'http:' || source.startsWith('http://');

function cspTest(input: ObservatoryInput): { result: TestResult; csp: Csp | null } {
  const value = header(input, 'content-security-policy');
  const make = (result: string, modifier: number, csp: Csp | null = null) => ({ result: { test: 'content-security-policy', result, modifier }, csp });
  if (!value) return make('csp-not-implemented', -25);
  const csp = parseCsp(value);
  if (!csp) return make('csp-header-invalid', -25);
  const fallback = (name: string) => csp.get(name) ?? csp.get('default-src');
  const script = fallback('script-src');
  const object = fallback('object-src');
  const style = fallback('style-src');
  const hasHashOrNonce = !!script?.some((s) => /^'(sha(256|384|512)-|nonce-)/.test(s));
  const scriptUnsafe =
    !script || (script.includes("'unsafe-inline'") && !hasHashOrNonce) || script.some((s) => BROAD.has(s)) || !object || object.some((s) => BROAD.has(s));
  if (scriptUnsafe) return make('csp-implemented-with-unsafe-inline', -20, csp);
  if (input.https) {
    const passive = new Set(['img-src', 'media-src']);
    const insecure = [...csp.entries()].filter(([, sources]) => sources.some(isHttp)).map(([name]) => name);
    if (insecure.some((name) => !passive.has(name))) return make('csp-implemented-with-insecure-scheme', -20, csp);
    if (script.includes("'unsafe-eval'")) return make('csp-implemented-with-unsafe-eval', -10, csp);
    if (insecure.length) return make('csp-implemented-with-insecure-scheme-in-passive-content-only', -10, csp);
  } else if (script.includes("'unsafe-eval'")) {
    return make('csp-implemented-with-unsafe-eval', -10, csp);
  }
  const formAction = csp.get('form-action');
  if (style && (style.includes("'unsafe-inline'") || style.some((s) => BROAD.has(s)))) return make('csp-implemented-with-unsafe-inline-in-style-src-only', 0, csp);
  if (csp.get('default-src')?.join(' ') === "'none'" && formAction && formAction.length > 0) return make('csp-implemented-with-no-unsafe-default-src-none', 10, csp);
  return make('csp-implemented-with-no-unsafe', 5, csp);
}

function cookiesTest(input: ObservatoryInput, hsts: boolean): TestResult {
  const raw = input.headers['set-cookie'] ?? Object.entries(input.headers).find(([k]) => k.toLowerCase() === 'set-cookie')?.[1];
  const cookies = (Array.isArray(raw) ? raw : raw ? [raw] : []).map((c) => c.toLowerCase());
  const make = (result: string, modifier: number) => ({ test: 'cookies', result, modifier });
  if (cookies.length === 0) return make('cookies-not-found', 0);
  const attributes = cookies.map((c) => c.split(';').slice(1).map((a) => a.trim()));
  if (attributes.some((a) => a.some((x) => x.startsWith('samesite=') && !['samesite=strict', 'samesite=lax'].includes(x)))) return make('cookies-samesite-flag-invalid', -20);
  if (attributes.some((a) => !a.includes('secure'))) return hsts ? make('cookies-without-secure-flag-but-protected-by-hsts', -5) : make('cookies-without-secure-flag', -20);
  if (attributes.every((a) => a.some((x) => x.startsWith('samesite=')))) return make('cookies-secure-with-httponly-sessions-and-samesite', 5);
  return make('cookies-secure-with-httponly-sessions', 0);
}

function corsTest(input: ObservatoryInput): TestResult {
  const origin = header(input, 'access-control-allow-origin');
  const credentials = header(input, 'access-control-allow-credentials')?.toLowerCase() === 'true';
  if (!origin) return { test: 'cross-origin-resource-sharing', result: 'cross-origin-resource-sharing-not-implemented', modifier: 0 };
  if (credentials && origin !== 'null') return { test: 'cross-origin-resource-sharing', result: 'cross-origin-resource-sharing-implemented-with-universal-access', modifier: -50 };
  return { test: 'cross-origin-resource-sharing', result: 'cross-origin-resource-sharing-implemented-with-public-access', modifier: 0 };
}

function redirectionTest(input: ObservatoryInput): TestResult {
  if (input.redirection === 'to-https') return { test: 'redirection', result: 'redirection-to-https', modifier: 0 };
  if (input.redirection === 'not-needed-no-http') return { test: 'redirection', result: 'redirection-not-needed-no-http', modifier: 0 };
  return { test: 'redirection', result: 'redirection-missing', modifier: -20 };
}

function referrerTest(input: ObservatoryInput): TestResult {
  const value = header(input, 'referrer-policy');
  const make = (result: string, modifier: number) => ({ test: 'referrer-policy', result, modifier });
  if (!value) return make('referrer-policy-not-implemented', 0);
  const known = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin', 'origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  // Browsers use the last value they recognise.
  const policy = value.split(',').map((v) => v.trim().toLowerCase()).filter((v) => known.includes(v)).pop();
  if (!policy) return make('referrer-policy-header-invalid', -5);
  if (['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(policy)) return make('referrer-policy-private', 5);
  return make('referrer-policy-unsafe', -5);
}

function hstsTest(input: ObservatoryInput): TestResult {
  const make = (result: string, modifier: number) => ({ test: 'strict-transport-security', result, modifier });
  if (!input.https) return make('hsts-not-implemented-no-https', -20);
  const value = header(input, 'strict-transport-security');
  if (!value) return make('hsts-not-implemented', -20);
  const maxAge = /(?:^|;)\s*max-age="?(\d+)"?\s*(?:;|$)/i.exec(value);
  if (!maxAge) return make('hsts-header-invalid', -20);
  if (input.hstsPreloaded) return make('hsts-preloaded', 5);
  return Number(maxAge[1]) >= 15_768_000 ? make('hsts-implemented-max-age-at-least-six-months', 0) : make('hsts-implemented-max-age-less-than-six-months', -10);
}

function sriTest(input: ObservatoryInput): TestResult {
  const make = (result: string, modifier: number) => ({ test: 'subresource-integrity', result, modifier });
  const type = header(input, 'content-type') ?? '';
  if (input.html === undefined || !type.includes('html')) return make('sri-not-implemented-response-not-html', 0);
  const scripts = [...input.html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]);
  const external = scripts
    .map((attrs) => ({ src: /\bsrc="([^"]*)"/i.exec(attrs)?.[1], integrity: /\bintegrity="/i.test(attrs) }))
    .filter((s): s is { src: string; integrity: boolean } => !!s.src)
    .filter(({ src }) => new URL(src, input.origin).origin !== input.origin);
  if (scripts.length === 0) return make('sri-not-implemented-but-no-scripts-loaded', 0);
  if (external.length === 0) return make('sri-not-implemented-but-all-scripts-loaded-from-secure-origin', 0);
  const insecure = external.some(({ src }) => src.startsWith('http:') || src.startsWith('//'));
  if (external.every((s) => s.integrity)) return insecure ? make('sri-implemented-but-external-scripts-not-loaded-securely', -20) : make('sri-implemented-and-external-scripts-loaded-securely', 5);
  return insecure ? make('sri-not-implemented-and-external-scripts-not-loaded-securely', -50) : make('sri-not-implemented-but-external-scripts-loaded-securely', -5);
}

function xctoTest(input: ObservatoryInput): TestResult {
  const value = header(input, 'x-content-type-options');
  if (!value) return { test: 'x-content-type-options', result: 'x-content-type-options-not-implemented', modifier: -5 };
  return value.trim().toLowerCase() === 'nosniff'
    ? { test: 'x-content-type-options', result: 'x-content-type-options-nosniff', modifier: 0 }
    : { test: 'x-content-type-options', result: 'x-content-type-options-header-invalid', modifier: -5 };
}

function xfoTest(input: ObservatoryInput, csp: Csp | null): TestResult {
  const make = (result: string, modifier: number) => ({ test: 'x-frame-options', result, modifier });
  if (csp?.has('frame-ancestors')) return make('x-frame-options-implemented-via-csp', 5);
  const value = header(input, 'x-frame-options')?.trim().toLowerCase();
  if (!value) return make('x-frame-options-not-implemented', -20);
  if (value === 'deny' || value === 'sameorigin') return make('x-frame-options-sameorigin-or-deny', 0);
  if (value.startsWith('allow-from ')) return make('x-frame-options-allow-from-origin', 0);
  return make('x-frame-options-header-invalid', -20);
}

function corpTest(input: ObservatoryInput): TestResult {
  const value = header(input, 'cross-origin-resource-policy')?.trim().toLowerCase();
  const make = (result: string, modifier: number) => ({ test: 'cross-origin-resource-policy', result, modifier });
  if (!value) return make('corp-not-implemented', 0);
  if (value === 'same-origin') return make('corp-implemented-with-same-origin', 10);
  if (value === 'same-site') return make('corp-implemented-with-same-site', 10);
  if (value === 'cross-origin') return make('corp-implemented-with-cross-origin', 0);
  return make('corp-header-invalid', -5);
}

export function scoreObservatory(input: ObservatoryInput): ObservatoryScore {
  const { result: csp, csp: parsed } = cspTest(input);
  const hsts = hstsTest(input);
  const tests = [
    csp,
    cookiesTest(input, hsts.modifier >= 0),
    corsTest(input),
    redirectionTest(input),
    referrerTest(input),
    hsts,
    sriTest(input),
    xctoTest(input),
    xfoTest(input, parsed),
    corpTest(input),
  ];
  const penalties = tests.reduce((sum, t) => sum + Math.min(0, t.modifier), 0);
  const bonuses = tests.reduce((sum, t) => sum + Math.max(0, t.modifier), 0);
  let score = Math.max(0, 100 + penalties);
  if (score >= 90) score += bonuses;
  return { score, grade: grade(score), tests };
}

/** Fetches `url` (no redirects followed) and scores the answer. */
export async function scoreUrl(url: string, { behindTlsProxy = false }: { behindTlsProxy?: boolean } = {}): Promise<ObservatoryScore> {
  const response = await fetch(url, { redirect: 'manual', headers: behindTlsProxy ? { 'x-forwarded-proto': 'https' } : {} });
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  const html = (response.headers.get('content-type') ?? '').includes('html') ? await response.text() : undefined;
  const https = behindTlsProxy || url.startsWith('https:');
  return scoreObservatory({ headers, html, origin: new URL(url).origin, https, redirection: https ? 'to-https' : 'missing' });
}

async function main(argv: string[]): Promise<number> {
  const url = argv.find((a) => !a.startsWith('--'));
  if (!url) {
    console.error('usage: tsx scripts/security/observatory.ts <url> [--behind-tls-proxy]');
    return 2;
  }
  const result = await scoreUrl(url, { behindTlsProxy: argv.includes('--behind-tls-proxy') });
  for (const t of result.tests) console.log(`${String(t.modifier).padStart(4)}  ${t.test}: ${t.result}`);
  console.log(`score ${result.score}, grade ${result.grade}`);
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
