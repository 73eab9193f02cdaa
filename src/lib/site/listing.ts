import type { GetStaticPaths, GetStaticProps } from 'next';
import { getConfig } from '../../config';
import type { CardItem, ContentItem, ContentTypeName, ListingProps } from '../shared/types';
import { getCollectionPage } from '../wordpress/content';
import { getSiteSeo, ownPageSeo } from '../wordpress/identity';
import { contentType } from '../shared/wordpress/contentTypes';
import { listingPagePath } from '../shared/site/listingPaths';
import { staticProps, type WithLayout } from './staticProps';

export { listingPagePath };

/**
 * Listing pages (`/about-us/news`, `/resources/blogs`, ...) of every type of the content-type
 * table that has a `listingPath`: newest first, 12 cards a page, page 1 at the listing path and
 * pages 2+ at `{listingPath}/page/{n}`. One WordPress request per listing page
 * (`{restBase}?per_page=12&page={n}`), whose `X-WP-TotalPages` gives the page count.
 */

export const LISTING_PAGE_SIZE = 12;

/** The custom fields a card of each type shows (event dates and place, case-study client, ...). */
const CARD_FIELDS: Partial<Record<ContentTypeName, readonly string[]>> = {
  event: ['start_date', 'end_date', 'location'],
  caseStudy: ['client'],
  partnerInterview: ['partner_name', 'partner_role', 'company'],
  insight: ['topic', 'reading_time'],
};

/** The part of an item a card needs (keeps page props small: no body HTML). */
export function toCardItem(item: ContentItem): CardItem {
  const names = CARD_FIELDS[item.type] ?? [];
  const fields: CardItem['fields'] = {};
  for (const name of names) {
    if (Object.hasOwn(item.fields, name)) fields[name] = item.fields[name];
  }
  return {
    id: item.id,
    type: item.type,
    title: item.title,
    path: item.path,
    date: item.date,
    excerpt: item.excerpt,
    featuredImage: item.featuredImage,
    fields,
  };
}

/** One sentence under each listing's heading. */
const LISTING_INTROS: Partial<Record<ContentTypeName, string>> = {
  blog: 'Ideas, how-tos and analysis from the people who build and support Corvane.',
  news: 'Company news, milestones and announcements from Corvane.',
  pressRelease: 'Official announcements from Corvane Payments for press and analysts.',
  whitePaper: 'In-depth research and practical guides, free to download.',
  caseStudy: 'How restaurants, campuses, venues and hotels run faster, simpler payments with Corvane.',
  insight: 'Data and short analysis from the Corvane network.',
  event: 'Meet Corvane at conferences, webinars and roadshows.',
  partnerInterview: 'Conversations with the software vendors, ISOs and resellers who build on Corvane.',
};

function listingBase(type: ContentTypeName): string {
  const { listingPath } = contentType(type);
  if (!listingPath) throw new Error(`The content type ${type} has no listing page`);
  return listingPath;
}

/**
 * The props of page `page` of a type's listing, or null (a 404) for a page that does not exist:
 * not a positive integer, or past the last page. Page 1 always exists, even with no items.
 * Throws when WordPress fails (ISR keeps serving the last good page).
 */
export async function listingProps(type: ContentTypeName, page: number): Promise<ListingProps | null> {
  const def = contentType(type);
  const basePath = listingBase(type);
  if (!Number.isSafeInteger(page) || page < 1) return null;
  const [{ items, total, totalPages }, siteSeo] = await Promise.all([
    getCollectionPage(type, { page, perPage: LISTING_PAGE_SIZE }),
    page === 1 ? getSiteSeo() : null,
  ]);
  if (page > 1 && (items.length === 0 || page > totalPages)) return null;
  return {
    listing: {
      type,
      title: def.pluralLabel,
      intro: LISTING_INTROS[type] ?? '',
      basePath,
      path: listingPagePath(basePath, page),
      page,
      totalPages: Math.max(1, totalPages, page),
      total,
      items: items.map(toCardItem),
      // Page 1 only: the plugin's archive title and description name the listing, not its page 5.
      seo: ownPageSeo(siteSeo?.archives[def.restBase]),
    },
  };
}

/** A `page` route parameter as a page number: digits without a leading zero, else null. */
export function parsePageParam(value: unknown): number | null {
  if (typeof value !== 'string' || !/^[1-9]\d{0,5}$/.test(value)) return null;
  return Number(value);
}

/** getStaticProps of a listing's first page (`pages/about-us/news/index.tsx`). */
export function listingRoute(type: ContentTypeName): { getStaticProps: GetStaticProps<WithLayout<ListingProps>> } {
  return { getStaticProps: staticProps<ListingProps>(listingBase(type), () => listingProps(type, 1)) };
}

type PageParams = { page: string };

/**
 * getStaticPaths and getStaticProps of a listing's further pages (`{listingPath}/page/[page]`):
 * no page is built ahead (fallback 'blocking': each is generated on its first request, then kept
 * fresh by ISR); `page/1` redirects permanently to the listing path; any other page outside
 * 2..totalPages, or a parameter that is not a plain number (`02`, `x`), is a 404.
 */
export function listingPageRoute(type: ContentTypeName): {
  getStaticPaths: GetStaticPaths<PageParams>;
  getStaticProps: GetStaticProps<WithLayout<ListingProps>, PageParams>;
} {
  const basePath = listingBase(type);
  const load = staticProps<ListingProps, PageParams>(`${basePath}/page/[page]`, async ({ params }) => {
    const page = parsePageParam(params?.page);
    return page !== null && page >= 2 ? listingProps(type, page) : null;
  });
  return {
    getStaticPaths: async () => ({ paths: [], fallback: 'blocking' }),
    getStaticProps: async (context) => {
      if (context.params?.page === '1') {
        return { redirect: { destination: basePath, permanent: true }, revalidate: getConfig().revalidateSeconds };
      }
      return load(context);
    },
  };
}
