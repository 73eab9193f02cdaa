import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import Home, { getStaticProps as homeProps } from '../../pages/index';
import NewsArticle, { getStaticProps as newsProps } from '../../pages/about-us/news/[slug]';
import { resetConfigForTests } from '@/config';
import { clearFrameTypeCache, cleanFrameProps } from '@/lib/wordpress/frames';
import { cleanHtml } from '@/lib/wordpress/normalize';
import { resetServerContextForTests, serverContext } from '@/lib/wordpress/serverContext';
import { WORDPRESS_BASE } from '../setup/msw';

/**
 * Issue 9 §3 "Media on the WordPress host loads": a site paired with a plain WordPress (no
 * MEDIA_HOST) renders every image from WordPress's own origin, and each of those URLs answers an
 * image. The fake WordPress serves its uploads at `/wp-content/uploads/` like WordPress does.
 */

jest.mock('next/head', () => ({ __esModule: true, default: ({ children }: { children: ReactNode }) => <>{children}</> }));

const saved = { MEDIA_HOST: process.env.MEDIA_HOST, CMS_DEV_HOSTS: process.env.CMS_DEV_HOSTS };

function useEnvironment(env: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfigForTests();
  resetServerContextForTests();
}

beforeAll(() => {
  // No media storage host: WordPress serves its media. Some seed content still points at the CMS's development host.
  useEnvironment({ MEDIA_HOST: undefined, CMS_DEV_HOSTS: 'dev-cms.example.test' });
});
afterAll(() => useEnvironment(saved));
beforeEach(() => {
  clearFrameTypeCache();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** Every image URL a rendered page asks the browser to load (src and srcset candidates). */
function imageUrls(container: HTMLElement): string[] {
  return [...container.querySelectorAll('img, source')].flatMap((el) => [
    ...(el.getAttribute('src') ? [el.getAttribute('src') as string] : []),
    ...(el.getAttribute('srcset') ?? '').split(',').map((c) => c.trim().split(/\s+/)[0]).filter(Boolean),
  ]);
}

/** Each URL is on WordPress's origin under /wp-content/uploads/, and WordPress answers it with an image. */
async function expectAllLoadFromWordPress(urls: string[]) {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    expect(url.startsWith(`${WORDPRESS_BASE}/wp-content/uploads/`)).toBe(true);
    const response = await fetch(url);
    expect([url, response.status, response.headers.get('content-type')?.startsWith('image/')]).toEqual([url, 200, true]);
  }
}

describe('issue 9 §3: without MEDIA_HOST, media on the WordPress host load', () => {
  it("the home page's frame images (hero, logos, …) are WordPress URLs that answer images", async () => {
    const { props } = (await homeProps({})) as { props: Parameters<typeof Home>[0] };
    const { container } = render(<Home {...props} />);
    await expectAllLoadFromWordPress(imageUrls(container));
  });

  it("a news article's featured image and inline images (one still on the development host) load from WordPress", async () => {
    const { props } = (await newsProps({ params: { slug: 'corvane-opens-regional-office-in-denver' } })) as { props: Parameters<typeof NewsArticle>[0] };
    const { container } = render(<NewsArticle {...props} />);
    const urls = imageUrls(container);
    expect(urls.length).toBeGreaterThanOrEqual(2);
    await expectAllLoadFromWordPress(urls);
  });

  it('blog bodies that still point at the development host are rewritten to WordPress, not left on a host that does not serve them', async () => {
    const { getStaticProps } = await import('../../pages/resources/blogs/[slug]');
    const { props } = (await getStaticProps({ params: { slug: 'what-payment-orchestration-means-for-multi-site-merchants' } })) as {
      props: { item: { html: string } };
    };
    expect(props.item.html).not.toContain('dev-cms.example.test');
    expect(props.item.html).toContain(`${WORDPRESS_BASE}/wp-content/uploads/`);
  });

  it('root-relative media paths (/wp-content/…) become absolute on WordPress, in bodies and in frame fields: the site does not serve them', () => {
    expect(cleanHtml('<p><img src="/wp-content/uploads/2025/03/a.png" srcset="/wp-content/uploads/a-300.png 300w, /wp-content/uploads/a.png 600w" alt=""></p>').html).toContain(
      `src="${WORDPRESS_BASE}/wp-content/uploads/2025/03/a.png" srcset="${WORDPRESS_BASE}/wp-content/uploads/a-300.png 300w, ${WORDPRESS_BASE}/wp-content/uploads/a.png 600w"`,
    );
    expect(cleanHtml('<a href="/wp-content/uploads/guide.pdf">Guide</a>').html).toBe(`<a href="${WORDPRESS_BASE}/wp-content/uploads/guide.pdf">Guide</a>`);
    expect(cleanFrameProps({ image: '/wp-content/uploads/hero.png', images: ['/wp-content/uploads/b.png'], link: '/pages/x' })).toEqual({
      image: `${WORDPRESS_BASE}/wp-content/uploads/hero.png`,
      images: [`${WORDPRESS_BASE}/wp-content/uploads/b.png`],
      link: '/pages/x',
    });
  });

  it("files WordPress serves outside /wp-content/ stay on WordPress; its pages still become site paths", () => {
    const { toSitePath } = serverContext();
    expect(toSitePath(`${WORDPRESS_BASE}/files/2025/03/a.png`)).toBe(`${WORDPRESS_BASE}/files/2025/03/a.png`);
    expect(toSitePath(`${WORDPRESS_BASE}/brochure.PDF`)).toBe(`${WORDPRESS_BASE}/brochure.PDF`);
    expect(toSitePath(`${WORDPRESS_BASE}/wp-includes/images/media/default.svg`)).toBe(`${WORDPRESS_BASE}/wp-includes/images/media/default.svg`);
    expect(toSitePath(`${WORDPRESS_BASE}/pages/secure-switching/`)).toBe('/pages/secure-switching');
    expect(cleanFrameProps({ image: `${WORDPRESS_BASE}/files/hero.jpg` })).toEqual({ image: `${WORDPRESS_BASE}/files/hero.jpg` });
  });
});
