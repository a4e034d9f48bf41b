/**
 * The report routes' contract (DESIGN.md §3, §12): their query schemas and their answers' shapes
 * (the dawn board imports the types; its values come from ./shop-day, which has no zod, so the
 * dashboard's chunk carries no schema), and the shop's calendar day re-exported for the API.
 */
import { z } from 'zod';
import { saleUnits } from './catalogue';
import { DEFAULT_SALES_DAYS, MAX_EXPORT_DAYS, MAX_SALES_DAYS, shopDaysBetween } from './shop-day';

export {
  addShopDays,
  DEFAULT_SALES_DAYS,
  MAX_EXPORT_DAYS,
  MAX_SALES_DAYS,
  shopDate,
  shopDayStartMs,
  shopDaysBetween,
} from './shop-day';

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

/**
 * One day of `GET /reports/sales`: orders placed that shop day (not cancelled) and their total in
 * Tk, the store credit those orders took, and the store credit given that day for problems
 * (DESIGN.md §19).
 */
export const salesDaySchema = z.object({
  date: z.string().meta({ description: 'The shop date, YYYY-MM-DD (Asia/Dhaka)' }),
  orders: z.number().int(),
  revenue: z.number().meta({ description: 'Sum of totalAmount, Tk' }),
  creditUsed: z
    .number()
    .meta({ description: 'Store credit taken by that day’s orders not cancelled (creditApplied), Tk' }),
  creditGiven: z
    .number()
    .meta({ description: 'Store credit given that day for reported problems (ledger reason problem), Tk' }),
});
export type SalesDay = z.infer<typeof salesDaySchema>;

/**
 * One product of `GET /reports/purchase-list`: `quantity` sale units of `unit` × `unitSize` to buy
 * and pack, and what the shoppers of those lines asked (DESIGN.md §17): the lines per substitution
 * other than none, and their notes.
 */
export const purchaseItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  nameBn: z.string().nullable(),
  unit: z.enum(saleUnits),
  unitSize: z.number().int(),
  quantity: z.number().int().meta({ description: 'Sale units across the day’s orders' }),
  substitutions: z
    .object({
      similar: z.number().int().meta({ description: 'Lines that allow a similar product when it is missing' }),
      call: z.number().int().meta({ description: 'Lines whose shopper wants a call before a substitute' }),
    })
    .meta({ description: 'The day’s lines of this product per substitution other than none' }),
  notes: z
    .array(z.string())
    .meta({ description: 'The notes on the day’s lines of this product, oldest order first (none: empty)' }),
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
