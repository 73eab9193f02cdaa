import { ListingTemplate } from '@/components/templates/ListingTemplate';
import { listingRoute } from '@/lib/site/listing';

/**
 * /about-us/partner-interviews: the partnerInterview listing, page 1.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticProps = listingRoute('partnerInterview').getStaticProps;
export default ListingTemplate;
