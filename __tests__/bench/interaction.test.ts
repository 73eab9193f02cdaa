/** @jest-environment node */
import {
  clickReported,
  DURATION_THRESHOLD_MS,
  interactionTargets,
  nextPaintDelay,
  runLine,
  summarizeInteraction,
  tapInteraction,
  type EventEntry,
  type InteractionRun,
} from '../../scripts/bench/interaction';
import { EN } from '../../src/lib/consent/config';

/** An Event Timing entry: `startTime` and `duration` given, processing inside them. */
function entry(name: string, startTime: number, duration: number, interactionId: number): EventEntry {
  return { name, startTime, duration, interactionId, processingStart: startTime + 1, processingEnd: startTime + 2 };
}

/** What Chromium reports for a tap (seen in a bench run): the pointer events, touch and mouse compatibility events, then the click. */
function tap(at: number, id: number, { down = 32, up = 40, click = 152 } = {}): EventEntry[] {
  return [
    entry('pointerover', at, down, 0),
    entry('pointerdown', at, down, id),
    entry('touchstart', at, down, 0),
    entry('pointerup', at + 0.1, up, id),
    entry('touchend', at + 0.1, up, 0),
    entry('mousedown', at + 0.1, click, 0),
    entry('click', at + 0.1, click, id),
  ];
}

const run = (duration: number | null, nextPaintMs: number | null = null): InteractionRun => ({
  benchmarkIndex: 2000,
  multiplier: 6,
  interaction: duration === null ? null : { interactionId: 1, duration, event: 'click' },
  nextPaintMs,
});

describe('issue 19 interaction: the tap’s entry among the page’s Event Timing entries', () => {
  it('is the longest entry of the tap’s interaction, as INP counts it (the click’s when it is the slowest)', () => {
    expect(tapInteraction(tap(1000, 7), 999)).toEqual({ interactionId: 7, duration: 152, event: 'click' });
    expect(tapInteraction(tap(1000, 7, { down: 64, up: 40, click: 24 }), 999)).toEqual({ interactionId: 7, duration: 64, event: 'pointerdown' });
  });

  it('leaves out entries that started before the tap (the page’s load and earlier input)', () => {
    const earlier = entry('click', 500, 400, 3);
    expect(tapInteraction([earlier, ...tap(1000, 7)], 999)).toMatchObject({ interactionId: 7, duration: 152 });
    expect(tapInteraction([earlier], 999)).toBeNull();
  });

  it('counts only events of the tap’s interaction: mouse compatibility and touch events (no interactionId) do not, however long', () => {
    const entries = [...tap(1000, 7), entry('mouseover', 1000.1, 300, 0), entry('touchend', 1000.1, 280, 0)];
    expect(tapInteraction(entries, 999)?.duration).toBe(152);
    // A pointer event that became no interaction (a touch that turned into a scroll) has none either.
    expect(tapInteraction([entry('pointerdown', 999.5, 500, 0), ...tap(1000, 7)], 999)).toMatchObject({ interactionId: 7, duration: 152 });
  });

  it('takes the first interaction after the tap began, not a later one', () => {
    const entries = [...tap(2000, 9, { click: 480 }), ...tap(1000, 7)];
    expect(tapInteraction(entries, 999)).toMatchObject({ interactionId: 7, duration: 152 });
  });

  it('is null when the tap left no entry (each of its events under the 16 ms threshold)', () => {
    expect(tapInteraction([], 0)).toBeNull();
    expect(tapInteraction([entry('mousedown', 1000, 40, 0)], 0)).toBeNull();
  });
});

describe('issue 19 interaction: waiting for the tap’s entries', () => {
  it('waits for the click’s entry: the pointerdown’s, which arrives first, is not the whole tap', () => {
    const all = tap(1000, 7);
    expect(clickReported(all.filter((e) => e.name !== 'click'), 999)).toBe(false);
    expect(clickReported(all, 999)).toBe(true);
  });

  it('does not take an earlier click (before the tap, or without an interactionId) for the tap’s', () => {
    expect(clickReported([entry('click', 500, 100, 3)], 999)).toBe(false);
    expect(clickReported([entry('click', 1000, 100, 0)], 999)).toBe(false);
  });
});

