import { useEffect, useState } from 'react';

/**
 * The viewport-width check (spec §1, §9: default breakpoint 600 px).
 *
 * Layout switches at this width are done in CSS (`@media (max-width: 599.98px)` /
 * `@media (min-width: 600px)`, see src/styles/tokens.css) so the server HTML is already right and
 * nothing shifts on hydration. Use this hook only where JavaScript itself must know the width.
 */
export const DEFAULT_BREAKPOINT = 600;

/** The media query that matches viewports narrower than `breakpoint` CSS pixels. */
export function belowBreakpointQuery(breakpoint: number = DEFAULT_BREAKPOINT): string {
  // 0.02 px below the breakpoint: matches 599.5 px wide viewports (zoom, fractional DPR) too,
  // while never overlapping `(min-width: 600px)`.
  return `(max-width: ${breakpoint - 0.02}px)`;
}

/**
 * Calls `listener` with whether the viewport is narrower than `breakpoint`, now and on every
 * change; returns the unsubscribe. Without `matchMedia` (very old browsers) it does nothing.
 */
export function watchBelowBreakpoint(listener: (below: boolean) => void, breakpoint: number = DEFAULT_BREAKPOINT): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(belowBreakpointQuery(breakpoint));
  const update = () => listener(query.matches);
  // Subscribing first, then reading, so a change in between is not lost.
  if (typeof query.addEventListener === 'function') query.addEventListener('change', update);
  else query.addListener(update); // Safari < 14
  update();
  return () => {
    if (typeof query.removeEventListener === 'function') query.removeEventListener('change', update);
    else query.removeListener(update);
  };
}

/**
 * Whether the viewport is narrower than `breakpoint`. False on the server and on the first
 * render (so the hydrated HTML matches the server's), then follows `matchMedia` changes.
 * Without `matchMedia` (very old browsers), stays false.
 */
export function useIsBelowBreakpoint(breakpoint: number = DEFAULT_BREAKPOINT): boolean {
  const [below, setBelow] = useState(false);
  useEffect(() => watchBelowBreakpoint(setBelow, breakpoint), [breakpoint]);
  return below;
}
