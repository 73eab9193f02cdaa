import { appleDeviceKind, isAppleDevice, isSafari } from '@/lib/spec/device';
import { renderHook } from '@testing-library/react';
import { hashTargetSelector, useScrollToHash } from '@/lib/browser/useScrollToHash';
import { WAIT_INTERVAL_MS, WAIT_MAX_TRIES, waitForElement } from '@/lib/spec/waitForElement';

type Handler = (...args: unknown[]) => void;
const mockHandlers = new Map<string, Set<Handler>>();
const mockRouter = {
  events: {
    on: (type: string, handler: Handler) => mockHandlers.set(type, (mockHandlers.get(type) ?? new Set()).add(handler)),
    off: (type: string, handler: Handler) => mockHandlers.get(type)?.delete(handler),
    emit: (type: string, ...args: unknown[]) => mockHandlers.get(type)?.forEach((handler) => handler(...args)),
  },
};
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

const UA = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
  iPhoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15',
  iPhoneEdge:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/123.2420.56 Mobile/15E148 Safari/605.1.15',
  iPadOldSafari:
    'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  // iPadOS 13+ asks for desktop sites: it says Macintosh, and navigator.platform is MacIntel.
  iPadOSSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  macChrome: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  macEdge:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  macOpera:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/109.0.0.0',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  windowsFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  // Old Android stock browser: Safari in the UA, no Chrome.
  androidStock:
    'Mozilla/5.0 (Linux; U; Android 4.0.3; en-us; GT-I9100 Build/IML74K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
  windowsPhone:
    'Mozilla/5.0 (Mobile; Windows Phone 8.1; Android 4.0; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 635) like iPhone OS 7_0_3 Mac OS X AppleWebKit/537 (KHTML, like Gecko) Mobile Safari/537',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
};

describe('spec §1 detector for Apple devices and Safari (src/lib/spec/device.ts)', () => {
  test.each<[keyof typeof UA, string, number, boolean, ReturnType<typeof appleDeviceKind>]>([
    ['iPhoneSafari', 'iPhone', 5, true, 'iphone'],
    ['iPhoneChrome', 'iPhone', 5, true, 'iphone'],
    ['iPhoneFirefox', 'iPhone', 5, true, 'iphone'],
    ['iPhoneEdge', 'iPhone', 5, true, 'iphone'],
    ['iPadOldSafari', 'iPad', 5, true, 'ipad'],
    ['iPadOSSafari', 'MacIntel', 5, true, 'ipad'],
    ['iPod', 'iPod', 5, true, 'ipod'],
    ['macSafari', 'MacIntel', 0, true, 'mac'],
    ['macChrome', 'MacIntel', 0, true, 'mac'],
    ['macFirefox', 'MacIntel', 0, true, 'mac'],
    ['windowsChrome', 'Win32', 0, false, null],
    ['windowsFirefox', 'Win32', 0, false, null],
    ['androidChrome', 'Linux armv8l', 5, false, null],
    ['windowsPhone', 'Win32', 5, false, null],
    ['linuxFirefox', 'Linux x86_64', 0, false, null],
  ])('isAppleDevice: %s (platform %s, %i touch points) → %s', (name, platform, touchPoints, apple, kind) => {
    expect(isAppleDevice(UA[name], platform, touchPoints)).toBe(apple);
    expect(appleDeviceKind(UA[name], platform, touchPoints)).toBe(kind);
  });

  test('isAppleDevice: iPadOS is told from a Mac by touch points > 1 (same Macintosh user agent, platform MacIntel)', () => {
    expect(appleDeviceKind(UA.iPadOSSafari, 'MacIntel', 5)).toBe('ipad');
    expect(appleDeviceKind(UA.iPadOSSafari, 'MacIntel', 1)).toBe('mac');
    expect(appleDeviceKind(UA.iPadOSSafari, 'MacIntel', 0)).toBe('mac');
  });

  test('isAppleDevice: the platform alone is enough (a reduced user agent)', () => {
    expect(isAppleDevice('', 'iPhone', 5)).toBe(true);
    expect(isAppleDevice('', 'MacIntel', 0)).toBe(true);
    expect(isAppleDevice('', 'Win32', 0)).toBe(false);
  });

  test.each<[keyof typeof UA, boolean]>([
    ['iPhoneSafari', true],
    ['iPadOldSafari', true],
    ['iPadOSSafari', true],
    ['iPod', true],
    ['macSafari', true],
    ['iPhoneChrome', false],
    ['iPhoneFirefox', false],
    ['iPhoneEdge', false],
    ['macChrome', false],
    ['macEdge', false],
    ['macOpera', false],
    ['macFirefox', false],
    ['windowsChrome', false],
    ['windowsEdge', false],
    ['androidChrome', false],
    ['androidStock', false],
    ['windowsPhone', false],
    ['linuxFirefox', false],
  ])('isSafari: %s → %s', (name, safari) => {
    expect(isSafari(UA[name])).toBe(safari);
  });

  test("with no arguments, the browser's navigator is read", () => {
    const ua = jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(UA.iPhoneSafari);
    expect(isAppleDevice()).toBe(true);
    expect(isSafari()).toBe(true);
    ua.mockReturnValue(UA.windowsChrome);
    const platform = jest.spyOn(window.navigator, 'platform', 'get').mockReturnValue('Win32');
    expect(isAppleDevice()).toBe(false);
    expect(isSafari()).toBe(false);
    ua.mockRestore();
    platform.mockRestore();
  });

  test('on the server (no navigator) both answer false without throwing; an explicit user agent is still classified', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { configurable: true, value: undefined });
    try {
      expect(typeof navigator).toBe('undefined');
      expect(isAppleDevice()).toBe(false);
      expect(isSafari()).toBe(false);
      expect(isAppleDevice(UA.iPhoneSafari)).toBe(true);
      expect(isSafari(UA.macSafari)).toBe(true);
    } finally {
      if (original) Object.defineProperty(globalThis, 'navigator', original);
    }
  });
});

