/**
 * The flash-sale countdown (spec §4): shown only inside its window [start, end), counting down
 * days, hours, minutes and seconds to `end`. Times in ms since the epoch.
 */
export type CountdownParts = { days: number; hours: number; minutes: number; seconds: number };
export type CountdownState = { kind: 'before' } | { kind: 'running'; parts: CountdownParts } | { kind: 'ended' };

/** Where `now` falls in the window, with the time left when running. */
export function countdownState(now: number, start: number, end: number): CountdownState {
  if (now < start) return { kind: 'before' };
  if (now >= end) return { kind: 'ended' };
  const totalSeconds = Math.floor((end - now) / 1000);
  return {
    kind: 'running',
    parts: {
      days: Math.floor(totalSeconds / 86_400),
      hours: Math.floor((totalSeconds % 86_400) / 3600),
      minutes: Math.floor((totalSeconds % 3600) / 60),
      seconds: totalSeconds % 60,
    },
  };
}

/** The spec's default window: 30 Mar 2022 12:00:00 to 30 Apr 2022 11:59:59 (local time). */
export const DEFAULT_FLASH_SALE = { start: '2022-03-30T12:00:00', end: '2022-04-30T11:59:59' };

/** Parses the configured window (FLASH_SALE_START/END), falling back to the default on bad input. */
export function flashSaleWindow(start: string | undefined, end: string | undefined): { start: number; end: number } {
  const s = Date.parse(start || DEFAULT_FLASH_SALE.start);
  const e = Date.parse(end || DEFAULT_FLASH_SALE.end);
  if (Number.isNaN(s) || Number.isNaN(e) || e <= s)
    return { start: Date.parse(DEFAULT_FLASH_SALE.start), end: Date.parse(DEFAULT_FLASH_SALE.end) };
  return { start: s, end: e };
}
