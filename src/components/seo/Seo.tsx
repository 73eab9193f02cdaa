import Head from 'next/head';
import { useRouter } from 'next/compat/router';
import type { ItemSeo, MediaImage, SeoImage } from '@/lib/shared/types';
import { useSiteIdentity } from '@/components/layout/SiteIdentity';
import { canonicalPath, canonicalUrl, documentTitle, metaDescription, robotsContent, serializeJsonLd } from '@/lib/shared/site/seo';
import { absoluteUrl } from '@/lib/shared/site/siteUrl';

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
  /** Keeps the page out of search engines (`robots: noindex, …`), whatever `seo` says. */
  noindex?: boolean;
  /**
   * What the SEO plugin says about the page (docs/seo-and-redirects.md §1, normalized: plain
   * text, URLs mapped). Each non-null field replaces the default computed from the props above;
   * its `schema` graph replaces `jsonLd` (an Event the graph has no Event for is kept).
   */
  seo?: ItemSeo | null;
}

/** A `MediaImage` or the SEO plugin's image, as the social tags use it. */
function socialImage(seoImage: SeoImage | null | undefined, image: MediaImage | null | undefined): SeoImage | null {
  if (seoImage) return seoImage;
  if (!image?.url) return null;
  return { url: absoluteUrl(image.url), width: image.width, height: image.height, alt: image.alt?.trim() || null, type: null };
}

const typesOf = (node: unknown): string[] => {
  const type = (node as { '@type'?: unknown } | null)?.['@type'];
  return Array.isArray(type) ? type.map(String) : typeof type === 'string' ? [type] : [];
};

/** The page's JSON-LD: the SEO plugin's graph when it gives one (plus an Event it lacks), else the page's own. */
function jsonLdOf(jsonLd: SeoProps['jsonLd'], schema: Record<string, unknown> | null | undefined): object[] {
  const own = jsonLd ? (Array.isArray(jsonLd) ? jsonLd : [jsonLd]) : [];
  if (!schema) return own;
  const graph = Array.isArray(schema['@graph']) ? (schema['@graph'] as unknown[]) : [schema];
  const graphHasEvent = graph.some((node) => typesOf(node).includes('Event'));
  return [schema, ...own.filter((data) => !graphHasEvent && typesOf(data).includes('Event'))];
}

/**
 * The page's `<head>` tags: title, description, robots, canonical URL, Open Graph, Twitter card
 * and JSON-LD. Every value is rendered as data (text in `<title>`, attribute values, JSON-LD
 * through `serializeJsonLd`): nothing WordPress sends is ever HTML here. Every tag has a `key`,
 * so a page's `Seo` replaces any default one rendered earlier. The tags are direct children of
 * `next/head` (it does not render nested components).
 */
export function Seo({ title, description, path, image, type = 'website', publishedTime, modifiedTime, jsonLd, noindex, seo }: SeoProps) {
  const identity = useSiteIdentity();
  // Previews (issue 11) stay out of search engines whatever the SEO plugin says of the item. The
  // compat hook answers null where no router is mounted (tests, status pages); next/router's throws.
  const preview = useRouter()?.isPreview === true;
  const home = canonicalPath(path) === '/';
  const fullTitle = seo?.title ?? documentTitle(title, path, identity);
  const ownTitle = home ? documentTitle(title, path, identity) : title.trim() || identity.name;
  const text = seo?.description ?? metaDescription(description);
  const url = seo?.canonical ?? canonicalUrl(path);
  const robots = seo ? robotsContent(seo.robots, noindex || preview) : noindex || preview ? 'noindex, follow' : null;

  const ogTitle = seo?.og.title ?? ownTitle;
  const ogDescription = seo?.og.description ?? text;
  const ogImage = socialImage(seo?.og.image, image);
  const ogType = seo?.og.type ?? type;
  const published = seo?.og.publishedTime ?? publishedTime;
  const modified = seo?.og.modifiedTime ?? modifiedTime;
  const twitterImage = seo?.twitter.image ?? ogImage?.url ?? null;
  const twitterImageAlt = seo?.twitter.image ? null : (ogImage?.alt ?? null);
  const card = seo?.twitter.card ?? (twitterImage ? 'summary_large_image' : 'summary');
  const jsonLdList = jsonLdOf(jsonLd, seo?.schema);

  return (
    <Head>
      <title key="title">{fullTitle}</title>
      <meta key="description" name="description" content={text} />
      <link key="canonical" rel="canonical" href={url} />
      {robots && <meta key="robots" name="robots" content={robots} />}

      <meta key="og:title" property="og:title" content={ogTitle} />
      <meta key="og:description" property="og:description" content={ogDescription} />
      <meta key="og:url" property="og:url" content={url} />
      <meta key="og:type" property="og:type" content={ogType} />
      <meta key="og:site_name" property="og:site_name" content={seo?.og.siteName ?? identity.name} />
      <meta key="og:locale" property="og:locale" content={seo?.og.locale ?? identity.locale} />
      {ogImage && <meta key="og:image" property="og:image" content={ogImage.url} />}
      {ogImage?.width ? <meta key="og:image:width" property="og:image:width" content={String(ogImage.width)} /> : null}
      {ogImage?.height ? <meta key="og:image:height" property="og:image:height" content={String(ogImage.height)} /> : null}
      {ogImage?.alt ? <meta key="og:image:alt" property="og:image:alt" content={ogImage.alt} /> : null}
      {ogImage?.type ? <meta key="og:image:type" property="og:image:type" content={ogImage.type} /> : null}
      {published && <meta key="article:published_time" property="article:published_time" content={published} />}
      {modified && <meta key="article:modified_time" property="article:modified_time" content={modified} />}

      <meta key="twitter:card" name="twitter:card" content={card} />
      <meta key="twitter:title" name="twitter:title" content={seo?.twitter.title ?? ogTitle} />
      <meta key="twitter:description" name="twitter:description" content={seo?.twitter.description ?? ogDescription} />
      {twitterImage && <meta key="twitter:image" name="twitter:image" content={twitterImage} />}
      {twitterImage && twitterImageAlt && <meta key="twitter:image:alt" name="twitter:image:alt" content={twitterImageAlt} />}

      {jsonLdList.map((data, i) => (
        <script key={`jsonld-${i}`} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
      ))}
    </Head>
  );
}

export default Seo;
