/**
 * The consent runtime in the visitor's browser: loads vanilla-cookieconsent on demand (its own
 * chunk, outside the First Load JS), runs it once per page load and turns its events into Consent
 * Mode updates, the analytics-consent store and analytics-cookie clearing.
 *
 * `startConsent()` is idempotent (module-level promise): React StrictMode's double effects and
 * the footer's "Cookie settings" button may all call it; `CookieConsent.run` runs once and every
 * callback fires once per consent event. (The library also refuses a second `run` while one is
 * active: `window._ccRun`.)
 */
import type { CookieConsentConfig } from 'vanilla-cookieconsent';
// The library's stylesheet (32 kB) travels with this chunk, not in the render-blocking CSS of every
// page (issue 19): nothing of it is painted before this code has drawn the banner, and the chunk
// resolves only once its stylesheet has loaded. The site's overrides (consent.css, in _app) are
// written one notch more specific, so they win whichever file comes later.
import 'vanilla-cookieconsent/dist/cookieconsent.css';
import { EMBED_PROVIDERS } from '../embeds/providers';
import { afterNextPaint, nextTask } from '../browser/nextTask';
import { ANALYTICS_SERVICE, EMBEDS_CATEGORY } from './categories';
import { createConsentConfig } from './config';
import { clearAnalyticsCookies } from './cookies';
import { consentState, gtag } from './gtag';
import { getAcceptedEmbeds, setAcceptedEmbeds, setAnalyticsConsent } from './store';

export type CookieConsentApi = typeof import('vanilla-cookieconsent');

/** The accessible name of the banner's close button (closing counts as "reject all", spec §4). */
export const CLOSE_BUTTON_LABEL = 'Close and reject non-essential cookies';
const CLOSE_BUTTON_CLASS = 'cc-close-btn';

let started: Promise<CookieConsentApi | null> | null = null;
let stopping: Promise<void> = Promise.resolve();
let lastUpdate: string | null = null;

/**
 * Applies the visitor's current choice: one `gtag('consent','update', …)` with all seven signals
 * (skipped when identical to the previous update of this page load — the library fires
 * onFirstConsent and onConsent together on the first choice), the analytics-consent store, and
 * the analytics cookies cleared unless analytics is accepted.
 */
export function applyConsent(cc: Pick<CookieConsentApi, 'acceptedService'>): void {
  const state = consentState((service, category) => cc.acceptedService(service, category));
  const key = JSON.stringify(state);
  if (key !== lastUpdate) {
    lastUpdate = key;
    gtag('consent', 'update', state);
  }
  const analytics = cc.acceptedService(ANALYTICS_SERVICE.service, ANALYTICS_SERVICE.category);
  setAnalyticsConsent(analytics);
  if (!analytics) clearAnalyticsCookies();
  setAcceptedEmbeds(EMBED_PROVIDERS.map((provider) => provider.key).filter((key) => cc.acceptedService(key, EMBEDS_CATEGORY)));
}

/**
 * The placeholder's "Load …" button (src/lib/embeds/gate.ts): accepts that provider in the
 * "External media" category, keeping every other choice. The library saves the choice (a first
 * choice included: the banner stays for the other categories) and fires its events, which
 * applyConsent turns into the accepted embeds. Resolves to false when the manager could not start.
 */
export async function acceptEmbedProvider(key: string): Promise<boolean> {
  const cc = await startConsent();
  if (!cc) return false;
  const accepted = EMBED_PROVIDERS.map((provider) => provider.key).filter((other) => other === key || cc.acceptedService(other, EMBEDS_CATEGORY));
  cc.acceptService(accepted, EMBEDS_CATEGORY);
  return getAcceptedEmbeds().includes(key);
}

/** Closing the banner: necessary cookies only, then hide it (spec §4: close counts as reject). */
export function rejectAndClose(cc: Pick<CookieConsentApi, 'acceptCategory' | 'hide' | 'hidePreferences'>): void {
  cc.acceptCategory([]);
  cc.hidePreferences();
  cc.hide();
}

/**
 * Adds the close button the 'bar' layout does not draw (the library draws one only in the 'box'
 * layout). Appended inside the banner's dialog, so it is in the banner's tab order and focus trap.
 */
export function addCloseButton(modal: HTMLElement, onClose: () => void): HTMLButtonElement {
  const existing = modal.querySelector<HTMLButtonElement>(`button.${CLOSE_BUTTON_CLASS}`);
  if (existing) return existing;
  const button = modal.ownerDocument.createElement('button');
  button.type = 'button';
  button.className = CLOSE_BUTTON_CLASS;
  button.setAttribute('aria-label', CLOSE_BUTTON_LABEL);
  button.innerHTML =
    '<svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">' +
    '<path d="M5 5l14 14M19 5L5 19" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';
  button.addEventListener('click', (event) => {
    event.preventDefault();
    onClose();
  });
  modal.appendChild(button);
  return button;
}

/**
 * Moves focus into the preferences dialog when it opens, if it is not there yet (spec §5: focus
 * stays inside an open dialog). The library focuses the dialog only at the end of its opening
 * transition, so with `prefers-reduced-motion: reduce` (no transition) focus stayed on the page
 * behind. Tries a few times while the dialog becomes visible; focuses the library's own focus
 * target (the dialog's first, tabindex=-1 child), which its Tab trap then keeps inside.
 */
export function focusPreferencesDialog(doc: Document = document, delays: readonly number[] = [120, 300, 600]): void {
  const attempt = (index: number) => {
    const dialog = doc.querySelector<HTMLElement>('#cc-main .pm');
    if (!dialog || !doc.documentElement.classList.contains('show--preferences')) return;
    if (dialog.contains(doc.activeElement)) return;
    const target = dialog.querySelector<HTMLElement>(':scope > [tabindex="-1"]') ?? dialog;
    target.focus({ preventScroll: true });
    if (!dialog.contains(doc.activeElement) && index + 1 < delays.length) schedule(index + 1);
  };
  const schedule = (index: number) => {
    setTimeout(() => attempt(index), delays[index]);
  };
  schedule(0);
}

