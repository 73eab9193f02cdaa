/**
 * Issue 19: audio in CMS bodies loads nothing until it nears the screen. The sanitizer serves it
 * with preload="none" and the editor's own value in data-preload; the browser gives the value back
 * within a screen of the viewport (src/lib/media/deferredPreload.ts). The browser's side, in
 * Chromium, is e2e/media-preload.e2e.ts.
 */
import { DEFERRED_PRELOAD, PRELOAD_AHEAD, hasDeferredPreload, startDeferredPreload } from '@/lib/media/deferredPreload';
import { sanitizeCmsHtml } from '@/lib/html/sanitize';

const SRC = 'https://media.example.com/wp-content/uploads/2025/06/podcast.mp3';
const clean = (html: string) => sanitizeCmsHtml(html).html;

describe('issue 19: the sanitizer defers an audio player\'s loading', () => {
  test('an audio player without preload is served with preload="none", its own (none) kept as data-preload=""', () => {
    expect(clean(`<figure class="wp-block-audio"><audio controls src="${SRC}"></audio></figure>`)).toBe(
      `<figure class="wp-block-audio"><audio controls="" src="${SRC}" preload="none" data-preload=""></audio></figure>`,
    );
  });

  test.each(['metadata', 'auto', ''])('the editor\'s preload="%s" is kept in data-preload', (own) => {
    expect(clean(`<audio controls src="${SRC}" preload="${own}"></audio>`)).toBe(`<audio controls="" src="${SRC}" preload="none" data-preload="${own}"></audio>`);
  });

  test('the editor\'s "None" (any case), autoplay, and video stay as WordPress wrote them', () => {
    expect(clean(`<audio controls src="${SRC}" preload="None"></audio>`)).toBe(`<audio controls="" src="${SRC}" preload="None"></audio>`);
    expect(clean(`<audio controls autoplay src="${SRC}"></audio>`)).toBe(`<audio controls="" autoplay="" src="${SRC}"></audio>`);
    expect(clean(`<video controls src="${SRC}"></video>`)).toBe(`<video controls="" src="${SRC}"></video>`);
  });

  test('its own output sanitized again keeps the editor\'s value, not "none"', () => {
    for (const own of ['', 'auto']) {
      const once = clean(`<audio controls src="${SRC}"${own ? ` preload="${own}"` : ''}></audio>`);
      expect(clean(once)).toBe(once);
    }
  });

  test('data-preload passes on audio only, and its value is escaped', () => {
    expect(clean('<p data-preload="auto">Hi</p>')).toBe('<p>Hi</p>');
    expect(clean(`<audio src="${SRC}" preload="none" data-preload='a"b'></audio>`)).toBe(`<audio src="${SRC}" preload="none" data-preload="a&quot;b"></audio>`);
  });

  test('hasDeferredPreload tells HTML with a deferred player from HTML without', () => {
    expect(hasDeferredPreload(clean(`<audio controls src="${SRC}"></audio>`))).toBe(true);
    expect(hasDeferredPreload(clean(`<audio controls src="${SRC}" preload="none"></audio>`))).toBe(false);
  });
});

/** A stand-in IntersectionObserver that the test drives. */
class FakeObserver {
  static last: FakeObserver | null = null;
  observed = new Set<Element>();
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.disconnected = true;
    this.observed.clear();
  }
  fire(target: Element, isIntersecting: boolean) {
    this.callback([{ target, isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

describe('issue 19: the browser gives a deferred player its own preload back near the screen', () => {
  let root: HTMLDivElement;
  const original = globalThis.IntersectionObserver;

  beforeEach(() => {
    FakeObserver.last = null;
    globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
    root = document.createElement('div');
    root.innerHTML = clean(`<audio controls src="${SRC}"></audio><audio controls src="${SRC}" preload="auto"></audio><audio controls src="${SRC}" preload="none"></audio>`);
    document.body.appendChild(root);
  });
  afterEach(() => {
    globalThis.IntersectionObserver = original;
    root.remove();
  });

  const players = () => Array.from(root.querySelectorAll('audio'));

  test('each deferred player is watched one screen ahead; one that comes near gets its own value back, once', () => {
    const stop = startDeferredPreload(root);
    const observer = FakeObserver.last!;
    expect(observer.options.rootMargin).toBe(PRELOAD_AHEAD);
    const [plain, auto, none] = players();
    expect([...observer.observed]).toEqual([plain, auto]);

    observer.fire(plain, false);
    expect(plain.getAttribute('preload')).toBe('none');

    observer.fire(plain, true);
    expect(plain.hasAttribute('preload')).toBe(false);
    expect(plain.hasAttribute(DEFERRED_PRELOAD)).toBe(false);
    expect(observer.observed.has(plain)).toBe(false);

    observer.fire(auto, true);
    expect(auto.getAttribute('preload')).toBe('auto');
    expect(none.getAttribute('preload')).toBe('none');

    stop();
    expect(observer.disconnected).toBe(true);
  });

  test('a stop before the player comes near leaves it deferred', () => {
    const stop = startDeferredPreload(root);
    stop();
    expect(players().map((player) => player.getAttribute('preload'))).toEqual(['none', 'none', 'none']);
  });

  test('without IntersectionObserver every deferred player gets its value back at once', () => {
    // @ts-expect-error: a browser without it
    delete globalThis.IntersectionObserver;
    startDeferredPreload(root);
    expect(players().map((player) => player.getAttribute('preload'))).toEqual([null, 'auto', 'none']);
  });

  test('markup without deferred players starts no observer', () => {
    startDeferredPreload(document.createElement('div'));
    expect(FakeObserver.last).toBeNull();
  });
});
