import { CONSENT_COOKIE } from '@/lib/consent/config';

/**
 * Whether the visitor has answered the cookie banner (accepted, rejected or closed it): the
 * consent cookie exists. Without it the banner is showing (or hidden from a bot), and a modal
 * popup alert would make the banner inert behind it. False on the server and when cookies cannot
 * be read.
 */
export function hasAnsweredCookieBanner(): boolean {
  try {
    if (typeof document === 'undefined') return false;
    const prefix = `${CONSENT_COOKIE.name}=`;
    return document.cookie.split(/;\s*/).some((cookie) => cookie.startsWith(prefix) && cookie.length > prefix.length);
  } catch {
    return false;
  }
}
