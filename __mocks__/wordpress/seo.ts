import { CONTENT_TYPES, contentTypeByRestBase } from '../../src/lib/shared/wordpress/contentTypes';
import type { PostTypeDef } from './postTypes';
import type { JsonObject } from './prepare';
import type { Json } from './responses';
import { publicLink } from './siteLinks';
import type { StoredMedia, StoredPost, WordPressStore } from './store';
import { ORIGIN } from './urls';

/**
 * The companion plugin's SEO (docs/seo-and-redirects.md §1, §2) as the fake serves it: the `seo`
 * REST field of every item of the site's content types, `GET /wp-json/custom-api/v1/seo`, and the
 * site's settings the REST index shows. It imitates the plugin with Yoast SEO active (`source:
 * "yoast"`): Yoast's default title template `{title} - {site name}`, robots `index, follow,
 * max-snippet:-1, max-image-preview:large, max-video-preview:-1`, the item's permalink as
 * canonical (its site address with `HEADLESS_SITE_URL`), Open Graph from the item and its
 * featured image, a `summary_large_image` Twitter card and a small schema graph. What an editor
 * sets in Yoast's box (title, description, noindex, canonical, social image) is the item's
 * `seoMeta` (the fake's own field, never in REST answers: Yoast keeps it in `_yoast_wpseo_*` meta).
 * `store.site.seoPlugin: 'none'` answers as the plugin does without an SEO plugin (`source:
 * "wordpress"`); `store.site.companion: false` as a WordPress without the plugin (no field, 404).
 */

/** What an editor set in the SEO plugin's box for one item (Yoast's `_yoast_wpseo_*` post meta). */
export interface StoredSeoMeta {
  /** The SEO title as rendered (variables filled in), site name included. */
  title?: string;
  /** The meta description. */
  description?: string;
  noindex?: boolean;
  nofollow?: boolean;
  /** An absolute URL (a syndicated article's original). */
  canonical?: string;
  /** The social image: an attachment id. */
  ogImage?: number;
  ogTitle?: string;
  ogDescription?: string;
  twitterTitle?: string;
}

/** Settings → General and the SEO plugin's settings. */
export interface SiteSettings {
  /** Settings → General → Site Title (plain text). */
  name: string;
  /** Settings → General → Tagline. */
  description: string;
  /** The site icon: an attachment id, or null (none set). */
  siteIcon: number | null;
  /** Settings → Reading → "Discourage search engines" off (`blog_public` 1). */
  blogPublic: boolean;
  /** Which SEO plugin is active. */
  seoPlugin: 'yoast' | 'none';
  /** Whether the companion plugin is active (the `seo` field and `custom-api/v1/seo`). */
  companion: boolean;
  /** Yoast → Settings → Site representation: the company's name and logo (attachment id). */
  organization: { name: string; logo: number | null } | null;
  /** Yoast → Settings → Homepage. */
  home: { title?: string; description?: string; ogImage?: number };
  /** Yoast → Settings → post type archives, by REST base. */
  archives: Record<string, { title?: string; description?: string }>;
}

export function defaultSiteSettings(): SiteSettings {
  return {
    name: 'Corvane Payments',
    description: 'Payments that keep your business moving',
    siteIcon: null,
    blogPublic: true,
    seoPlugin: 'yoast',
    companion: true,
    organization: { name: 'Corvane Payments Inc.', logo: 41 },
    home: {
      title: 'Corvane Payments - Payments that keep your business moving',
      description: 'Payment orchestration, acquiring and loyalty for restaurants, campuses, venues and stores. One partner from the tap to the bank.',
    },
    archives: {
      news: { title: 'Company news - Corvane Payments', description: 'Offices, awards, partnerships and network updates from Corvane Payments.' },
    },
  };
}

/** The store's settings (a store made before settings existed gets the defaults). */
export function siteSettings(store: WordPressStore): SiteSettings {
  store.site ??= defaultSiteSettings();
  return store.site;
}

const NAMED: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', hellip: '…', nbsp: '\u00a0', apos: "'" };

/** Yoast's output is plain text: tags stripped, character references decoded (the title is the rendered, texturized one). */
const decode = (text: string): string =>
  text
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (ref, name: string) =>
      name.startsWith('#') ? String.fromCodePoint(name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1))) : (NAMED[name.toLowerCase()] ?? ref),
    );

const iso = (date: string): string => `${date.replace(' ', 'T')}+00:00`;

function imageOf(store: WordPressStore, id: number | null | undefined): JsonObject | null {
  if (!id) return null;
  const media: StoredMedia | undefined = store.media.find((m) => m.id === id);
  if (!media || media.media_type !== 'image') return null;
  return {
    url: media.source_url,
    width: media.media_details.width ?? null,
    height: media.media_details.height ?? null,
    alt: media.alt_text || null,
    type: media.mime_type,
  };
}

