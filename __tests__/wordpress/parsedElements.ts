import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Every element of `html` parsed as a browser parses a fragment (scripting on), template contents included. */
export function elements(html: string): Element[] {
  const found: Element[] = [];
  const walk = (node: Node) => {
    if ('tagName' in node) found.push(node);
    if ('childNodes' in node) node.childNodes.forEach(walk);
    if (node.nodeName === 'template') walk((node as DefaultTreeAdapterMap['template']).content);
  };
  walk(parseFragment(html, { scriptingEnabled: true }));
  return found;
}
