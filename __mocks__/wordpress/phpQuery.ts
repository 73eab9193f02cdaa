/**
 * Query strings as PHP parses them into `$_GET`: `a[b][c]=v` nests, `a[]=v` appends, a repeated
 * plain key keeps its last value, and dots and spaces in top-level names become underscores.
 * Maps keep PHP's insertion order (plain objects would move integer keys first).
 */

export type PhpValue = string | PhpArray;
export type PhpArray = Map<string, PhpValue>;

function nextIndex(array: PhpArray): string {
  let next = 0;
  for (const key of array.keys()) if (/^(0|-?[1-9]\d*)$/.test(key)) next = Math.max(next, Number(key) + 1);
  return String(next);
}

/** Splits `name[a][]` into `['name', 'a', '']`, as PHP's variable registration does. */
function keyPath(rawKey: string): string[] {
  const key = rawKey.replace(/^ +/, '');
  const open = key.indexOf('[');
  const base = (open === -1 ? key : key.slice(0, open)).replace(/[ .]/g, '_');
  if (open === -1) return [base];
  const path = [base];
  let rest = key.slice(open);
  while (rest.startsWith('[')) {
    const close = rest.indexOf(']');
    if (close === -1) {
      // An unclosed bracket: PHP keeps the whole name as a plain key, the first '[' turned into '_'.
      return [`${base}_${key.slice(open + 1)}`];
    }
    path.push(rest.slice(1, close));
    rest = rest.slice(close + 1);
  }
  return path;
}

/** `$_GET` for a URL's query string. */
export function parsePhpQuery(search: URLSearchParams): PhpArray {
  const root: PhpArray = new Map();
  for (const [rawKey, value] of search) {
    const path = keyPath(rawKey);
    if (path[0] === '') continue;
    let target = root;
    for (let i = 0; i < path.length - 1; i++) {
      const segment = path[i] === '' ? nextIndex(target) : path[i];
      let child = target.get(segment);
      if (!(child instanceof Map)) {
        child = new Map();
        target.set(segment, child);
      }
      target = child;
    }
    const last = path[path.length - 1];
    target.set(last === '' ? nextIndex(target) : last, value);
  }
  return root;
}

/** True for PHP lists (`wp_is_numeric_array`): every key an integer. */
export function isNumericArray(value: PhpArray): boolean {
  for (const key of value.keys()) if (!/^-?\d+$/.test(key)) return false;
  return true;
}

/** PHP's `urlencode`: spaces as '+', everything but letters, digits and `-_.` percent-encoded. */
export function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** Rebuilds a query string the way WordPress's `add_query_arg` does: nested keys as `a%5Bb%5D`, values urlencoded. */
export function buildPhpQuery(query: PhpArray): string {
  const pairs: string[] = [];
  const walk = (value: PhpValue, key: string): void => {
    if (value instanceof Map) {
      for (const [k, v] of value) walk(v, `${key}%5B${k}%5D`);
    } else {
      pairs.push(`${key}=${phpUrlencode(value)}`);
    }
  };
  for (const [key, value] of query) walk(value, key);
  return pairs.join('&');
}
