/**
 * Issue 17, docs/blocks.md "Embeds": the consent gate in the browser, on markup the sanitizer
 * writes (embedPlaceholderHtml), with the real vanilla-cookieconsent 3.1.0 (e2e/embeds.e2e.ts
 * repeats it in Chromium with network recording and the CSP).
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import * as CookieConsent from 'vanilla-cookieconsent';
import { hasEmbeds, loadEmbedGate } from '@/components/content/EmbedGate';
import { RichHtml } from '@/components/content/RichHtml';
import { EMBEDS_CATEGORY } from '@/lib/consent/categories';
import { CONSENT_DEFAULT_SNIPPET } from '@/lib/consent/gtag';
import { resetConsentForTests, startConsent } from '@/lib/consent/manager';
import { getAcceptedEmbeds, setAcceptedEmbeds } from '@/lib/consent/store';
import { LOADED_CLASS, reportedHeight, startEmbedGate, type GateDependencies } from '@/lib/embeds/gate';
import { EMBED_SANDBOX, embedPlaceholderHtml, matchEmbed } from '@/lib/embeds/providers';

const YOUTUBE = matchEmbed('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
const VIMEO = matchEmbed('https://vimeo.com/76979871');
if (!YOUTUBE || !VIMEO) throw new Error('providers');

/** A body as the sanitizer writes it: WordPress's figure and wrapper, our placeholder inside. */
const figure = (html: string, aspect = 'wp-embed-aspect-16-9 wp-has-aspect-ratio') =>
  `<figure class="wp-block-embed is-type-video ${aspect}"><div class="wp-block-embed__wrapper">${html}</div><figcaption>A caption</figcaption></figure>`;
const body = () => `<div class="prose">${figure(embedPlaceholderHtml(YOUTUBE))}<p>Text between.</p>${figure(embedPlaceholderHtml(VIMEO))}${figure(embedPlaceholderHtml(YOUTUBE))}</div>`;

const frames = () => [...document.querySelectorAll('iframe')];

/** A consent store the test drives by hand. */
function fakeConsent(initial: string[] = []) {
  let accepted = initial;
  const listeners = new Set<() => void>();
  const deps: GateDependencies & { set(keys: string[]): void } = {
    accept: jest.fn(async (key: string) => deps.set([...accepted, key])),
    accepted: () => accepted,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(keys) {
      accepted = keys;
      for (const listener of listeners) listener();
    },
  };
  return deps;
}

