/**
 * Issue 19: the CPU slowdown that makes a run on this host stand for Lighthouse's mobile device
 * (a Moto G Power), from the host's `benchmarkIndex` measured during that very run.
 *
 * Lighthouse's throttling documentation ("calibrating multipliers", and its CPU throttling
 * calculator) gives about 3× at an index of 1,300, 4× at 1,533 and 6× at 2,000: a straight line
 * of +1× for every ~233 points. That line is used here, never below 1× (a host slower than the
 * device is measured as it is). Pure: the bench (lighthouse.ts, interaction.ts) applies it.
 */

/** The index at which Lighthouse's default 4× is right. */
export const REFERENCE_INDEX = 1533;
export const REFERENCE_MULTIPLIER = 4;
/** Index points per 1× of slowdown (from 4× at 1,533 to 6× at 2,000). */
export const INDEX_PER_STEP = (2000 - 1533) / 2;
export const MIN_MULTIPLIER = 1;

/** The CPU slowdown multiplier for a host whose benchmarkIndex is `index`, to two decimals. */
export function cpuMultiplier(index: number): number {
  if (!Number.isFinite(index) || index <= 0) throw new Error(`benchmarkIndex must be a positive number, got ${index}`);
  const multiplier = REFERENCE_MULTIPLIER + (index - REFERENCE_INDEX) / INDEX_PER_STEP;
  return Math.round(Math.max(MIN_MULTIPLIER, multiplier) * 100) / 100;
}
