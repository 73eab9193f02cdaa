import { ArticleTemplate } from '@/components/templates/ArticleTemplate';
import { detailRoute } from '@/lib/site/staticProps';

/**
 * /about-us/press-release/{slug} (spec §2 detail route): one pressRelease item.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticPaths = detailRoute('pressRelease').getStaticPaths;
export const getStaticProps = detailRoute('pressRelease').getStaticProps;
export default ArticleTemplate;
