import type { GetStaticPaths, GetStaticProps } from 'next';
import * as blogs from '../../pages/resources/blogs/[slug]';
import * as caseStudies from '../../pages/resources/case-studies/[slug]';
import * as insights from '../../pages/resources/insights/[slug]';
import * as whitePapers from '../../pages/resources/white-papers/[slug]';
import * as events from '../../pages/about-us/events/[slug]';
import * as news from '../../pages/about-us/news/[slug]';
import * as partnerInterviews from '../../pages/about-us/partner-interviews/[slug]';
import * as pressReleases from '../../pages/about-us/press-release/[slug]';
import { getConfig } from '@/config';
import type { ContentItem, ContentTypeName } from '@/lib/shared/types';
import { contentType } from '@/lib/shared/wordpress/contentTypes';
import { fakeWordPress } from '../setup/msw';

type SlugParams = { slug: string };

interface DetailModule {
  getStaticPaths: GetStaticPaths<SlugParams>;
  getStaticProps: GetStaticProps<Record<string, unknown>, SlugParams>;
  default: unknown;
}

/** Spec §2 detail routes: each route file, its content type and one slug the seed has. */
const ROUTES: [route: string, type: ContentTypeName, module: DetailModule, slug: string, title: string][] = [
  ['/resources/blogs/{slug}', 'blog', blogs, 'five-signs-your-terminal-estate-needs-attention', 'Five signs your terminal estate needs attention'],
  ['/about-us/news/{slug}', 'news', news, 'corvane-wins-payments-innovation-award', 'Corvane wins Payments Innovation Award for Vision AI'],
  ['/about-us/events/{slug}', 'event', events, 'campus-dining-expo-2026', 'Campus Dining Expo 2026'],
  ['/about-us/press-release/{slug}', 'pressRelease', pressReleases, 'corvane-harbor-lane-hotels-agreement', 'Corvane and Harbor Lane Hotels Sign Five-Year Payments Agreement'],
  ['/resources/white-papers/{slug}', 'whitePaper', whitePapers, 'terminal-estate-benchmark-2025', 'Terminal Estate Benchmark 2025'],
  ['/resources/case-studies/{slug}', 'caseStudy', caseStudies, 'harbor-lane-hotels-one-partner', 'Harbor Lane Hotels: four vendors replaced by one'],
  ['/about-us/partner-interviews/{slug}', 'partnerInterview', partnerInterviews, 'iso-view-local-service-national-scale', 'An ISO\u2019s view: local service at national scale'],
  ['/resources/insights/{slug}', 'insight', insights, 'why-soft-declines-arent-really-soft', 'Why soft declines aren\u2019t really soft'],
];

const props = async (module: DetailModule, slug: string) =>
  (await module.getStaticProps({ params: { slug } })) as {
    props?: { item: ContentItem; layout: { menu: unknown[]; footer: unknown[] } };
    notFound?: boolean;
    revalidate?: number;
  };

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe.each(ROUTES)('spec §2 detail route %s', (route, type, module, slug, title) => {
  test('the route file lives at the content-type table route and exports a page component', () => {
    expect(route.replace('/{slug}', '')).toBe(contentType(type).routePrefix);
    expect(typeof module.default).toBe('function');
  });

  test('getStaticPaths: every slug of the type id list, fallback blocking', async () => {
    const result = await module.getStaticPaths({});
    expect(result.fallback).toBe('blocking');
    const slugs = result.paths.map((p) => (typeof p === 'string' ? p : p.params.slug));
    expect(slugs).toContain(slug);
    const published = fakeWordPress().collections[contentType(type).restBase as keyof ReturnType<typeof fakeWordPress>['collections']].filter(
      (p) => p.status === 'publish',
    );
    expect(slugs.sort()).toEqual(published.map((p) => p.slug).sort());
  });

  test('getStaticProps: the item built from its slug, with the layout and revalidate', async () => {
    const result = await props(module, slug);
    expect(result.props?.item.title).toBe(title);
    expect(result.props?.item.type).toBe(type);
    expect(result.props?.item.path).toBe(`${contentType(type).routePrefix}/${slug}`);
    expect(Array.isArray(result.props?.layout.menu)).toBe(true);
    expect(result.revalidate).toBe(getConfig().revalidateSeconds);
  });

  test('an unknown slug is a 404 that is revalidated (content published later appears)', async () => {
    const result = await props(module, 'no-such-item');
    expect(result.notFound).toBe(true);
    expect(result.props).toBeUndefined();
    expect(result.revalidate).toBe(getConfig().revalidateSeconds);
  });
});

describe('detail routes: no item of another type answers a slug', () => {
  test('a news slug under the blog route is a 404', async () => {
    expect((await props(blogs, 'corvane-wins-payments-innovation-award')).notFound).toBe(true);
  });

  test('a draft is a 404', async () => {
    expect((await props(news, 'upcoming-announcement-draft')).notFound).toBe(true);
  });
});