const robots = (index: boolean, follow: boolean, yoast: boolean): JsonObject => ({
  index,
  follow,
  max_snippet: yoast ? -1 : null,
  max_image_preview: yoast ? 'large' : null,
  max_video_preview: yoast ? -1 : null,
  noarchive: false,
  nosnippet: false,
  noimageindex: false,
});

const homeUrl = (store: WordPressStore): string => `${store.siteUrl ?? ORIGIN}/`;

function websiteNodes(store: WordPressStore): JsonObject[] {
  const settings = siteSettings(store);
  const home = homeUrl(store);
  const logo = imageOf(store, settings.organization?.logo);
  return [
    { '@type': 'WebSite', '@id': `${home}#website`, url: home, name: settings.name, description: settings.description, publisher: { '@id': `${home}#organization` }, inLanguage: 'en-US' },
    {
      '@type': 'Organization',
      '@id': `${home}#organization`,
      name: settings.organization?.name ?? settings.name,
      url: home,
      ...(logo ? { logo: { '@type': 'ImageObject', url: logo.url, contentUrl: logo.url, width: logo.width, height: logo.height } } : {}),
    },
  ];
}

/** The `seo` field of one item, as the plugin prepares it for REST. */
export function itemSeo(store: WordPressStore, def: PostTypeDef, post: StoredPost): JsonObject {
  const settings = siteSettings(store);
  const meta = post.seoMeta ?? {};
  const yoast = settings.seoPlugin === 'yoast';
  const title = decode(post.title.rendered);
  const link = publicLink(store, def.restBase, post);
  const excerpt = /<p>[\s\S]*<\/p>/.test(post.excerpt.rendered) && post.excerpt.rendered.length < 400 ? decode(post.excerpt.rendered).trim() : '';
  const featured = imageOf(store, post.featured_media);
  const ogImage = imageOf(store, meta.ogImage) ?? featured;
  const type = def.restBase === 'fp_page' ? 'website' : 'article';
  if (!yoast) {
    return {
      source: 'wordpress',
      title: null,
      description: excerpt || null,
      robots: { ...robots(settings.blogPublic, true, false) },
      canonical: null,
      og: { type, title, description: null, image: featured, site_name: settings.name, locale: 'en_US', published_time: iso(post.date_gmt), modified_time: iso(post.modified_gmt) },
      twitter: { card: null, title: null, description: null, image: null },
      schema: null,
    };
  }
  const seoTitle = meta.title ?? `${title} - ${settings.name}`;
  const description = meta.description ?? null;
  const canonical = meta.canonical ?? link;
  const index = settings.blogPublic && !meta.noindex;
  const page = `${link}`;
  const graph: JsonObject[] = [
    {
      '@type': 'WebPage',
      '@id': page,
      url: page,
      name: seoTitle,
      isPartOf: { '@id': `${homeUrl(store)}#website` },
      datePublished: iso(post.date_gmt),
      dateModified: iso(post.modified_gmt),
      ...(description ? { description } : {}),
      ...(ogImage ? { primaryImageOfPage: { '@type': 'ImageObject', url: ogImage.url } } : {}),
      breadcrumb: { '@id': `${page}#breadcrumb` },
      inLanguage: 'en-US',
    },
    ...(type === 'article'
      ? [{ '@type': 'Article', '@id': `${page}#article`, headline: title, isPartOf: { '@id': page }, mainEntityOfPage: { '@id': page }, datePublished: iso(post.date_gmt), dateModified: iso(post.modified_gmt), publisher: { '@id': `${homeUrl(store)}#organization` } }]
      : []),
    {
      '@type': 'BreadcrumbList',
      '@id': `${page}#breadcrumb`,
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: homeUrl(store) },
        { '@type': 'ListItem', position: 2, name: title },
      ],
    },
    ...websiteNodes(store),
  ];
  return {
    source: 'yoast',
    title: seoTitle,
    description,
    robots: robots(index, !meta.nofollow, true),
    canonical,
    og: {
      type,
      title: meta.ogTitle ?? (meta.title ? meta.title.replace(new RegExp(` - ${settings.name}$`), '') : title),
      description: meta.ogDescription ?? description,
      image: ogImage,
      site_name: settings.name,
      locale: 'en_US',
      published_time: type === 'article' ? iso(post.date_gmt) : null,
      modified_time: iso(post.modified_gmt),
    },
    twitter: { card: 'summary_large_image', title: meta.twitterTitle ?? null, description: null, image: null },
    schema: { '@context': 'https://schema.org', '@graph': graph as unknown as Json[] },
  };
}

/**
 * The item as REST prepares it, with the plugin's `seo` field (view context only, before `_links`),
 * for items of the site's content types. Unchanged without the companion plugin.
 */
