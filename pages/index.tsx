import { HomeTemplate, type HomeProps } from '@/components/templates/HomeTemplate';
import { toCardItem } from '@/lib/site/listing';
import { previewDraft, staticProps, type BlockCssProps } from '@/lib/site/staticProps';
import { getCollectionPage } from '@/lib/wordpress/content';
import { HOME_PAGE_SLUG } from '@/lib/shared/wordpress/contentTypes';
import { assembleBlockCss } from '@/lib/html';
import { getFramePage } from '@/lib/wordpress/frames';
import { getSiteSeo, ownPageSeo } from '@/lib/wordpress/identity';
import type { FramePage } from '@/lib/shared/types';

/** Teasers per type on the home page. */
const TEASERS = 3;

/**
 * `/`: the `home` frame page plus the latest news and blog posts (three requests in parallel).
 * Without a `home` page in WordPress the home page still renders, with its teasers. In preview
 * mode, when the previewed item is the `home` page, its draft's frames (issue 11).
 */
export const getStaticProps = staticProps<HomeProps & BlockCssProps & Record<string, unknown>>('/', async (context) => {
  const homePage = async (): Promise<FramePage | null> => {
    const draft = await previewDraft(context, 'page', HOME_PAGE_SLUG);
    return draft === undefined ? getFramePage(HOME_PAGE_SLUG) : ((draft?.item as FramePage | undefined) ?? null);
  };
  const [page, news, blogs, siteSeo] = await Promise.all([
    homePage(),
    getCollectionPage('news', { perPage: TEASERS }),
    getCollectionPage('blog', { perPage: TEASERS }),
    getSiteSeo(),
  ]);
  return {
    frames: page?.frames ?? [],
    description: page?.excerpt ?? '',
    news: news.items.slice(0, TEASERS).map(toCardItem),
    blogs: blogs.items.slice(0, TEASERS).map(toCardItem),
    blockCss: page ? await assembleBlockCss(page.styles) : '',
    // The SEO plugin's home page values (Yoast: Settings → Homepage); none → the site's defaults.
    seo: ownPageSeo(siteSeo.home),
  };
});

export default HomeTemplate;
