/**
 * The report routes' contract (DESIGN.md §3, §12): their query schemas, their answers' shapes,
 * and the shop's calendar day (Asia/Dhaka, UTC+06:00 all year: no daylight saving since 2009)
 * that every report counts in. Shared by the API and the dashboard's dawn board.
 */
import { z } from 'zod';
import { saleUnits } from './catalogue';

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

const DATE_MESSAGE = 'Enter a date as YYYY-MM-DD, e.g. 2026-11-22';

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not). */
export const shopDateField = z
  .string({ error: DATE_MESSAGE })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_MESSAGE })
  .refine(
    (date) => {
      const ms = Date.parse(`${date}T00:00:00Z`);
      return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === date;
    },
    { error: DATE_MESSAGE },
  );

/** `GET /reports/sales` query: the last `days` days (1–90, default 14), today included. */
export const salesQuery = z.object({
  days: z.coerce
    .number({ error: `Enter a number of days from 1 to ${MAX_SALES_DAYS}` })
    .int({ error: `Enter a whole number of days from 1 to ${MAX_SALES_DAYS}` })
    .min(1, { error: `Enter a number of days from 1 to ${MAX_SALES_DAYS}` })
    .max(MAX_SALES_DAYS, { error: `Enter a number of days from 1 to ${MAX_SALES_DAYS}` })
    .default(DEFAULT_SALES_DAYS),
});

/** `GET /reports/purchase-list` and `GET /reports/slots` query: one shop date. */
export const reportDayQuery = z.object({ date: shopDateField });

/** `GET /reports/orders.csv` query: shop dates `from` to `to`, both included, at most a year. */
export const ordersCsvQuery = z.object({ from: shopDateField, to: shopDateField }).superRefine(({ from, to }, ctx) => {
  const days = shopDaysBetween(from, to);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must be on or after from' });
  else if (days >= MAX_EXPORT_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${MAX_EXPORT_DAYS} days from from` });
});

/** One day of `GET /reports/sales`: orders placed that shop day (not cancelled) and their total in Tk. */
export const salesDaySchema = z.object({
  date: z.string().meta({ description: 'The shop date, YYYY-MM-DD (Asia/Dhaka)' }),
  orders: z.number().int(),
  revenue: z.number().meta({ description: 'Sum of totalAmount, Tk' }),
});
export type SalesDay = z.infer<typeof salesDaySchema>;

/** One product of `GET /reports/purchase-list`: `quantity` sale units of `unit` × `unitSize` to buy and pack. */
export const purchaseItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  nameBn: z.string().nullable(),
  unit: z.enum(saleUnits),
  unitSize: z.number().int(),
  quantity: z.number().int().meta({ description: 'Sale units across the day’s orders' }),
});
export type PurchaseItem = z.infer<typeof purchaseItemSchema>;

/** One delivery slot of `GET /reports/slots`: the orders in it (not cancelled) and the places left. */
export const slotLoadSchema = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  label: z.string(),
  orders: z.number().int(),
  remaining: z.number().int(),
});
export type SlotLoad = z.infer<typeof slotLoadSchema>;
