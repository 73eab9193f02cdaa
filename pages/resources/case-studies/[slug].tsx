import { CaseStudyTemplate } from '@/components/templates/CaseStudyTemplate';
import { detailRoute } from '@/lib/site/staticProps';

/**
 * /resources/case-studies/{slug} (spec §2 detail route): one caseStudy item.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticPaths = detailRoute('caseStudy').getStaticPaths;
export const getStaticProps = detailRoute('caseStudy').getStaticProps;
export default CaseStudyTemplate;
