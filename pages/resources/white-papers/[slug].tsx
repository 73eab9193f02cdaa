import { WhitePaperTemplate } from '@/components/templates/WhitePaperTemplate';
import { detailRoute } from '@/lib/site/staticProps';

/**
 * /resources/white-papers/{slug} (spec §2 detail route): one whitePaper item.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticPaths = detailRoute('whitePaper').getStaticPaths;
export const getStaticProps = detailRoute('whitePaper').getStaticProps;
export default WhitePaperTemplate;
