import Head from 'next/head';
import { FEED_TYPES, feedPath, feedTitle } from '@/lib/shared/site/seo';
import { absoluteUrl } from '@/lib/shared/site/siteUrl';
import { useSiteIdentity } from '@/components/layout/SiteIdentity';

/**
 * `<link rel="alternate" type="application/rss+xml">` for every feed of the content-type table
 * (blogs, news, press releases), so browsers and feed readers find them. Render it once in the
 * layout (any page).
 */
export function FeedLinks() {
  const identity = useSiteIdentity();
  return (
    <Head>
      {FEED_TYPES.map((def) => (
        <link
          key={`feed-${def.feed}`}
          rel="alternate"
          type="application/rss+xml"
          title={feedTitle(def, identity)}
          href={absoluteUrl(feedPath(def.feed as string))}
        />
      ))}
    </Head>
  );
}

export default FeedLinks;
