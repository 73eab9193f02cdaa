import { SiteLink } from '@/components/content/SiteLink';
import { canonicalUrl } from '@/lib/shared/site/seo';
import styles from './Breadcrumbs.module.css';

export interface Crumb {
  label: string;
  /** A site path; the last crumb (the current page) needs none. */
  href?: string;
}

/** `Home › {listing} › {title}`: the trail of a detail page. */
export function detailTrail(listing: { label: string; href: string } | null, title: string): Crumb[] {
  return [{ label: 'Home', href: '/' }, ...(listing ? [listing] : []), { label: title }];
}

/** Schema.org BreadcrumbList for the trail (pass it to `Seo`'s `jsonLd`); `path` is the current page's. */
export function breadcrumbJsonLd(trail: readonly Crumb[], path: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.label,
      item: canonicalUrl(crumb.href ?? path),
    })),
  };
}

/** The breadcrumb trail; the last crumb is the current page (`aria-current="page"`, not a link). */
export function Breadcrumbs({ trail, className }: { trail: readonly Crumb[]; className?: string }) {
  if (trail.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className={`${styles.nav} ${className ?? ''}`}>
      <ol className={styles.list}>
        {trail.map((crumb, i) => {
          const last = i === trail.length - 1;
          return (
            <li key={`${i}-${crumb.label}`} className={styles.item}>
              {i > 0 ? (
                <span aria-hidden="true" className={styles.separator}>
                  ›
                </span>
              ) : null}
              {last || !crumb.href ? (
                <span aria-current={last ? 'page' : undefined} className={last ? styles.current : undefined}>
                  {crumb.label}
                </span>
              ) : (
                <SiteLink href={crumb.href}>{crumb.label}</SiteLink>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
