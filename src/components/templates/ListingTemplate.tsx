import { breadcrumbJsonLd, type Crumb } from '@/components/content/Breadcrumbs';
import { CardList } from '@/components/content/Card';
import { Pagination } from '@/components/content/Pagination';
import { Seo } from '@/components/seo/Seo';
import type { ListingProps } from '@/lib/shared/types';
import { PageHeader } from './PageHeader';
import styles from './ListingTemplate.module.css';
import { StaticBody } from '@/components/static/StaticHtml';

/**
 * THE listing page of every content type (`/about-us/news`, `/resources/blogs/page/2`, ...):
 * heading, intro, the items as cards, newest first, and pagination.
 */
export function ListingTemplate({ listing }: ListingProps) {
  const { title, intro, basePath, path, page, totalPages, items, seo } = listing;
  const documentTitle = page > 1 ? `${title}, page ${page}` : title;
  const trail: Crumb[] = [{ label: 'Home', href: '/' }, { label: title }];
  return (
    <>
      <Seo
        title={documentTitle}
        description={page > 1 ? `${intro} Page ${page} of ${totalPages}.` : intro}
        path={path}
        jsonLd={breadcrumbJsonLd(trail, basePath)}
        seo={page > 1 ? null : seo}
      />
      <StaticBody contentKey={listing}>
      <PageHeader title={title} lead={intro} trail={trail}>
        {page > 1 ? (
          <p className={styles.pageOf}>
            Page {page} of {totalPages}
          </p>
        ) : null}
      </PageHeader>
      <div className={`container ${styles.body}`}>
        {items.length > 0 ? (
          <CardList items={items} headingLevel="h2" label={title} />
        ) : (
          <p className={styles.empty}>Nothing has been published here yet. Please check back soon.</p>
        )}
        <Pagination basePath={basePath} page={page} totalPages={totalPages} label={`${title} pages`} />
      </div>
      </StaticBody>
    </>
  );
}

export default ListingTemplate;
