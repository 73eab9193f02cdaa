import { loadConsentManager } from './ConsentManager';

/**
 * The permanent "Cookie settings" control of the footer's legal row: reopens the preferences
 * dialog so the visitor can change their choice at any time (styled by Footer.module.css). The
 * manager is loaded on demand (usually already loaded by ConsentManager).
 */
export function CookieSettingsButton() {
  return (
    <button type="button" aria-haspopup="dialog" onClick={() => void loadConsentManager().then((manager) => manager.openCookiePreferences())}>
      Cookie settings
    </button>
  );
}
