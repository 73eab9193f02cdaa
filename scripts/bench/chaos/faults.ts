import type { Instance, Redis, Varnish } from './processes';
import type { FaultProxy, Link } from './proxies';
import type { FaultKind, Window } from './schedule';

/**
 * Performs the chaos bench's schedule: each window starts when the last one ended, its fault is
 * applied, and removed when its planned length has passed. The windows
 * as performed (milliseconds from the start of the run, back to back) are what the report cuts
 * by: a window lasts until its fault is undone (an instance restarted and ready, Varnish started).
 */

export interface Targets {
  /** The instance that is killed and restarted. */
  victim: Instance;
  redis: Redis;
  wordpress: FaultProxy;
  varnish: Varnish;
  link: Link;
}

export interface Performed {
  windows: Window[];
  /** When each instance was last (re)started and ready, ms (0: before the run). */
  readyAt: Record<string, number>;
  notes: string[];
}

interface Fault {
  apply(): Promise<void>;
  undo(): Promise<void>;
}

function faults(t: Targets): Record<FaultKind, Fault> {
  return {
    'instance-kill': { apply: () => t.victim.kill(), undo: () => t.victim.start() },
    'redis-stop': { apply: () => t.redis.stop(), undo: () => t.redis.start() },
    'wordpress-500': { apply: async () => t.wordpress.setMode('error'), undo: async () => t.wordpress.setMode('pass') },
    'wordpress-hang': { apply: async () => t.wordpress.setMode('hang'), undo: async () => t.wordpress.setMode('pass') },
    // Stopped and started at once; the window goes on while the empty cache fills again.
    'varnish-restart': {
      apply: async () => {
        await t.varnish.stop();
        await t.varnish.start();
      },
      undo: async () => undefined,
    },
    'site-unreachable': { apply: () => t.link.shut(), undo: () => t.link.open() },
  };
}

const sleepUntil = async (at: number, now: () => number) => {
  const wait = at - now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
};

/**
 * Runs `planned` (lengths in seconds) from `t0` (performance.now()); `onWindow` is told as each
 * starts. Each window starts when the last one ended and keeps its planned length; one that ran
 * over (an instance slow to be ready) delays the ones after it, which keep theirs.
 */
export async function performSchedule(planned: readonly Window[], t: Targets, t0: number, onWindow: (w: Window, seconds: number) => void = () => undefined): Promise<Performed> {
  const now = () => performance.now() - t0;
  const actions = faults(t);
  const performed: Performed = { windows: [], readyAt: { A: 0, B: 0 }, notes: [] };
  let previousEnd = 0;
  for (const w of planned) {
    const window: Window = { ...w, start: previousEnd, end: NaN };
    onWindow(window, w.end - w.start);
    const action = w.kind in actions ? actions[w.kind as FaultKind] : null;
    if (action) {
      try {
        await action.apply();
      } catch (error) {
        performed.notes.push(`${w.name}: applying the fault failed: ${(error as Error).message}`);
      }
    }
    await sleepUntil(window.start + (w.end - w.start) * 1000, now);
    if (action) {
      try {
        await action.undo();
        if (w.kind === 'instance-kill') performed.readyAt[t.victim.name] = now();
      } catch (error) {
        performed.notes.push(`${w.name}: undoing the fault failed: ${(error as Error).message}`);
      }
    }
    window.end = now();
    previousEnd = window.end;
    performed.windows.push(window);
  }
  return performed;
}
