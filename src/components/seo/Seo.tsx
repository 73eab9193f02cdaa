import Head from 'next/head';
import type { MediaImage } from '@/lib/types';
import { SITE_LOCALE, SITE_NAME } from '@/lib/site/brand';
import { canonicalPath, canonicalUrl, documentTitle, metaDescription, serializeJsonLd } from '@/lib/site/seo';
import { absoluteUrl } from '@/lib/site/siteUrl';

export interface SeoProps {
  /** The page's own title ("Corvane opens a regional office in Denver"); the site name is added. Ignored on `/`. */
  title: string;
  /** Plain text; cut to 160 characters; none → the site's description. */
  description?: string;
  /** The page's site path (`/about-us/news/some-slug`); query and fragment are dropped for the canonical URL. */
  path: string;
  /** The Open Graph / Twitter image (a featured image). */
  image?: MediaImage | null;
  /** `article` for content items with dates; `website` (default) otherwise. */
  type?: 'website' | 'article';
  /** ISO 8601, for `article:published_time`. */
  publishedTime?: string;
  /** ISO 8601, for `article:modified_time`. */
  modifiedTime?: string;
  /** JSON-LD object(s) (`organizationJsonLd()`, `articleJsonLd(item, …)`, `eventJsonLd(item)`), escaped safely. */
  jsonLd?: object | object[] | null;
  /** Keeps the page out of search engines (`robots: noindex, follow`). */
  noindex?: boolean;
}

/**
 * The page's `<head>` tags: title, description, canonical URL, Open Graph, Twitter card and
 * JSON-LD. Every tag has a `key`, so a page's `Seo` replaces any default one rendered earlier.
 * The tags are direct children of `next/head` (it does not render nested components).
 */
export function Seo({ title, description, path, image, type = 'website', publishedTime, modifiedTime, jsonLd, noindex }: SeoProps) {
  const fullTitle = documentTitle(title, path);
  const socialTitle = canonicalPath(path) === '/' ? fullTitle : title.trim() || SITE_NAME;
  const text = metaDescription(description);
  const url = canonicalUrl(path);
  const imageUrl = image?.url ? absoluteUrl(image.url) : null;
  const imageAlt = image?.alt?.trim() ?? '';
  const jsonLdList = jsonLd ? (Array.isArray(jsonLd) ? jsonLd : [jsonLd]) : [];

  return (
    <Head>
      <title key="title">{fullTitle}</title>
      <meta key="description" name="description" content={text} />
      <link key="canonical" rel="canonical" href={url} />
      {noindex && <meta key="robots" name="robots" content="noindex, follow" />}

      <meta key="og:title" property="og:title" content={socialTitle} />
      <meta key="og:description" property="og:description" content={text} />
      <meta key="og:url" property="og:url" content={url} />
      <meta key="og:type" property="og:type" content={type} />
      <meta key="og:site_name" property="og:site_name" content={SITE_NAME} />
      <meta key="og:locale" property="og:locale" content={SITE_LOCALE} />
      {imageUrl && <meta key="og:image" property="og:image" content={imageUrl} />}
      {imageUrl && image?.width ? <meta key="og:image:width" property="og:image:width" content={String(image.width)} /> : null}
      {imageUrl && image?.height ? <meta key="og:image:height" property="og:image:height" content={String(image.height)} /> : null}
      {imageUrl && imageAlt && <meta key="og:image:alt" property="og:image:alt" content={imageAlt} />}
      {publishedTime && <meta key="article:published_time" property="article:published_time" content={publishedTime} />}
      {modifiedTime && <meta key="article:modified_time" property="article:modified_time" content={modifiedTime} />}

      <meta key="twitter:card" name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta key="twitter:title" name="twitter:title" content={socialTitle} />
      <meta key="twitter:description" name="twitter:description" content={text} />
      {imageUrl && <meta key="twitter:image" name="twitter:image" content={imageUrl} />}
      {imageUrl && imageAlt && <meta key="twitter:image:alt" name="twitter:image:alt" content={imageAlt} />}

      {jsonLdList.map((data, i) => (
        <script key={`jsonld-${i}`} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
      ))}
    </Head>
  );
}

export default Seo;
