/**
 * Dates and times of orders as the shop keeps them: in its time zone, Asia/Dhaka (DESIGN.md §8),
 * written by Intl in the page's language (`<html lang>`), so the Bangla pass needs no change here.
 */

/** The shop's time zone. */
export const SHOP_TIME_ZONE = 'Asia/Dhaka';

/** Takes an ISO 8601 time (or epoch ms) and returns it as date and time in Dhaka, e.g. "22 Nov 2026, 10:05". */
export function formatShopTime(time: string | number): string {
  return new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }).format(new Date(time));
}

/** Returns the Dhaka calendar date of `time` as YYYY-MM-DD, the date part of a slot id (e.g. `2026-11-22T09:00:00+06:00`). */
export function shopDate(time: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(time);
}
