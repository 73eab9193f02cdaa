import { ArticleTemplate } from '@/components/templates/ArticleTemplate';
import { detailRoute } from '@/lib/site/staticProps';

/**
 * /resources/insights/{slug} (spec §2 detail route): one insight item.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticPaths = detailRoute('insight').getStaticPaths;
export const getStaticProps = detailRoute('insight').getStaticProps;
export default ArticleTemplate;
