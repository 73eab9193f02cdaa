import { FramePageTemplate, type FramePageProps } from '@/components/templates/FramePageTemplate';
import { staticProps } from '@/lib/site/staticProps';
import { getFramePage } from '@/lib/wordpress/frames';

/**
 * `/contact-us` (spec §2 fixed fallback navigation): the WordPress page `contact-us`, so editors
 * own its words like every other page's (its `/pages/contact-us` address redirects here).
 */
export const getStaticProps = staticProps<FramePageProps & Record<string, unknown>>(async () => {
  const page = await getFramePage('contact-us');
  return page ? { page } : null;
});

export default FramePageTemplate;
