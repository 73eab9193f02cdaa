import { parse } from 'parse5';

/**
 * What a crawler reads: the `<head>` of a served document, parsed from the raw HTML (no script
 * runs) with the HTML standard's parser.
 */
export interface CrawlerHead {
  /** The text of the first `<title>` (character references decoded by the parser). */
  title: string | null;
  /** `<meta name|property="…" content="…">`: every content by name or property. */
  meta: Map<string, string[]>;
  /** The first `<link rel="canonical">`'s href. */
  canonical: string | null;
  /** Every `<script type="application/ld+json">`, parsed (a script that does not parse is an error). */
  jsonLd: unknown[];
  /** Every `<link rel="icon">`'s href. */
  icons: string[];
}

interface Node {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  value?: string;
}

const attr = (node: Node, name: string): string | null => node.attrs?.find((a) => a.name === name)?.value ?? null;
const text = (node: Node): string => (node.childNodes ?? []).map((c) => (c.nodeName === '#text' ? (c.value ?? '') : text(c))).join('');

function* walk(node: Node): Generator<Node> {
  yield node;
  for (const child of node.childNodes ?? []) yield* walk(child);
}

export function crawlerHead(html: string): CrawlerHead {
  const document = parse(html) as unknown as Node;
  const head = [...walk(document)].find((n) => n.nodeName === 'head');
  const result: CrawlerHead = { title: null, meta: new Map(), canonical: null, jsonLd: [], icons: [] };
  if (!head) return result;
  for (const node of walk(head)) {
    if (node.nodeName === 'title' && result.title === null) result.title = text(node);
    if (node.nodeName === 'meta') {
      const key = attr(node, 'name') ?? attr(node, 'property');
      const content = attr(node, 'content');
      if (key && content !== null) result.meta.set(key, [...(result.meta.get(key) ?? []), content]);
    }
    if (node.nodeName === 'link') {
      const rel = (attr(node, 'rel') ?? '').toLowerCase().split(/\s+/);
      if (rel.includes('canonical') && result.canonical === null) result.canonical = attr(node, 'href');
      if (rel.includes('icon')) result.icons.push(attr(node, 'href') ?? '');
    }
    if (node.nodeName === 'script' && attr(node, 'type') === 'application/ld+json') result.jsonLd.push(JSON.parse(text(node)));
  }
  return result;
}

/** The one content of a meta tag, or null (two different ones are an error: a crawler would pick either). */
export function metaContent(head: CrawlerHead, key: string): string | null {
  const values = [...new Set(head.meta.get(key) ?? [])];
  if (values.length > 1) throw new Error(`<meta ${key}> appears with ${values.length} different contents: ${values.join(' | ')}`);
  return values[0] ?? null;
}
