import { PHASE_PRODUCTION_BUILD } from 'next/constants';

/**
 * Whether this process is `next build` (Next sets NEXT_PHASE in the build and its workers):
 * prerendering reads one snapshot of the content, and must not wait on or write to shared state.
 */
export function isBuildPhase(): boolean {
  return process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD;
}
