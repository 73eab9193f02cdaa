import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TraceEvent } from './threadTime';

/**
 * A Lighthouse run's gather as `gatherMode` saved it (artifacts.json, trace.json,
 * devtoolslog.json), and the input Lantern's computed metrics read from it: what the bench's
 * diagnostics (threadTime.ts, tbtParts.ts) simulate again beside the report.
 */
export interface SavedGather {
  artifacts: { settings: { throttling?: object }; GatherContext: unknown; URL: unknown; SourceMaps: unknown; HostDPR: unknown };
  trace: { traceEvents: TraceEvent[] };
  devtoolsLog: unknown;
}

export function readGather(workDir: string): SavedGather {
  const read = (file: string) => JSON.parse(readFileSync(path.join(workDir, file), 'utf8'));
  return { artifacts: read('artifacts.json'), trace: read('trace.json'), devtoolsLog: read('devtoolslog.json') };
}

/**
 * Lantern's input and context for a saved gather, audited as the bench audits it (simulated
 * throttling at `multiplier`), with the gathered trace or `traceEvents` in its place.
 */
export function lanternInput(gather: SavedGather, multiplier: number, traceEvents?: TraceEvent[]): { data: object; context: object } {
  const { artifacts, trace, devtoolsLog } = gather;
  const settings = { ...artifacts.settings, throttlingMethod: 'simulate', throttling: { ...artifacts.settings.throttling, cpuSlowdownMultiplier: multiplier } };
  const data = {
    trace: traceEvents ? { ...trace, traceEvents } : trace,
    devtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    HostDPR: artifacts.HostDPR,
    simulator: null,
  };
  return { data, context: { computedCache: new Map(), settings } };
}
