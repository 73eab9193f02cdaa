import { FrameList } from '@/components/frames/FrameList';
import { toHeroProps } from '@/components/frames/Hero';
import { pageHeadingFrameIndex } from '@/components/frames/registry';
import { Seo } from '@/components/seo/Seo';
import { isTestPage } from '@/lib/shared/testPages';
import type { Frame, FramePage, MediaImage } from '@/lib/shared/types';
import { PageHeader } from './PageHeader';
import { StaticBody } from '@/components/static/StaticHtml';

export interface FramePageProps {
  page: FramePage;
}

/** The first hero's image, for Open Graph (with its size when WordPress knows the URL as an attachment). */
export function heroImage(frames: readonly Frame[]): MediaImage | null {
  for (const frame of frames) {
    if (frame.frameType !== 'hero' || !frame.props) continue;
    const hero = toHeroProps(frame.props);
    if (!hero?.image) continue;
    const known = frame.images?.[hero.image.src];
    return {
      url: hero.image.src,
      alt: hero.image.alt,
      width: hero.image.width ?? known?.width ?? null,
      height: hero.image.height ?? known?.height ?? null,
      sources: known?.sources ?? [],
    };
  }
  return null;
}

/**
 * A page built from frames (`/{section}/{slug}`). When the page opens with a hero, the hero's
 * heading is the page's h1; otherwise the page's title is, in a page header above the frames.
 * The two test pages of spec §2 are kept out of search engines.
 */
export function FramePageTemplate({ page }: FramePageProps) {
  const heroHeading = pageHeadingFrameIndex(page.frames) !== -1;
  return (
    <>
      <Seo
        title={page.title}
        description={page.excerpt}
        path={page.path}
        image={heroImage(page.frames)}
        noindex={isTestPage(page.path)}
        seo={page.seo}
      />
      <StaticBody contentKey={page}>
        {heroHeading ? null : <PageHeader title={page.title} lead={page.excerpt || null} />}
        <FrameList frames={page.frames} opensPage={heroHeading} />
      </StaticBody>
    </>
  );
}

export default FramePageTemplate;
