import useSWR from 'swr';
import { nextTask } from '@/lib/browser/nextTask';
import { alertsFetcher, alertsKey, type SiteAlerts } from '@/lib/shared/wordpress/alerts';

/**
 * SWR calls its fetcher inside React's commit (a layout effect of the component that mounts it),
 * and the first `fetch` of a page is not cheap: the requests start on a task of their own instead
 * (issue 19: together they were one 9-13 ms task after load).
 */
export function fetchAlertsOnNextTask(key: Parameters<typeof alertsFetcher>[0]): Promise<SiteAlerts> {
  return nextTask().then(() => alertsFetcher(key));
}

/**
 * The site's alerts, read in the visitor's browser from the content system (spec §7 "Alerts").
 * `getAlerts` keeps only enabled alerts (`enable === '1'`), the first of each type, and answers
 * `null` for a type whose read failed (after the fetch wrapper's 3 attempts): it never throws, so
 * SWR neither retries (the wrapper did) nor has an error to show (spec §8: no alert is shown).
 * No content system configured → no request.
 * Data is undefined on the server and during hydration, so alerts never change the server HTML.
 */
export function useSiteAlerts(): SiteAlerts | undefined {
  const base = process.env.NEXT_PUBLIC_WORDPRESS_URL ?? '';
  const { data } = useSWR(base ? alertsKey(base) : null, fetchAlertsOnNextTask, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return data;
}
