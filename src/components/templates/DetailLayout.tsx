import { SiteLink } from '@/components/content/SiteLink';
import type { ReactNode } from 'react';
import { Breadcrumbs, breadcrumbJsonLd, detailTrail } from '@/components/content/Breadcrumbs';
import { FeaturedImage } from '@/components/content/FeaturedImage';
import { RichHtml } from '@/components/content/RichHtml';
import { Seo } from '@/components/seo/Seo';
import type { ContentItem } from '@/lib/shared/types';
import { BODY_CLASS } from '@/lib/shared/wordpress/bodyClass';
import { contentType } from '@/lib/shared/wordpress/contentTypes';
import styles from './DetailLayout.module.css';
import { StaticBody } from '@/components/static/StaticHtml';
import { IN_MARKUP } from '@/lib/shared/site/documentData';

/** The featured image's width: the reading column (`.main`, at most 50rem), the page's width less its gutters below that. */
export const DETAIL_IMAGE_SIZES = '(min-width: 900px) 50rem, calc(100vw - 2rem)';

export interface DetailLayoutProps {
  item: ContentItem;
  /** The small label above the title; the type's label by default. */
  eyebrow?: string | null;
  /** A summary shown under the title (white papers, case studies); also the meta description. */
  lead?: string | null;
  /** The line under the title: dates, place, reading time, ... (empty entries are left out; dots separate the others). */
  meta?: ReactNode[];
  /** The main action, under the meta line (a download, a registration). */
  action?: ReactNode;
  /** Key facts beside the body on wide screens, above it on narrow ones. */
  aside?: ReactNode;
  /** The aside's accessible name. */
  asideLabel?: string;
  /** The page's own JSON-LD (article, event); a BreadcrumbList is added. */
  jsonLd?: object | null;
  /** After the body: a closing call to action. */
  footer?: ReactNode;
}

/**
 * The page of one content item: breadcrumbs, the title as the page's only h1, the meta line,
 * the featured image (the page's main image: eager, high priority), the body and the item's
 * facts, then a link back to the listing. Every detail template renders through it.
 */
export function DetailLayout({ item, eyebrow, lead, meta, action, aside, asideLabel, jsonLd, footer }: DetailLayoutProps) {
  const def = contentType(item.type);
  const listing = def.listingPath ? { label: def.pluralLabel, href: def.listingPath } : null;
  const trail = detailTrail(listing, item.title);
  const description = lead || item.excerpt;
  const hasBody = item.html.trim() !== '';
  const metaItems = (meta ?? []).filter((entry) => entry !== null && entry !== undefined && entry !== false && entry !== '');
  return (
    <article className={styles.article}>
      <Seo
        title={item.title}
        description={description}
        path={item.path}
        image={item.featuredImage}
        type="article"
        publishedTime={item.date || undefined}
        modifiedTime={item.modified || undefined}
        jsonLd={[...(jsonLd ? [jsonLd] : []), breadcrumbJsonLd(trail, item.path)]}
        seo={item.seo}
      />
      {/* On a first load the body's HTML is only in the markup (src/lib/shared/site/documentData.ts). */}
      <StaticBody contentKey={item} complete={item.html !== IN_MARKUP}>
      <header className={styles.header}>
        <div className={`container ${styles.headerInner}`}>
          <Breadcrumbs trail={trail} />
          {eyebrow !== null ? <p className="eyebrow">{eyebrow ?? def.label}</p> : null}
          <h1 className={styles.title}>{item.title}</h1>
          {lead ? <p className={`lead ${styles.lead}`}>{lead}</p> : null}
          {metaItems.length > 0 ? (
            <p className={styles.meta}>
              {metaItems.map((entry, i) => (
                <span key={i} className={styles.metaItem}>
                  {i > 0 ? (
                    <span aria-hidden="true" className={styles.dot}>
                      ·
                    </span>
                  ) : null}
                  {entry}
                </span>
              ))}
            </p>
          ) : null}
          {action ? <div className={styles.action}>{action}</div> : null}
        </div>
      </header>

      <div className={`container ${styles.content}`}>
        <div className={`${styles.columns} ${aside ? styles.withAside : styles.roomy}`}>
          {aside ? (
            <aside className={styles.aside} aria-label={asideLabel}>
              {aside}
            </aside>
          ) : null}
          <div className={styles.main}>
            {item.featuredImage ? (
              <div className={styles.figure}>
                <FeaturedImage image={item.featuredImage} priority sizes={DETAIL_IMAGE_SIZES} className={styles.image} />
              </div>
            ) : null}
            {hasBody ? <RichHtml html={item.html} className={`prose ${BODY_CLASS} ${styles.body}`} /> : null}
            {footer ? <div className={styles.footer}>{footer}</div> : null}
          </div>
        </div>
        {listing ? (
          <p className={styles.back}>
            <SiteLink href={listing.href}>
              <span aria-hidden="true">← </span>
              All {listing.label.toLowerCase()}
            </SiteLink>
          </p>
        ) : null}
      </div>
      </StaticBody>
    </article>
  );
}

/** A fact of the aside: `<dt>` label, `<dd>` value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt className={styles.factLabel}>{label}</dt>
      <dd className={styles.factValue}>{children}</dd>
    </div>
  );
}

/** The aside's box: an optional heading, facts and an action. */
export function FactBox({ heading, children, action }: { heading?: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className={styles.factBox}>
      {heading ? <h2 className={styles.factHeading}>{heading}</h2> : null}
      {children ? <dl className={styles.facts}>{children}</dl> : null}
      {action ? <div className={styles.factAction}>{action}</div> : null}
    </div>
  );
}

/** A closing call to action after the body: one sentence and a button. */
export function Callout({ text, action }: { text: string; action: ReactNode }) {
  return (
    <div className={styles.callout}>
      <p className={styles.calloutText}>{text}</p>
      {action}
    </div>
  );
}
