import { ListingTemplate } from '@/components/templates/ListingTemplate';
import { listingPageRoute } from '@/lib/site/listing';

/**
 * /about-us/events/page/{n}: the event listing, pages 2 and on.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticPaths = listingPageRoute('event').getStaticPaths;
export const getStaticProps = listingPageRoute('event').getStaticProps;
export default ListingTemplate;
