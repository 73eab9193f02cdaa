import { ArticleTemplate } from '@/components/templates/ArticleTemplate';
import { detailRoute } from '@/lib/site/staticProps';

/**
 * /resources/blogs/{slug} (spec §2 detail route): one blog item.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticPaths = detailRoute('blog').getStaticPaths;
export const getStaticProps = detailRoute('blog').getStaticProps;
export default ArticleTemplate;
