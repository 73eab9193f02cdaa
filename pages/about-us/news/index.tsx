import { ListingTemplate } from '@/components/templates/ListingTemplate';
import { listingRoute } from '@/lib/site/listing';

/**
 * /about-us/news: the news listing, page 1.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticProps = listingRoute('news').getStaticProps;
export default ListingTemplate;
