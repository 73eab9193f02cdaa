import { SiteLink } from '@/components/content/SiteLink';
import { useId } from 'react';
import { CardList } from '@/components/content/Card';
import { FrameList } from '@/components/frames/FrameList';
import { pageHeadingFrameIndex } from '@/components/frames/registry';
import { Seo } from '@/components/seo/Seo';
import type { CardItem } from '@/lib/shared/types';
import { organizationJsonLd } from '@/lib/shared/site/seo';
import type { Frame, ItemSeo } from '@/lib/shared/types';
import { useSiteIdentity } from '@/components/layout/SiteIdentity';
import { contentType } from '@/lib/shared/wordpress/contentTypes';
import { heroImage } from './FramePageTemplate';
import { PageHeader } from './PageHeader';
import styles from './HomeTemplate.module.css';
import { StaticBody } from '@/components/static/StaticHtml';

export interface HomeProps {
  /** The frames of the `home` page (empty when WordPress has none). */
  frames: Frame[];
  /** The home page's description (its excerpt); empty → the site's. */
  description: string;
  news: CardItem[];
  blogs: CardItem[];
  /** The SEO plugin's home page values (docs/seo-and-redirects.md §2 `home`), or null. */
  seo?: ItemSeo | null;
}

/** Closing call-to-action frames stay last, after the teasers. */
function splitClosingCtas(frames: readonly Frame[]): [Frame[], Frame[]] {
  let split = frames.length;
  while (split > 0 && frames[split - 1].frameType === 'cta') split -= 1;
  return [frames.slice(0, split), frames.slice(split)];
}

function Teasers({ heading, items, href, linkLabel, surface }: { heading: string; items: CardItem[]; href: string; linkLabel: string; surface?: boolean }) {
  const id = useId();
  if (items.length === 0) return null;
  return (
    <section className={`section ${surface ? 'section--surface' : ''}`} aria-labelledby={id}>
      <div className="container">
        <div className={styles.header}>
          <h2 id={id} className={styles.heading}>
            {heading}
          </h2>
          <SiteLink href={href} className={styles.all}>
            {linkLabel}
            <span aria-hidden="true"> →</span>
          </SiteLink>
        </div>
        <CardList items={items} headingLevel="h3" label={heading} />
      </div>
    </section>
  );
}

/** `/`: the `home` page's frames, the latest news and blog posts, and the Organization JSON-LD. */
export function HomeTemplate({ frames, description, news, blogs, seo }: HomeProps) {
  const identity = useSiteIdentity();
  const [leading, closing] = splitClosingCtas(frames);
  const heroHeading = pageHeadingFrameIndex(leading) !== -1;
  return (
    <>
      <Seo title={identity.name} description={description} path="/" image={heroImage(frames)} jsonLd={organizationJsonLd(identity)} seo={seo} />
      <StaticBody contentKey={frames}>
        {heroHeading ? null : <PageHeader eyebrow={identity.name} title={identity.tagline} />}
        <FrameList frames={leading} opensPage={heroHeading} />
        <Teasers heading="Latest news" items={news} href={contentType('news').listingPath ?? '/'} linkLabel="All news" />
        <Teasers heading="From the blog" items={blogs} href={contentType('blog').listingPath ?? '/'} linkLabel="All blog posts" surface />
        <FrameList frames={closing} />
      </StaticBody>
    </>
  );
}

export default HomeTemplate;
