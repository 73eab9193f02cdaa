/**
 * When Vercel Web Analytics and Speed Insights may run (spec §4 "Analytics and speed components",
 * §7 "Third-party services", §8 "Analytics script fails to load").
 *
 * 1. Only on Vercel: the scripts are served by Vercel at /_vercel/…; anywhere else they would
 *    404. The switch is Vercel's own VERCEL_ENV, exposed to the browser as
 *    NEXT_PUBLIC_VERCEL_ENV by next.config.ts (inlined at build time): 'production' or 'preview'.
 * 2. Only in the browser (SiteAnalytics renders nothing on the server or during hydration).
 * 3. Only with analytics consent (useAnalyticsConsent).
 * 4. Never on the two test pages, including after a client-side navigation into one.
 *
 * Both libraries inject a global script that stays once loaded, so unmounting the components is
 * not enough: `dropDisallowedEvent` is registered as their `beforeSend` and drops every event
 * whose page is a test page, or that happens after analytics consent was withdrawn.
 */
import { getAnalyticsConsent } from '@/lib/consent/store';
import { isTestPage } from '@/lib/shared/testPages';

/** The Vercel environments where the analytics scripts exist. */
export const ANALYTICS_ENVIRONMENTS: readonly string[] = ['production', 'preview'];

/** True when built on Vercel for production or a preview deployment. */
export function isAnalyticsEnvironment(vercelEnv: string | undefined = process.env.NEXT_PUBLIC_VERCEL_ENV): boolean {
  return ANALYTICS_ENVIRONMENTS.includes((vercelEnv ?? '').trim());
}

/** `beforeSend` of both components: the event, or null when it must not be sent. */
export function dropDisallowedEvent<T extends { url: string }>(event: T): T | null {
  if (!getAnalyticsConsent()) return null;
  if (isTestPage(event.url)) return null;
  return event;
}
