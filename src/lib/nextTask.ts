/**
 * Resolves on a task of its own (a `setTimeout` of 0): work after `await nextTask()` runs once the
 * browser has had a turn, not as part of the task that awaited it (issue 19: Lighthouse counts
 * each task's time over 50 ms, so two short tasks block less than one long one).
 */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}
