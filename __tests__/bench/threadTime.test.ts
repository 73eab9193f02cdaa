/** @jest-environment node */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { threadTimeTbt, toThreadTime, type TraceEvent } from '../../scripts/bench/threadTime';

const RENDERER = { pid: 10, tid: 10 };
const BROWSER = { pid: 1, tid: 1 };
const meta = (thread: { pid: number; tid: number }, name: string): TraceEvent => ({ ...thread, ph: 'M', name: 'thread_name', ts: 0, args: { name } });
const event = (thread: { pid: number; tid: number }, name: string, ph: string, ts: number, dur?: number, tdur?: number): TraceEvent => ({
  ...thread,
  name,
  ph,
  ts,
  ...(dur === undefined ? {} : { dur }),
  ...(tdur === undefined ? {} : { tdur }),
});

/**
 * A first render as gathered here: 40 ms of wall time, 10 ms of CPU (it waited on font look-ups),
 * with its layout and paint inside and a request it started; the first contentful paint's mark in
 * it; a script task that did not wait; a browser thread's task.
 */
function gathered(): TraceEvent[] {
  return [
    meta(RENDERER, 'CrRendererMain'),
    meta(BROWSER, 'CrBrowserMain'),
    event(RENDERER, 'RunTask', 'X', 1000, 40_000, 10_000),
    event(RENDERER, 'Layout', 'X', 5000, 20_000, 6000),
    event(RENDERER, 'ResourceSendRequest', 'I', 30_000),
    event(RENDERER, 'Paint', 'X', 36_000, 4000, 2000),
    event(RENDERER, 'firstContentfulPaint', 'R', 39_000),
    event(RENDERER, 'RunTask', 'X', 50_000, 20_000, 20_000),
    event(RENDERER, 'EvaluateScript', 'X', 50_100, 19_000, 19_000),
    event(BROWSER, 'RunTask', 'X', 1000, 40_000, 5000),
  ];
}

describe('issue 19: TBT in thread time (the bench leaves the main thread\'s waiting out of Lantern\'s input)', () => {
  it('a renderer main-thread task that waited lasts its thread time, and what happened in it is moved into it in proportion', () => {
    const out = toThreadTime(gathered());
    const [, , render, layout, request, paint] = out;
    expect(render).toMatchObject({ ts: 1000, dur: 10_000 });
    // 4 ms after the start, 20 ms long → 1 ms after it, 5 ms long (a quarter of the wall time).
    expect(layout).toMatchObject({ ts: 2000, dur: 5000 });
    expect(request.ts).toBe(8250);
    expect(paint).toMatchObject({ ts: 9750, dur: 1000 });
    for (const inner of [layout, request, paint]) {
      expect(inner.ts).toBeGreaterThanOrEqual(render.ts);
      expect(inner.ts + (inner.dur ?? 0)).toBeLessThanOrEqual(render.ts + render.dur!);
    }
  });

  it('marks of the observed timeline stay where the browser put them (Lantern cuts its graphs at them, as at the network\'s times)', () => {
    const fcp = toThreadTime(gathered()).find((e) => e.name === 'firstContentfulPaint')!;
    expect(fcp.ts).toBe(39_000);
  });

  it('a task that did not wait, and every other thread, are left as they are', () => {
    const out = toThreadTime(gathered());
    expect(out.slice(7)).toEqual(gathered().slice(7));
  });

  it('the gathered trace is not changed (the report was computed from it)', () => {
    const input = gathered();
    toThreadTime(input);
    expect(input).toEqual(gathered());
  });

  it('a gather that cannot be read gives no figure (n/a), and does not fail the run it is reported beside', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'thread-time-'));
    try {
      await expect(threadTimeTbt(path.join(dir, 'missing'), 9, 300)).resolves.toBeNull();
      writeFileSync(path.join(dir, 'artifacts.json'), '{"settings":{}}');
      writeFileSync(path.join(dir, 'trace.json'), 'not json');
      writeFileSync(path.join(dir, 'devtoolslog.json'), '[]');
      await expect(threadTimeTbt(dir, 9, 300)).resolves.toBeNull();
      // A run whose report has no TBT has nothing to reproduce.
      await expect(threadTimeTbt(dir, 9, undefined)).resolves.toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
