import { CONTENT_TYPES } from '../wordpress/contentTypes';
import type { SiteIdentity, TopMenuEntry } from '../types';

/**
 * The navigation the shell shows besides the CMS menu: the fixed fallback navigation and the
 * footer. Browser-safe (no fetching, no configuration): the layout renders it in the browser too.
 */
export interface FooterLink {
  label: string;
  href: string;
}

export interface FooterSection {
  title: string;
  links: FooterLink[];
}

/** The layout data every page gets through its getStaticProps (see `./layout`). */
export interface LayoutData {
  menu: TopMenuEntry[];
  footer: FooterSection[];
  /** The site's name, tagline, locale, icon and organization from WordPress (docs/seo-and-redirects.md §2); absent → the defaults. */
  site?: SiteIdentity;
}

/** Fixed fallback navigation, shown when the built menu is empty (spec §2). */
export const FALLBACK_NAVIGATION: readonly FooterLink[] = [
  { label: 'Home', href: '/' },
  { label: 'News', href: '/about-us/news' },
  { label: 'Press Release', href: '/about-us/press-releases' },
  { label: 'Contact Us', href: '/contact-us' },
];

const listing = (names: string[]): FooterLink[] =>
  CONTENT_TYPES.filter((t) => t.listingPath && names.includes(t.name)).map((t) => ({
    label: t.pluralLabel,
    href: t.listingPath as string,
  }));

/** The footer: main sections from the content-type table, company pages and legal links. */
export const FOOTER: readonly FooterSection[] = [
  {
    title: 'Solutions',
    links: [
      { label: 'Payment orchestration', href: '/pages/secure-switching' },
      { label: 'Alternative payment methods', href: '/pages/alternative-payment-methods' },
      { label: 'Merchant acquiring', href: '/pages/merchant-centered-acquiring' },
      { label: 'Card services', href: '/pages/card-services' },
    ],
  },
  { title: 'Resources', links: listing(['blog', 'whitePaper', 'caseStudy', 'insight']) },
  {
    title: 'Company',
    links: [
      { label: 'Our story', href: '/pages/about-us-our-story' },
      ...listing(['news', 'pressRelease', 'event', 'partnerInterview']),
      { label: 'Contact us', href: '/contact-us' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy policy', href: '/pages/privacy-policy' },
      { label: 'Cookie policy', href: '/pages/cookie-policy' },
      { label: 'Terms of use', href: '/pages/terms-of-use' },
    ],
  },
];
