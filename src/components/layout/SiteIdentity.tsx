import { createContext, useContext } from 'react';
import { DEFAULT_IDENTITY } from '@/lib/shared/site/brand';
import { isRecord } from '@/lib/shared/isRecord';
import type { SiteIdentity } from '@/lib/shared/types';

/**
 * The site's identity (name, tagline, locale, icon, organization: docs/seo-and-redirects.md §2)
 * for every component, from the page's layout data (`layout.site`, read on the server with the
 * menu). Without a provider, or with layout data that lacks it (the 500 page, an old page's
 * data), the defaults of `src/lib/shared/site/brand.ts`.
 */
const SiteIdentityContext = createContext<SiteIdentity>(DEFAULT_IDENTITY);

export const SiteIdentityProvider = SiteIdentityContext.Provider;

/** The site's identity: WordPress's, or the defaults. */
export function useSiteIdentity(): SiteIdentity {
  return useContext(SiteIdentityContext);
}

const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The layout data's `site` as a SiteIdentity: it was checked on the server, but page data is
 * still data (an old page's, a hand-made test's), so a field that is not what it should be takes
 * its default.
 */
export function identityOf(value: unknown): SiteIdentity {
  if (!isRecord(value)) return DEFAULT_IDENTITY;
  const icon = isRecord(value.icon) && text(value.icon.url) ? (value.icon as unknown as SiteIdentity['icon']) : null;
  const organization =
    isRecord(value.organization) && text(value.organization.name) ? (value.organization as unknown as SiteIdentity['organization']) : null;
  return {
    name: text(value.name) ? value.name : DEFAULT_IDENTITY.name,
    tagline: text(value.tagline) ? value.tagline : DEFAULT_IDENTITY.tagline,
    locale: text(value.locale) ? value.locale : DEFAULT_IDENTITY.locale,
    icon,
    organization,
  };
}
