import * as sectionPage from '../../pages/[section]/[slug]';
import { getConfig } from '@/config';
import type { FramePage } from '@/lib/shared/types';
import { clearFrameTypeCache } from '@/lib/wordpress/frames';
import { fakeWordPress } from '../setup/msw';

type Result = { props?: { page: FramePage; layout: unknown }; notFound?: boolean; revalidate?: number };
const props = async (section: string, slug: string) =>
  (await sectionPage.getStaticProps({ params: { section, slug } })) as Result;

beforeEach(() => {
  clearFrameTypeCache();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('spec §2 /{section}/{slug} (default section pages)', () => {
  test('getStaticPaths: every published page with its section and slug, home excluded, fallback blocking', async () => {
    const result = await sectionPage.getStaticPaths({});
    expect(result.fallback).toBe('blocking');
    const params = result.paths.map((p) => (typeof p === 'string' ? p : p.params));
    expect(params).toContainEqual({ section: 'pages', slug: 'secure-switching' });
    expect(params).toContainEqual({ section: 'pages', slug: 'partner-interviewes' });
    expect(params.some((p) => typeof p !== 'string' && p.slug === 'home')).toBe(false);
    expect(params.some((p) => typeof p !== 'string' && p.slug === 'pricing-draft')).toBe(false);
  });

  test('getStaticProps: the page and its frames, with the layout and revalidate', async () => {
    const result = await props('pages', 'secure-switching');
    expect(result.props?.page.title).toBe('Secure Switching');
    expect(result.props?.page.frames.map((f) => f.frameType)).toEqual(['hero', 'rich-text', 'card-grid', 'stats', 'testimonial', 'cta']);
    expect(result.props?.layout).toBeDefined();
    expect(result.revalidate).toBe(getConfig().revalidateSeconds);
  });

  test('a section mismatch is a 404: the page lives under its own section only', async () => {
    const result = await props('resources', 'secure-switching');
    expect(result.notFound).toBe(true);
    expect(result.revalidate).toBe(getConfig().revalidateSeconds);
  });

  test('a page WordPress puts in another section is served there, and 404s under /pages', async () => {
    const page = fakeWordPress().collections.fp_page.find((p) => p.slug === 'brand-kit')!;
    page.acf.section = 'company';
    expect((await props('company', 'brand-kit')).props?.page.path).toBe('/company/brand-kit');
    expect((await props('pages', 'brand-kit')).notFound).toBe(true);
  });

  test('an unknown slug is a 404', async () => {
    expect((await props('pages', 'no-such-page')).notFound).toBe(true);
  });

  test('home is served at /, never at /{section}/home', async () => {
    expect((await props('pages', 'home')).notFound).toBe(true);
  });
});
