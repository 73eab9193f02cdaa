/**
 * Site-wide alerts: a top bar and a popup (spec §3 "Alert", §5, §7 "Alerts", §8 "Alert failure").
 *
 * Read in the visitor's browser, so this module imports neither the configuration nor the server
 * context nor the HTML sanitizer: the base URL is an argument, and alerts are plain text
 * (`htmlToText`: tags stripped, references decoded).
 *
 * - One request per type: `GET alert?per_page=100&meta_query[relation]=AND&meta_query[0][key]=alert_type&
 *   meta_query[0][value]=Top bar&meta_query[0][compare]=LIKE&meta_query[1][key]=enable&
 *   meta_query[1][value]=1&meta_query[1][compare]=LIKE&_fields=id,title,content,acf&t=…`.
 * - LIKE matches substrings ('1' also matches '10', 'Popup' also 'Popup old'), so the answer is
 *   filtered again: only alerts with `acf.enable === '1'` and `acf.alert_type` exactly the type.
 * - Only the first matching alert of each type is used, in WordPress's order (newest first).
 * - Any failure (the read, after the wrapper's retries, or an answer that is not a list) → no alert
 *   of that type, logged; nothing throws.
 * - A link needs a URL that is http(s), mailto, tel or a site path; a URL on the content system's
 *   origin (or the page's own) becomes a site path. Its label defaults to the alert's title.
 */
import { htmlToText } from '../excerpt';
import type { Alert, AlertType } from '../types';
import { fetchJson, WP_PREFIX, wpUrl, type Query } from './http';
import { isRecord } from '../isRecord';

export const ALERT_TYPES: readonly AlertType[] = ['Top bar', 'Popup'];
export const ALERT_FIELDS: readonly string[] = ['id', 'title', 'content', 'acf'];
export const ALERTS_PAGE_SIZE = 100;

export interface AlertFilter {
  key: string;
  value: string;
}

export interface SiteAlerts {
  topBar: Alert | null;
  popup: Alert | null;
}

/**
 * The alert collection URL with a meta-query AND filter of key/value pairs compared with LIKE, and
 * optionally `_fields`. Throws when `base` is not a URL.
 */
export function alertsUrl(base: string, filters: ReadonlyArray<AlertFilter>, fields?: ReadonlyArray<string>): string {
  const query: Query = { per_page: ALERTS_PAGE_SIZE };
  if (filters.length > 0) {
    query['meta_query[relation]'] = 'AND';
    filters.forEach(({ key, value }, i) => {
      query[`meta_query[${i}][key]`] = key;
      query[`meta_query[${i}][value]`] = value;
      query[`meta_query[${i}][compare]`] = 'LIKE';
    });
  }
  if (fields && fields.length > 0) query._fields = fields.join(',');
  return wpUrl(base, WP_PREFIX, 'alert', query);
}

const rendered = (value: unknown): string =>
  isRecord(value) && typeof value.rendered === 'string' ? value.rendered : typeof value === 'string' ? value : '';

function linkHref(url: string, base: string): string | null {
  const href = url.trim();
  if (href === '') return null;
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  if (/^(mailto|tel):/i.test(href)) return href;
  if (!/^https?:\/\/[^/]/i.test(href)) return null;
  try {
    const target = new URL(href);
    const own = new Set<string>([new URL(base).origin]);
    if (typeof location !== 'undefined' && location.origin) own.add(location.origin);
    if (!own.has(target.origin) || /^\/wp-(content|json)\//.test(target.pathname)) return href;
    return `${target.pathname.replace(/(.)\/+$/, '$1')}${target.search}${target.hash}`;
  } catch {
    return null;
  }
}

function toAlert(raw: Record<string, unknown>, type: AlertType, base: string): Alert | null {
  const id = raw.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  const acf = raw.acf as Record<string, unknown>;
  const title = htmlToText(rendered(raw.title));
  const url = typeof acf.link_url === 'string' ? linkHref(acf.link_url, base) : null;
  const label = typeof acf.link_label === 'string' ? htmlToText(acf.link_label) : '';
  return {
    id,
    type,
    title,
    text: htmlToText(rendered(raw.content)),
    link: url === null ? null : { url, label: label || title },
  };
}

/** The first alert of `type` that is enabled exactly (`enable === '1'`), or null. */
export function pickAlert(data: unknown, type: AlertType, base: string): Alert | null {
  if (!Array.isArray(data)) throw new Error('the alert read did not answer a list');
  for (const raw of data) {
    if (!isRecord(raw) || !isRecord(raw.acf)) continue;
    if (raw.acf.enable !== '1' || raw.acf.alert_type !== type) continue;
    const alert = toAlert(raw, type, base);
    if (alert) return alert;
  }
  return null;
}

async function readAlert(base: string, type: AlertType): Promise<Alert | null> {
  try {
    const url = alertsUrl(base, [{ key: 'alert_type', value: type }, { key: 'enable', value: '1' }], ALERT_FIELDS);
    const { data } = await fetchJson<unknown>(url);
    return pickAlert(data, type, base);
  } catch (error) {
    console.error(`[alerts] the ${type} alert could not be read, none is shown: ${(error as Error)?.message ?? String(error)}`);
    return null;
  }
}

/** The top-bar and popup alerts; a type that cannot be read has none (spec §8). Never throws. */
export async function getAlerts(base: string): Promise<SiteAlerts> {
  const [topBar, popup] = await Promise.all([readAlert(base, 'Top bar'), readAlert(base, 'Popup')]);
  return { topBar, popup };
}

/** SWR key for the alerts of the content system at `base` (`useSWR(alertsKey(base), alertsFetcher)`). */
export function alertsKey(base: string): readonly ['wordpress-alerts', string] {
  return ['wordpress-alerts', base] as const;
}

/** SWR fetcher matching `alertsKey`. */
export function alertsFetcher([, base]: readonly ['wordpress-alerts', string]): Promise<SiteAlerts> {
  return getAlerts(base);
}
