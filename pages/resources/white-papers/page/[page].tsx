import { ListingTemplate } from '@/components/templates/ListingTemplate';
import { listingPageRoute } from '@/lib/site/listing';

/**
 * /resources/white-papers/page/{n}: the whitePaper listing, pages 2 and on.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticPaths = listingPageRoute('whitePaper').getStaticPaths;
export const getStaticProps = listingPageRoute('whitePaper').getStaticProps;
export default ListingTemplate;
