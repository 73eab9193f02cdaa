import { useRouter } from 'next/router';
import { useState } from 'react';
import { pathOf } from '@/components/layout/links';
import { AlertPopup } from './AlertPopup';
import { AlertTopBar } from './AlertTopBar';
import { hasAnsweredCookieBanner } from './consentGate';
import { isDismissed, rememberDismissed } from './dismissal';
import { useSiteAlerts } from './useSiteAlerts';

/**
 * The alerts slot of the layout (spec §5, §7 "Alerts", §8 "Alert failure"): the enabled top-bar
 * alert and the enabled popup alert, read in the browser. Nothing is rendered on the server, while
 * loading, for a type with no enabled alert, when the read fails, or for an alert the visitor
 * dismissed earlier in this browser session.
 *
 * The popup never opens over the cookie banner: on a page view that began before the visitor
 * answered it, the popup waits for the next page (a client-side navigation counts). The top bar,
 * which blocks nothing, shows at once.
 */
export function SiteAlerts() {
  const alerts = useSiteAlerts();
  const router = useRouter();
  const page = pathOf(router?.asPath ?? '/');

  // Dismissals of this page's lifetime; earlier ones are read from sessionStorage.
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(() => new Set());

  // Whether this page view may open the popup: decided when the page view starts (a new path).
  const [popupGate, setPopupGate] = useState(() => ({ page, open: hasAnsweredCookieBanner() }));
  if (popupGate.page !== page) setPopupGate({ page, open: hasAnsweredCookieBanner() });

  const shown = (id: number): boolean => !dismissed.has(id) && !isDismissed(id);
  const dismiss = (id: number) => {
    rememberDismissed(id);
    setDismissed((previous) => new Set(previous).add(id));
  };

  const topBar = alerts?.topBar ?? null;
  const popup = alerts?.popup ?? null;

  const dismissTopBar = (id: number) => {
    // Focus was on the bar's close button, which goes away: the bar sits between the header and the
    // content, so focus moves to the content (<main tabindex=-1>), and Tab goes on from there.
    const hadFocus = document.activeElement?.closest('[data-alert-id]') != null;
    dismiss(id);
    if (hadFocus) document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
  };

  return (
    <>
      {topBar && shown(topBar.id) ? <AlertTopBar key={topBar.id} alert={topBar} onDismiss={() => dismissTopBar(topBar.id)} /> : null}
      {popup && popupGate.open && shown(popup.id) ? <AlertPopup key={popup.id} alert={popup} onDismiss={() => dismiss(popup.id)} /> : null}
    </>
  );
}
