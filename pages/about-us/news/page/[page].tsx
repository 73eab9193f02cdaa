import { ListingTemplate } from '@/components/templates/ListingTemplate';
import { listingPageRoute } from '@/lib/site/listing';

/**
 * /about-us/news/page/{n}: the news listing, pages 2 and on.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticPaths = listingPageRoute('news').getStaticPaths;
export const getStaticProps = listingPageRoute('news').getStaticProps;
export default ListingTemplate;
