import Head from 'next/head';
import { SiteLink } from '@/components/content/SiteLink';
import type { ReactNode } from 'react';
import { useSiteIdentity } from './SiteIdentity';
import styles from './StatusPage.module.css';

export interface StatusPageProps {
  /** "Error 404", shown above the heading. */
  code: string;
  /** The document title (the brand is appended). */
  title: string;
  heading: string;
  children: ReactNode;
  /** Further links under the actions, e.g. popular sections. */
  links?: readonly { label: string; href: string }[];
}

/** A friendly error page (404, 500): what happened, a way home, the search and a way to reach a person. */
export function StatusPage({ code, title, heading, children, links = [] }: StatusPageProps) {
  // Without layout data (a 500, or a 404 that failed to read it) the default name.
  const { name } = useSiteIdentity();
  return (
    <div className={`container section ${styles.status}`}>
      <Head>
        <title key="title">{`${title} | ${name}`}</title>
        <meta key="robots" name="robots" content="noindex, follow" />
      </Head>
      <p className="eyebrow">{code}</p>
      <h1>{heading}</h1>
      <div className={`lead ${styles.message}`}>{children}</div>
      <div className={styles.actions}>
        <SiteLink href="/" className="button button--primary">
          Go to the home page
        </SiteLink>
        <SiteLink href="/contact-us" className="button button--secondary">
          Contact us
        </SiteLink>
        <SiteLink href="/search" className="button button--secondary">
          Search the site
        </SiteLink>
      </div>
      {links.length > 0 ? (
        <nav aria-labelledby="status-page-links" className={styles.more}>
          <h2 id="status-page-links" className={styles.moreHeading}>
            Or try one of these
          </h2>
          <ul className={styles.moreList}>
            {links.map((link) => (
              <li key={link.href}>
                <SiteLink href={link.href}>{link.label}</SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
