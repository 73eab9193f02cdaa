import { htmlToText } from '../shared/excerpt';
import { isRecord } from '../shared/isRecord';
import { processShared } from '../server/processShared';
import { DEFAULT_IDENTITY } from '../shared/site/brand';
import type { ItemSeo, SeoImage, SiteIdentity } from '../shared/types';
import { CUSTOM_PREFIX, fetchJson, wpUrl } from '../shared/wordpress/http';
import { mapSeoUrl, normalizeSeo } from './seo';
import { serverContext } from './serverContext';
import { createTtlCache } from './ttlCache';
import { registerProcessCache } from '../cache/processCaches';

/**
 * The site's identity and the SEO of the pages that are not one item (docs/seo-and-redirects.md
 * §2): WordPress's REST index (`GET /wp-json/`: name, tagline, site icon) and the companion
 * plugin's `GET /wp-json/custom-api/v1/seo` (organization, locale, 512 px icon, home, search and
 * listing SEO). Read on the server with the menu (the layout data), cached like it (5 minutes,
 * one per process) and cleared with it (`clearSiteSeoCache`, the invalidation's `menu` scope).
 *
 * Untrusted input, checked field by field: a wrong field keeps its default (src/lib/shared/site/brand.ts)
 * with a warning. A 404 from the plugin's route (no companion plugin) means "nothing said": the
 * REST index and the defaults. A read that fails (WordPress down) is logged and not cached, so the
 * next page tries again; meanwhile the last complete answer this process had is served (a page
 * regenerated during an outage keeps the company's name), or the defaults when it never had one.
 * Never throws.
 */

export const SITE_SEO_CACHE_MS = 300_000;

/** What the layout and the pages that are not one item need. */
export interface SiteSeo {
  identity: SiteIdentity;
  /** The SEO plugin's home page values, or null. */
  home: ItemSeo | null;
  /** The SEO plugin's search-results title (other fields null), or null. */
  search: ItemSeo | null;
  /** By REST base (`news`, `press-releases`): the SEO plugin's post type archive values, or null. */
  archives: Record<string, ItemSeo | null>;
}

const warn = (message: string) => console.warn(`[identity] ${message}`);

const plain = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const text = htmlToText(value).replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, 300) : null;
};
const positive = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);

/** A field that is present but not usable is warned once; absent or null is silent. */
function checked<T>(source: Record<string, unknown>, key: string, where: string, check: (value: unknown) => T | null): T | null {
  const value = source[key];
  if (value === undefined || value === null || value === '') return null;
  const result = check(value);
  if (result === null) warn(`${where}.${key} is not usable; the default is kept`);
  return result;
}

function image(value: unknown, where: string): SeoImage | null {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) {
    warn(`${where} is not an object; ignored`);
    return null;
  }
  const url = checked(value, 'url', where, mapSeoUrl);
  if (!url) return null;
  return { url, width: positive(value.width), height: positive(value.height), alt: plain(value.alt), type: plain(value.type) };
}

/** The REST index and the plugin's answer (either may be null: not read) → the identity and the pages' SEO. */
export function normalizeSiteSeo(index: unknown, plugin: unknown): SiteSeo {
  const rest = isRecord(index) ? index : {};
  if (index !== null && !isRecord(index)) warn('the REST index is not an object; the defaults are used');
  const seo = isRecord(plugin) ? plugin : {};
  if (plugin !== null && !isRecord(plugin)) warn('custom-api/v1/seo is not an object; the defaults are used');

  const name = checked(seo, 'name', 'seo', plain) ?? checked(rest, 'name', 'index', plain) ?? DEFAULT_IDENTITY.name;
  const tagline = checked(seo, 'description', 'seo', plain) ?? checked(rest, 'description', 'index', plain) ?? DEFAULT_IDENTITY.tagline;
  const locale = checked(seo, 'locale', 'seo', (v) => (typeof v === 'string' && /^[a-z]{2,3}(?:_[A-Z]{2})?$/.test(v) ? v : null)) ?? DEFAULT_IDENTITY.locale;
  const pluginIcon = image(seo.icon, 'seo.icon');
  const indexIcon = checked(rest, 'site_icon_url', 'index', mapSeoUrl);
  const icon = pluginIcon
    ? { url: pluginIcon.url, width: pluginIcon.width, height: pluginIcon.height }
    : indexIcon
      ? { url: indexIcon, width: null, height: null }
      : DEFAULT_IDENTITY.icon;

  let organization: SiteIdentity['organization'] = null;
  if (isRecord(seo.organization)) {
    const orgName = checked(seo.organization, 'name', 'seo.organization', plain);
    if (orgName) organization = { name: orgName, logo: image(seo.organization.logo, 'seo.organization.logo') };
  } else if (seo.organization !== undefined && seo.organization !== null) warn('seo.organization is not an object; ignored');

  const archives: Record<string, ItemSeo | null> = {};
  if (isRecord(seo.archives)) {
    for (const [base, value] of Object.entries(seo.archives)) archives[base] = normalizeSeo(value, `archive ${base}`);
  } else if (seo.archives !== undefined && seo.archives !== null) warn('seo.archives is not an object; ignored');

  return {
    identity: { name, tagline, locale, icon, organization },
    home: normalizeSeo(seo.home, 'home', { link: typeof rest.home === 'string' ? rest.home : '', path: '/' }),
    search: normalizeSeo(seo.search, 'search'),
    archives,
  };
}

