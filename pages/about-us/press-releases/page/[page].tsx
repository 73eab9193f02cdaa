import { ListingTemplate } from '@/components/templates/ListingTemplate';
import { listingPageRoute } from '@/lib/site/listing';

/**
 * /about-us/press-releases/page/{n}: the pressRelease listing, pages 2 and on.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticPaths = listingPageRoute('pressRelease').getStaticPaths;
export const getStaticProps = listingPageRoute('pressRelease').getStaticProps;
export default ListingTemplate;
