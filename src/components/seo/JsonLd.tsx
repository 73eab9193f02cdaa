import { serializeJsonLd } from '@/lib/site/seo';

/**
 * A `<script type="application/ld+json">` for the page body (search engines read JSON-LD anywhere
 * in the document). Escaped by `serializeJsonLd`: a `</script>` in CMS text cannot break out.
 * Inside `next/head`, pass the data to `Seo`'s `jsonLd` prop instead (next/head renders only
 * direct tag children, not components).
 */
export function JsonLd({ data }: { data: object | object[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}

export default JsonLd;
