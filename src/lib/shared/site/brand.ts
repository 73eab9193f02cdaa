import type { SiteIdentity } from '../types';

/**
 * The DEFAULTS of the site's name, tagline, description and logo, for a WordPress that gives none
 * (docs/seo-and-redirects.md §2, §5): the name, tagline and icon come from WordPress's REST index
 * and the organization from the SEO plugin (`src/lib/wordpress/identity.ts`), through the layout
 * data (`useSiteIdentity()`). Also the company's fixed contact details. Plain constants (no
 * secret), safe in the browser. The company is fictional; its name matches the fake WordPress's
 * seed content (__mocks__/wordpress/seed), and its address and mailboxes are made up (example.com).
 */

/** The company and site name, defined once: the header logo, the footer, titles, feeds, JSON-LD. */
export const SITE_NAME = 'Corvane Payments';

/** Shown after the name in the home page's title (`Corvane Payments | {tagline}`). */
export const SITE_TAGLINE = 'Payments that keep your business moving';

/** The meta description of pages that have none of their own (≤ 160 characters). */
export const SITE_DESCRIPTION =
  'Payment orchestration, acquiring, estate management, loyalty and insight for restaurants, campuses, venues and stores.';

/** `og:locale`. */
export const SITE_LOCALE = 'en_US';

/** `<language>` of the feeds. */
export const SITE_LANGUAGE = 'en';

/**
 * The logo for JSON-LD (`Organization.logo`, `publisher.logo`): a site path under `public/` or an
 * absolute URL, or null while the site ships none (JSON-LD then names no logo).
 */
export const SITE_LOGO: { url: string; width: number; height: number } | null = null;

/** The identity of a site whose WordPress says nothing (no REST index read, no SEO plugin). */
export const DEFAULT_IDENTITY: SiteIdentity = Object.freeze({
  name: SITE_NAME,
  tagline: SITE_TAGLINE,
  locale: SITE_LOCALE,
  icon: null,
  organization: null,
});

/** The office address, shown in the footer. */
export const OFFICE_ADDRESS = {
  street: '1600 Market Street, Suite 900',
  locality: 'Denver',
  region: 'CO',
  postalCode: '80202',
  country: 'United States',
} as const;

