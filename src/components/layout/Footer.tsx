import { useRouter } from 'next/router';
import type { ReactNode } from 'react';
import { OFFICE_ADDRESS, SITE_DESCRIPTION } from '@/lib/shared/site/brand';
import type { FooterSection } from './layoutData';
import { Logo } from './Logo';
import { useSiteIdentity } from './SiteIdentity';
import { SmartLink } from '@/components/content/SmartLink';
import { navigateOnClient } from '@/components/content/RichHtml';
import { StaticHtml } from '@/components/static/StaticHtml';
import styles from './Footer.module.css';

/** The year of the copyright line, taken when the page is built (static generation). */
const YEAR = new Date().getFullYear();

export interface FooterProps {
  sections: readonly FooterSection[];
  /** A "Cookie settings" control, shown in the legal row; nothing is rendered when absent. */
  cookieSettings?: ReactNode;
}

/**
 * The site footer: the layout data's sections as columns of links, the address, and the legal row.
 * The columns and the address are kept as the server rendered them (StaticHtml, issue 19) until
 * the path changes (the current page's link is marked); the legal row, with the cookie settings
 * button, hydrates.
 */
export function Footer({ sections, cookieSettings }: FooterProps) {
  const { asPath } = useRouter();
  const { name } = useSiteIdentity();
  return (
    <footer className={`on-dark ${styles.footer}`}>
      <div className="container">
        <StaticHtml className={styles.top} contentKey={`${asPath} ${sections.length} ${name}`} onClick={navigateOnClient}>
          <div className={styles.brand}>
            <Logo variant="on-dark" />
            <p className={styles.tagline}>{SITE_DESCRIPTION}</p>
            <address className={styles.address}>
              {name}
              <br />
              {OFFICE_ADDRESS.street}
              <br />
              {OFFICE_ADDRESS.locality}, {OFFICE_ADDRESS.region} {OFFICE_ADDRESS.postalCode}
            </address>
          </div>
          <nav aria-label="Footer" className={styles.columns}>
            {sections.map((section, index) => {
              const headingId = `footer-section-${index}`;
              return (
                <div key={section.title} className={styles.column}>
                  <h2 id={headingId} className={styles.heading}>
                    {section.title}
                  </h2>
                  <ul className={styles.links} aria-labelledby={headingId}>
                    {section.links.map((link) => (
                      <li key={`${link.href} ${link.label}`}>
                        <SmartLink href={link.href} currentPath={asPath} className={styles.link}>
                          {link.label}
                        </SmartLink>
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </nav>
        </StaticHtml>
        <div className={styles.legal}>
          <p className={styles.copyright} suppressHydrationWarning>
            © {YEAR} {name}. All rights reserved.
          </p>
          {cookieSettings ? <div className={styles.cookieSettings}>{cookieSettings}</div> : null}
        </div>
      </div>
    </footer>
  );
}
