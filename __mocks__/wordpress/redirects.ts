import { createHash } from 'node:crypto';
import { contentTypeByRestBase, sitePath } from '../../src/lib/shared/wordpress/contentTypes';
import type { PostRestBase } from './postTypes';
import type { Json } from './responses';
import type { StoredPost, WordPressStore } from './store';
import { ORIGIN } from './urls';

/**
 * The companion plugin's redirect table (issue 33, docs/seo-and-redirects.md §3):
 * `GET /wp-json/custom-api/v1/redirects`, computed from the store on every request, as the plugin
 * computes it from WordPress's database (`_wp_old_slug` post meta and the Redirection plugin's
 * `redirection_items` / `redirection_groups` tables).
 *
 * The store keeps what WordPress keeps: an item's `oldSlugs` (its `_wp_old_slug` values, the
 * fake's own field, never in REST answers) and `redirection` (the Redirection plugin's groups and
 * items, with its column names). Tests and the e2e change them through the store (or the content
 * server's admin API: PATCH an item's `oldSlugs`).
 */

/** A row of Redirection's `redirection_items` (the columns the plugin reads). */
export interface RedirectionItem {
  id: number;
  url: string;
  group_id: number;
  position: number;
  status: 'enabled' | 'disabled';
  match_type: 'url' | 'login' | 'referrer' | 'agent' | 'cookie' | 'header' | 'ip' | 'server' | 'page' | 'role' | 'custom' | 'language';
  action_type: 'url' | 'error' | 'pass' | 'random' | 'nothing';
  action_code: number;
  /** For `url`: the target as the author typed it. */
  action_data: string | null;
  flag_regex: boolean;
  flag_case: boolean;
  flag_trailing: boolean;
  flag_query: 'exact' | 'ignore' | 'pass';
}

/** A row of Redirection's `redirection_groups`. */
export interface RedirectionGroup {
  id: number;
  name: string;
  status: 'enabled' | 'disabled';
}

export interface RedirectionTables {
  groups: RedirectionGroup[];
  items: RedirectionItem[];
}

/** One rule of the table, as the contract shapes it. */
export interface RedirectRule {
  source: string;
  regex: boolean;
  ignore_case: boolean;
  ignore_trailing_slash: boolean;
  query: 'exact' | 'ignore' | 'pass';
  status: number;
  target: string | null;
  origin: 'old_slug' | 'redirection' | 'yoast';
}

const rule = (
  id: number,
  url: string,
  target: string | null,
  code: number,
  flags: Partial<Pick<RedirectionItem, 'flag_regex' | 'flag_case' | 'flag_trailing' | 'flag_query' | 'status' | 'match_type' | 'action_type' | 'group_id' | 'position'>> = {},
): RedirectionItem => ({
  id,
  url,
  group_id: 1,
  position: id,
  status: 'enabled',
  match_type: 'url',
  action_type: target === null ? 'error' : 'url',
  action_code: code,
  action_data: target,
  flag_regex: false,
  flag_case: false,
  flag_trailing: true,
  flag_query: 'ignore',
  ...flags,
});

/**
 * The seed's Redirection rules: one of each flag and status the site must handle, a target on
 * WordPress's own host (`ORIGIN`, replaced by the serving origin), an external one, a chain, a
 * loop pair (the site refuses it), a pattern JavaScript cannot run (the site drops it), and rules
 * the plugin leaves out (disabled, in a disabled group, a login condition, a pass-through action).
 */
export function seedRedirection(): RedirectionTables {
  return {
    groups: [
      { id: 1, name: 'Redirections', status: 'enabled' },
      { id: 2, name: 'Retired campaign', status: 'disabled' },
    ],
    items: [
      rule(1, '/old-pricing', '/pages/card-services', 301),
      rule(2, '^/blog/([a-z0-9-]+)$', '/resources/blogs/$1', 301, { flag_regex: true, flag_trailing: false }),
      rule(3, '^/promo/(\\d+)$', `${ORIGIN}/offers/$1/`, 302, { flag_regex: true, flag_case: true, flag_trailing: false, flag_query: 'pass' }),
      rule(4, '/Careers', '/pages/about-us-career', 301, { flag_case: true }),
      rule(5, '/campaign?utm_source=spring', '/pages/loyalty-and-incentives', 302, { flag_query: 'exact' }),
      rule(6, '/go/card-services', '/pages/card-services', 307, { flag_query: 'pass' }),
      rule(7, '/old-contact', '/contact-us', 308, { flag_trailing: false }),
      rule(8, '/withdrawn-offer', null, 410),
      rule(9, '/removed-page', null, 404),
      rule(10, '/status', 'https://status.example.com/', 302),
      rule(11, '/partner-portal', `${ORIGIN}/pages/prospective-partners/`, 301),
      rule(12, '/spring-sale', '/old-pricing', 301),
      rule(13, '/loop-a', '/loop-b', 301),
      rule(14, '/loop-b', '/loop-a', 301),
      // PCRE's possessive quantifier: JavaScript has none (the site drops the rule and says so).
      rule(15, '^/legacy/(\\d++)$', '/pages/existing-customers', 301, { flag_regex: true }),
      // Left out by the plugin.
      rule(16, '/disabled-rule', '/pages/card-services', 301, { status: 'disabled' }),
      rule(17, '/retired-campaign', '/pages/card-services', 301, { group_id: 2 }),
      rule(18, '/login-only', '/pages/card-services', 301, { match_type: 'login' }),
      rule(19, '/passed-through', '/pages/card-services', 301, { action_type: 'pass' }),
      // A later rule for a source an earlier one already answers: the first match wins.
      rule(20, '/old-pricing', '/pages/secure-switching', 301, { position: 50 }),
    ],
  };
}

