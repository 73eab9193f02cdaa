import parse, { attributesToProps, domToReact, type DOMNode, type Element, type HTMLReactParserOptions } from 'html-react-parser';
import Link from 'next/link';
import { useMemo, type ElementType } from 'react';
import { isSitePath } from '@/components/layout/links';

/**
 * CMS HTML rendered as React elements.
 *
 * The HTML must already be sanitized on the server (page bodies by `normalizeItem`, frame props by
 * `cleanFrameProps`): this component does not sanitize. It only improves what is there:
 * - links to site paths (`/…`, not `//…`) become next/link (client navigation, prefetching);
 * - other links stay plain anchors and keep their `rel`; one that opens a new window gets
 *   `noopener noreferrer` added;
 * - images keep their width and height (no layout shift) and load lazily.
 *
 * Character references are decoded leniently, as browsers do (spec §5: strict parsing of character
 * references is not enabled): html-react-parser's default, so `&nbsp` without its semicolon and
 * `&amp;` both become characters. Do not pass `htmlparser2: { decodeEntities: false }` or `xmlMode`.
 */
export interface RichHtmlProps {
  html: string;
  className?: string;
  /** The wrapping element; `div` by default. */
  as?: ElementType;
  id?: string;
}

function relWithNoOpener(rel: unknown): string {
  const words = typeof rel === 'string' ? rel.split(/\s+/).filter(Boolean) : [];
  return [...new Set([...words, 'noopener', 'noreferrer'])].join(' ');
}

/**
 * An element node. Duck-typed, not `instanceof Element`: html-dom-parser's CommonJS build bundles
 * its own copy of domhandler, whose classes are not the ones html-react-parser re-exports.
 */
function isElement(node: DOMNode): node is Element {
  return node.type === 'tag' && typeof (node as Element).name === 'string' && typeof (node as Element).attribs === 'object';
}

const options: HTMLReactParserOptions = {
  replace(node) {
    if (!isElement(node)) return undefined;
    if (node.name === 'a') {
      const { href, ...props } = attributesToProps(node.attribs) as Record<string, unknown> & { href?: unknown };
      const children = domToReact(node.children as DOMNode[], options);
      if (typeof href === 'string' && isSitePath(href)) {
        return (
          <Link href={href} {...props}>
            {children}
          </Link>
        );
      }
      const rel = props.target === '_blank' ? relWithNoOpener(props.rel) : props.rel;
      return (
        <a href={typeof href === 'string' ? href : undefined} {...props} rel={typeof rel === 'string' ? rel : undefined}>
          {children}
        </a>
      );
    }
    if (node.name === 'img') {
      const props = attributesToProps(node.attribs) as Record<string, unknown>;
      // Width and height come from the CMS markup; the image is below the fold in a body.
      // eslint-disable-next-line @next/next/no-img-element -- CMS markup keeps its width and height.
      return <img {...props} alt={typeof props.alt === 'string' ? props.alt : ''} loading="lazy" decoding="async" />;
    }
    return undefined;
  },
};

/** Parses sanitized HTML into React elements (exported for tests and for inline use). */
export function parseRichHtml(html: string) {
  return parse(html, options);
}

export function RichHtml({ html, className, as: Tag = 'div', id }: RichHtmlProps) {
  const content = useMemo(() => parseRichHtml(html), [html]);
  return (
    <Tag className={className} id={id}>
      {content}
    </Tag>
  );
}
