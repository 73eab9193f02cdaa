import Router from 'next/router';
import type { AnchorHTMLAttributes, MouseEvent, SyntheticEvent } from 'react';
import { navigateOnClient, siteLinkAt } from './RichHtml';

/**
 * A link to a page of this site: a plain `<a>` whose plain left click the Next router follows (no
 * full page load), as next/link does, and whose page is prefetched when a pointer or finger comes
 * to it.
 *
 * Why not next/link (issue 19): each next/link watches the viewport and prefetches every visible
 * link's page, and re-renders when it does; hydrating them was most of the header's cost on a
 * phone, and the drawer's 45 were most of its. A click with a modifier key, another button, or on
 * a link with a `target` or `download` stays the browser's (navigateOnClient), and so does a
 * click another handler has already handled (`onClick` runs first: the drawer closes itself).
 */
export type SiteLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** Best effort: a failed prefetch, or no router (a test, a page outside Next), only means none. */
function prefetch(href: string): void {
  try {
    void Router.prefetch(href).catch(() => undefined);
  } catch {
    // nothing to prefetch with
  }
}

/**
 * The same prefetch, delegated: for markup whose links cannot have handlers of their own (kept by
 * StaticHtml, whose components do not hydrate, issue 36), on its element's `onMouseOver` and
 * `onTouchStart`. A pointer coming onto a site link inside prefetches its page, as SiteLink's
 * `onMouseEnter` would: once on entering the link, not again while it moves over the link's own
 * children.
 */
export function prefetchSiteLinkUnder(event: SyntheticEvent<HTMLElement, MouseEvent['nativeEvent'] | TouchEvent>): void {
  const link = siteLinkAt(event.target);
  if (!link || !event.currentTarget.contains(link.anchor)) return;
  const from = 'relatedTarget' in event.nativeEvent ? event.nativeEvent.relatedTarget : null;
  if (from instanceof Node && link.anchor.contains(from)) return;
  prefetch(link.href);
}

export function SiteLink({ href, onClick, onMouseEnter, onTouchStart, children, ...rest }: SiteLinkProps) {
  const navigate = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    navigateOnClient(event);
  };
  return (
    <a
      href={href}
      onClick={navigate}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        prefetch(href);
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        prefetch(href);
      }}
      {...rest}
    >
      {children}
    </a>
  );
}
