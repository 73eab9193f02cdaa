import { compileRedirects, type CompiledRedirects } from '@/lib/redirects/compile';
import { PERMANENT_REDIRECTS } from '@/lib/redirects/permanent';
import type { RedirectRule } from '@/lib/redirects/table';

/** A plain 301 rule with the contract's defaults, `over` changing any field. */
export const rule = (over: Partial<RedirectRule> = {}): RedirectRule => ({
  source: '/from',
  regex: false,
  ignore_case: false,
  ignore_trailing_slash: true,
  query: 'ignore',
  status: 301,
  target: '/to',
  origin: 'redirection',
  ...over,
});

export const WORDPRESS_URL = 'https://cms.example.com';
export const SITE_URL = 'https://www.example.com';

/** Compiles rules as the site does (its origins, its permanent redirects); warnings collected in `warnings`. */
export function compiled(rules: RedirectRule[], version = 'v1'): CompiledRedirects & { warnings: string[] } {
  const warnings: string[] = [];
  const table = compileRedirects({ version, redirects: rules }, { wordpressUrl: WORDPRESS_URL, siteUrl: SITE_URL, aliases: PERMANENT_REDIRECTS, warn: (m) => warnings.push(m) });
  return Object.assign(table, { warnings });
}
