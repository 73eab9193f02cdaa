/** Issue 34: what a visitor types (exact words, prefixes while typing, misspellings, several words): the queries the bench's search phase times, in process (./scale.ts) and through `POST /api/search`. */
export const SCALE_QUERIES = [
  'payments', 'paym', 'terminal estate', 'orchestraton', 'contacless', 'loyalty', 'campus dining',
  'declines', 'tables', 'galery', 'secure switching', 'vision ai', 'hotel', 'reseller terminals',
  'donation on device', 'business inteligence', 'release notes', 'checkout', 'summit 2026', 'card',
];
