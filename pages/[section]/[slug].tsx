import type { GetStaticPaths } from 'next';
import { FramePageTemplate, type FramePageProps } from '@/components/templates/FramePageTemplate';
import { framePageProps, previewDraft, staticProps, type BlockCssProps } from '@/lib/site/staticProps';
import type { FramePage } from '@/lib/shared/types';
import { getIdList } from '@/lib/wordpress/content';
import { PAGE_ADDRESSES } from '@/lib/shared/wordpress/contentTypes';
import { getFramePage } from '@/lib/wordpress/frames';

type Params = { section: string; slug: string };

/** The section of a page link's path (`/pages/secure-switching` → `pages`). */
function sectionOfPath(path: string): string {
  return decodeURIComponent(path.split('/')[1] ?? '');
}

/**
 * `/{section}/{slug}` (spec §2 default section pages): every published `fp_page` but those served
 * at an address of their own (PAGE_ADDRESSES: `/`, `/contact-us`). New pages are generated on first request (fallback 'blocking').
 */
export const getStaticPaths: GetStaticPaths<Params> = async () => {
  const links = await getIdList('page');
  return {
    paths: links
      .filter((link) => !Object.hasOwn(PAGE_ADDRESSES, link.slug))
      .map((link) => ({ params: { section: sectionOfPath(link.path), slug: link.slug } })),
    fallback: 'blocking',
  };
};

/**
 * The page by its slug; a 404 when there is none, when it has an address of its own, or when it
 * lives in another section. In preview mode, when the previewed item is this page (slug and
 * section, `preview-{id}` for a draft without a slug), its draft (issue 11).
 */
export const getStaticProps = staticProps<FramePageProps & BlockCssProps & Record<string, unknown>, Params>('/[section]/[slug]', async (context) => {
  const { params } = context;
  const slug = params?.slug;
  if (!slug || Object.hasOwn(PAGE_ADDRESSES, slug)) return null;
  const draft = await previewDraft(context, 'page', slug, params.section);
  if (draft !== undefined) return draft ? framePageProps(draft.item as FramePage) : null;
  const page = await getFramePage(slug);
  if (!page || page.section !== params.section) return null;
  // The CSS its frames' rich text needs (their style attributes lifted into classes, docs/blocks.md):
  // `page.styles` only, since the page's own `content` is not shown.
  return framePageProps(page);
});

export default FramePageTemplate;
