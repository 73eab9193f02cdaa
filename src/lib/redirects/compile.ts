import { translatePcre } from './pcre';
import { isRedirectStatus, type RedirectRule, type RedirectTable } from './table';

/**
 * Issue 33: the redirect table compiled once per version (./store.ts keeps one per process), and
 * the one function `proxy.ts` calls per request (`matchRedirect`).
 *
 * - Plain rules sit in a Map keyed by their loosest form (decoded, lower case, no trailing
 *   slash); a request costs one Map lookup, and the few rules under that key are checked against
 *   their own flags (case, trailing slash, exact query). Regex rules are compiled once
 *   (./pcre.ts) and tried in order, only those before the best plain match.
 * - First match wins, in the table's order (contract §3 "Order").
 * - Targets: a path, or a URL on WordPress's host or the site's own origin, becomes a site path
 *   (without a trailing slash: the site would only 308 it); another http(s) URL is kept as
 *   written; anything else drops the rule. A regex rule's target is made as Redirection makes it,
 *   with PHP's `preg_replace` over the requested URL: every match of the pattern in it is replaced
 *   by the target (`$1`, `${1}`, `\1` filled from the match), the unmatched rest kept; a pattern
 *   anchored `^…$` so yields the target alone. The result is re-encoded and held to its kind (a capture can never turn a site path into
 *   another host: `/\evil.example` or `//evil.example` are refused).
 * - Query: `exact` (the request's query, in any order, must equal the rule's; the target keeps
 *   only its own), `ignore` (not looked at, not passed), `pass` (appended to the target's).
 * - Chains of site redirects are followed here (at most MAX_HOPS) and answered in one hop: the
 *   status is the first rule's kind of method handling (301/302 may change POST to GET, 307/308
 *   not), permanent only when every hop is. A chain that ends at a 404/410 rule redirects to that
 *   address (which then answers it). A loop is refused: logged once per table and rule, never
 *   served (the request goes on to the page).
 */

export const MAX_HOPS = 10;
/** Regex rules are not tried on longer paths (with their query): a guard on the cost of a match. */
export const MAX_SUBJECT_LENGTH = 1000;

export type RedirectMatch = { status: 301 | 302 | 307 | 308; location: string; external: boolean } | { status: 404 | 410 };

type Target = { kind: 'gone' } | { kind: 'site' | 'external'; template: string };

interface CompiledRule {
  index: number;
  rule: RedirectRule;
  target: Target;
  /** Plain rules: the source's path as compared (decoded; lower case with ignore_case; no trailing slash with ignore_trailing_slash). */
  path?: string;
  /** Plain rules with `query: "exact"`: the source's query, normalized. */
  query?: string;
  regex?: RegExp;
  /** Regex rules matched against path and query (the pattern names a query, or `query: "exact"`). */
  withQuery?: boolean;
}

export interface CompiledRedirects {
  version: string;
  /** Rules kept (served or refused as loops). */
  size: number;
  plain: Map<string, CompiledRule[]>;
  regex: CompiledRule[];
  /** Rules whose loop was logged (once per table). */
  loopsLogged: Set<number>;
  aliases: ReadonlyMap<string, string>;
  warn: (message: string) => void;
  /** The table as stored (for Redis and the next comparison). */
  table: RedirectTable;
}

export interface CompileOptions {
  /** WORDPRESS_URL: targets on its host become site paths (its path prefix, for a WordPress in a folder, removed). */
  wordpressUrl: string;
  /** SITE_URL: targets on the site's own origin become site paths. */
  siteUrl: string;
  /** The site's own permanent redirects (proxy.ts): a target that is one of their sources goes straight to where they lead. */
  aliases?: ReadonlyMap<string, string>;
  warn?: (message: string) => void;
}

export const EMPTY_TABLE: RedirectTable = { version: 'none', redirects: [] };

const decodePath = (path: string): string => {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
};
export const withoutTrailingSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path);
const lookupKey = (decodedPath: string) => withoutTrailingSlash(decodedPath).toLowerCase();

/** `?b=2&a=1` → `a=1&b=2` (an exact query matches in any order). */
export function normalizeQuery(search: string): string {
  const params = [...new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)];
  params.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return new URLSearchParams(params).toString();
}

