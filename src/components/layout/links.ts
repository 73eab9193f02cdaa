import type { SubmenuEntry, TopMenuEntry } from '@/lib/shared/types';

/** A menu link to '#' (or nothing) is a non-navigating group heading (spec §2). */
export function isGroupHeading(href: string): boolean {
  const trimmed = href.trim();
  return trimmed === '' || trimmed === '#';
}

/** A path on this site ('/about-us/news'), rendered with SiteLink (client-side navigation). */
export function isSitePath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/** The path part of a site path or asPath, without query, fragment or trailing slash. */
export function pathOf(href: string): string {
  const path = href.split(/[?#]/, 1)[0] ?? '';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? '/' : trimmed;
}

/** Whether `href` is the page at `currentPath` (the router's asPath). */
export function isCurrentPath(href: string, currentPath: string): boolean {
  return isSitePath(href) && pathOf(href) === pathOf(currentPath);
}

/** The submenus a visitor sees: hidden ones never are, nor headings with nothing under them. */
export function visibleSubmenus(entry: TopMenuEntry): SubmenuEntry[] {
  return entry.submenus.filter((submenu) => !submenu.isHidden && !(isGroupHeading(submenu.href) && submenu.items.length === 0));
}

/** Whether anything under the entry (or the entry itself) is the current page. */
export function containsCurrentPath(entry: TopMenuEntry, currentPath: string): boolean {
  if (isCurrentPath(entry.href, currentPath)) return true;
  return visibleSubmenus(entry).some(
    (submenu) => isCurrentPath(submenu.href, currentPath) || submenu.items.some((item) => isCurrentPath(item.href, currentPath)),
  );
}
