import type { MenuItem, TopMenuEntry } from '@/lib/shared/types';
import { buildMenu } from '@/lib/wordpress/menu';

const item = (id: number, parentId: number, label: string, href: string): MenuItem => ({ id, parentId, type: 'link', label, href });

/**
 * A built menu with every case the shell must render: group headings ('#'), a submenu that is a
 * link, a hidden submenu, an external link, and a top item without submenus.
 */
export const MENU: TopMenuEntry[] = buildMenu([
  item(1, 0, 'Solutions', '#'),
  item(2, 1, 'Payments', '#'),
  item(3, 2, 'Secure Switching', '/pages/secure-switching'),
  item(4, 2, 'Card Services', '/pages/card-services'),
  item(5, 1, 'Customers & Partners', '/pages/customers'),
  item(6, 5, 'Existing Customers', '/pages/existing-customers'),
  item(7, 1, 'Legacy tools', '#hidden-legacy'),
  item(8, 7, 'DecisionPoint (classic)', '/pages/decisionpoint-classic'),
  item(9, 0, 'Resources', '#'),
  item(10, 9, 'Learn', '#'),
  item(11, 10, 'Blog', '/resources/blogs'),
  item(12, 10, 'Partner portal', 'https://partners.example.com/login'),
  item(13, 0, 'Contact Us', '/contact-us'),
]);

/** The fixed fallback navigation of spec §2, as the visitor must see it. */
export const EXPECTED_FALLBACK = [
  ['Home', '/'],
  ['News', '/about-us/news'],
  ['Press Release', '/about-us/press-releases'],
  ['Contact Us', '/contact-us'],
] as const;
