/**
 * Old and fallback-menu addresses (spec §2 "Menu links used as fallback": /news, /press-releases)
 * and the home and contact frame pages' own addresses (PAGE_ADDRESSES, src/lib/shared/wordpress/contentTypes.ts):
 * permanent redirects (308, query kept) to the pages that serve them, answered by proxy.ts (which
 * re-exports this). Derived from the content-type table in the route module (src/lib/shared/routes.ts,
 * issue 36). Here so the redirect table (./compile.ts) can send a target that is one of these
 * sources straight to where it leads: one hop, not two.
 */
export { PERMANENT_REDIRECTS } from '../shared/routes';
