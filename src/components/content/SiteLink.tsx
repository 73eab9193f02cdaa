import Router from 'next/router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigateOnClient } from './RichHtml';

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