export function withSeo(store: WordPressStore, def: PostTypeDef, post: StoredPost, data: JsonObject, context: 'view' | 'embed'): JsonObject {
  if (context === 'embed' || !contentTypeByRestBase(def.restBase) || !siteSettings(store).companion) return data;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === '_links' || key === '_embedded') break;
    out[key] = value;
  }
  out.seo = itemSeo(store, def, post);
  return { ...out, ...data };
}

/** What an id-list record says for the sitemap (docs/seo-and-redirects.md §1 "In the id lists"). */
export function idListSeo(store: WordPressStore, def: PostTypeDef, post: StoredPost): JsonObject {
  const settings = siteSettings(store);
  if (!settings.companion || !contentTypeByRestBase(def.restBase)) return {};
  const meta = post.seoMeta ?? {};
  const noindex = !settings.blogPublic || (settings.seoPlugin === 'yoast' && meta.noindex === true);
  const canonical = settings.seoPlugin === 'yoast' && meta.canonical && meta.canonical !== publicLink(store, def.restBase, post) ? meta.canonical : null;
  return { noindex, canonical };
}

/** An SEO object with only what the plugin says for a page that is not an item. */
function pageSeo(store: WordPressStore, title: string | null, description: string | null, url: string, ogImage: JsonObject | null, schema: Json | null): JsonObject {
  const settings = siteSettings(store);
  return {
    source: 'yoast',
    title,
    description,
    robots: robots(settings.blogPublic, true, true),
    canonical: url,
    og: { type: 'website', title, description, image: ogImage, site_name: settings.name, locale: 'en_US', published_time: null, modified_time: null },
    twitter: { card: 'summary_large_image', title: null, description: null, image: null },
    schema,
  };
}

/** `GET /wp-json/custom-api/v1/seo` (404 `rest_no_route` without the companion plugin: the caller answers that). */
export function siteSeo(store: WordPressStore): JsonObject {
  const settings = siteSettings(store);
  const yoast = settings.seoPlugin === 'yoast';
  const icon = imageOf(store, settings.siteIcon);
  const logo = imageOf(store, settings.organization?.logo);
  const home = homeUrl(store);
  // Every REST base with a listing on the site, as the plugin sends them: null where the SEO plugin has no archive values.
  const archives: JsonObject = {};
  for (const { restBase } of CONTENT_TYPES.filter((t) => t.listingPath !== null)) {
    const values = settings.archives[restBase];
    archives[restBase] = yoast && values
      ? pageSeo(store, values.title ?? null, values.description ?? null, `${store.siteUrl ?? ORIGIN}/${restBase}/`, null, null)
      : null;
  }
  return {
    source: yoast ? 'yoast' : 'wordpress',
    name: settings.name || null,
    description: settings.description || null,
    locale: 'en_US',
    icon: icon ? { url: icon.url, width: 512, height: 512 } : null,
    organization: yoast && settings.organization ? { name: settings.organization.name, logo: logo ? { url: logo.url, width: logo.width, height: logo.height } : null } : null,
    home: yoast
      ? pageSeo(store, settings.home.title ?? `${settings.name} - ${settings.description}`, settings.home.description ?? null, home, imageOf(store, settings.home.ogImage), {
          '@context': 'https://schema.org',
          '@graph': [{ '@type': 'WebPage', '@id': home, url: home, name: settings.home.title ?? settings.name, isPartOf: { '@id': `${home}#website` } }, ...websiteNodes(store)] as unknown as Json[],
        })
      : null,
    // Yoast's search title (`title-search-wpseo`) with the plugin's `{query}` token where the phrase goes, noindex; the other fields empty.
    search: yoast
      ? {
          source: 'yoast',
          title: `You searched for {query} - ${settings.name}`,
          description: null,
          robots: { index: false, follow: true, max_snippet: null, max_image_preview: null, max_video_preview: null, noarchive: false, nosnippet: false, noimageindex: false },
          canonical: null,
          og: { type: null, title: null, description: null, image: null, site_name: null, locale: null, published_time: null, modified_time: null },
          twitter: { card: null, title: null, description: null, image: null },
          schema: null,
        }
      : null,
    archives,
  };
}

/** The site's fields of the REST index (`GET /wp-json/`): Settings → General and the site icon. */
export function indexSettings(store: WordPressStore): JsonObject {
  const settings = siteSettings(store);
  const icon = imageOf(store, settings.siteIcon);
  return {
    name: settings.name,
    description: settings.description,
    url: ORIGIN,
    home: ORIGIN,
    gmt_offset: 0,
    timezone_string: 'UTC',
    // WordPress 5.9+: the icon's attachment id and its URL (full size); none → 0 and "".
    site_logo: 0,
    site_icon: settings.siteIcon ?? 0,
    site_icon_url: icon ? (icon.url as string) : '',
  };
}
