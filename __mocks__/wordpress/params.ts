import { isNumericArray, type PhpValue } from './phpQuery';
import { restError, type RestError } from './responses';

/**
 * Request arguments as WordPress's REST server validates and sanitizes them (`rest_validate_value_from_schema`,
 * `rest_sanitize_value_from_schema`): the same checks, in the same order, with the same messages.
 * Parameters a route does not declare are ignored, like WordPress ignores them.
 */

type ItemSchema = { type: 'integer' } | { type: 'string'; enum?: readonly string[] };

export type ArgSchema =
  | { type: 'integer'; minimum?: number; maximum?: number; default?: number }
  | { type: 'string'; enum?: readonly string[]; default?: string; format?: 'date-time' }
  | { type: 'boolean' }
  | { type: 'array'; items: ItemSchema; default?: readonly (string | number)[]; slugs?: boolean };

export type ArgValue = number | string | boolean | (string | number)[];
export type ArgValues = Record<string, ArgValue | undefined>;

type Invalid = {
  code: string;
  message: string;
  data: { param: string } | null;
};

const NUMERIC = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/** PHP's `is_numeric` for strings. */
function isNumeric(value: PhpValue): value is string {
  return typeof value === 'string' && NUMERIC.test(value);
}

/** `wp_parse_list`: a comma- or space-separated string, or a PHP list. */
export function parseList(value: PhpValue): string[] | null {
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  if (!isNumericArray(value)) return null;
  const items: string[] = [];
  for (const item of value.values()) {
    if (typeof item !== 'string') return null;
    items.push(item);
  }
  return items;
}

/** `wp_sprintf_l`: "a, b, and c"; "a and b". */
function listText(values: readonly string[]): string {
  if (values.length <= 1) return values.join('');
  if (values.length === 2) return `${values[0]} and ${values[1]}`;
  return `${values.slice(0, -1).join(', ')}, and ${values[values.length - 1]}`;
}

function notOfType(param: string, type: string): Invalid {
  return { code: 'rest_invalid_type', message: `${param} is not of type ${type}.`, data: { param } };
}

function checkEnum(value: string, allowed: readonly string[] | undefined, param: string): Invalid | null {
  if (!allowed || allowed.includes(value)) return null;
  const message = allowed.length === 1 ? `${param} is not ${allowed[0]}.` : `${param} is not one of ${listText(allowed)}.`;
  return { code: 'rest_not_in_enum', message, data: null };
}

function validateScalar(value: PhpValue, schema: ItemSchema | ArgSchema, param: string): Invalid | null {
  switch (schema.type) {
    case 'integer': {
      if (!isNumeric(value)) return notOfType(param, 'integer');
      const number = Number(value);
      const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
      if (minimum !== undefined && maximum !== undefined && (number < minimum || number > maximum)) {
        return { code: 'rest_out_of_bounds', message: `${param} must be between ${minimum} (inclusive) and ${maximum} (inclusive)`, data: null };
      }
      if (minimum !== undefined && maximum === undefined && number < minimum) {
        return { code: 'rest_out_of_bounds', message: `${param} must be greater than or equal to ${minimum}`, data: null };
      }
      return Number.isInteger(number) ? null : notOfType(param, 'integer');
    }
    case 'string': {
      if (typeof value !== 'string') return notOfType(param, 'string');
      if ('format' in schema && schema.format === 'date-time' && parseRestDate(value) === null) return { code: 'rest_invalid_date', message: 'Invalid date.', data: null };
      return checkEnum(value, schema.enum, param);
    }
    case 'boolean':
      return typeof value === 'string' && ['true', 'false', '1', '0'].includes(value.toLowerCase()) ? null : notOfType(param, 'boolean');
    case 'array': {
      const list = parseList(value);
      if (list === null) return notOfType(param, 'array');
      for (let i = 0; i < list.length; i++) {
        const invalid = validateScalar(list[i], schema.items, `${param}[${i}]`);
        if (invalid) return invalid;
      }
      return null;
    }
  }
}

/** `rest_parse_date`'s shape: RFC 3339 (`T`, `t` or a space), fractions, `Z` or an offset, or no zone at all. */
const REST_DATE = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}(?::\d{2})?)?$/;

/**
 * A `date-time` argument as WordPress reads it: `rest_parse_date` validates the shape, and
 * WP_Date_Query (`modified_after`) takes a value without a zone in the site's time zone (the
 * fake's is UTC). Milliseconds since the epoch, or null when WordPress would refuse it.
 */
export function parseRestDate(value: string): number | null {
  const match = REST_DATE.exec(value);
  if (!match) return null;
  const [, day, time, fraction = '', zone = 'Z'] = match;
  const offset = zone === 'Z' ? 'Z' : zone.length === 3 ? `${zone}:00` : zone;
  const ms = Date.parse(`${day}T${time}${fraction.slice(0, 4)}${offset}`);
  return Number.isNaN(ms) ? null : ms;
}

/** `sanitize_title` for slugs: lower case, spaces to hyphens, only URL-safe characters. */
export function sanitizeSlug(value: string): string {
  return value
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^%a-z0-9 _-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

function sanitize(value: PhpValue, schema: ArgSchema): ArgValue {
  switch (schema.type) {
    case 'integer':
      return Math.trunc(Number(value));
    case 'string':
      return value as string;
    case 'boolean':
      return !['false', '0', ''].includes((value as string).toLowerCase());
    case 'array': {
      const list = parseList(value) ?? [];
      if (schema.items.type === 'integer') return [...new Set(list.map((v) => Math.abs(Math.trunc(Number(v)))))];
      return schema.slugs ? [...new Set(list.map(sanitizeSlug))] : list;
    }
  }
}

/**
 * Validates the declared arguments present in the query (in declaration order, as WordPress
 * reports them) and returns them sanitized, with defaults for those absent.
 */
export function readArgs(query: Map<string, PhpValue>, schema: Record<string, ArgSchema>): { values: ArgValues } | { error: RestError } {
  const invalidParams: Record<string, string> = {};
  const details: Record<string, Invalid> = {};
  const values: ArgValues = {};
  for (const [name, argSchema] of Object.entries(schema)) {
    const raw = query.get(name);
    if (raw === undefined) {
      values[name] = 'default' in argSchema && argSchema.default !== undefined ? (structuredCopy(argSchema.default) as ArgValue) : undefined;
      continue;
    }
    const invalid = validateScalar(raw, argSchema, name);
    if (invalid) {
      invalidParams[name] = invalid.message;
      details[name] = invalid;
    } else {
      values[name] = sanitize(raw, argSchema);
    }
  }
  const names = Object.keys(invalidParams);
  if (names.length > 0) {
    return {
      error: restError(400, 'rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, { params: invalidParams, details }),
    };
  }
  return { values };
}

function structuredCopy<T>(value: T): T {
  return Array.isArray(value) ? ([...value] as T) : value;
}
