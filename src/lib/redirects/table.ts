import { isRecord } from '../shared/isRecord';

/**
 * Issue 33: the redirect table the companion plugin serves at `GET /wp-json/custom-api/v1/redirects`
 * (docs/seo-and-redirects.md §3). The answer is untrusted input: every field of every rule is
 * checked here; a bad rule is dropped with one warning naming it and why, the others stand. A
 * table whose envelope is wrong (not an object, no version, no list, too many rules) is refused
 * whole: the caller keeps the table it had.
 */

export type QueryMode = 'exact' | 'ignore' | 'pass';
export type RedirectStatus = 301 | 302 | 307 | 308 | 404 | 410;
export type RuleOrigin = 'old_slug' | 'redirection' | 'yoast';

/** One rule, in the contract's shape (what the site stores in Redis and compiles). */
export interface RedirectRule {
  source: string;
  regex: boolean;
  ignore_case: boolean;
  ignore_trailing_slash: boolean;
  query: QueryMode;
  status: RedirectStatus;
  target: string | null;
  origin: RuleOrigin;
}

export interface RedirectTable {
  version: string;
  redirects: RedirectRule[];
}

export const MAX_RULES = 20_000;
export const MAX_SOURCE_LENGTH = 500;
export const MAX_TARGET_LENGTH = 2000;
const VERSION = /^[A-Za-z0-9._:-]{1,128}$/;
const QUERY_MODES: readonly QueryMode[] = ['exact', 'ignore', 'pass'];
const STATUSES: readonly number[] = [301, 302, 307, 308, 404, 410];
const REDIRECT_STATUSES: readonly number[] = [301, 302, 307, 308];
const ORIGINS: readonly RuleOrigin[] = ['old_slug', 'redirection', 'yoast'];
// Control characters, spaces and backslashes have no place in a path or a URL an author typed.
const UNSAFE = /[\u0000-\u0020\u007f\\]/;

export const isRedirectStatus = (status: number): status is 301 | 302 | 307 | 308 => REDIRECT_STATUSES.includes(status);

const shown = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
};

/** The problem with one rule, or null. */
export function ruleProblem(value: unknown): string | null {
  if (!isRecord(value)) return 'it is not an object';
  const { source, regex, ignore_case, ignore_trailing_slash, query, status, target, origin } = value;
  if (typeof regex !== 'boolean') return '"regex" must be true or false';
  if (typeof ignore_case !== 'boolean') return '"ignore_case" must be true or false';
  if (typeof ignore_trailing_slash !== 'boolean') return '"ignore_trailing_slash" must be true or false';
  if (typeof source !== 'string' || source === '') return '"source" must be a non-empty string';
  if (source.length > MAX_SOURCE_LENGTH) return `"source" is longer than ${MAX_SOURCE_LENGTH} characters`;
  if (!regex) {
    if (!source.startsWith('/') || source.startsWith('//')) return `"source" ${shown(source)} must be a site path starting with one "/"`;
    if (UNSAFE.test(source) || source.includes('#')) return `"source" ${shown(source)} must not contain spaces, control characters, backslashes or a fragment`;
  } else if (/[\u0000-\u001f\u007f]/.test(source)) {
    return '"source" must not contain control characters';
  }
  if (typeof query !== 'string' || !(QUERY_MODES as readonly string[]).includes(query)) return `"query" must be one of ${QUERY_MODES.join(', ')}`;
  if (typeof status !== 'number' || !STATUSES.includes(status)) return `"status" ${shown(status)} must be one of ${STATUSES.join(', ')}`;
  if (isRedirectStatus(status)) {
    if (typeof target !== 'string' || target.trim() === '') return `"target" must be a non-empty string for a ${status}`;
    if (target.length > MAX_TARGET_LENGTH) return `"target" is longer than ${MAX_TARGET_LENGTH} characters`;
    if (UNSAFE.test(target.trim())) return `"target" ${shown(target)} must not contain spaces, control characters or backslashes`;
  } else if (target !== null) {
    return `"target" must be null for a ${status}`;
  }
  if (typeof origin !== 'string' || !(ORIGINS as readonly string[]).includes(origin)) return `"origin" must be one of ${ORIGINS.join(', ')}`;
  return null;
}

type Warn = (message: string) => void;

/**
 * The table from the plugin's answer: the rules that pass `ruleProblem` (each dropped one warned
 * about once, through `warn`), or the problem with the whole answer.
 */
export function parseRedirectTable(body: unknown, warn: Warn): { table: RedirectTable } | { problem: string } {
  if (!isRecord(body)) return { problem: 'the answer is not a JSON object {"version", "redirects"}' };
  const { version, redirects } = body;
  if (typeof version !== 'string' || !VERSION.test(version)) return { problem: '"version" must be 1 to 128 letters, digits or . _ : -' };
  if (!Array.isArray(redirects)) return { problem: '"redirects" must be a list' };
  if (redirects.length > MAX_RULES) return { problem: `"redirects" has ${redirects.length} rules, more than the ${MAX_RULES} the site keeps in memory` };
  const rules: RedirectRule[] = [];
  for (const [i, value] of redirects.entries()) {
    const problem = ruleProblem(value);
    if (problem) {
      const source = isRecord(value) ? ` (${shown(value.source)})` : '';
      warn(`[redirects] rule ${i}${source} dropped: ${problem}`);
      continue;
    }
    const r = value as Record<string, unknown>;
    rules.push({
      source: r.source as string,
      regex: r.regex as boolean,
      ignore_case: r.ignore_case as boolean,
      ignore_trailing_slash: r.ignore_trailing_slash as boolean,
      query: r.query as QueryMode,
      status: r.status as RedirectStatus,
      target: typeof r.target === 'string' ? r.target.trim() : null,
      origin: r.origin as RuleOrigin,
    });
  }
  return { table: { version, redirects: rules } };
}
