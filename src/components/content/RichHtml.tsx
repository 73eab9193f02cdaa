import Router from 'next/router';
import { useRef, type ElementType, type MouseEvent } from 'react';
import { useDeferredPreloadOn } from '@/components/content/DeferredPreload';
import { useEmbedGate } from '@/components/content/EmbedGate';
import { isSitePath } from '@/components/layout/links';
import { hasDeferredPreload } from '@/lib/media/deferredPreload';

/**
 * CMS HTML, rendered as HTML.
 *
 * The HTML is sanitized and finished on the server (page bodies by `normalizeItem`, frame props by
 * `cleanFrameProps`, both through `sanitizeCmsHtml`): an allow-list, `noopener noreferrer` on links
 * that open a new window, lazy images that keep their width and height. This component neither
 * sanitizes nor parses: the browser parses the markup once, as it does the rest of the page, so no
 * HTML parser ships in the page's JavaScript (issue 5: html-react-parser and its tables cost
 * 10.9 kB gzip of the 130 kB First Load budget on every article page, and a parse on hydration).
 *
 * Links to site paths (`/…`, not `//…`) navigate on the client: one click handler on the wrapper
 * hands a plain left click on such a link to the Next router, as next/link would. A click with a
 * modifier key, another button, or on a link with a `target` or `download` stays the browser's.
 *
 * Embeds: HTML holding the sanitizer's consent placeholders loads the embed gate (a dynamic
 * import, only then) on this element: the iframes come only after the visitor's consent
 * (useEmbedGate, docs/blocks.md "Embeds"). Audio players get their own `preload` back as they
 * near the screen (useDeferredPreloadOn, src/lib/media/deferredPreload.ts).
 *
 * Character references are decoded leniently, as browsers do (spec §5: strict parsing of character
 * references is not enabled): `&nbsp` without its semicolon and `&amp;` both become characters.
 */
export interface RichHtmlProps {
  html: string;
  className?: string;
  /** The wrapping element; `div` by default. */
  as?: ElementType;
  id?: string;
}

/** The link an event happened in, when it is a site link the router follows (a site path, no `download`, no other `target`); else null. */
export function siteLinkAt(node: EventTarget | null): { anchor: Element; href: string } | null {
  const start = node instanceof Element ? node : null;
  const anchor = start?.closest('a[href]');
  if (!anchor || anchor.hasAttribute('download')) return null;
  const target = anchor.getAttribute('target');
  if (target && target !== '_self') return null;
  const href = anchor.getAttribute('href') ?? '';
  return isSitePath(href) ? { anchor, href } : null;
}

/** The site path a click should navigate to on the client, or null when the browser handles it. */
export function clientNavigationTarget(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented' | 'target'>): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  return siteLinkAt(event.target)?.href ?? null;
}

export function navigateOnClient(event: MouseEvent<HTMLElement>): void {
  const href = clientNavigationTarget(event);
  if (href === null) return;
  event.preventDefault();
  void Router.push(href);
}

export function RichHtml({ html, className, as: Tag = 'div', id }: RichHtmlProps) {
  const ref = useRef<HTMLElement>(null);
  useEmbedGate(ref, html);
  useDeferredPreloadOn(ref, hasDeferredPreload(html), html);
  return <Tag ref={ref} className={className} id={id} onClick={navigateOnClient} dangerouslySetInnerHTML={{ __html: html }} />;
}
