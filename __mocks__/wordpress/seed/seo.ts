import type { PostRestBase } from '../postTypes';
import type { StoredSeoMeta } from '../seo';
import type { StoredPost } from '../store';
import { mediaId } from './media';

/**
 * What editors set in the SEO plugin's box for some seed items (Yoast's `_yoast_wpseo_*` meta;
 * docs/seo-and-redirects.md §1). Every other item has Yoast's defaults. Keyed `{rest base}/{slug}`.
 */
export const SEED_SEO: Readonly<Record<string, StoredSeoMeta>> = {
  // A campaign page: noindex (left out of the sitemap), its own title and description.
  'fp_page/summer-terminal-trade-in': {
    noindex: true,
    title: 'Summer terminal trade-in offer - Corvane Payments',
    description: 'Trade in up to ten old terminals and get new contactless ones at no cost. Offer ends August 31.',
  },
  // A custom SEO title and description (the snippet marketing wrote).
  'posts/what-payment-orchestration-means-for-multi-site-merchants': {
    title: 'Payment orchestration for multi-site merchants: a guide - Corvane Payments',
    description: 'How one routing layer cuts fees and outages across every location: what payment orchestration means for operators of many sites.',
  },
  // A syndicated article: its canonical is the original on another site (left out of the sitemap).
  'insights/why-soft-declines-arent-really-soft': {
    canonical: 'https://www.paymentsweekly.example/analysis/why-soft-declines-arent-really-soft',
  },
  // A social image other than the featured image.
  'news/corvane-opens-regional-office-in-denver': {
    ogImage: mediaId('teamOffice'),
    ogTitle: 'Corvane opens its Denver office',
  },
  // Markup in the SEO box, as an editor could paste it: shown as text, never run (e2e/seo-head.e2e.ts).
  'case-studies/pinecrest-arena-halftime-rush': {
    title: '</title><script>window.__seoInjected = 1; alert(1)</script> Halftime rush & "quotes" - Corvane Payments',
    description: 'A description with </script><img src=x onerror="window.__seoInjected = 2"> inside & <b>tags</b>.',
  },
};

/** Sets each listed item's `seoMeta` (a fresh copy: stores share nothing). */
export function applySeedSeo(collections: Record<PostRestBase, StoredPost[]>): void {
  for (const [key, meta] of Object.entries(SEED_SEO)) {
    const [restBase, slug] = key.split('/') as [PostRestBase, string];
    const post = collections[restBase]?.find((p) => p.slug === slug);
    if (post) post.seoMeta = { ...meta };
  }
}
