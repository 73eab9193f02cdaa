/**
 * Resolves on a task of its own (a `setTimeout` of 0): work after `await nextTask()` runs once the
 * browser has had a turn, not as part of the task that awaited it (issue 19: Lighthouse counts
 * each task's time over 50 ms, so two short tasks block less than one long one).
 */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves on the task after the next frame is drawn (an animation frame, then a `setTimeout` of
 * 0): what changed before the call is painted first, and work after `await afterNextPaint()` no
 * longer holds that paint back (issue 19: a tap shows at once, its heavy work follows).
 */
export function afterNextPaint(): Promise<void> {
  return new Promise<number>((resolve) => requestAnimationFrame(resolve)).then(nextTask);
}
