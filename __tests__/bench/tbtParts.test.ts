/** @jest-environment node */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runLines, summarizeRuns, type LhrLike } from '../../scripts/bench/lighthouseResult';
import { blockingByPart, formatParts, TBT_PARTS, taskPart, tbtParts, type SimulatedTask, type TbtParts } from '../../scripts/bench/tbtParts';

const SITE = 'http://127.0.0.1:3000/_next/static/chunks';
const evaluate = (url: string) => ({ name: 'EvaluateScript', args: { data: { url } } });
const noParts = (): TbtParts => Object.fromEntries(TBT_PARTS.map((p) => [p, 0])) as TbtParts;

describe('issue 19: the run line says what its TBT is made of (tbtParts.ts)', () => {
  it("a task is named by what it did: the document's commit, parsing and layouts; Next's scripts by file; timers; later chunks; style", () => {
    expect(taskPart(false, [{ name: 'DocumentLoader::CommitNavigation' }])).toBe('document');
    expect(taskPart(false, [{ name: 'ParseHTML' }, evaluate(`${SITE}/main-abc.js`)])).toBe('document');
    expect(taskPart(true, [{ name: 'Layout' }, { name: 'TimerFire' }])).toBe('document');
    expect(taskPart(false, [evaluate(`${SITE}/main-d030.js`)])).toBe('main.js');
    expect(taskPart(false, [evaluate(`${SITE}/framework-0cfd.js`)])).toBe('framework');
    expect(taskPart(false, [evaluate(`${SITE}/pages/_app-496f.js`)])).toBe('_app');
    expect(taskPart(false, [evaluate(`${SITE}/pages/resources/blogs/%5Bslug%5D-0578.js`)])).toBe('page');
    expect(taskPart(false, [{ name: 'TimerFire' }, { name: 'FunctionCall', args: { data: { url: `${SITE}/pages/_app-496f.js` } } }])).toBe('timers');
    expect(taskPart(false, [evaluate(`${SITE}/809.2582.js`)])).toBe('chunks');
    expect(taskPart(false, [{ name: 'ParseAuthorStyleSheet' }])).toBe('style');
    expect(taskPart(false, [{ name: 'MinorGC' }])).toBe('other');
    expect(taskPart(false, [])).toBe('other');
  });

  it("each task's share is the mean of its blocking in Lantern's two windows (clipped to FCP and TTI, less 50 ms), and the shares add up per part", () => {
    const tasks: SimulatedTask[] = [
      // The first render: 1,100–1,400, FCP 1,200 in both estimates: 200 − 50 in each window.
      { start: 1100, end: 1400, duration: 300, part: 'document' },
      // main.js: inside the pessimistic window only (the optimistic TTI is 2,000): 200 − 50 once, so 75.
      { start: 2100, end: 2300, duration: 200, part: 'main.js' },
      // Two timers: one blocks 30 in both windows, one is under 50 ms and never blocks.
      { start: 1500, end: 1580, duration: 80, part: 'timers' },
      { start: 1600, end: 1649, duration: 49, part: 'timers' },
      // Before FCP: never counted.
      { start: 500, end: 900, duration: 400, part: 'other' },
    ];
    const parts = blockingByPart(tasks, [
      [1200, 2000],
      [1200, 2500],
    ]);
    expect(parts).toEqual({ ...noParts(), document: 150, 'main.js': 75, timers: 30 });
    expect(formatParts(parts)).toBe('document 150, main.js 75, timers 30');
  });

  it('a task clipped to under 50 ms by the window does not block, as in Lantern', () => {
    expect(blockingByPart([{ start: 1000, end: 1240, duration: 240, part: 'document' }], [[1200, 3000]]).document).toBe(0);
    expect(blockingByPart([{ start: 1000, end: 1260, duration: 260, part: 'document' }], [[1200, 3000]]).document).toBe(10);
  });

  it('the run line lists the blocking parts, largest first; a run without the split keeps the line as it was', () => {
    const run = (parts: TbtParts | null): LhrLike => ({
      categories: { performance: { score: 0.84, auditRefs: [] } },
      audits: {
        'total-blocking-time': { id: 'total-blocking-time', score: 0.5, numericValue: 519 },
        'largest-contentful-paint': { id: 'largest-contentful-paint', score: 0.9, numericValue: 2531 },
      },
      environment: { benchmarkIndex: 1411 },
      configSettings: { throttlingMethod: 'simulate', throttling: { cpuSlowdownMultiplier: 3.48 } },
      bench: { threadTimeTbt: 106, tbtParts: parts },
    });
    const split = { ...noParts(), document: 177, 'main.js': 114, timers: 183, style: 37, other: 6, _app: 2, chunks: 1 };
    expect(runLines(summarizeRuns([run(split)]))[0]).toBe(
      'run 1: benchmarkIndex 1411, CPU 3.48×, performance 0.84, TBT 519 ms (in thread time 106 ms), LCP 2531 ms; TBT by task: timers 183, document 177, main.js 114, style 37, other 6, _app 2, chunks 1',
    );
    expect(runLines(summarizeRuns([run(null)]))[0]).toBe('run 1: benchmarkIndex 1411, CPU 3.48×, performance 0.84, TBT 519 ms (in thread time 106 ms), LCP 2531 ms');
  });

  it('a gather that cannot be read gives no split, and does not fail the run it is reported beside', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tbt-parts-'));
    try {
      await expect(tbtParts(path.join(dir, 'missing'), 4, 500)).resolves.toBeNull();
      writeFileSync(path.join(dir, 'artifacts.json'), '{"settings":{}}');
      writeFileSync(path.join(dir, 'trace.json'), 'not json');
      writeFileSync(path.join(dir, 'devtoolslog.json'), '[]');
      await expect(tbtParts(dir, 4, 500)).resolves.toBeNull();
      await expect(tbtParts(dir, 4, undefined)).resolves.toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