describe('spec §9 wait for a page element: every 300 ms, up to 200 tries (src/lib/spec/waitForElement.ts)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    document.body.innerHTML = '';
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  test('spec §9 constants: 300 ms between tries, 200 tries', () => {
    expect(WAIT_INTERVAL_MS).toBe(300);
    expect(WAIT_MAX_TRIES).toBe(200);
  });

  test('an element already there is found on the first try, at once', async () => {
    document.body.innerHTML = '<div id="here"></div>';
    await expect(waitForElement('#here')).resolves.toBe(document.getElementById('here'));
  });

  test.each([2, 5, 200])('spec §9: an element that appears late is found on try %i, (n - 1) × 300 ms after the call', async (n) => {
    const query = jest.spyOn(document, 'querySelector');
    let found: Element | null | undefined;
    void waitForElement('#late').then((element) => {
      found = element;
    });
    await jest.advanceTimersByTimeAsync((n - 2) * 300);
    expect(query).toHaveBeenCalledTimes(n - 1);
    document.body.innerHTML = '<p id="late"></p>';
    await jest.advanceTimersByTimeAsync(299);
    expect(found).toBeUndefined(); // tries only every 300 ms
    await jest.advanceTimersByTimeAsync(1);
    expect(found).toBe(document.getElementById('late'));
    expect(query).toHaveBeenCalledTimes(n);
    await jest.advanceTimersByTimeAsync(3000);
    expect(query).toHaveBeenCalledTimes(n); // stops trying once found
  });

  test('spec §9: an element that never appears resolves null after 200 tries, 300 ms apart, and tries no more', async () => {
    const query = jest.spyOn(document, 'querySelector');
    let found: Element | null | undefined;
    void waitForElement('#never').then((element) => {
      found = element;
    });
    await jest.advanceTimersByTimeAsync(199 * 300 - 1);
    expect(found).toBeUndefined();
    expect(query).toHaveBeenCalledTimes(199);
    await jest.advanceTimersByTimeAsync(1);
    expect(found).toBeNull();
    expect(query).toHaveBeenCalledTimes(200);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(query).toHaveBeenCalledTimes(200);
    expect(jest.getTimerCount()).toBe(0);
  });

  test('interval and maxTries can be changed', async () => {
    const query = jest.spyOn(document, 'querySelector');
    const result = waitForElement('#never', { interval: 50, maxTries: 3 });
    await jest.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toBeNull();
    expect(query).toHaveBeenCalledTimes(3);
  });

  test('an abort signal stops the wait: resolves null and leaves no timer', async () => {
    const controller = new AbortController();
    const result = waitForElement('#never', { signal: controller.signal });
    await jest.advanceTimersByTimeAsync(900);
    controller.abort();
    await expect(result).resolves.toBeNull();
    expect(jest.getTimerCount()).toBe(0);
    await expect(waitForElement('#x', { signal: controller.signal })).resolves.toBeNull();
  });

  test('a selector the browser cannot parse resolves null at once instead of throwing', async () => {
    await expect(waitForElement('#')).resolves.toBeNull();
    expect(jest.getTimerCount()).toBe(0);
  });

  // On the server (no document): __tests__/lib/helpers.server.test.ts (a node environment; jsdom's document cannot be removed).
});

