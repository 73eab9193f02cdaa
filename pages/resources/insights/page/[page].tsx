import { ListingTemplate } from '@/components/templates/ListingTemplate';
import { listingPageRoute } from '@/lib/site/listing';

/**
 * /resources/insights/page/{n}: the insight listing, pages 2 and on.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticPaths = listingPageRoute('insight').getStaticPaths;
export const getStaticProps = listingPageRoute('insight').getStaticProps;
export default ListingTemplate;
