/**
 * Issue 35: Next's scripts start after the page's largest paint (src/lib/shared/lateScripts.ts).
 * The snippet runs here in jsdom, with fake timers, controlled frames and a controlled paint
 * timing: it appends the listed scripts in order, not before the priority image has settled and
 * the first contentful paint is reported, two frames after both, and at the latest after
 * LATE_SCRIPTS_FALLBACK_MS.
 */
import { LATE_SCRIPTS_FALLBACK_MS, LATE_SCRIPTS_SNIPPET, PAGE_SCRIPTS_ID } from '@/lib/shared/lateScripts';

const LIST = [
  { src: '/_next/static/chunks/polyfills.js', noModule: true },
  { src: '/_next/static/chunks/webpack.js' },
  { src: '/_next/static/chunks/framework.js', crossOrigin: 'anonymous' },
  { src: '/_next/static/chunks/main.js' },
];

let frames: FrameRequestCallback[] = [];
const drawFrame = () => {
  const due = frames;
  frames = [];
  due.forEach((callback) => callback(performance.now()));
};
const started = () => [...document.head.querySelectorAll('script[src]')] as HTMLScriptElement[];

/** A paint timing the test controls: `paint()` reports the first contentful paint. */
let paintEntries: string[] = [];
let observers: (() => void)[] = [];
const paint = () => {
  paintEntries.push('first-contentful-paint');
  observers.forEach((notify) => notify());
};
class FakeObserver {
  static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  constructor(private readonly callback: () => void) {}
  observe() {
    observers.push(this.callback);
  }
  disconnect() {
    observers = observers.filter((c) => c !== this.callback);
  }
}

function page(image: 'none' | 'loading' | 'loaded') {
  document.head.innerHTML = '';
  document.body.innerHTML = `${image === 'none' ? '<img src="/late.jpg" loading="lazy">' : '<img src="/hero.jpg" fetchpriority="high">'}<script id="${PAGE_SCRIPTS_ID}" type="application/json">${JSON.stringify(LIST)}</script>`;
  const img = document.querySelector('img')!;
  Object.defineProperty(img, 'complete', { configurable: true, get: () => image !== 'loading' });
  (0, eval)(LATE_SCRIPTS_SNIPPET);
  return img;
}

/** Two frames and a task: when the snippet starts the scripts once it is ready. */
const twoFramesAndATask = () => {
  drawFrame();
  drawFrame();
  jest.advanceTimersByTime(0);
};

beforeEach(() => {
  jest.useFakeTimers();
  frames = [];
  paintEntries = [];
  observers = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  Object.defineProperty(window, 'PerformanceObserver', { configurable: true, writable: true, value: FakeObserver });
  Object.defineProperty(performance, 'getEntriesByName', {
    configurable: true,
    value: (name: string) => paintEntries.filter((n) => n === name).map((n) => ({ name: n }) as PerformanceEntry),
  });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
  delete (performance as { getEntriesByName?: unknown }).getEntriesByName;
});

describe('issue 35: Next’s scripts start after the largest paint', () => {
  test('a priority image still loading: nothing starts before it has loaded and the first paint is reported; then, two frames later, every script in order', () => {
    const img = page('loading');
    twoFramesAndATask();
    jest.advanceTimersByTime(LATE_SCRIPTS_FALLBACK_MS - 1);
    expect(started()).toHaveLength(0);
    paint();
    twoFramesAndATask();
    expect(started()).toHaveLength(0);
    img.dispatchEvent(new Event('load'));
    drawFrame();
    jest.advanceTimersByTime(0);
    expect(started()).toHaveLength(0);
    drawFrame();
    expect(started()).toHaveLength(0);
    jest.advanceTimersByTime(0);
    const scripts = started();
    expect(scripts.map((s) => new URL(s.src).pathname)).toEqual(LIST.map((s) => s.src));
    expect(scripts.map((s) => s.async)).toEqual([false, false, false, false]);
    expect(scripts.map((s) => Boolean(s.noModule))).toEqual([true, false, false, false]);
    expect(scripts[2].crossOrigin).toBe('anonymous');
  });

  test('the image loaded before the first paint: they wait for the paint', () => {
    const img = page('loading');
    img.dispatchEvent(new Event('load'));
    twoFramesAndATask();
    expect(started()).toHaveLength(0);
    paint();
    twoFramesAndATask();
    expect(started()).toHaveLength(LIST.length);
  });

  test('an image that fails starts them too', () => {
    const img = page('loading');
    paint();
    img.dispatchEvent(new Event('error'));
    twoFramesAndATask();
    expect(started()).toHaveLength(LIST.length);
  });

  test('no priority image, or one already loaded: they start after the first paint', () => {
    for (const image of ['none', 'loaded'] as const) {
      paintEntries = [];
      page(image);
      twoFramesAndATask();
      expect(started()).toHaveLength(0);
      paint();
      twoFramesAndATask();
      expect(started()).toHaveLength(LIST.length);
    }
  });

  test('a paint already reported when the snippet runs, or a browser without paint timing: only the image is waited for', () => {
    paint();
    page('loaded');
    twoFramesAndATask();
    expect(started()).toHaveLength(LIST.length);
    paintEntries = [];
    delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
    page('loaded');
    twoFramesAndATask();
    expect(started()).toHaveLength(LIST.length);
  });

  test('an image that never loads, or a tab that draws no frame: they start after LATE_SCRIPTS_FALLBACK_MS, once', () => {
    const img = page('loading');
    jest.advanceTimersByTime(LATE_SCRIPTS_FALLBACK_MS);
    expect(started()).toHaveLength(LIST.length);
    paint();
    img.dispatchEvent(new Event('load'));
    twoFramesAndATask();
    expect(started()).toHaveLength(LIST.length);
  });
});
