import { SiteLink } from '@/components/content/SiteLink';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { isCurrentPath, isSitePath } from '@/components/layout/links';

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  /** The router's asPath, for navigation links: a link to it is marked `aria-current="page"`. */
  currentPath?: string;
  children: ReactNode;
}

/**
 * The site's one link component: a site path (`/contact-us`) is a SiteLink (client-side
 * navigation, prefetching on pointer or touch); anything else (an absolute URL, mailto:, tel:, a fragment) is a plain
 * anchor. A link that opens a new window never hands it `window.opener`.
 */
export function SmartLink({ href, currentPath, children, rel, target, ...rest }: SmartLinkProps) {
  const safeRel = target === '_blank' ? [...new Set([...(rel ?? '').split(/\s+/).filter(Boolean), 'noopener', 'noreferrer'])].join(' ') : rel;
  if (isSitePath(href)) {
    const current = currentPath !== undefined && isCurrentPath(href, currentPath);
    return (
      <SiteLink href={href} aria-current={current ? 'page' : undefined} rel={safeRel} target={target} {...rest}>
        {children}
      </SiteLink>
    );
  }
  return (
    <a href={href} rel={safeRel} target={target} {...rest}>
      {children}
    </a>
  );
}