/** On `<html>` while the preferences dialog is being built after a tap: the page dims at once (consent.css). */
export const OPENING_CLASS = 'cc--opening';

let opening: Promise<void> | null = null;

/**
 * Opens the preferences dialog so that a tap shows at once (issue 19). The library builds the
 * dialog (about 400 elements, their styles and layout) the first time it opens it: on a phone
 * that held the tap's next paint for a quarter of a second. So, when the dialog is not built yet,
 * the page first dims as the dialog's overlay will (OPENING_CLASS), that frame is drawn, and the
 * dialog is built and shown on the task after it. (It used to be built ahead at the first idle
 * moment while the banner showed: every first visit paid two long tasks during its load for a
 * dialog most visitors never open.) Once built, it opens at once. A second call while one is
 * under way waits for it.
 */
export function showPreferencesAfterPaint(cc: Pick<CookieConsentApi, 'showPreferences'>, doc: Document = document): Promise<void> {
  if (doc.querySelector('#cc-main .pm')) {
    cc.showPreferences();
    return Promise.resolve();
  }
  if (opening) return opening;
  const root = doc.documentElement;
  root.classList.add(OPENING_CLASS);
  opening = afterNextPaint().then(() => {
    try {
      cc.showPreferences();
    } finally {
      root.classList.remove(OPENING_CLASS);
      opening = null;
    }
  });
  return opening;
}

/**
 * Routes the banner's "Manage preferences" button through showPreferencesAfterPaint, ahead of the
 * library's own click handler (a capture listener on the banner stops the click before it reaches
 * the button). The library also builds the dialog when the pointer enters that button: a head
 * start for a mouse, kept. A finger's tap fires that `mouseenter` too (the compatibility mouse
 * events, right before the click), which put the whole build inside the tap: after a touch or pen
 * `pointerdown` it is stopped, and the click builds the dialog after its first paint.
 */
export function openPreferencesFromBanner(modal: HTMLElement, open: () => void): void {
  const SHOW = '[data-role="show"]';
  let pointerType = '';
  modal.addEventListener('pointerdown', (event) => void (pointerType = event.pointerType), { capture: true });
  modal.addEventListener(
    'mouseenter',
    (event) => {
      if (pointerType !== '' && pointerType !== 'mouse' && event.target instanceof Element && event.target.matches(SHOW)) event.stopImmediatePropagation();
    },
    { capture: true },
  );
  modal.addEventListener(
    'click',
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest(SHOW)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      open();
    },
    { capture: true },
  );
}

/** The configuration with this runtime's callbacks. */
export function createRuntimeConfig(cc: CookieConsentApi): CookieConsentConfig {
  const onEvent = () => applyConsent(cc);
  return createConsentConfig({
    onFirstConsent: onEvent,
    onConsent: onEvent,
    onChange: onEvent,
    onModalReady: ({ modalName, modal }) => {
      if (modalName !== 'consentModal') return;
      addCloseButton(modal, () => rejectAndClose(cc));
      openPreferencesFromBanner(modal, () => void showPreferencesAfterPaint(cc));
    },
    onModalShow: ({ modalName }) => {
      if (modalName === 'preferencesModal') focusPreferencesDialog();
    },
  });
}

async function load(): Promise<CookieConsentApi | null> {
  try {
    const cc = await import('vanilla-cookieconsent');
    // Evaluating the library and drawing the banner are two tasks, not one long one: the main
    // thread gets a turn between them (issue 5: Lighthouse counts each task's time over 50 ms).
    await nextTask();
    await cc.run(createRuntimeConfig(cc));
    // On a page load without a valid choice, or with analytics declined, no analytics cookie may
    // remain (the library only clears on a consent action). onConsent has already applied a valid
    // choice; without one, the store stays false and the default (all denied) stands.
    if (!cc.acceptedService(ANALYTICS_SERVICE.service, ANALYTICS_SERVICE.category)) clearAnalyticsCookies();
    return cc;
  } catch (error) {
    console.error('[consent] The cookie consent manager failed to start.', error);
    return null;
  }
}

/** Loads and runs the consent manager once per page load; resolves to the library (null on failure). */
export function startConsent(): Promise<CookieConsentApi | null> {
  if (typeof window === 'undefined') return Promise.resolve(null);
  started ??= stopping.then(load);
  return started;
}

/**
 * Undoes `startConsent` (the cleanup of ConsentManager's effect): removes the banner and dialog
 * and forgets the run, without touching the visitor's stored choice. The site's _app never
 * unmounts, so this only runs in tests and on a development hot reload; a later start waits for
 * it and runs the library afresh.
 */
export function stopConsent(): void {
  const running = started;
  if (!running) return;
  started = null;
  lastUpdate = null;
  setAnalyticsConsent(false);
  setAcceptedEmbeds([]);
  stopping = running.then((cc) => cc?.reset(false)).catch(() => undefined);
}

/** Opens the preferences dialog (the footer's "Cookie settings"), starting the manager if needed. */
export async function openCookiePreferences(): Promise<void> {
  const cc = await startConsent();
  if (cc) await showPreferencesAfterPaint(cc);
}

/** For tests: forget the started manager and the last update. */
export function resetConsentForTests(): void {
  started = null;
  opening = null;
  stopping = Promise.resolve();
  lastUpdate = null;
  setAnalyticsConsent(false);
  setAcceptedEmbeds([]);
}
