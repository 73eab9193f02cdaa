import { EventTemplate } from '@/components/templates/EventTemplate';
import { detailRoute } from '@/lib/site/staticProps';

/**
 * /about-us/events/{slug} (spec §2 detail route): one event item.
 * Plain `export const` data functions, not a destructured export: Next strips only those (and
 * what only they import) from the browser bundle.
 */
export const getStaticPaths = detailRoute('event').getStaticPaths;
export const getStaticProps = detailRoute('event').getStaticProps;
export default EventTemplate;
