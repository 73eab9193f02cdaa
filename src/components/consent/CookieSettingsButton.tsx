import { openCookiePreferences } from '@/lib/consent/manager';

/**
 * The permanent "Cookie settings" control of the footer's legal row: reopens the preferences
 * dialog so the visitor can change their choice at any time (styled by Footer.module.css).
 */
export function CookieSettingsButton() {
  return (
    <button type="button" aria-haspopup="dialog" onClick={() => void openCookiePreferences()}>
      Cookie settings
    </button>
  );
}
