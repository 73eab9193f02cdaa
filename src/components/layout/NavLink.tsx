import Link from 'next/link';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { isCurrentPath, isSitePath } from './links';

export interface NavLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  /** The router's asPath: a link to it is marked `aria-current="page"`. */
  currentPath?: string;
  children: ReactNode;
}

/**
 * A link of the site's navigation: site paths go through next/link (client-side navigation,
 * prefetching); absolute URLs, mailto:, tel: and fragments are plain anchors. A link that opens
 * a new window never hands it `window.opener`.
 */
export function NavLink({ href, currentPath, children, rel, target, ...rest }: NavLinkProps) {
  const safeRel = target === '_blank' ? [...new Set([...(rel ?? '').split(/\s+/).filter(Boolean), 'noopener', 'noreferrer'])].join(' ') : rel;
  if (isSitePath(href)) {
    const current = currentPath !== undefined && isCurrentPath(href, currentPath);
    return (
      <Link href={href} aria-current={current ? 'page' : undefined} rel={safeRel} target={target} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} rel={safeRel} target={target} {...rest}>
      {children}
    </a>
  );
}
