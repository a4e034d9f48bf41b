/**
 * Runs `task` once the main thread is idle, at most `timeoutMs` later, so that a page's first
 * render and paint go first. Safari has no requestIdleCallback: a zero timer (after the current
 * task) stands in there. Returns a function that cancels the task if it has not run yet.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const id = requestIdleCallback(task, { timeout: timeoutMs });
  return () => cancelIdleCallback(id);
}
