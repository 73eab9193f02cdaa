// @ts-check

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Where `next build` writes and `next start` reads. The bench (scripts/bench) builds into its own
  // directory so it never replaces a developer's or the browser tests' `.next`.
  distDir: process.env.NEXT_DIST_DIR?.trim() || '.next',
  poweredByHeader: false,
  // The content system's URL is public (the browser reads alerts from it); no secret goes here.
  env: {
    NEXT_PUBLIC_WORDPRESS_URL: (process.env.WORDPRESS_URL ?? '').trim().replace(/\/+$/, ''),
    // The canonical origin (public): canonical URLs, Open Graph and JSON-LD render in the browser
    // too. Inlined at build time (src/lib/site/siteUrl.ts); same default as src/config.ts.
    NEXT_PUBLIC_SITE_URL: (process.env.SITE_URL ?? '').trim().replace(/\/+$/, '') || 'http://localhost:3000',
    // Vercel's own deployment environment ('production', 'preview', 'development'; unset off
    // Vercel), inlined for the browser: analytics and speed measurement load only on 'production'
    // and 'preview' (src/components/analytics/analyticsGate.ts). Not a new setting: Vercel sets it.
    NEXT_PUBLIC_VERCEL_ENV: (process.env.NEXT_PUBLIC_VERCEL_ENV ?? process.env.VERCEL_ENV ?? '').trim(),
  },
  // Old and fallback-menu addresses (spec §2 "Menu links used as fallback": /news, /press-releases)
  // and the home frame page's own address: permanent redirects to the pages that serve them.
  async redirects() {
    return [
      { source: '/news', destination: '/about-us/news', permanent: true },
      { source: '/press-releases', destination: '/about-us/press-releases', permanent: true },
      // The pages of PAGE_ADDRESSES (src/lib/wordpress/contentTypes.ts) at their own addresses.
      { source: '/pages/home', destination: '/', permanent: true },
      { source: '/pages/contact-us', destination: '/contact-us', permanent: true },
    ];
  },
  // Crawler documents are API routes (regenerated with ISR semantics, see src/lib/site/documentCache.ts),
  // served at their conventional addresses. Do not add public/robots.txt or public/sitemap.xml: they would win.
  async rewrites() {
    return [
      { source: '/sitemap.xml', destination: '/api/sitemap' },
      { source: '/robots.txt', destination: '/api/robots' },
      { source: '/feeds/:feed.xml', destination: '/api/feeds/:feed' },
    ];
  },
};

module.exports = nextConfig;
