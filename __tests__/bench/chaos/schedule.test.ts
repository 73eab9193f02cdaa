/** @jest-environment node */
import { buildSchedule, isFault, minimumSeconds, scheduleSettings, warmupSeconds } from '../../../scripts/bench/chaos/schedule';

describe('chaos bench schedule (issue 35)', () => {
  it('warms up long enough to visit every page once at the rate, never less than its floor', () => {
    expect(warmupSeconds(2000, 40, 45)).toBe(65);
    expect(warmupSeconds(86, 40, 20)).toBe(20);
  });

  it('lays the full form out back to back over 10 minutes after the warm-up: 30-s faults, 3 minutes unreachable, the rest a quiet tail', () => {
    const windows = buildSchedule(scheduleSettings({ minutes: 10, short: false, pages: 2000, rate: 40 }));
    expect(windows[0]).toMatchObject({ kind: 'warmup', start: 0, end: 65 });
    for (let i = 1; i < windows.length; i++) expect(windows[i].start).toBe(windows[i - 1].end);
    expect(windows[windows.length - 1]).toMatchObject({ kind: 'tail', end: 65 + 600 });
    expect(windows.filter((w) => isFault(w.kind)).map((w) => [w.kind, w.end - w.start])).toEqual([
      ['instance-kill', 30],
      ['redis-stop', 30],
      ['wordpress-500', 30],
      ['wordpress-hang', 30],
      ['varnish-restart', 10],
      ['site-unreachable', 180],
    ]);
    expect(new Set(windows.map((w) => w.name)).size).toBe(windows.length);
  });

  it('scales to the short form: the same faults in shorter windows, about 3 minutes in all', () => {
    const settings = scheduleSettings({ minutes: 10, short: true, pages: 86, rate: 40 });
    const windows = buildSchedule(settings);
    expect(settings.totalS).toBe(minimumSeconds(settings));
    expect(settings.totalS).toBeGreaterThanOrEqual(150);
    expect(settings.totalS).toBeLessThanOrEqual(200);
    const faults = windows.filter((w) => isFault(w.kind));
    expect(faults.map((w) => w.kind)).toEqual(['instance-kill', 'redis-stop', 'wordpress-500', 'wordpress-hang', 'varnish-restart', 'site-unreachable']);
    expect(faults.find((w) => w.kind === 'site-unreachable')).toMatchObject({ end: expect.any(Number) });
    expect(faults.filter((w) => !['varnish-restart', 'site-unreachable'].includes(w.kind)).every((w) => w.end - w.start === 12)).toBe(true);
    expect(windows.find((w) => w.kind === 'site-unreachable')!.end - windows.find((w) => w.kind === 'site-unreachable')!.start).toBe(40);
  });

  it('gives a longer run to the quiet tail (the soak), and refuses a run too short for its windows', () => {
    const long = buildSchedule(scheduleSettings({ minutes: 30, short: false, pages: 86, rate: 40 }));
    const tail = long[long.length - 1];
    expect(tail.end).toBe(45 + 1800);
    expect(tail.end - tail.start).toBeGreaterThan(1200);
    expect(() => buildSchedule(scheduleSettings({ minutes: 5, short: false, pages: 86, rate: 40 }))).toThrow(/at least 8 minutes after its warm-up \(480 s\) for these windows; got 300 s/);
  });
});
