import { ListingTemplate } from '@/components/templates/ListingTemplate';
import { listingRoute } from '@/lib/site/listing';

/**
 * /resources/white-papers: the whitePaper listing, page 1.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticProps = listingRoute('whitePaper').getStaticProps;
export default ListingTemplate;
