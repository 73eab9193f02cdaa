import { FramePageTemplate, type FramePageProps } from '@/components/templates/FramePageTemplate';
import { framePageProps, previewDraft, staticProps, type BlockCssProps } from '@/lib/site/staticProps';
import type { FramePage } from '@/lib/shared/types';
import { getFramePage } from '@/lib/wordpress/frames';

/**
 * `/contact-us` (spec §2 fixed fallback navigation): the WordPress page `contact-us`, so editors
 * own its words like every other page's (its `/pages/contact-us` address redirects here). In
 * preview mode, when the previewed item is that page, its draft (issue 11).
 */
export const getStaticProps = staticProps<FramePageProps & BlockCssProps & Record<string, unknown>>('/contact-us', async (context) => {
  const draft = await previewDraft(context, 'page', 'contact-us');
  const page = draft === undefined ? await getFramePage('contact-us') : ((draft?.item as FramePage | undefined) ?? null);
  return page ? framePageProps(page) : null;
});

export default FramePageTemplate;
