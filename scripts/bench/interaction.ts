import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/helpers/browser';
import { EN as CONSENT_TEXTS } from '../../src/lib/consent/config';
import { cpuMultiplier } from './calibration';
import { median } from './report';

/**
 * Issue 19, "Interaction": how long a tap takes to show on a mid-range phone, as INP counts it
 * (from the input to the next paint), for two taps a visitor makes on a first visit:
 * - the header's Menu button on the home page at phone width (opens the drawer);
 * - the consent banner's "Manage Individual preferences" (opens the preferences dialog).
 *
 * Each repetition is a new browser context (a first visit: the cookie banner shows) in Debian's
 * Chromium, emulating Lighthouse's mobile device (a Moto G Power: 412 × 823 CSS px, DPR 1.75,
 * touch, its user agent; the figures are read from Lighthouse's own constants). The page loads,
 * the bench waits until it is hydrated, the network is quiet and the main thread idle (a visitor
 * who taps after the page has loaded), then:
 * 1. calibrates: Lighthouse's own `computeBenchmarkIndex` (evaluated from its source in
 *    node_modules, not copied) runs in that page, unthrottled, and `cpuMultiplier` turns the
 *    host's index into the slowdown that makes this host stand for the device;
 * 2. applies it with the DevTools protocol (`Emulation.setCPUThrottlingRate`);
 * 3. taps (touch events through the protocol, as a finger: pointerdown, pointerup, click) and
 *    reads the tap's interaction from the Event Timing API (`PerformanceObserver`, type `event`,
 *    `durationThreshold` 16, buffered): the longest `duration` of the entries sharing the tap's
 *    `interactionId`, which is input → next paint, INP's own figure. As a cross-check, the page
 *    times from the pointerup's `timeStamp` to the next paint after the click
 *    (requestAnimationFrame, then a MessageChannel message, which runs once that frame is drawn).
 *
 * The index is measured before every repetition (not once per series): this host's index swings
 * within minutes, and a repetition is throttled for the host as it is at that moment.
 */

/** The Event Timing API's smallest `durationThreshold`; shorter interactions report no entry. */
export const DURATION_THRESHOLD_MS = 16;
/** The events of a tap that carry its `interactionId` (mouse compatibility events, touchstart and touchend get none). */
export const TAP_EVENT_NAMES: readonly string[] = ['pointerdown', 'pointerup', 'click'];
export const DEFAULT_INTERACTION_RUNS = 5;

/** A PerformanceEventTiming entry, as the page hands it over. */
export interface EventEntry {
  name: string;
  startTime: number;
  duration: number;
  interactionId: number;
  processingStart: number;
  processingEnd: number;
}

export interface TapInteraction {
  interactionId: number;
  /** The longest duration among the interaction's entries (what INP counts for it), in ms. */
  duration: number;
  /** The event whose entry had that duration. */
  event: string;
}

/**
 * The tap's interaction among the page's event entries: the interaction of the first pointerdown,
 * pointerup or click with an `interactionId` that started at or after `since` (the moment before
 * the tap; earlier entries belong to the page's load), and of every entry of that interaction the
 * longest duration, as INP counts an interaction (for a tap it is mostly the click's: from the
 * finger's lift to the paint after the click's handlers). null when there is none: every event of
 * the tap took less than the 16 ms threshold.
 */
export function tapInteraction(entries: readonly EventEntry[], since: number): TapInteraction | null {
  const ofTap = entries.filter((e) => e.interactionId > 0 && e.startTime >= since && TAP_EVENT_NAMES.includes(e.name));
  const key = [...ofTap].sort((a, b) => a.startTime - b.startTime)[0];
  if (!key) return null;
  const same = ofTap.filter((e) => e.interactionId === key.interactionId);
  const longest = same.reduce((a, b) => (b.duration > a.duration ? b : a));
  return { interactionId: key.interactionId, duration: longest.duration, event: longest.name };
}

/**
 * Whether the tap's entries are all in: the click's has arrived (the last event of a tap; the
 * pointerdown's entry arrives a frame or more before it, so the first entry is not the whole
 * interaction).
 */
