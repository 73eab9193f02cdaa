import type { PhpArray, PhpValue } from './phpQuery';

/**
 * `meta_query` over an item's custom fields (`acf`), with WP_Meta_Query's semantics: clauses of
 * key/value/compare combined by `relation` (AND by default, nesting allowed); LIKE is a
 * case-insensitive substring match; `=` compares like MySQL's default collation (case-insensitive).
 *
 * WordPress core ignores `meta_query` on REST requests; the real site runs a plugin that passes it
 * to WP_Query, which this imitates.
 */

type Fields = Record<string, unknown>;

function metaValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? '1' : '';
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value ?? '');
}

function values(value: PhpValue | undefined): string[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return value.split(',').map((v) => v.trim());
  return [...value.values()].filter((v): v is string => typeof v === 'string');
}

function compare(actual: string, op: string, expected: PhpValue | undefined): boolean {
  const a = actual.toLowerCase();
  const e = typeof expected === 'string' ? expected.toLowerCase() : '';
  const numeric = a !== '' && e !== '' && !Number.isNaN(Number(a)) && !Number.isNaN(Number(e));
  const order = numeric ? Number(a) - Number(e) : a < e ? -1 : a > e ? 1 : 0;
  switch (op) {
    case 'LIKE':
      return a.includes(e);
    case 'NOT LIKE':
      return !a.includes(e);
    case '!=':
      return a !== e;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case 'IN':
      return values(expected).some((v) => v.toLowerCase() === a);
    case 'NOT IN':
      return !values(expected).some((v) => v.toLowerCase() === a);
    default:
      return a === e;
  }
}

function clauseMatches(clause: PhpArray, fields: Fields): boolean {
  const key = clause.get('key');
  const value = clause.get('value');
  const defaultCompare = value instanceof Map ? 'IN' : '=';
  const rawCompare = clause.get('compare');
  const op = typeof rawCompare === 'string' ? rawCompare.toUpperCase().trim() : defaultCompare;
  const candidates = typeof key === 'string' ? (key in fields ? [fields[key]] : []) : Object.values(fields);
  if (op === 'NOT EXISTS') return candidates.length === 0;
  if (op === 'EXISTS' || value === undefined) return candidates.length > 0;
  return candidates.some((candidate) => compare(metaValue(candidate), op, value));
}

/** Whether `fields` satisfy the query; a missing or empty query matches everything. */
export function matchesMetaQuery(query: PhpValue | undefined, fields: Fields): boolean {
  if (!(query instanceof Map)) return true;
  const relation = query.get('relation');
  const isOr = typeof relation === 'string' && relation.toUpperCase() === 'OR';
  const clauses = [...query.entries()].filter(([k, v]) => k !== 'relation' && v instanceof Map).map(([, v]) => v as PhpArray);
  if (query.has('key') || query.has('value')) clauses.unshift(query);
  if (clauses.length === 0) return true;
  const test = (clause: PhpArray): boolean =>
    clause.has('key') || clause.has('value') ? clauseMatches(clause, fields) : matchesMetaQuery(clause, fields);
  return isOr ? clauses.some(test) : clauses.every(test);
}

/**
 * The companion plugin's allow-list for the alert collection's `meta_query` (wordpress-plugin,
 * `RestReads::cleanMetaQuery`): keys `alert_type` and `enable`, the comparisons below, `relation`
 * AND or OR, numbered clauses, at most 10 clauses a group and 3 levels. Returns what is wrong, or
 * null when the query is allowed. WordPress answers anything else 400 `rest_invalid_param`.
 */
export const ALERT_META_KEYS = ['alert_type', 'enable'];
export const ALERT_COMPARES = ['=', '!=', '>', '>=', '<', '<=', 'LIKE', 'NOT LIKE', 'IN', 'NOT IN', 'EXISTS', 'NOT EXISTS'];
const MAX_CLAUSES = 10;
const MAX_DEPTH = 3;

const isClause = (value: PhpArray): boolean => value.has('key') || value.has('value') || value.has('compare');

function clauseProblem(clause: PhpArray): string | null {
  if ([...clause.keys()].some((k) => !['key', 'value', 'compare'].includes(k))) return 'meta_query clauses may only have key, value and compare.';
  const key = clause.get('key');
  if (typeof key !== 'string' || !ALERT_META_KEYS.includes(key)) return `meta_query key must be one of: ${ALERT_META_KEYS.join(', ')}.`;
  const value = clause.get('value');
  const rawCompare = clause.get('compare') ?? (value instanceof Map ? 'IN' : '=');
  const op = typeof rawCompare === 'string' ? rawCompare.trim().toUpperCase() : '';
  if (!ALERT_COMPARES.includes(op)) return `meta_query compare must be one of: ${ALERT_COMPARES.join(', ')}.`;
  if (op === 'EXISTS' || op === 'NOT EXISTS') return null;
  if (op === 'IN' || op === 'NOT IN') {
    const list = value instanceof Map ? [...value.values()] : typeof value === 'string' ? value.split(',') : null;
    if (!list || list.length === 0 || list.length > MAX_CLAUSES || list.some((v) => typeof v !== 'string')) return 'meta_query IN and NOT IN need a list of values.';
    return null;
  }
  return typeof value === 'string' ? null : 'meta_query value must be a string.';
}

function groupProblem(group: PhpArray, depth: number): string | null {
  if (depth > MAX_DEPTH) return `meta_query may nest at most ${MAX_DEPTH} levels.`;
  let clauses = 0;
  for (const [name, entry] of group) {
    if (name === 'relation') {
      if (typeof entry !== 'string' || !['AND', 'OR'].includes(entry.trim().toUpperCase())) return 'meta_query relation must be AND or OR.';
      continue;
    }
    if (!/^\d+$/.test(name)) return 'meta_query entries must be numbered clauses.';
    if (!(entry instanceof Map)) return 'meta_query clauses must be objects.';
    const problem = isClause(entry) ? clauseProblem(entry) : groupProblem(entry, depth + 1);
    if (problem) return problem;
    clauses++;
  }
  if (clauses === 0) return 'meta_query needs at least one clause.';
  if (clauses > MAX_CLAUSES) return `meta_query may have at most ${MAX_CLAUSES} clauses per group.`;
  return null;
}

export function alertMetaQueryProblem(query: PhpValue | undefined): string | null {
  if (query === undefined) return null;
  if (!(query instanceof Map)) return 'meta_query must be an object of clauses.';
  return isClause(query) ? clauseProblem(query) : groupProblem(query, 1);
}