const SITE_BASE = 'http://site.invalid';

/** The target's kind and template, or the problem with it. */
function compileTarget(rule: RedirectRule, options: CompileOptions): Target | { problem: string } {
  if (rule.target === null) return { kind: 'gone' };
  const written = rule.target;
  if (written.startsWith('/') && !written.startsWith('//')) return { kind: 'site', template: written };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(written);
  if (scheme || written.startsWith('//')) {
    const absolute = scheme ? written : `https:${written}`;
    if (scheme && !/^https?$/i.test(scheme[1])) return { problem: `the target's scheme "${scheme[1]}:" is not http or https` };
    const authority = /^[a-z]+:\/\/([^/?#]*)/i.exec(absolute);
    if (!authority) return { problem: 'the target is not a URL' };
    if (authority[1].includes('$')) return { problem: 'the target\'s host must not come from the pattern' };
    let url: URL;
    try {
      url = new URL(absolute);
    } catch {
      return { problem: 'the target is not a URL' };
    }
    const wordpress = new URL(options.wordpressUrl);
    const site = new URL(options.siteUrl);
    const rest = absolute.slice(authority[0].length) || '/';
    if (url.host.toLowerCase() === site.host.toLowerCase()) return { kind: 'site', template: rest };
    if (url.host.toLowerCase() === wordpress.host.toLowerCase()) {
      const prefix = wordpress.pathname.replace(/\/+$/, '');
      const path = prefix && (rest === prefix || rest.startsWith(`${prefix}/`) || rest.startsWith(`${prefix}?`)) ? rest.slice(prefix.length) || '/' : rest;
      return { kind: 'site', template: path.startsWith('/') ? path : `/${path}` };
    }
    return { kind: 'external', template: absolute };
  }
  // Redirection lets an author type `new-page`: a path on the site (a regex's replaces what it matched).
  return { kind: 'site', template: rule.regex ? written : `/${written}` };
}

function compileRule(rule: RedirectRule, index: number, options: CompileOptions): CompiledRule | { problem: string } {
  const target = compileTarget(rule, options);
  if ('problem' in target) return target;
  if (rule.regex) {
    const translated = translatePcre(rule.source, rule.ignore_case);
    if ('problem' in translated) return { problem: `its pattern cannot run here: ${translated.problem}` };
    return { index, rule, target, regex: translated.regex, withQuery: rule.query === 'exact' || /\\\?/.test(rule.source) };
  }
  const mark = rule.source.indexOf('?');
  const rawPath = mark < 0 ? rule.source : rule.source.slice(0, mark);
  let path = decodePath(rawPath);
  if (rule.ignore_case) path = path.toLowerCase();
  if (rule.ignore_trailing_slash) path = withoutTrailingSlash(path);
  const query = rule.query === 'exact' ? normalizeQuery(mark < 0 ? '' : rule.source.slice(mark + 1)) : undefined;
  return { index, rule, target, path, ...(query === undefined ? {} : { query }) };
}

/** Compiles a table: bad rules (targets, patterns) are dropped with one warning each; loops are found and logged now. */
export function compileRedirects(table: RedirectTable, options: CompileOptions): CompiledRedirects {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const compiled: CompiledRedirects = {
    version: table.version,
    size: 0,
    plain: new Map(),
    regex: [],
    loopsLogged: new Set(),
    aliases: options.aliases ?? new Map(),
    warn,
    table,
  };
  for (const [index, rule] of table.redirects.entries()) {
    const result = compileRule(rule, index, options);
    if ('problem' in result) {
      warn(`[redirects] rule ${index} (${JSON.stringify(rule.source)}) dropped: ${result.problem}`);
      continue;
    }
    compiled.size++;
    if (result.regex) {
      compiled.regex.push(result);
    } else {
      const key = lookupKey(result.path as string);
      const list = compiled.plain.get(key);
      if (list) list.push(result);
      else compiled.plain.set(key, [result]);
    }
  }
  // Loops among plain rules are logged at load, not at a visitor's first request.
  for (const list of compiled.plain.values()) {
    for (const rule of list) {
      if (rule.target.kind !== 'site') continue;
      const mark = rule.rule.source.indexOf('?');
      matchRedirect(compiled, mark < 0 ? rule.rule.source : rule.rule.source.slice(0, mark), mark < 0 ? '' : rule.rule.source.slice(mark));
    }
  }
  return compiled;
}

interface Found {
  rule: CompiledRule;
  /** What a regex rule matched against (path, and query when the rule reads it); '' for plain rules. */
  subject: string;
}

function plainMatches(rule: CompiledRule, decoded: string, search: string): boolean {
  let path = rule.rule.ignore_case ? decoded.toLowerCase() : decoded;
  if (rule.rule.ignore_trailing_slash) path = withoutTrailingSlash(path);
  if (path !== rule.path) return false;
  return rule.query === undefined || normalizeQuery(search) === rule.query;
}

/** The subject a regex rule matched (its trailing slash toggled when that is what matched), or null. */
function regexMatch(rule: CompiledRule, decoded: string, search: string): string | null {
  const regex = rule.regex as RegExp;
  const subject = (path: string) => (rule.withQuery && search ? `${path}${search}` : path);
  const first = subject(decoded);
  if (first.length > MAX_SUBJECT_LENGTH) return null;
  regex.lastIndex = 0;
  if (regex.test(first)) return first;
  if (!rule.rule.ignore_trailing_slash) return null;
  const toggled = subject(decoded.endsWith('/') ? withoutTrailingSlash(decoded) : `${decoded}/`);
  regex.lastIndex = 0;
  return regex.test(toggled) ? toggled : null;
}

/** The first rule matching the (decoded) path and query, in the table's order. */
function firstMatch(table: CompiledRedirects, decoded: string, search: string): Found | null {
  let best: CompiledRule | null = null;
  for (const rule of table.plain.get(lookupKey(decoded)) ?? []) {
    if (plainMatches(rule, decoded, search)) {
      best = rule;
      break;
    }
  }
  for (const rule of table.regex) {
    if (best && rule.index > best.index) break;
    const subject = regexMatch(rule, decoded, search);
    if (subject !== null) return { rule, subject };
  }
  return best ? { rule: best, subject: '' } : null;
}

const PERMANENT = new Set([301, 308]);
const KEEPS_METHOD = new Set([307, 308]);

function combine(first: 301 | 302 | 307 | 308, later: number): 301 | 302 | 307 | 308 {
  const permanent = PERMANENT.has(first) && PERMANENT.has(later);
  if (KEEPS_METHOD.has(first)) return permanent ? 308 : 307;
  return permanent ? 301 : 302;
}

/** A replacement as PHP's preg_replace reads it: `$n`, `${n}` and `\\n` (n up to 99) name a group of the match. */
const fill = (template: string, match: RegExpExecArray) =>
  template.replace(/\$\{(\d{1,2})\}|\$(\d{1,2})|\\(\d{1,2})/g, (_all, a?: string, b?: string, c?: string) => match[Number(a ?? b ?? c)] ?? '');

/** PHP's `preg_replace($pattern, $template, $subject)`: every match replaced, the rest kept. */
export function pcreReplace(regex: RegExp, template: string, subject: string): string {
  const global = new RegExp(regex.source, `${regex.flags.replace(/[gy]/g, '')}g`);
  let out = '';
  let last = 0;
  for (let match = global.exec(subject); match !== null; match = global.exec(subject)) {
    out += subject.slice(last, match.index) + fill(template, match);
    last = match.index + match[0].length;
    if (match[0].length === 0) {
      if (global.lastIndex >= subject.length) break;
      global.lastIndex++;
    }
  }
  return out + subject.slice(last);
}

const appendQuery = (search: string, extra: string): string => {
  const more = extra.startsWith('?') ? extra.slice(1) : extra;
  if (!more) return search;
  return search && search !== '?' ? `${search}&${more}` : `?${more}`;
};

/** Where a matched rule leads for this request: a site path (path, query, hash) or an external URL; null when the filled-in target is not valid. */
function locationOf(table: CompiledRedirects, found: Found, search: string): { location: string; external: boolean } | null {
  const { target, rule } = found.rule;
  if (target.kind === 'gone') return null;
  const filled = found.rule.regex ? pcreReplace(found.rule.regex, target.template, found.subject) : target.template;
  const pass = rule.query === 'pass' ? search : '';
  try {
    if (target.kind === 'external') {
      // A regex rule's target depends on the request (preg_replace over it): checked like any other.
      if (!found.rule.regex && !pass) return { location: filled, external: true };
      const url = new URL(filled);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
      url.search = appendQuery(url.search, pass);
      return { location: url.toString(), external: true };
    }
    const url = new URL(`/${filled.replace(/^\/+/, '')}`, SITE_BASE);
    if (url.origin !== SITE_BASE) return null;
    const path = withoutTrailingSlash(url.pathname);
    const aliased = table.aliases.get(path) ?? path;
    return { location: `${aliased}${appendQuery(url.search, pass)}${url.hash}`, external: false };
  } catch {
    return null;
  }
}

/** The site location split into its path and query (the hash is not sent by browsers). */
function split(location: string): { path: string; search: string } {
  const hash = location.indexOf('#');
  const bare = hash < 0 ? location : location.slice(0, hash);
  const mark = bare.indexOf('?');
  return mark < 0 ? { path: bare, search: '' } : { path: bare.slice(0, mark), search: bare.slice(mark) };
}

const visitKey = (decoded: string, search: string) => `${lookupKey(decoded)}${search && search !== '?' ? `?${normalizeQuery(search)}` : ''}`;

/**
 * The answer for a request to `pathname` (as requested, percent-encoded) with `search` (`''` or
 * `?…`), or null when no rule applies (or the one that does leads to a loop).
 */
export function matchRedirect(table: CompiledRedirects, pathname: string, search: string): RedirectMatch | null {
  if (table.size === 0) return null;
  const decoded = decodePath(pathname);
  const first = firstMatch(table, decoded, search);
  if (!first) return null;
  const status = first.rule.rule.status;
  if (!isRedirectStatus(status)) return { status: status as 404 | 410 };
  let answer = locationOf(table, first, search);
  if (!answer) return null;
  let combined = status;
  const visited = new Set([visitKey(decoded, search)]);
  const chain = [decoded];
  for (let hops = 0; !answer.external; hops++) {
    const { path, search: query } = split(answer.location);
    const here = decodePath(path);
    const next = firstMatch(table, here, query);
    if (!next || next.rule.target.kind === 'gone') break;
    const key = visitKey(here, query);
    chain.push(here);
    if (visited.has(key) || hops >= MAX_HOPS) {
      if (!table.loopsLogged.has(first.rule.index)) {
        table.loopsLogged.add(first.rule.index);
        table.warn(`[redirects] rule ${first.rule.index} (${JSON.stringify(first.rule.rule.source)}) refused: it leads to a loop or a chain of more than ${MAX_HOPS} redirects (${chain.slice(0, MAX_HOPS + 1).join(' → ')}); not served`);
      }
      return null;
    }
    visited.add(key);
    combined = combine(combined, next.rule.rule.status);
    const further = locationOf(table, next, query);
    if (!further) break;
    answer = further;
  }
  return { status: combined, location: answer.location, external: answer.external };
}

/** Site paths of plain sources whose rules differ between two tables (added, removed or changed): their cached pages must go. */
export function changedPlainSources(before: RedirectTable, after: RedirectTable): string[] {
  const bySource = (table: RedirectTable) => {
    const map = new Map<string, string[]>();
    for (const rule of table.redirects) {
      if (rule.regex) continue;
      const mark = rule.source.indexOf('?');
      const path = withoutTrailingSlash(mark < 0 ? rule.source : rule.source.slice(0, mark));
      const list = map.get(path) ?? [];
      list.push(JSON.stringify(rule));
      map.set(path, list);
    }
    return map;
  };
  const a = bySource(before);
  const b = bySource(after);
  const changed: string[] = [];
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    if ((a.get(path) ?? []).join('\n') !== (b.get(path) ?? []).join('\n')) changed.push(path);
  }
  return changed.sort();
}
