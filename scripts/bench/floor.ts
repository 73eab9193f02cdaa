import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';

/**
 * Issue 19, the floor: what the bench feeds the bare Next.js app in scripts/bench/floor/ (its one
 * page hydrates this DOM inside one element, with no CSS and no other script). Pure; the phase
 * that writes it, builds and serves the floor is in index.ts and servers.ts.
 */

/** The floor app's directory (committed) and where its build goes (under the root's `.cache/`). */
export const FLOOR_APP_DIR = path.join('scripts', 'bench', 'floor');
export const FLOOR_CACHE_DIR = path.join('.cache', 'bench-floor');

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const isElement = (node: Node): node is Element => 'tagName' in node;

function* walk(node: Node): Generator<Element> {
  if (isElement(node)) yield node;
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) yield* walk(child);
  if (isElement(node) && node.tagName === 'template') yield* walk((node as DefaultTreeAdapterMap['template']).content);
}

/**
 * The inner HTML of a built page's `<div id="__next">` exactly as the server sent it, less its
 * `<script>` elements (JSON data, inline scripts and script files alike: the floor boots only
 * React and Next). Throws when the page has no such element.
 */
export function floorDom(pageHtml: string): string {
  const document = parse(pageHtml, { sourceCodeLocationInfo: true });
  let root: Element | undefined;
  for (const element of walk(document)) {
    if (element.tagName === 'div' && element.attrs.some((a) => a.name === 'id' && a.value === '__next')) {
      root = element;
      break;
    }
  }
  const location = root?.sourceCodeLocation;
  if (!root || !location?.startTag) throw new Error('The built page has no <div id="__next">');
  const start = location.startTag.endOffset;
  const end = location.endTag?.startOffset ?? location.endOffset;
  const scripts: [number, number][] = [];
  for (const element of walk(root)) {
    const at = element.sourceCodeLocation;
    if (element !== root && element.tagName === 'script' && at) scripts.push([at.startOffset, at.endOffset]);
  }
  let out = '';
  let cursor = start;
  for (const [from, to] of scripts.sort((a, b) => a[0] - b[0])) {
    if (from < cursor) continue;
    out += pageHtml.slice(cursor, from);
    cursor = to;
  }
  return out + pageHtml.slice(cursor, end);
}