export function clickReported(entries: readonly EventEntry[], since: number): boolean {
  return entries.some((e) => e.name === 'click' && e.interactionId > 0 && e.startTime >= since);
}

/** The event timestamps the page recorded for the tap (the first of each after the tap began). */
export interface TapStamps {
  pointerdown?: number;
  pointerup?: number;
  click?: number;
}

/**
 * The cross-check: from the finger's lift (pointerup's timeStamp; the click's when the page saw no
 * pointerup) to the moment after the next frame was drawn. null when the page saw no click or no
 * paint followed it.
 */
export function nextPaintDelay(stamps: TapStamps, paintedAt: number | null): number | null {
  if (paintedAt === null || stamps.click === undefined) return null;
  const from = stamps.pointerup ?? stamps.click;
  return paintedAt - from;
}

export interface InteractionRun {
  /** Lighthouse's benchmarkIndex of the host, measured in the page just before the tap. */
  benchmarkIndex: number;
  /** The CPU slowdown applied for the tap (`cpuMultiplier(benchmarkIndex)`). */
  multiplier: number;
  /** The Event Timing figure; null when the tap's interaction was under the threshold. */
  interaction: TapInteraction | null;
  /** The cross-check (rAF + MessageChannel), ms. */
  nextPaintMs: number | null;
  /**
   * From the finger's lift to the first frame drawn with the tap's result in it (the target's
   * `shown` selector matching), ms; null when the page did not record it. Not INP's figure: a
   * tap may paint a first response (the preferences dialog's dimming) and its result later.
   */
  shownMs?: number | null;
}

export interface InteractionSummary {
  /**
   * The median of the runs' Event Timing durations; a run with no entry (under the 16 ms
   * threshold) counts as 16 ms, an upper bound. null without runs.
   */
  medianMs: number | null;
  /** The median of the cross-check's figures (runs without one left out). */
  nextPaintMedianMs: number | null;
  /** The median of the runs' tap → result shown (runs without one left out). */
  shownMedianMs: number | null;
  /** Runs whose interaction was under the threshold. */
  underThreshold: number;
}

export function summarizeInteraction(runs: readonly InteractionRun[]): InteractionSummary {
  const durations = runs.map((run) => run.interaction?.duration ?? DURATION_THRESHOLD_MS);
  const present = (values: (number | null | undefined)[]) => values.filter((value): value is number => typeof value === 'number');
  const paints = present(runs.map((run) => run.nextPaintMs));
  const shown = present(runs.map((run) => run.shownMs));
  return {
    medianMs: durations.length ? median(durations) : null,
    nextPaintMedianMs: paints.length ? median(paints) : null,
    shownMedianMs: shown.length ? median(shown) : null,
    underThreshold: runs.filter((run) => run.interaction === null).length,
  };
}

/** One run for the details: `index 1,820 → ×5.23: 184 ms (click), next paint 179 ms`. */
export function runLine(run: InteractionRun): string {
  const ms = (value: number) => `${Math.round(value)} ms`;
  const eventTiming = run.interaction ? `${ms(run.interaction.duration)} (${run.interaction.event})` : `< ${DURATION_THRESHOLD_MS} ms (no entry)`;
  const paint = run.nextPaintMs === null ? 'n/a' : ms(run.nextPaintMs);
  const shown = typeof run.shownMs === 'number' ? `, shown ${ms(run.shownMs)}` : '';
  return `index ${Math.round(run.benchmarkIndex).toLocaleString('en-US')} → ×${run.multiplier.toFixed(2)}: ${eventTiming}, next paint ${paint}${shown}`;
}

// ---------------------------------------------------------------------------------------------
// The browser part.

/** Lighthouse's mobile emulation (Moto G Power) and its user agent, from Lighthouse's constants. */
async function motoGPower(): Promise<{ width: number; height: number; deviceScaleFactor: number; userAgent: string }> {
  const { screenEmulationMetrics, userAgents } = await import('lighthouse/core/config/constants.js');
  const mobile = screenEmulationMetrics.mobile as { width: number; height: number; deviceScaleFactor: number };
  return { width: mobile.width, height: mobile.height, deviceScaleFactor: mobile.deviceScaleFactor, userAgent: userAgents.mobile };
}