describe('hashTargetSelector (scroll to a #fragment that renders late)', () => {
  test('finds the element with the id, or an old-style <a name>', () => {
    document.body.innerHTML = '<h2 id="pricing">Pricing</h2><a name="legacy"></a><p id="a &quot;b&quot;">q</p><div id="café"></div>';
    expect(document.querySelector(hashTargetSelector('#pricing') ?? '')).toBe(document.getElementById('pricing'));
    expect(document.querySelector(hashTargetSelector('#legacy') ?? '')).toBe(document.querySelector('a[name="legacy"]'));
    expect(document.querySelector(hashTargetSelector('#a%20%22b%22') ?? '')).toBe(document.getElementById('a "b"'));
    expect(document.querySelector(hashTargetSelector('#caf%C3%A9') ?? '')).toBe(document.getElementById('café'));
  });

  test('an empty fragment has no target; a malformed escape is looked up as written', () => {
    expect(hashTargetSelector('')).toBeNull();
    expect(hashTargetSelector('#')).toBeNull();
    expect(() => document.querySelector(hashTargetSelector('#%E0%A4%A') ?? '')).not.toThrow();
  });
});

describe('spec §9 wait for a page element, used to scroll to a #fragment whose target renders late (useScrollToHash, in the layout)', () => {
  let scrolled: Element[];

  beforeEach(() => {
    jest.useFakeTimers();
    document.body.innerHTML = '';
    scrolled = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this);
    };
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    delete (Element.prototype as Partial<Element>).scrollIntoView;
    jest.useRealTimers();
  });

  const addLater = (html: string, ms: number) =>
    setTimeout(() => {
      document.body.insertAdjacentHTML('beforeend', html);
    }, ms);

  test('a target that renders after load is scrolled to on the next try (every 300 ms)', async () => {
    window.history.replaceState(null, '', '/pages/pricing#plans');
    renderHook(() => useScrollToHash());
    addLater('<section id="plans">Plans</section>', 1000);
    await jest.advanceTimersByTimeAsync(1199);
    expect(scrolled).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(scrolled).toEqual([document.getElementById('plans')]);
  });

  test('a target already there is left to the browser (no second jump)', async () => {
    document.body.innerHTML = '<section id="plans">Plans</section>';
    window.history.replaceState(null, '', '/pages/pricing#plans');
    renderHook(() => useScrollToHash());
    await jest.advanceTimersByTimeAsync(3000);
    expect(scrolled).toEqual([]);
  });

  test('after a client-side navigation to a #fragment, waits for the new page\'s target', async () => {
    renderHook(() => useScrollToHash());
    window.history.replaceState(null, '', '/about-us/news#latest');
    mockRouter.events.emit('routeChangeComplete', '/about-us/news#latest');
    addLater('<h2 id="latest">Latest</h2>', 500);
    await jest.advanceTimersByTimeAsync(600);
    expect(scrolled).toEqual([document.getElementById('latest')]);
  });

  test('gives up when the visitor scrolls first, and when the shell unmounts (no timer left)', async () => {
    window.history.replaceState(null, '', '/pages/pricing#plans');
    const { unmount } = renderHook(() => useScrollToHash());
    window.dispatchEvent(new Event('wheel'));
    addLater('<section id="plans">Plans</section>', 600);
    await jest.advanceTimersByTimeAsync(1200);
    expect(scrolled).toEqual([]);

    window.history.replaceState(null, '', '/pages/pricing#faq');
    mockRouter.events.emit('hashChangeComplete', '/pages/pricing#faq');
    await jest.advanceTimersByTimeAsync(0); // the waiting code is a lazy import
    expect(jest.getTimerCount()).toBe(1);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });

  test('no fragment: nothing to wait for', async () => {
    window.history.replaceState(null, '', '/pages/pricing');
    renderHook(() => useScrollToHash());
    expect(jest.getTimerCount()).toBe(0);
  });
});
