import path from 'node:path';

/**
 * Which built page stands for each template, chosen from the routes the build prerendered. Seed
 * content is preferred over generated items (`generated-…` slugs) so the pages measured are the
 * same whatever `--items` is; among the candidates the first in sorted order wins.
 */

export interface Template {
  /** Shown in the table, e.g. `article (blog)`. */
  name: string;
  /** Whether the article budget (First Load JS) applies. */
  article: boolean;
  /** The route, or a pattern its routes match. */
  route: string | RegExp;
}

const slug = '(?!page$)[^/]+';

export const TEMPLATES: readonly Template[] = [
  { name: 'home', article: false, route: '/' },
  { name: 'frame page', article: false, route: new RegExp(`^/pages/${slug}$`) },
  { name: 'article (blog)', article: true, route: new RegExp(`^/resources/blogs/${slug}$`) },
  { name: 'article (news)', article: true, route: new RegExp(`^/about-us/news/${slug}$`) },
  { name: 'article (press release)', article: true, route: new RegExp(`^/about-us/press-release/${slug}$`) },
  { name: 'article (insight)', article: true, route: new RegExp(`^/resources/insights/${slug}$`) },
  { name: 'event', article: false, route: new RegExp(`^/about-us/events/${slug}$`) },
  { name: 'white paper', article: false, route: new RegExp(`^/resources/white-papers/${slug}$`) },
  { name: 'case study', article: false, route: new RegExp(`^/resources/case-studies/${slug}$`) },
  { name: 'partner interview', article: false, route: new RegExp(`^/about-us/partner-interviews/${slug}$`) },
  { name: 'listing', article: false, route: '/resources/blogs' },
  { name: 'search', article: false, route: '/search' },
  { name: '404', article: false, route: '/404' },
];

/** The seed's article whose featured image is the large photo (2400 × 1260 JPEG): what a phone downloads for it is budgeted (issue 13). */
export const LARGE_PHOTO_ARTICLE = '/resources/blogs/saturday-at-the-farmers-market-payments-in-the-open-air';

/**
 * Issue 17: the seed's block-rich article (every core block of 6.1 and its main variations): the
 * CSS it sends in total (the site's own files and its in-page block stylesheet) is budgeted, and
 * its First Load JS is held to the article budget. The one place the bench names it.
 */
export const BLOCK_RICH_ARTICLE = '/resources/blogs/blocks-showcase';

/** Offer pages of the fallback menu (spec §2), the first one built is the bench's offer page. */
export const OFFER_PAGES = ['/pages/card-services', '/pages/secure-switching', '/pages/alternative-payment-methods', '/pages/estate-management'];

const isGenerated = (route: string) => /\/generated-[^/]*$/.test(route);

/** The route that stands for a template, or null when the build has none. */
export function pickRoute(routes: readonly string[], route: string | RegExp): string | null {
  if (typeof route === 'string') return routes.includes(route) ? route : null;
  const candidates = routes.filter((r) => route.test(r)).sort();
  return candidates.find((r) => !isGenerated(r)) ?? candidates[0] ?? null;
}

/**
 * The seed's plain blog article (text, a featured image, no block showcase): the bench's "an
 * article" for serving, Lighthouse and revalidation, as in issue 13's measurements. Named because
 * since issue 17 the seed's block fixtures (`blocks-showcase`, `brand-colours-buttons-and-type`…,
 * docs/blocks-fidelity.md) sort first among the blog articles, and they are not a typical article:
 * the colour showcase's editor-chosen button colours fail contrast on purpose.
 */
export const PLAIN_ARTICLE = '/resources/blogs/five-signs-your-terminal-estate-needs-attention';

/**
 * The blog article the bench measures as "an article" (issue 19: home, an article, the offer page
 * and the block-rich article are four pages): PLAIN_ARTICLE when built, else the first built blog
 * article that is neither the block-rich nor the large-photo article (measured on their own
 * rows), else any blog article.
 */
export function pickArticle(routes: readonly string[]): string | null {
  if (routes.includes(PLAIN_ARTICLE)) return PLAIN_ARTICLE;
  const blog = TEMPLATES.find((t) => t.name === 'article (blog)')!.route;
  return pickRoute(routes.filter((r) => r !== BLOCK_RICH_ARTICLE && r !== LARGE_PHOTO_ARTICLE), blog) ?? pickRoute(routes, blog);
}

/** The offer page to measure: the first of OFFER_PAGES that was built, else any frame page. */
export function pickOfferPage(routes: readonly string[]): string | null {
  return OFFER_PAGES.find((page) => routes.includes(page)) ?? pickRoute(routes, TEMPLATES[1].route);
}

/** The HTML file `next build` wrote for a prerendered route. */
export function htmlFileFor(distDir: string, route: string): string {
  return path.join(distDir, 'server', 'pages', `${route === '/' ? '/index' : route}.html`);
}

/** The prerendered routes of a prerender-manifest.json (its `routes` keys; data routes excluded). */
export function prerenderedRoutes(manifest: unknown): string[] {
  const routes = (manifest as { routes?: Record<string, unknown> } | null)?.routes;
  if (!routes || typeof routes !== 'object') throw new Error('prerender-manifest.json has no "routes"');
  return Object.keys(routes).filter((route) => !route.startsWith('/_next/data/'));
}