/** Lighthouse's benchmark, as the source text of a function to evaluate in the page. */
async function benchmarkSource(): Promise<string> {
  const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js');
  return pageFunctions.computeBenchmarkIndex.toString();
}

export interface InteractionTarget {
  /** For the table: `Menu button → drawer (home)`. */
  label: string;
  /** For its files: `menu`. */
  file: string;
  /** The page, absolute. */
  url: string;
  /** The element to tap, once the page is ready for it. */
  target: (page: Page) => ReturnType<Page['locator']>;
  /** Whether the element is ready for a tap (its handler attached): React's are once hydrated. */
  ready: (element: ReturnType<Page['locator']>) => Promise<boolean>;
  /** Resolves once the tap did what it should (throws otherwise): a run that did not open anything measured nothing. */
  opened: (page: Page) => Promise<void>;
  /** A CSS selector that matches once the tap's result is on screen (for `shownMs`). */
  shown: string;
}

const MENU_LABEL = 'Menu';

/** The two taps of issue 19, on the site at `siteUrl`. */
export function interactionTargets(siteUrl: string): InteractionTarget[] {
  const manage = CONSENT_TEXTS.consentModal?.showPreferencesBtn ?? 'Manage Individual preferences';
  const preferences = CONSENT_TEXTS.preferencesModal?.title ?? 'Cookie preferences';
  const banner = CONSENT_TEXTS.consentModal?.title ?? 'We value your privacy';
  return [
    {
      label: 'Menu button → drawer (home)',
      file: 'menu',
      url: `${siteUrl}/`,
      target: (page) => page.locator('header').getByRole('button', { name: MENU_LABEL, exact: true }),
      ready: reactHydrated,
      // The drawer (in <header>; the consent banner, also a modal dialog, is not).
      shown: 'header [role="dialog"]:not([hidden])',
      opened: async (page) => {
        await page.locator('header').getByRole('button', { name: MENU_LABEL, exact: true, expanded: true }).waitFor({ timeout: 30_000 });
        await page.getByRole('dialog', { name: MENU_LABEL }).waitFor({ state: 'visible', timeout: 30_000 });
      },
    },
    {
      label: `consent banner's "${manage}" → preferences dialog (home)`,
      file: 'consent-preferences',
      url: `${siteUrl}/`,
      target: (page) => page.getByRole('dialog', { name: banner }).getByRole('button', { name: manage, exact: true }),
      // The library draws the banner with its handlers attached: shown is ready.
      ready: async () => true,
      // The library's class for a shown dialog, on a built one (a first response may come before it: manager.ts).
      shown: 'html.show--preferences #cc-main .pm',
      opened: (page) => page.getByRole('dialog', { name: preferences }).waitFor({ state: 'visible', timeout: 30_000 }),
    },
  ];
}

/** Polls `probe` every 50 ms until it returns a value, or throws after `timeoutMs`. */
async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Until the main thread is idle: an idle period of at least 40 ms (Chromium gives up to 50 ms
 * when no frame and no task is pending), i.e. no hydration, effect or chunk evaluation left.
 */
async function mainThreadIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => new Promise<boolean>((resolve) => requestIdleCallback((deadline) => resolve(deadline.timeRemaining() >= 40))), undefined, {
    timeout: 60_000,
  });
}

/** The element is hydrated: React has attached its props (and so its handlers) to the DOM node. */
function reactHydrated(element: ReturnType<Page['locator']>): Promise<boolean> {
  return element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$')));
}

/** What the page records for one tap (installed just before it). */
interface PageRecord {
  since: number;
  entries: EventEntry[];
  stamps: TapStamps;
  paintedAt: number | null;
  shownAt: number | null;
}

/** How long after the tap the page watches for a frame (the next one, the tap's result). */
const FRAME_TIMEOUT_MS = 10_000;

