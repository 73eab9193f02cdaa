import Link from 'next/link';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { isSitePath } from '@/components/layout/links';

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  children: ReactNode;
}

/**
 * A link to a site path (`/contact-us`) through next/link; anything else (an absolute URL,
 * mailto:, tel:, a fragment) as a plain anchor. A new window never gets `window.opener`.
 */
export function SmartLink({ href, children, rel, target, ...rest }: SmartLinkProps) {
  const safeRel = target === '_blank' ? [...new Set([...(rel ?? '').split(/\s+/).filter(Boolean), 'noopener', 'noreferrer'])].join(' ') : rel;
  if (isSitePath(href)) {
    return (
      <Link href={href} rel={safeRel} target={target} {...rest}>
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
