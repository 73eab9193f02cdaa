import type { ContentTypeName } from '@/lib/shared/types';

/**
 * The search quality query set (docs/search-index.md §1 part F): what visitors type, and the item
 * each query must find in its first 3 results, over the fake WordPress's seed content
 * (`createSeedStore()`). The site's index is held to it in `quality.test.ts`; the same list can be
 * asked of WordPress's own search on a real WordPress to compare the two.
 *
 * - `exact`: an item's title as it is;
 * - `words`: several words of an item, in any order;
 * - `misspelt`: one or two edits away (`orchestraton`, `terminl estate`);
 * - `form`: another form of a word (`tables` → Table, `declined` → declines);
 * - `body`: words found only in an item's body, or a page's frames, not its title;
 * - `type`: when present, the search is filtered to that content type.
 */
export interface QualityQuery {
  query: string;
  /** The site path of the item that must be in the first 3 results. */
  expect: string;
  kind: 'exact' | 'words' | 'misspelt' | 'form' | 'body';
  type?: ContentTypeName;
}

export const QUERY_SET: readonly QualityQuery[] = [
  // Exact titles.
  { query: 'What payment orchestration means for multi-site merchants', expect: '/resources/blogs/what-payment-orchestration-means-for-multi-site-merchants', kind: 'exact' },
  { query: 'Terminal Estate Benchmark 2025', expect: '/resources/white-papers/terminal-estate-benchmark-2025', kind: 'exact' },
  { query: 'Pinecrest Arena cuts halftime lines by a third', expect: '/resources/case-studies/pinecrest-arena-halftime-rush', kind: 'exact' },
  { query: 'Card Services', expect: '/pages/card-services', kind: 'exact' },
  { query: 'Corvane opens a regional office in Denver', expect: '/about-us/news/corvane-opens-regional-office-in-denver', kind: 'exact' },
  { query: 'Webinar: Reducing false declines', expect: '/about-us/events/webinar-reducing-false-declines', kind: 'exact' },
  { query: 'Privacy Policy', expect: '/pages/privacy-policy', kind: 'exact' },
  { query: 'Contact Us', expect: '/contact-us', kind: 'exact' },

  // Several words, any order.
  { query: 'denver office', expect: '/about-us/news/corvane-opens-regional-office-in-denver', kind: 'words' },
  { query: 'harbor lane agreement', expect: '/about-us/press-release/corvane-harbor-lane-hotels-agreement', kind: 'words' },
  { query: 'alliance campus payments', expect: '/about-us/news/corvane-joins-campus-payments-alliance', kind: 'words' },
  { query: 'halftime arena', expect: '/resources/case-studies/pinecrest-arena-halftime-rush', kind: 'words' },
  { query: 'caterers vision ai', expect: '/about-us/press-release/vision-ai-available-to-contract-caterers', kind: 'words' },
  { query: 'forum hospitality tech', expect: '/about-us/events/hospitality-tech-forum-2025', kind: 'words' },
  { query: 'loyalty metrics', expect: '/resources/insights/five-loyalty-metrics-worth-tracking', kind: 'words' },
  { query: 'cashless campus dining', expect: '/about-us/partner-interviews/campus-technology-cashless-dining', kind: 'words' },

  // Misspellings: one and two edits.
  { query: 'orchestraton', expect: '/resources/blogs/what-payment-orchestration-means-for-multi-site-merchants', kind: 'misspelt' },
  { query: 'terminl estate', expect: '/resources/blogs/five-signs-your-terminal-estate-needs-attention', kind: 'misspelt' },
  { query: 'contacless', expect: '/resources/insights/contactless-share-passes-80-percent', kind: 'misspelt' },
  { query: 'farmers markt', expect: '/resources/blogs/saturday-at-the-farmers-market-payments-in-the-open-air', kind: 'misspelt' },
  { query: 'Pinecrast arena', expect: '/resources/case-studies/pinecrest-arena-halftime-rush', kind: 'misspelt' },
  { query: 'bussiness inteligence', expect: '/pages/business-intelligence', kind: 'misspelt' },
  { query: 'desicionpoint', expect: '/pages/decisionpoint-network', kind: 'misspelt' },
  { query: 'resturant software', expect: '/about-us/partner-interviews/tablewise-integrated-payments', kind: 'misspelt' },
  { query: 'hotel lodgng', expect: '/pages/hotel-lodging', kind: 'misspelt' },
  { query: 'cokie policy', expect: '/pages/cookie-policy', kind: 'misspelt' },

  // Word forms.
  { query: 'tables', expect: '/resources/blogs/release-notes-tables-code-and-details', kind: 'form' },
  { query: 'declined', expect: '/about-us/events/webinar-reducing-false-declines', kind: 'form' },
  { query: 'payment summits', expect: '/about-us/events/corvane-payments-summit-2026', kind: 'form' },
  { query: 'donations', expect: '/pages/donation-on-device', kind: 'form' },
  { query: 'trading in terminals', expect: '/pages/summer-terminal-trade-in', kind: 'form' },
  { query: 'layout', expect: '/resources/blogs/checkout-layouts-columns-groups-and-media', kind: 'form' },

  // Words only in a body or a page's frames.
  { query: 'store-and-forward card readers', expect: '/resources/blogs/saturday-at-the-farmers-market-payments-in-the-open-air', kind: 'body' },
  { query: 'settlement at nine, coffee at eleven', expect: '/resources/blogs/release-notes-tables-code-and-details', kind: 'body' },
  { query: 'published margin', expect: '/pages/merchant-centered-acquiring', kind: 'body' },
  { query: 'night auditor', expect: '/pages/hotel-lodging', kind: 'body' },
  { query: 'cc_cookie 182 days', expect: '/pages/cookie-policy', kind: 'body' },

  // Filtered to one content type.
  { query: 'declines', expect: '/about-us/press-release/corvane-launches-decisionpoint-network', kind: 'words', type: 'pressRelease' },
  { query: 'vision ai', expect: '/about-us/news/corvane-wins-payments-innovation-award', kind: 'words', type: 'news' },
  { query: 'terminal', expect: '/resources/insights/real-cost-of-a-terminal-outage', kind: 'words', type: 'insight' },
  { query: 'campus', expect: '/about-us/events/campus-dining-expo-2026', kind: 'words', type: 'event' },
  { query: 'harbor lane', expect: '/resources/case-studies/harbor-lane-hotels-one-partner', kind: 'words', type: 'caseStudy' },
];
