/**
 * The shape of a JSON value, for holding the fake WordPress to the real one: object keys and the
 * JSON type of every value, recursively; the elements of a list merged into one shape (so two lists
 * of different lengths, or items that differ only in values, have the same shape).
 *
 * `_links` is compared as an object only: WordPress adds relations per item (a revision count, a
 * featured image, the author) from the item's state, not from its type, and the site reads none.
 * So is `seo` (issue 33), whose every value may be null: the contract test compares it item by item
 * with `nullable` (e2e/real/contract.e2e.ts).
 *
 * A map's keys are data, not names (`image_attachments` is keyed by URL, and the two servers'
 * upload URLs differ in origin and in the upload's month): its values are merged into one shape, as
 * a list's elements are, under `{}`. An empty map says nothing about its values, but it is still
 * an object (PHP's `[]` for an empty array is not).
 */
export type Shape = string | { [key: string]: Shape } | { '[]': Shape[] } | { '{}': Shape[] };

export const OPAQUE_KEYS: ReadonlySet<string> = new Set(['_links', 'seo']);
/**
 * Issue 33: fields the SEO plugins add to every REST item that the site never reads (it reads the
 * plugin's normalized `seo` instead): WordPress's answers may have them, the fake's need not.
 */
export const WORDPRESS_ONLY_KEYS: ReadonlySet<string> = new Set(['yoast_head', 'yoast_head_json']);
/** Fields whose object keys are data (URLs, ids): compared as maps. */
export const MAP_KEYS: ReadonlySet<string> = new Set(['image_attachments']);

function mapShape(value: unknown): Shape {
  if (typeName(value) !== 'object') return shapeOf(value);
  const values = shapeOf(Object.values(value as Record<string, unknown>)) as { '[]': Shape[] };
  return { '{}': values['[]'] };
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function sortedUnique(shapes: Shape[]): Shape[] {
  const seen = new Map<string, Shape>();
  for (const shape of shapes) seen.set(JSON.stringify(shape), shape);
  return [...seen.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, shape]) => shape);
}

/** Merges the shapes of several objects into one: every key any of them has, with the shapes it takes. */
function mergeObjects(objects: Record<string, unknown>[]): Shape {
  const keys = [...new Set(objects.flatMap((o) => Object.keys(o)))].filter((key) => !WORDPRESS_ONLY_KEYS.has(key)).sort();
  const out: Record<string, Shape> = {};
  for (const key of keys) {
    const values = objects.filter((o) => key in o).map((o) => o[key]);
    const shapes = sortedUnique(values.map((v) => (OPAQUE_KEYS.has(key) ? typeName(v) : MAP_KEYS.has(key) ? mapShape(v) : shapeOf(v))));
    out[key] = shapes.length === 1 ? shapes[0] : { '[]': shapes };
  }
  return out;
}

export function shapeOf(value: unknown): Shape {
  if (Array.isArray(value)) {
    if (value.length === 0) return { '[]': [] };
    const objects = value.filter((v): v is Record<string, unknown> => typeName(v) === 'object');
    const others = value.filter((v) => typeName(v) !== 'object').map(shapeOf);
    return { '[]': sortedUnique([...(objects.length ? [mergeObjects(objects)] : []), ...others]) };
  }
  if (typeName(value) === 'object') return mergeObjects([value as Record<string, unknown>]);
  return typeName(value);
}

/**
 * The paths where two shapes differ, as readable lines (`.acf.enable: string ≠ number`), empty when
 * equal. `nullable`: a `null` on either side matches any shape (for contracts whose every value may
 * be null, such as issue 33's SEO object: which fields an item fills is data, not shape).
 */
export function shapeDifferences(expected: Shape, actual: Shape, at = '', nullable = false): string[] {
  if (nullable && (expected === 'null' || actual === 'null')) return [];
  if (typeof expected === 'string' || typeof actual === 'string') {
    return JSON.stringify(expected) === JSON.stringify(actual) ? [] : [`${at || '.'}: ${JSON.stringify(expected)} ≠ ${JSON.stringify(actual)}`];
  }
  for (const marker of ['[]', '{}'] as const) {
    const isKind = (s: Exclude<Shape, string>): s is Record<typeof marker, Shape[]> => marker in s && Object.keys(s).length === 1;
    if (isKind(expected) || isKind(actual)) {
      if (!(isKind(expected) && isKind(actual))) return [`${at || '.'}: ${JSON.stringify(expected)} ≠ ${JSON.stringify(actual)}`];
      // An empty list (map) on either side says nothing about its elements (values).
      if (expected[marker].length === 0 || actual[marker].length === 0) return [];
      if (expected[marker].length === 1 && actual[marker].length === 1) return shapeDifferences(expected[marker][0], actual[marker][0], `${at}${marker}`, nullable);
      return JSON.stringify(expected) === JSON.stringify(actual) ? [] : [`${at}${marker}: ${JSON.stringify(expected)} ≠ ${JSON.stringify(actual)}`];
    }
  }
  // Neither is a list nor a map: two objects.
  const [wordpress, fake] = [expected as Record<string, Shape>, actual as Record<string, Shape>];
  const out: string[] = [];
  for (const key of [...new Set([...Object.keys(wordpress), ...Object.keys(fake)])].sort()) {
    if (!(key in fake)) out.push(`${at}.${key}: only in WordPress`);
    else if (!(key in wordpress)) out.push(`${at}.${key}: only in the fake`);
    else out.push(...shapeDifferences(wordpress[key], fake[key], `${at}.${key}`, nullable));
  }
  return out;
}
