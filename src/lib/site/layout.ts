import { getMenu } from '../wordpress/menu';
import { FOOTER, type LayoutData } from './navigation';

export { FALLBACK_NAVIGATION, FOOTER } from './navigation';
export type { FooterLink, FooterSection, LayoutData } from './navigation';

/**
 * The layout data every page gets through its getStaticProps (the header menu and the footer),
 * built at build or regeneration time on the server: the browser never fetches the menu.
 * Server-only (it reads WordPress); the browser-safe part lives in `./navigation`.
 */
export async function getLayoutData(): Promise<LayoutData> {
  return { menu: await getMenu(), footer: FOOTER.map((s) => ({ ...s, links: [...s.links] })) };
}
