import { ArticleTemplate } from '@/components/templates/ArticleTemplate';
import { detailRoute } from '@/lib/site/staticProps';

/**
 * /about-us/news/{slug} (spec §2 detail route): one news item.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticPaths = detailRoute('news').getStaticPaths;
export const getStaticProps = detailRoute('news').getStaticProps;
export default ArticleTemplate;