/**
 * The seed's renamed items: `_wp_old_slug` values by REST base and current slug. The news item
 * was renamed twice (both old slugs lead to its current address in one hop); the blog post's old
 * slug is now another published post's slug (left out: that post wins, as on WordPress).
 */
export const SEED_OLD_SLUGS: ReadonlyArray<{ restBase: PostRestBase; slug: string; oldSlugs: string[] }> = [
  { restBase: 'news', slug: 'corvane-opens-regional-office-in-denver', oldSlugs: ['denver-office-draft', 'corvane-opens-denver-office'] },
  { restBase: 'posts', slug: 'loyalty-that-pays-for-itself', oldSlugs: ['loyalty-programs-that-pay', 'five-signs-your-terminal-estate-needs-attention'] },
  { restBase: 'fp_page', slug: 'card-services', oldSlugs: ['cards'] },
];

/** Gives the seed's renamed items their old slugs. */
export function seedOldSlugs(store: WordPressStore): void {
  for (const { restBase, slug, oldSlugs } of SEED_OLD_SLUGS) {
    const post = store.collections[restBase].find((p) => p.slug === slug);
    if (post) post.oldSlugs = [...oldSlugs];
  }
}

const sectionOf = (post: StoredPost): string | undefined =>
  typeof post.acf.section === 'string' && post.acf.section ? post.acf.section : undefined;

/** Old slugs of published items of the site's content types (contract §3 "Old slugs"). */
function oldSlugRules(store: WordPressStore): RedirectRule[] {
  const published: Array<{ restBase: PostRestBase; post: StoredPost; path: string }> = [];
  for (const [restBase, posts] of Object.entries(store.collections) as [PostRestBase, StoredPost[]][]) {
    const def = contentTypeByRestBase(restBase);
    if (!def) continue;
    for (const post of posts) {
      if (post.status === 'publish' && post.slug) published.push({ restBase, post, path: sitePath(def.name, post.slug, sectionOf(post)) });
    }
  }
  const taken = new Set(published.map((p) => p.path));
  const rules: RedirectRule[] = [];
  for (const { restBase, post, path } of published) {
    const def = contentTypeByRestBase(restBase);
    if (!def) continue;
    for (const old of new Set(post.oldSlugs ?? [])) {
      if (!old || old === post.slug) continue;
      const source = sitePath(def.name, old, sectionOf(post));
      if (taken.has(source)) continue;
      rules.push({ source, regex: false, ignore_case: false, ignore_trailing_slash: true, query: 'pass', status: 301, target: path, origin: 'old_slug' });
    }
  }
  return rules;
}

/** Enabled `url` rules of enabled groups with a `url` or `error` action, by position then id. */
function redirectionRules(tables: RedirectionTables | undefined): RedirectRule[] {
  if (!tables) return [];
  const enabledGroups = new Set(tables.groups.filter((g) => g.status === 'enabled').map((g) => g.id));
  return tables.items
    .filter((i) => i.status === 'enabled' && enabledGroups.has(i.group_id) && i.match_type === 'url' && (i.action_type === 'url' || i.action_type === 'error'))
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((i) => ({
      source: i.url,
      regex: i.flag_regex,
      ignore_case: i.flag_case,
      ignore_trailing_slash: i.flag_trailing,
      query: i.flag_query,
      status: i.action_code,
      target: i.action_type === 'url' ? i.action_data : null,
      origin: 'redirection' as const,
    }));
}

/** The route's answer: `{version, redirects}` (Redirection's rules first, then old slugs). */
export function redirectTable(store: WordPressStore): { version: string; redirects: Json } {
  const redirects = [...redirectionRules(store.redirection), ...oldSlugRules(store)];
  const version = createHash('sha256').update(JSON.stringify(redirects)).digest('hex').slice(0, 32);
  return { version, redirects: redirects as unknown as Json };
}
