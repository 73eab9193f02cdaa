/**
 * The embed gate in the visitor's browser (issue 17, docs/blocks.md "Embeds"): turns the
 * sanitizer's placeholders (`embedPlaceholderHtml`) into iframes once the visitor has accepted
 * their provider in the "External media" consent category, and back into placeholders when that
 * consent is withdrawn. Loaded with a dynamic import, only for CMS HTML that holds placeholders
 * (RichHtml → useEmbedGate, EmbedGate.tsx); the consent manager is the one _app starts.
 *
 * - Before consent nothing is requested from any provider: the placeholder holds text, a button
 *   and a plain link, and no iframe exists.
 * - The button loads that embed at once (the visitor asked for it) and accepts its provider
 *   (`acceptEmbedProvider`); the consent event then loads the provider's other embeds on the page.
 * - On a page load with the provider already accepted, the iframes are created as soon as the
 *   consent manager reports the stored choice.
 * - Withdrawing the provider (preferences dialog, "Reject all") removes its iframes and shows the
 *   placeholders again; what the provider stored on its own site stays there (the site cannot
 *   clear another site's cookies).
 *
 * The iframe's address is read from `data-embed-src` and checked again against the provider
 * table (https, one of the provider's origins) before use; the CSP's frame-src would refuse any
 * other anyway.
 */
import { acceptEmbedProvider } from '../consent/manager';
import { getAcceptedEmbeds, subscribeAcceptedEmbeds } from '../consent/store';
import { EMBED_REFERRER_POLICY, embedProvider, embedTitle, isEmbedSrc, type EmbedProvider } from './providers';

export const PLACEHOLDER_SELECTOR = '.site-embed[data-embed][data-embed-src]';
/** Set on a placeholder whose iframe is in the page (CSS hides the notice). */
export const LOADED_CLASS = 'is-loaded';
const FRAME_CLASS = 'site-embed__frame';
const BUTTON_SELECTOR = '.site-embed__load';

export interface GateDependencies {
  /** Records the visitor's consent to a provider (the consent manager's). */
  accept(key: string): Promise<unknown>;
  accepted(): readonly string[];
  subscribe(listener: () => void): () => void;
}

const consentDependencies: GateDependencies = {
  accept: acceptEmbedProvider,
  accepted: getAcceptedEmbeds,
  subscribe: subscribeAcceptedEmbeds,
};

interface Placeholder {
  element: HTMLElement;
  provider: EmbedProvider;
  src: string;
}

/** The placeholders under `root` whose provider and address check out; the others stay as they are (their link works). */
export function findPlaceholders(root: ParentNode): Placeholder[] {
  const found: Placeholder[] = [];
  for (const element of root.querySelectorAll<HTMLElement>(PLACEHOLDER_SELECTOR)) {
    const provider = embedProvider(element.dataset.embed ?? '');
    const src = element.dataset.embedSrc ?? '';
    if (provider && isEmbedSrc(provider, src)) found.push({ element, provider, src });
  }
  return found;
}

/** The iframe of a placeholder: the provider's sandbox and features, origin-only referrer, lazy, titled. */
export function createEmbedFrame({ element, provider, src }: Placeholder): HTMLIFrameElement {
  const frame = element.ownerDocument.createElement('iframe');
  frame.className = FRAME_CLASS;
  frame.title = embedTitle(provider);
  frame.setAttribute('sandbox', provider.sandbox);
  if (provider.allow) frame.setAttribute('allow', provider.allow);
  frame.setAttribute('referrerpolicy', EMBED_REFERRER_POLICY);
  frame.setAttribute('loading', 'lazy');
  frame.src = src;
  return frame;
}

/** Puts the iframe in the placeholder (once). Returns it. */
export function loadEmbed(placeholder: Placeholder): HTMLIFrameElement {
  const existing = placeholder.element.querySelector<HTMLIFrameElement>(`iframe.${FRAME_CLASS}`);
  if (existing) return existing;
  const frame = createEmbedFrame(placeholder);
  placeholder.element.appendChild(frame);
  placeholder.element.classList.add(LOADED_CLASS);
  return frame;
}

