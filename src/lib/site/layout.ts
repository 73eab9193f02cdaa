import { getSiteIdentity } from '../wordpress/identity';
import { getMenu } from '../wordpress/menu';
import { FOOTER, type LayoutData } from '../shared/site/navigation';

export { FALLBACK_NAVIGATION, FOOTER } from '../shared/site/navigation';
export type { FooterLink, FooterSection, LayoutData } from '../shared/site/navigation';

/**
 * The layout data every page gets through its getStaticProps (the header menu, the footer and the
 * site's identity: name, tagline, icon, organization; each cached for 5 minutes and cleared by the
 * webhook's `menu` scope),
 * built at build or regeneration time on the server: the browser never fetches the menu.
 * Server-only (it reads WordPress); the browser-safe part lives in `./navigation`.
 */
export async function getLayoutData(): Promise<LayoutData> {
  const [menu, site] = await Promise.all([getMenu(), getSiteIdentity()]);
  return { menu, footer: FOOTER.map((s) => ({ ...s, links: [...s.links] })), site };
}
