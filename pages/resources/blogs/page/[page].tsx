import { ListingTemplate } from '@/components/templates/ListingTemplate';
import { listingPageRoute } from '@/lib/site/listing';

/**
 * /resources/blogs/page/{n}: the blog listing, pages 2 and on.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticPaths = listingPageRoute('blog').getStaticPaths;
export const getStaticProps = listingPageRoute('blog').getStaticProps;
export default ListingTemplate;