describe('the embed gate', () => {
  beforeEach(() => {
    document.body.innerHTML = body();
  });

  test('before consent: no iframe at all, every placeholder shows its provider, button and link', () => {
    const stop = startEmbedGate(document, fakeConsent());
    expect(frames()).toHaveLength(0);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Load YouTube video', 'Load Vimeo video', 'Load YouTube video']);
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/76979871',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    ]);
    stop();
  });

  test('the button loads that embed at once (src, sandbox, allow, referrer, lazy, title), focuses it, and asks for consent to its provider', () => {
    const consent = fakeConsent();
    consent.accept = jest.fn(() => new Promise(() => undefined)); // consent not yet recorded
    startEmbedGate(document, consent);
    const [first] = screen.getAllByRole('button', { name: 'Load YouTube video' });
    fireEvent.click(first as HTMLElement);
    expect(consent.accept).toHaveBeenCalledWith('youtube');
    expect(frames()).toHaveLength(1);
    const frame = frames()[0] as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(frame.getAttribute('sandbox')).toBe(EMBED_SANDBOX);
    expect(frame.getAttribute('allow')).toBe('fullscreen; picture-in-picture; encrypted-media');
    expect(frame.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(frame.title).toBe('YouTube video');
    expect(frame.hasAttribute('style')).toBe(false);
    expect(document.activeElement).toBe(frame);
    expect(frame.closest('.site-embed')?.classList.contains(LOADED_CLASS)).toBe(true);
  });

  test('once the provider is accepted, all its embeds load, and only its own', async () => {
    const consent = fakeConsent();
    startEmbedGate(document, consent);
    fireEvent.click(screen.getAllByRole('button', { name: 'Load YouTube video' })[0] as HTMLElement);
    await waitFor(() => expect(frames()).toHaveLength(2));
    expect(frames().map((f) => f.getAttribute('src'))).toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ']);
    expect(document.querySelector('[data-embed="vimeo"] iframe')).toBeNull();
  });

  test('a stored consent loads the embeds directly; withdrawing it brings the placeholders back (focus returns to the button)', () => {
    const consent = fakeConsent(['youtube', 'vimeo']);
    startEmbedGate(document, consent);
    expect(frames()).toHaveLength(3);
    expect(frames()[1]?.getAttribute('src')).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    (frames()[0] as HTMLIFrameElement).focus();
    consent.set(['vimeo']);
    expect(frames()).toHaveLength(1);
    expect(document.activeElement?.textContent).toBe('Load YouTube video');
    expect(document.querySelectorAll(`.${LOADED_CLASS}`)).toHaveLength(1);
    consent.set([]);
    expect(frames()).toHaveLength(0);
  });

  test('a placeholder whose address is not its provider\'s (https, its origin) never becomes an iframe', () => {
    document.body.innerHTML = [
      '<div class="site-embed" data-embed="youtube" data-embed-src="https://evil.test/embed/x"><button class="site-embed__load">Load</button></div>',
      '<div class="site-embed" data-embed="youtube" data-embed-src="javascript:alert(1)"><button class="site-embed__load">Load</button></div>',
      '<div class="site-embed" data-embed="youtube" data-embed-src="http://www.youtube-nocookie.com/embed/x"><button class="site-embed__load">Load</button></div>',
      '<div class="site-embed" data-embed="unknown" data-embed-src="https://www.youtube-nocookie.com/embed/x"><button class="site-embed__load">Load</button></div>',
    ].join('');
    startEmbedGate(document, fakeConsent(['youtube']));
    for (const button of screen.getAllByRole('button')) fireEvent.click(button);
    expect(frames()).toHaveLength(0);
  });

  test('an X post takes the height its frame reports (from X\'s origin and that frame only); withdrawn, it goes back to the CSS box', () => {
    const tweet = matchEmbed('https://x.com/WordPress/status/1308442233334362112');
    if (!tweet) throw new Error('x');
    document.body.innerHTML = embedPlaceholderHtml(tweet) + embedPlaceholderHtml(tweet);
    const consent = fakeConsent(['twitter']);
    startEmbedGate(document, consent);
    const [first, second] = frames();
    const resize = (height: number) => ({ 'twttr.embed': { method: 'twttr.private.resize', params: [{ width: 550, height }] } });
    window.dispatchEvent(new MessageEvent('message', { origin: 'https://platform.twitter.com', source: first?.contentWindow, data: resize(731) }));
    window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.test', source: second?.contentWindow, data: resize(999) }));
    window.dispatchEvent(new MessageEvent('message', { origin: 'https://platform.twitter.com', source: second?.contentWindow, data: JSON.stringify(resize(412)) }));
    const boxes = [...document.querySelectorAll<HTMLElement>('.site-embed')];
    expect(boxes.map((box) => box.style.height)).toEqual(['731px', '412px']);
    consent.set([]);
    expect(boxes.map((box) => box.style.height)).toEqual(['', '']);
    expect(reportedHeight('not json')).toBeNull();
    expect(reportedHeight({ 'twttr.embed': { method: 'other', params: [{ height: 5 }] } })).toBeNull();
    expect(reportedHeight(resize(1e9))).toBe(4000);
  });

  test('stopping the gate removes its listeners', () => {
    const consent = fakeConsent();
    const stop = startEmbedGate(document, consent);
    stop();
    consent.set(['youtube']);
    fireEvent.click(screen.getAllByRole('button')[0] as HTMLElement);
    expect(frames()).toHaveLength(0);
    expect(consent.accept).not.toHaveBeenCalled();
  });
});

describe('the gate with the real consent library', () => {
  beforeEach(() => {
    CookieConsent.reset(true);
    resetConsentForTests();
    document.cookie.split(';').forEach((c) => {
      document.cookie = `${c.split('=')[0]?.trim()}=; Path=/; Max-Age=0`;
    });
    delete window.dataLayer;
    (0, eval)(CONSENT_DEFAULT_SNIPPET);
    document.body.innerHTML = body();
  });

  afterAll(() => CookieConsent.reset(true));

  test('the button records consent to that provider in "External media" (cc_cookie), the seven signals stay denied; "Reject all" removes the embeds', async () => {
    await startConsent();
    startEmbedGate(document);
    fireEvent.click(screen.getAllByRole('button', { name: 'Load YouTube video' })[0] as HTMLElement);
    await waitFor(() => expect(getAcceptedEmbeds()).toEqual(['youtube']));
    expect(frames()).toHaveLength(2);
    expect(CookieConsent.acceptedService('youtube', EMBEDS_CATEGORY)).toBe(true);
    expect(CookieConsent.acceptedService('vimeo', EMBEDS_CATEGORY)).toBe(false);
    expect(CookieConsent.getUserPreferences().acceptedCategories.sort()).toEqual([EMBEDS_CATEGORY, 'necessary']);
    const stored = JSON.parse(decodeURIComponent(/cc_cookie=([^;]+)/.exec(document.cookie)?.[1] ?? '{}')) as { services: Record<string, string[]> };
    expect(stored.services[EMBEDS_CATEGORY]).toEqual(['youtube']);
    // No signal of the site's tags is granted by watching a video.
    const updates = (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)).filter((c) => c[1] === 'update');
    expect(Object.values((updates.at(-1)?.[2] ?? {}) as object)).toEqual(Array(7).fill('denied'));
    // Accepting a second provider keeps the first.
    fireEvent.click(screen.getByRole('button', { name: 'Load Vimeo video' }));
    await waitFor(() => expect(getAcceptedEmbeds()).toEqual(['vimeo', 'youtube']));
    expect(frames()).toHaveLength(3);
    // Reject all (the banner is still there for the other categories) takes them out again.
    const banner = await screen.findByRole('dialog', { name: 'We value your privacy' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Reject all' }));
    expect(getAcceptedEmbeds()).toEqual([]);
    expect(frames()).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: /^Load / })).toHaveLength(3);
  });

  test('unticking one provider in the preferences removes only its embeds', async () => {
    await startConsent();
    startEmbedGate(document);
    CookieConsent.acceptService(['youtube', 'vimeo'], EMBEDS_CATEGORY);
    expect(frames()).toHaveLength(3);
    CookieConsent.acceptService(['vimeo'], EMBEDS_CATEGORY);
    expect(frames()).toHaveLength(1);
    expect(frames()[0]?.getAttribute('src')).toContain('player.vimeo.com');
  });
});

