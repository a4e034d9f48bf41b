/** Deferring work a page's first screen does not need (bench figure 2). */

/**
 * Runs `task` once the main thread is idle, at most `timeoutMs` later. Safari has no
 * requestIdleCallback: a zero timer (after the current task) stands in there. Returns a
 * function that cancels the task if it has not run yet.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const id = requestIdleCallback(task, { timeout: timeoutMs });
  return () => cancelIdleCallback(id);
}

/** How long after the load event the first screen's data and pictures are given alone. */
const SETTLE_MS = 1000;

let settled: Promise<void> | undefined;

/**
 * Resolves SETTLE_MS after the page's load event (once per page; made on first use, so importing
 * this module touches no page globals and modules that import it run outside a page too).
 */
function pageSettled(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const start = () => setTimeout(resolve, SETTLE_MS);
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  });
  return settled;
}

/**
 * Runs `task` once the page has settled — SETTLE_MS after the load event — at its next idle
 * moment. For work nothing on the first screen waits for, such as downloading Dexie when the
 * shopper has no mirror yet, which would otherwise compete with the catalogue's JSON and
 * pictures for a slow phone's bandwidth and CPU (bench figure 2, Lighthouse LCP). Later calls
 * only wait for idle. Returns a function that cancels the task if it has not run yet.
 */
export function whenSettled(task: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => undefined as void;
  void pageSettled().then(() => {
    if (!cancelled) cancelIdle = whenIdle(task);
  });
  return () => {
    cancelled = true;
    cancelIdle();
  };
}

/**
 * Resolves in a task of its own, after the browser has had the chance to handle input and paint:
 * a zero timer. Work before and after an `await nextTask()` runs as separate tasks, so neither
 * makes the other a long task (Lighthouse TBT counts each task's time over 50 ms).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
