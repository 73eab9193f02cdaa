/**
 * The layout data the shell renders, re-exported in one place: every layout component imports it
 * from here, so the source can move (e.g. to a browser-safe module) by changing one line.
 */
export { FALLBACK_NAVIGATION, FOOTER } from '@/lib/shared/site/navigation';
export type { FooterLink, FooterSection, LayoutData } from '@/lib/shared/site/navigation';