describe('RichHtml starts the gate on its own HTML when it holds placeholders', () => {
  afterEach(() => setAcceptedEmbeds([]));

  test('HTML without placeholders loads nothing; with them, the gate runs on that element only', async () => {
    expect(hasEmbeds('<p>x</p>')).toBe(false);
    expect(hasEmbeds(body())).toBe(true);
    document.body.innerHTML = body(); // placeholders outside the component: not its business
    setAcceptedEmbeds(['youtube']);
    const { container, rerender } = render(<RichHtml html="<p>x</p>" />);
    await loadEmbedGate();
    expect(frames()).toHaveLength(0);
    rerender(<RichHtml html={body()} />);
    await waitFor(() => expect(container.querySelectorAll('iframe')).toHaveLength(2));
    expect(frames()).toHaveLength(2);
  });

  test('issue 19: the gate starts on a task of its own, not inside the effects React runs after rendering', async () => {
    jest.useFakeTimers();
    try {
      setAcceptedEmbeds(['youtube']);
      await loadEmbedGate(); // the module is ready: only the task stands between the effect and the gate
      const { container } = render(<RichHtml html={body()} />);
      await act(async () => {
        for (let i = 0; i < 10; i += 1) await Promise.resolve();
      });
      expect(container.querySelectorAll('iframe')).toHaveLength(0);
      await act(async () => {
        await jest.runOnlyPendingTimersAsync();
      });
      expect(container.querySelectorAll('iframe')).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