describe('issue 19 interaction: the cross-check (requestAnimationFrame + MessageChannel)', () => {
  it('runs from the finger’s lift (pointerup) to the drawn frame', () => {
    expect(nextPaintDelay({ pointerdown: 990, pointerup: 1000, click: 1010 }, 1180)).toBe(180);
  });

  it('runs from the click when the page saw no pointerup', () => {
    expect(nextPaintDelay({ click: 1010 }, 1180)).toBe(170);
  });

  it('is null without a click or without a paint after it', () => {
    expect(nextPaintDelay({ pointerup: 1000 }, 1180)).toBeNull();
    expect(nextPaintDelay({ pointerup: 1000, click: 1000 }, null)).toBeNull();
  });
});

describe('issue 19 interaction: the series’ figure', () => {
  it('is the median of the runs’ Event Timing durations', () => {
    expect(summarizeInteraction([run(300), run(120), run(210), run(180), run(190)]).medianMs).toBe(190);
    expect(summarizeInteraction([run(100), run(300)]).medianMs).toBe(200);
  });

  it('counts a run without an entry as 16 ms, an upper bound, and says how many there were', () => {
    const summary = summarizeInteraction([run(null), run(null), run(400)]);
    expect(summary.medianMs).toBe(DURATION_THRESHOLD_MS);
    expect(summary.underThreshold).toBe(2);
  });

  it('gives the cross-check’s median over the runs that have one', () => {
    expect(summarizeInteraction([run(200, 150), run(200, null), run(200, 250)]).nextPaintMedianMs).toBe(200);
    expect(summarizeInteraction([run(200, null)]).nextPaintMedianMs).toBeNull();
  });

  it('has no figure without runs', () => {
    expect(summarizeInteraction([])).toEqual({ medianMs: null, nextPaintMedianMs: null, shownMedianMs: null, underThreshold: 0 });
  });

  it('gives the median of tap → result drawn over the runs that recorded it', () => {
    expect(summarizeInteraction([{ ...run(40), shownMs: 260 }, { ...run(40), shownMs: null }, { ...run(40), shownMs: 300 }, run(40)]).shownMedianMs).toBe(280);
    expect(runLine({ ...run(40, 42), shownMs: 261.4 })).toBe('index 2,000 → ×6.00: 40 ms (click), next paint 42 ms, shown 261 ms');
  });

  it('names each run’s index, multiplier, Event Timing figure and event, and the cross-check', () => {
    expect(runLine({ benchmarkIndex: 1602.4, multiplier: 4.29, interaction: { interactionId: 7, duration: 152, event: 'click' }, nextPaintMs: 154.2 })).toBe(
      'index 1,602 → ×4.29: 152 ms (click), next paint 154 ms',
    );
    expect(runLine({ ...run(null), nextPaintMs: null })).toBe('index 2,000 → ×6.00: < 16 ms (no entry), next paint n/a');
  });
});

describe('issue 19 interaction: what is tapped', () => {
  it('taps the Menu button and the consent banner’s preferences button, both on the home page of a first visit', () => {
    const targets = interactionTargets('http://127.0.0.1:3000');
    expect(targets.map((t) => t.url)).toEqual(['http://127.0.0.1:3000/', 'http://127.0.0.1:3000/']);
    expect(targets[0].label).toMatch(/^Menu button → drawer/);
    // The consent button and dialog are found by the texts the site configures.
    expect(targets[1].label).toContain(`"${EN.consentModal!.showPreferencesBtn}"`);
    expect(new Set(targets.map((t) => t.file)).size).toBe(targets.length);
  });
});
