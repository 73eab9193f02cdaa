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
