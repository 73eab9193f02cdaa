/**
 * Issue 35 (docs/reliability.md §2, "A publish's regeneration runs its own reads"): the worker
 * asks Next again when no on-demand run of a page's getStaticProps started after its request, so
 * every page must record its runs under its own path, the one the worker regenerates. A page that
 * recorded another path would be regenerated twice on every publish; one that recorded none could
 * not be told from a joined regeneration.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { GetStaticProps } from 'next';
import { onDemandRunSince, onDemandSequence } from '@/lib/site/regenerate';
import { routePath, staticProps } from '@/lib/site/staticProps';
import { PAGES, pageFiles, routeOfPageFile } from '../helpers/pageFiles';

jest.mock('next/router', () => ({ useRouter: () => ({ asPath: '/' }) }));

const SAMPLE_PARAMS: Record<string, string> = { slug: 'sample-slug', section: 'about-us', page: '2' };

const withStaticProps = pageFiles()
  .filter((file) => /export const getStaticProps\b/.test(readFileSync(file, 'utf8')))
  .map((file) => path.relative(PAGES, file));

describe("issue 35: every page records its on-demand runs under its own path", () => {
  // The fake WordPress's sample content has embeds the sanitizer drops, with a warning each.
  beforeAll(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterAll(() => jest.restoreAllMocks());

  test('the pages found are the site\'s (a regression guard on the list itself)', () => {
    expect(withStaticProps).toEqual(expect.arrayContaining(['index.tsx', 'about-us/news/[slug].tsx', 'about-us/news/index.tsx', '[section]/[slug].tsx']));
  });

  test.each(withStaticProps)('pages/%s', async (relative) => {
    const route = routeOfPageFile(path.join(PAGES, relative));
    const names = [...route.matchAll(/\[([^\]]+)\]/g)].map(([, name]) => name);
    const params = Object.fromEntries(names.map((name) => [name, SAMPLE_PARAMS[name]]));
    const page = (await import(path.join(PAGES, relative))) as { getStaticProps: GetStaticProps };
    const before = onDemandSequence();
    // Its reads answer or fail (sample slugs are 404s); the run is recorded either way.
    await Promise.resolve(page.getStaticProps({ params, revalidateReason: 'on-demand' })).catch(() => undefined);
    expect(onDemandRunSince(routePath(route, params), before)).toBe(true);
  });
});

describe('staticProps records on-demand runs only', () => {
  const page = staticProps('/about-us/news/[slug]', async () => null);

  test.each(['stale', 'build'] as const)("a regeneration whose reason is %s is not recorded (it is not the worker's)", async (revalidateReason) => {
    const before = onDemandSequence();
    await page({ params: { slug: 'a' }, revalidateReason });
    expect(onDemandRunSince('/about-us/news/a', before)).toBe(false);
  });

  test('an on-demand one is, under the route with its parameters', async () => {
    const before = onDemandSequence();
    await page({ params: { slug: 'a' }, revalidateReason: 'on-demand' });
    expect(onDemandRunSince('/about-us/news/a', before)).toBe(true);
  });

  test('routePath fills each [name] segment from the parameters; a missing one stays as it is', () => {
    expect(routePath('/', undefined)).toBe('/');
    expect(routePath('/[section]/[slug]', { section: 'about-us', slug: 'team' })).toBe('/about-us/team');
    expect(routePath('/docs/[...rest]', { rest: ['a', 'b'] })).toBe('/docs/a/b');
    expect(routePath('/about-us/news/[slug]', {})).toBe('/about-us/news/[slug]');
  });
});