/**
 * In the page: from the next frame on, checks in each frame's animation callbacks whether
 * `selector` matches; once it does, calls `done` with the moment that frame has been drawn (a
 * MessageChannel message after it), or with null after `timeoutMs`. With `:root` (always there),
 * that is the next frame drawn. Plain source text, not TypeScript: tsx would wrap the inner
 * function in a `__name` helper the page does not have.
 */
const DRAWN_WHEN = `(selector, timeoutMs, done) => {
  const start = performance.now();
  const step = () => {
    if (document.querySelector(selector)) {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(performance.now());
      channel.port2.postMessage(null);
    } else if (performance.now() - start > timeoutMs) done(null);
    else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}`;

/** How long after the next paint the page waits for the click's Event Timing entry. */
const ENTRY_GRACE_MS = 3000;

/**
 * Installs the recording just before the tap. The page itself signals when the tap's entries are
 * in (`window.__interactionDone`): the click's entry arrived (`clickReported`, handed to the page
 * as source text), or ENTRY_GRACE_MS after the next paint without it (a click under the
 * threshold). No polling from outside while the tap is handled: a probe would be a task of its
 * own on the throttled main thread.
 */
async function startRecording(page: Page, shown: string): Promise<void> {
  await page.evaluate(`window.__clickReported = ${clickReported.toString()}`);
  await page.evaluate(`window.__drawnWhen = ${DRAWN_WHEN}`);
  await page.evaluate(({ threshold, graceMs, shown, frameTimeoutMs }) => {
    const record = { since: performance.now(), entries: [] as EventEntry[], stamps: {} as Record<string, number>, paintedAt: null as number | null, shownAt: null as number | null };
    const win = window as unknown as {
      __interaction: typeof record;
      __interactionDone: Promise<unknown>;
      __clickReported: typeof clickReported;
      __drawnWhen: (selector: string, timeoutMs: number, done: (at: number | null) => void) => void;
    };
    // No function-valued variables here: tsx would wrap them in a `__name` helper the page lacks.
    let finish: ((value?: undefined) => void) | undefined;
    let shownDone: ((value?: undefined) => void) | undefined;
    win.__interaction = record;
    // Done once the click's entries are in and the tap's result has been drawn (or was not, in time).
    win.__interactionDone = Promise.all([new Promise<void>((resolve) => (finish = resolve)), new Promise<void>((resolve) => (shownDone = resolve))]);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { interactionId: number; processingStart: number; processingEnd: number })[]) {
        const { name, startTime, duration, interactionId, processingStart, processingEnd } = entry;
        record.entries.push({ name, startTime, duration, interactionId, processingStart, processingEnd });
      }
      if (win.__clickReported(record.entries, record.since)) finish?.();
    }).observe({ type: 'event', durationThreshold: threshold, buffered: true } as PerformanceObserverInit);
    for (const type of ['pointerdown', 'pointerup']) {
      window.addEventListener(type, (event) => (record.stamps[type] ??= event.timeStamp), { capture: true });
    }
    window.addEventListener(
      'click',
      (event) => {
        if (record.stamps.click !== undefined) return;
        record.stamps.click = event.timeStamp;
        // Before the site's own handlers (window, capture): the next frame is the first one drawn
        // after the click's work (the cross-check); the tap's result may come in a later one.
        win.__drawnWhen(':root', frameTimeoutMs, (at) => {
          record.paintedAt = at;
          setTimeout(() => finish?.(), graceMs);
        });
        win.__drawnWhen(shown, frameTimeoutMs, (at) => {
          record.shownAt = at;
          shownDone?.();
        });
      },
      { capture: true },
    );
  }, { threshold: DURATION_THRESHOLD_MS, graceMs: ENTRY_GRACE_MS, shown, frameTimeoutMs: FRAME_TIMEOUT_MS });
}

