import { useRouter } from 'next/router';
import { SiteSearch } from '@/components/search/SiteSearch';
import { Seo } from '@/components/seo/Seo';
import { PageHeader } from '@/components/templates/PageHeader';
import { staticProps } from '@/lib/site/staticProps';
import { useSiteIdentity } from '@/components/layout/SiteIdentity';
import { getSiteSeo, ownPageSeo } from '@/lib/wordpress/identity';
import type { ItemSeo } from '@/lib/shared/types';
import { normalizeQuery } from '@/lib/shared/search/query';
import { searchTitle } from '@/lib/shared/site/seo';

/**
 * `/search` (spec §1 "a site search"): a static page; the query comes from `?q=` in the browser and
 * results from `POST /api/search` (src/lib/shared/search/client.ts). Kept out of search engines.
 */
export default function SearchPage({ seo = null }: { seo?: ItemSeo | null }) {
  const { name } = useSiteIdentity();
  const router = useRouter();
  const q = router.isReady && typeof router.query.q === 'string' ? normalizeQuery(router.query.q) : '';
  const titled = seo ? { ...seo, title: searchTitle(seo.title, q) } : null;
  return (
    <>
      {/* The SEO plugin's search title, its phrase filled in the browser (the page is static); noindex whatever it says. */}
      <Seo title="Search" description={`Search ${name}: pages, blog posts, news, press releases and resources.`} path="/search" noindex seo={titled} />
      <PageHeader title="Search" lead="Find pages, blog posts, news, press releases and resources." />
      <div className="container">
        <SiteSearch />
      </div>
    </>
  );
}

export const getStaticProps = staticProps('/search', async () => ({ seo: ownPageSeo((await getSiteSeo()).search) }));
