import { ListingTemplate } from '@/components/templates/ListingTemplate';
import { listingPageRoute } from '@/lib/site/listing';

/**
 * /resources/case-studies/page/{n}: the caseStudy listing, pages 2 and on.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticPaths = listingPageRoute('caseStudy').getStaticPaths;
export const getStaticProps = listingPageRoute('caseStudy').getStaticProps;
export default ListingTemplate;
