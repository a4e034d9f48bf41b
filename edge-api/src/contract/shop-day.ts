/**
 * The shop's calendar day (DESIGN.md §8, §12): Asia/Dhaka, UTC+06:00 all year (no daylight saving
 * since 2009), so a fixed offset is exact. Dates are `YYYY-MM-DD`; every report counts in them.
 * No dependencies: the dawn board imports it without the reports' zod schemas.
 */

/** Asia/Dhaka's offset from UTC in ms (fixed, as delivery/slots.ts's). */
const SHOP_OFFSET_MS = 6 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Days the sales report covers at most, and by default. */
export const MAX_SALES_DAYS = 90;
export const DEFAULT_SALES_DAYS = 14;
/** Days one CSV export covers at most (a year, leap day included). */
export const MAX_EXPORT_DAYS = 366;

/** The shop's calendar date (`YYYY-MM-DD`, Dhaka time) at epoch `ms`. */
export const shopDate = (ms: number): string => new Date(ms + SHOP_OFFSET_MS).toISOString().slice(0, 10);

/** When shop date `date` (`YYYY-MM-DD`) begins: 00:00 +06:00, in epoch ms. */
export const shopDayStartMs = (date: string): number => Date.parse(`${date}T00:00:00Z`) - SHOP_OFFSET_MS;

/** The shop date `days` days after `date` (before it when negative). */
export const addShopDays = (date: string, days: number): string => shopDate(shopDayStartMs(date) + days * DAY_MS);

/** Whole days from shop date `from` to `to` (0 for the same day; negative when `to` is earlier). */
export const shopDaysBetween = (from: string, to: string): number =>
  Math.round((shopDayStartMs(to) - shopDayStartMs(from)) / DAY_MS);