/** Takes the iframe out again: the placeholder's notice, button and link come back. */
export function unloadEmbed(placeholder: Placeholder): void {
  const frame = placeholder.element.querySelector(`iframe.${FRAME_CLASS}`);
  if (!frame) return;
  const hadFocus = frame === placeholder.element.ownerDocument.activeElement;
  frame.remove();
  placeholder.element.classList.remove(LOADED_CLASS);
  placeholder.element.style.removeProperty('height');
  if (hadFocus) placeholder.element.querySelector<HTMLElement>(BUTTON_SELECTOR)?.focus();
}

/** The origin of X's embed page, which reports its height (there is no widgets.js on our page to read it). */
const X_ORIGIN = 'https://platform.twitter.com';

/**
 * The height an X post's frame reports (`{"twttr.embed": {"method": "twttr.private.resize",
 * "params": [{"height": …}]}}`, as an object or JSON text), clamped; null for any other message.
 */
export function reportedHeight(data: unknown): number | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const embed = (value as { 'twttr.embed'?: { method?: unknown; params?: unknown } } | null)?.['twttr.embed'];
  if (!embed || embed.method !== 'twttr.private.resize' || !Array.isArray(embed.params)) return null;
  const height = Number((embed.params[0] as { height?: unknown } | undefined)?.height);
  return Number.isFinite(height) && height > 0 ? Math.min(Math.max(Math.round(height), 100), 4000) : null;
}

/**
 * Starts the gate on the placeholders under `root`. Returns the function that stops it (the
 * listeners go; iframes already loaded stay).
 */
export function startEmbedGate(root: ParentNode = document, deps: GateDependencies = consentDependencies): () => void {
  const placeholders = findPlaceholders(root);
  const sync = () => {
    const accepted = deps.accepted();
    for (const placeholder of placeholders) {
      if (accepted.includes(placeholder.provider.key)) loadEmbed(placeholder);
      else unloadEmbed(placeholder);
    }
  };
  const cleanups = placeholders.map((placeholder) => {
    const button = placeholder.element.querySelector<HTMLButtonElement>(BUTTON_SELECTOR);
    if (!button) return () => undefined;
    const onClick = (event: Event) => {
      event.preventDefault();
      // The visitor asked for this one: it loads now, and keyboard focus follows it into the frame.
      loadEmbed(placeholder).focus();
      // The consent event that follows loads the provider's other embeds (sync). If the choice
      // cannot be recorded, this one stays: the visitor asked for it.
      void deps.accept(placeholder.provider.key).catch(() => undefined);
    };
    button.addEventListener('click', onClick);
    return () => button.removeEventListener('click', onClick);
  });
  const unsubscribe = deps.subscribe(sync);
  // An X post's height is known only once its frame has drawn it: the frame says so by message
  // (from X's origin, from that very frame), and the box takes it (CSSOM, not a style attribute).
  const view = root instanceof Document ? root.defaultView : (root as Node).ownerDocument?.defaultView;
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== X_ORIGIN) return;
    const height = reportedHeight(event.data);
    if (height === null) return;
    for (const placeholder of placeholders) {
      const frame = placeholder.element.querySelector<HTMLIFrameElement>(`iframe.${FRAME_CLASS}`);
      if (frame && frame.contentWindow === event.source) placeholder.element.style.height = `${height}px`;
    }
  };
  if (placeholders.some((placeholder) => placeholder.provider.frameOrigins.includes(X_ORIGIN))) view?.addEventListener('message', onMessage);
  // A choice the manager already reported (a client-side navigation): apply it now. Before any
  // report the list is empty and every placeholder stays.
  if (deps.accepted().length > 0) sync();
  return () => {
    unsubscribe();
    view?.removeEventListener('message', onMessage);
    for (const cleanup of cleanups) cleanup();
  };
}
