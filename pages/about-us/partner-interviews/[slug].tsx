import { PartnerInterviewTemplate } from '@/components/templates/PartnerInterviewTemplate';
import { detailRoute } from '@/lib/site/staticProps';

/**
 * /about-us/partner-interviews/{slug} (spec §2 detail route): one partnerInterview item.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticPaths = detailRoute('partnerInterview').getStaticPaths;
export const getStaticProps = detailRoute('partnerInterview').getStaticProps;
export default PartnerInterviewTemplate;
