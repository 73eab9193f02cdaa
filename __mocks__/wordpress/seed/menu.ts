import type { StoredMenuItem } from '../store';
import { flattenMenu, type MenuNode, type SeedPost } from './build';

/**
 * Navigation menu 3: top items, submenus (group headings link to '#'), items. One submenu's link
 * contains "hidden"; one item sits a fourth level deep. Most links are custom links to paths the
 * site serves; two are links to posts, as an editor adds them from the menu screen's post-type
 * boxes (a news article and a page): WordPress gives those the post's absolute permalink on
 * its own host, which the site maps to its own path.
 */

export const MENU_ID = 3;
const FIRST_MENU_ITEM_ID = 801;

const page = (title: string, slug: string): MenuNode => ({ title, url: `/pages/${slug}` });

const TREE: readonly MenuNode[] = [
  {
    title: 'Solutions',
    url: '#',
    children: [
      {
        title: 'Payments',
        url: '#',
        children: [
          page('Secure Switching', 'secure-switching'),
          page('Alternative Payment Methods', 'alternative-payment-methods'),
          page('Merchant-Centered Acquiring', 'merchant-centered-acquiring'),
          page('DecisionPoint Network', 'decisionpoint-network'),
          // A link to the page itself (type post_type): its URL is WordPress's permalink.
          { title: 'Card Services', url: '', post: { restBase: 'fp_page', slug: 'card-services' } },
        ],
      },
      {
        title: 'Operations',
        url: '#',
        children: [
          page('Estate Management', 'estate-management'),
          page('Support Services', 'support-services'),
          page('Business Intelligence', 'business-intelligence'),
          page('Vision AI', 'vision-ai'),
        ],
      },
      {
        title: 'Engagement',
        url: '#',
        children: [page('Loyalty &amp; Incentives', 'loyalty-and-incentives'), page('Donation on Device', 'donation-on-device')],
      },
      {
        title: 'Customers &amp; Partners',
        url: '/contact-us',
        children: [page('Existing Customers', 'existing-customers'), page('Prospective Partners', 'prospective-partners')],
      },
      {
        title: 'Legacy tools',
        url: '#hidden-legacy',
        children: [page('DecisionPoint (classic)', 'decisionpoint-network')],
      },
    ],
  },
  {
    title: 'Industries',
    url: '#',
    children: [
      {
        title: 'Hospitality',
        url: '#',
        children: [
          page('Food &amp; Beverage', 'food-and-beverage'),
          page('Hotel &amp; Lodging', 'hotel-lodging'),
          page('Contract Food Services', 'contract-food-services'),
        ],
      },
      {
        title: 'Leisure',
        url: '#',
        children: [
          page('Casinos &amp; Gaming', 'casinos-and-gaming'),
          page('Sports &amp; Entertainment', 'sports-and-entertainment'),
          page('Travel &amp; Recreation', 'travel-and-recreation'),
        ],
      },
      {
        title: 'Commerce',
        url: '#',
        children: [page('Retail', 'retail'), page('eCommerce', 'ecommerce'), page('Higher Education', 'higher-ed')],
      },
    ],
  },
  {
    title: 'Resources',
    url: '#',
    children: [
      {
        title: 'Learn',
        url: '#',
        children: [
          { title: 'Blog', url: '/resources/blogs' },
          page('Insights Blog', 'insights-blog'),
          { title: 'White Papers', url: '/resources/white-papers' },
          { title: 'Case Studies', url: '/resources/case-studies' },
        ],
      },
      {
        title: 'Library',
        url: '#',
        children: [
          page('White Paper Hub', 'whitepaper'),
          page('Customer Stories', 'case-studies'),
          // The only fourth-level item: the site decides what to do with menus deeper than three levels.
          { ...page('Brand Kit', 'brand-kit'), children: [page('Logo Files', 'brand-kit')] },
        ],
      },
    ],
  },
  {
    title: 'About Us',
    url: '#',
    children: [
      {
        title: 'Company',
        url: '#',
        children: [
          page('Our Story', 'about-us-our-story'),
          page('Partner Testimonials', 'about-us-partner-testimonials'),
          page('Careers', 'about-us-career'),
          page('ISO Network', 'about-us-iso-network'),
        ],
      },
      {
        title: 'Newsroom',
        url: '/about-us/news',
        children: [
          { title: 'News', url: '/about-us/news' },
          { title: 'Press Releases', url: '/about-us/press-releases' },
          { title: 'Events', url: '/about-us/events' },
          { title: 'Partner Interviews', url: '/about-us/partner-interviews' },
          // A link to a news article itself (type post_type).
          { title: 'Our Denver office', url: '', post: { restBase: 'news', slug: 'corvane-opens-regional-office-in-denver' } },
        ],
      },
      {
        title: 'Community',
        url: '#',
        children: [page('Community', 'community'), page('Event Calendar', 'events'), page('Partner Stories', 'partner-interviewes')],
      },
    ],
  },
  { title: 'Contact Us', url: '/contact-us' },
];

export function seedMenus(posts: readonly SeedPost[]): Record<number, StoredMenuItem[]> {
  return { [MENU_ID]: flattenMenu(TREE, FIRST_MENU_ITEM_ID, posts) };
}
