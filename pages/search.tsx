import { SiteSearch } from '@/components/search/SiteSearch';
import { Seo } from '@/components/seo/Seo';
import { PageHeader } from '@/components/templates/PageHeader';
import { staticProps } from '@/lib/site/staticProps';

/**
 * `/search` (spec §1 "a site search"): a static page; the query comes from `?q=` in the browser and
 * results from `POST /api/search` (src/lib/search/client.ts). Kept out of search engines.
 */
export default function SearchPage() {
  return (
    <>
      <Seo title="Search" description="Search Corvane Payments: pages, blog posts, news, press releases and resources." path="/search" noindex />
      <PageHeader title="Search" lead="Find pages, blog posts, news, press releases and resources." />
      <div className="container">
        <SiteSearch />
      </div>
    </>
  );
}

export const getStaticProps = staticProps(async () => ({}));
