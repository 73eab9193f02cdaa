// @ts-check

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The content system's URL is public (the browser reads alerts from it); no secret goes here.
  env: {
    NEXT_PUBLIC_WORDPRESS_URL: (process.env.WORDPRESS_URL ?? '').trim().replace(/\/+$/, ''),
    // The canonical origin (public): canonical URLs, Open Graph and JSON-LD render in the browser
    // too. Inlined at build time (src/lib/site/siteUrl.ts); same default as src/config.ts.
    NEXT_PUBLIC_SITE_URL: (process.env.SITE_URL ?? '').trim().replace(/\/+$/, '') || 'http://localhost:3000',
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
