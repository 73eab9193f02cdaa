import type { GetStaticPaths, GetStaticProps, GetStaticPropsContext } from 'next';
import type { ParsedUrlQuery } from 'node:querystring';
import { getConfig } from '../../config';
import { withBlockCss } from '../html';
import { getIdList, getItemBySlug } from '../wordpress/content';
import { readPreview, type PreviewItem } from '../wordpress/preview';
import { urgentReads, wordpressFailing } from '../wordpress/recovery';
import { previewFor, type PreviewContext } from '../preview/previewData';
import type { ContentItem, ContentTypeName, FramePage } from '../shared/types';
import { contentType } from '../shared/wordpress/contentTypes';
import { getLayoutData, type LayoutData } from './layout';
import { recordOnDemandRun } from './regenerate';

/** A visitor's regeneration not started because WordPress is failing (see `staticProps`). */
export class WordPressFailingError extends Error {
  constructor() {
    super('WordPress is failing: the page is not regenerated until it answers again; the last good page is served');
    this.name = 'WordPressFailingError';
    // Next logs every failed background regeneration, and visitors ask for stale pages many times a
    // second during an outage: one line each, not a stack trace that says nothing more.
    this.stack = `${this.name}: ${this.message}`;
  }
}

/** Props every page receives: its own plus the layout data (`_app` renders the layout from it). */
export type WithLayout<P> = P & { layout: LayoutData };

/**
 * The site path of a page from its route as Next spells it (`/about-us/news/[slug]`, the page
 * file's path under pages/) and its parameters: each `[name]` segment replaced by its parameter.
 */
export function routePath(route: string, params: ParsedUrlQuery | undefined): string {
  return route.replace(/\[([^\]/]+)\]/g, (segment, name: string) => {
    const value = params?.[name.replace(/^\.{3}/, '')]; // `[...rest]`: a catch-all's parameter is `rest`
    if (Array.isArray(value)) return value.join('/');
    return typeof value === 'string' ? value : segment;
  });
}

/**
 * The one way a page builds its static props. `route` is the page's route as Next spells it
 * (its file's path under pages/: `/about-us/news/[slug]`, `/` for the home page); an on-demand
 * regeneration records its run under the page's path, so the worker can tell it ran its own
 * reads (src/lib/site/regenerate.ts). `load` returns the page's props, or null for a
 * 404. The result always carries the layout data and `revalidate` (a 404 too, so content
 * published later appears). When WordPress fails, `load` throws and so does this: at build time
 * the build fails loudly; during a background regeneration Next keeps serving the last good page.
 * An on-demand regeneration (the revalidation worker's, for an editor's publish) reads WordPress
 * urgently: should WordPress hang and recover meanwhile, its waiting attempts are abandoned and
 * made again 3 s later, not waited out to their 10 s timeout (src/lib/wordpress/recovery.ts).
 */
export function staticProps<P extends Record<string, unknown>, Q extends ParsedUrlQuery = ParsedUrlQuery>(
  route: string,
  load: (context: GetStaticPropsContext<Q>) => Promise<P | null>,
): GetStaticProps<WithLayout<P>, Q> {
  return async (context) => {
    if (context.revalidateReason === 'on-demand') recordOnDemandRun(routePath(route, context.params));
    // A visitor's regeneration is not started while WordPress is failing: Next keeps serving the
    // last good page, as it would after the reads had failed, and no regeneration is left waiting
    // on a hung WordPress. Such a held regeneration also held the editors' publishes: Next runs one
    // regeneration of a page at a time, and the worker's on-demand one joins it (issue 35, the
    // chaos bench's run 10: a batch took 10 s after a hang). The worker's own reads wait for
    // WordPress to answer (src/lib/site/jobs.ts); builds are not affected.
    if (context.revalidateReason === 'stale' && wordpressFailing()) throw new WordPressFailingError();
    const revalidate = getConfig().revalidateSeconds;
    const read = () => Promise.all([load(context), getLayoutData()]);
    const [props, layout] = await (context.revalidateReason === 'on-demand' ? urgentReads(read) : read());
    if (props === null) return { notFound: true, revalidate };
    return { props: { ...props, layout }, revalidate };
  };
}

/**
 * Issue 11: the draft this page shows in preview mode, read from WordPress's authenticated
 * preview route, when the preview data names this page's item (`previewFor`: same type and slug,
 * and section for pages); `undefined` when this page is not the previewed one (it renders
 * published content); null when WordPress no longer has the item (a 404). Outside preview mode
 * (every build and regeneration) it is `undefined` without any request.
 */
export async function previewDraft(context: PreviewContext, type: ContentTypeName, slug: string, section?: string): Promise<PreviewItem | null | undefined> {
  const preview = previewFor(context, type, slug, section);
  if (!preview) return undefined;
  return readPreview(preview.def, preview.id, preview.user);
}

export interface DetailProps extends Record<string, unknown> {
  item: ContentItem;
  /** The body's block stylesheet (src/lib/html/blockCss.ts); _app puts it in the head. */
  blockCss: string;
}

/** Props a page with a CMS body adds for its block stylesheet: `_app` renders it as one `<style>` in the head (src/components/content/BlockStyles.tsx). */
export interface BlockCssProps {
  blockCss: string;
}

/**
 * A frame page's props: the page and the stylesheet its frames' rich text needs (their style
 * attributes lifted into classes: `page.styles` only, since the page's own `content` is not shown).
 */
export async function framePageProps(frames: FramePage): Promise<{ page: FramePage; blockCss: string }> {
  const { item: page, blockCss } = await withBlockCss(frames, { prune: false });
  return { page, blockCss };
}

/**
 * getStaticPaths and getStaticProps of a detail route `/…/{slug}` of one content type: paths
 * from the type's id list (one request), `fallback: 'blocking'` so items published after the
 * build are generated on first request; an unknown slug is a 404.
 */
export function detailRoute(type: ContentTypeName): {
  getStaticPaths: GetStaticPaths<{ slug: string }>;
  getStaticProps: GetStaticProps<WithLayout<DetailProps>, { slug: string }>;
} {
  return {
    getStaticPaths: async () => {
      const links = await getIdList(type);
      return { paths: links.map(({ slug }) => ({ params: { slug } })), fallback: 'blocking' };
    },
    getStaticProps: staticProps<DetailProps, { slug: string }>(`${contentType(type).routePrefix}/[slug]`, async (context) => {
      const slug = context.params?.slug;
      if (!slug) return null;
      const draft = await previewDraft(context, type, slug);
      const item = draft !== undefined ? (draft?.item ?? null) : await getItemBySlug(type, slug);
      return item ? withBlockCss(item, { prune: true }) : null;
    }),
  };
}