interface Loaded {
  value: SiteSeo;
  /** False when a read failed: served but not cached. */
  complete: boolean;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

// One per process: the revalidation webhook (another bundle) clears what the pages read.
const cache = processShared('site-seo-cache', () => createTtlCache<'site', Loaded>(SITE_SEO_CACHE_MS, { name: 'site-identity', maxEntries: 1, keep: (loaded) => loaded.complete }));
/** The last complete answer, served while WordPress fails (never cleared: an old name beats the defaults). */
const lastGood = processShared('site-seo-last-good', () => ({ value: null as SiteSeo | null }));

async function loadSiteSeo(): Promise<Loaded> {
  const { base } = serverContext();
  let complete = true;
  const [index, plugin] = await Promise.all([
    // The index lists every route unless asked for its few fields.
    fetchJson<unknown>(wpUrl(base, '/wp-json', '', { _fields: 'name,description,url,home,site_icon_url' })).then(
      ({ data }) => data,
      (error: unknown) => {
        complete = false;
        console.error(`[identity] the REST index could not be read, the defaults are used: ${errorText(error)}`);
        return null;
      },
    ),
    fetchJson<unknown>(wpUrl(base, CUSTOM_PREFIX, 'seo'), { isAnswer: (status) => status === 404 }).then(
      ({ status, data }) => (status === 404 ? null : data),
      (error: unknown) => {
        complete = false;
        console.error(`[identity] custom-api/v1/seo could not be read, the defaults are used: ${errorText(error)}`);
        return null;
      },
    ),
  ]);
  if (!complete) return { value: lastGood.value ?? normalizeSiteSeo(index, plugin), complete };
  const value = normalizeSiteSeo(index, plugin);
  lastGood.value = value;
  return { value, complete };
}

/** The identity and the pages' SEO, cached for 5 minutes. Never throws. */
export async function getSiteSeo(): Promise<SiteSeo> {
  return (await cache.get('site', loadSiteSeo)).value;
}

/**
 * The SEO object of one of the site's own pages (home, search, a listing) as the page renders it:
 * its canonical is the page's own address, which the site knows and WordPress does not (the
 * plugin gives WordPress's post type archive or home URL); null stays null.
 */
export function ownPageSeo(seo: ItemSeo | null | undefined): ItemSeo | null {
  return seo ? { ...seo, canonical: null } : null;
}

/** The identity alone (the layout data, the feeds). */
export async function getSiteIdentity(): Promise<SiteIdentity> {
  return (await getSiteSeo()).identity;
}

/** Forgets the cached identity (the invalidation's `menu` scope: Settings → General and the SEO plugins' settings send `menu: true`). */
export function clearSiteSeoCache(): void {
  cache.clear();
}

// Settings → General and the SEO plugins' settings (event "site_settings") are sent with `menu: true`. Issue 36: registered, so the invalidation clears it (src/lib/cache/processCaches.ts).
registerProcessCache({ name: 'site-seo-cache', scopes: ['menu'], clear: clearSiteSeoCache });

/** Tests: forget the cache and the last complete answer (a new process). */
export function resetSiteSeoForTests(): void {
  cache.clear();
  lastGood.value = null;
}
