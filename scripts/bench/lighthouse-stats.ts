/**
 * Pure computations over Lighthouse results for figure 2 (bench/README.md §2): the median of a
 * page's runs, metric by metric, and the bytes the page had finished downloading before its
 * largest contentful paint.
 */
import { median } from './report';

/** One row of Lighthouse's `network-requests` audit (times in ms from its first request). */
export type NetworkRequest = { url: string; networkEndTime?: number; finished?: boolean; transferSize?: number };

/**
 * The bytes on the wire (`transferSize`: headers and body, compressed as sent) of the requests
 * that had finished by `lcpMs`, counted from the same origin as their `networkEndTime` (the
 * audit's first request). Requests still under way, failed or without an end time do not count.
 * @returns the total bytes and how many requests they came from.
 */
export function bytesBeforeLcp(
  requests: readonly NetworkRequest[],
  lcpMs: number,
): { bytes: number; requests: number } {
  const done = requests.filter(
    (request) =>
      request.finished !== false &&
      request.networkEndTime !== undefined &&
      Number.isFinite(request.networkEndTime) &&
      request.networkEndTime <= lcpMs,
  );
  return { bytes: done.reduce((sum, request) => sum + (request.transferSize ?? 0), 0), requests: done.length };
}

/**
 * The observed LCP in the `network-requests` audit's time base: Lighthouse gives the observed
 * LCP's trace timestamp (µs, `metrics` audit) and the network's start (µs, the requests audit's
 * debug data). Returns NaN when either is missing.
 */
export function observedLcpMs(observedLcpTs: number | undefined, networkStartTs: number | undefined): number {
  if (observedLcpTs === undefined || networkStartTs === undefined) return Number.NaN;
  return (observedLcpTs - networkStartTs) / 1000;
}

/**
 * The median run of `runs`, field by field: every numeric field is the median of that field over
 * the runs (so a run's slow LCP and another's slow TBT do not both land in the figure); every
 * other field is the one of the run whose performance score is the median.
 * @throws when `runs` is empty.
 */
export function medianRun<T extends { performance: number }>(runs: readonly T[]): T {
  if (runs.length === 0) throw new Error('medianRun: no runs');
  const byScore = [...runs].sort((a, b) => a.performance - b.performance);
  const middle = { ...(byScore[Math.floor((byScore.length - 1) / 2)] as T) };
  for (const key of Object.keys(middle) as (keyof T)[]) {
    if (typeof middle[key] === 'number') middle[key] = median(runs.map((run) => run[key] as number)) as T[keyof T];
  }
  return middle;
}