/** The page's record once its tap is done (see startRecording), or an error after `timeoutMs`. */
async function finishedRecording(page: Page, timeoutMs: number, what: string): Promise<PageRecord> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs)));
  try {
    return await Promise.race([
      page.evaluate(async () => {
        const win = window as unknown as { __interaction: PageRecord; __interactionDone: Promise<void> };
        await win.__interactionDone;
        return win.__interaction;
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** One repetition: a new context (a first visit), calibrated, one tap. */
async function measureOnce(browser: Browser, target: InteractionTarget, benchmark: string, log: (line: string) => void): Promise<InteractionRun & { record: PageRecord }> {
  const device = await motoGPower();
  const context = await browser.newContext({
    viewport: { width: device.width, height: device.height },
    deviceScaleFactor: device.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: device.userAgent,
    locale: 'en-US',
  });
  try {
    // The consent library hides its banner from automated browsers (navigator.webdriver): a
    // visitor's browser does not announce automation. (A string: tsx wraps a function's inner
    // functions in a `__name` helper the page does not have.)
    await context.addInitScript({ content: "Object.defineProperty(Navigator.prototype, 'webdriver', { configurable: true, get() { return false; } });" });
    // A closed network: a request that leaves the machine would keep the network from going idle.
    const local = new Set(['127.0.0.1', 'localhost', '[::1]', new URL(target.url).hostname]);
    await context.route('**/*', (route) => {
      const { hostname, protocol } = new URL(route.request().url());
      return protocol === 'data:' || protocol === 'blob:' || local.has(hostname) ? route.continue() : route.abort('blockedbyclient');
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(target.url, { waitUntil: 'networkidle', timeout: 60_000 });
    const element = target.target(page);
    await element.waitFor({ state: 'visible', timeout: 30_000 });
    await waitFor(async () => ((await target.ready(element)) ? true : undefined), 30_000, `${target.label}: the element ready for a tap`);
    await page.waitForLoadState('networkidle');
    await mainThreadIdle(page);

    const benchmarkIndex = (await page.evaluate(`(${benchmark})()`)) as number;
    const multiplier = cpuMultiplier(benchmarkIndex);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: multiplier });
    await mainThreadIdle(page);

    const box = await element.boundingBox();
    if (!box) throw new Error(`${target.label}: the element has no box to tap`);
    await startRecording(page, target.shown);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const record = await finishedRecording(page, 60_000, `${target.label}: the tap's click, its next paint and its Event Timing entry`);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await target.opened(page);
    const run: InteractionRun = {
      benchmarkIndex,
      multiplier,
      interaction: tapInteraction(record.entries, record.since),
      nextPaintMs: nextPaintDelay(record.stamps, record.paintedAt),
      shownMs: nextPaintDelay(record.stamps, record.shownAt),
    };
    log(`[bench] interaction: ${target.label}: ${runLine(run)}`);
    return { ...run, record };
  } finally {
    await context.close();
  }
}

/** One target's repetitions; `error` when one failed (the runs before it are kept). */
export interface InteractionSeries {
  target: InteractionTarget;
  runs: InteractionRun[];
  error?: string;
}

/**
 * `runs` repetitions of each target, one after the other, each in a new context. Each run's
 * page record (its event entries, the tap's timestamps, the paint) is written to
 * `{reportDir}/{target}-{run}.json`.
 */
export async function measureInteractions(targets: readonly InteractionTarget[], runs: number, reportDir: string, log: (line: string) => void): Promise<InteractionSeries[]> {
  const benchmark = await benchmarkSource();
  mkdirSync(reportDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS], headless: true });
  try {
    const results: InteractionSeries[] = [];
    for (const target of targets) {
      const done: InteractionRun[] = [];
      try {
        for (let i = 0; i < runs; i++) {
          const { record, ...run } = await measureOnce(browser, target, benchmark, log);
          writeFileSync(path.join(reportDir, `${target.file}-${i + 1}.json`), `${JSON.stringify({ target: target.label, url: target.url, ...run, record }, null, 2)}\n`);
          done.push(run);
        }
        results.push({ target, runs: done });
      } catch (error) {
        results.push({ target, runs: done, error: (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 200) });
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}
