import { ListingTemplate } from '@/components/templates/ListingTemplate';
import { listingRoute } from '@/lib/site/listing';

/**
 * /resources/insights: the insight listing, page 1.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticProps = listingRoute('insight').getStaticProps;
export default ListingTemplate;
