/**
 * `/api/reports/*` (DESIGN.md §3, §12), admins only: the grocer's day. Sales per shop day, the
 * purchase list of a delivery day, the load of a day's delivery slots (the dawn board's), the cash
 * each rider brought back (DESIGN.md §18), and the orders of a date range as CSV for the shop's accounts. Days are Asia/Dhaka's
 * (contract/report.ts); each route reads one index range (db/reports.ts), and the CSV is
 * streamed a page at a time, never every order in memory.
 */
import { z } from 'zod';
import { requireAdmin } from '../auth/middleware';
import { saleUnitOf, type SaleUnit, type SaleUnitOf } from '../contract/catalogue';
import {
  DEFAULT_SALES_DAYS,
  MAX_EXPORT_DAYS,
  MAX_SALES_DAYS,
  ordersCsvQuery,
  purchaseItemSchema,
  reportDayQuery,
  salesDaySchema,
  salesQuery,
  slotLoadSchema,
  shopDate,
  shopDayStartMs,
  addShopDays,
  type SlotLoad,
} from '../contract/report';
import { cashReportRowSchema, runQuery } from '../contract/rider';
import { cashByRider, exportPage, purchaseList, salesByDay, slotCounts } from '../db/reports';
import type { Cursor } from '../db/cursor';
import { deliverySlot, shopIso } from '../delivery/slots';
import type { Row } from '@libsql/client';
import { factory } from '../env';
import { validate } from '../http/validation';
import { doc } from './openapi';

/** Reports are one shop's business data: never kept by a shared cache. */
const REPORTS_CACHE_CONTROL = 'private, no-store';

/** The CSV export's columns, in order (DESIGN.md §12). */
export const ORDERS_CSV_HEADER = [
  'order id',
  'placed at',
  'customer name',
  'phone',
  'address',
  'slot',
  'status',
  'payment method',
  'payment status',
  'total (Tk)',
  'credit applied (Tk)',
  'rider',
  'cash collected (Tk)',
  'lines',
] as const;

/**
 * One CSV cell (RFC 4180): text a spreadsheet would run as a formula — starting with `=`, `+`,
 * `-`, `@`, a tab or a carriage return (OWASP's CSV injection) — gets a leading `'`; a cell with
 * a comma, a quote or a line break is quoted, its quotes doubled.
 */
function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
const csvRecord = (cells: ReadonlyArray<string | number>): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A quantity of sale units in English for the accounts: "2 kg", "3 × 250 g", "1 × 4 pcs", "2 bundle". */
function quantityText(quantity: number, item: SaleUnitOf): string {
  const { unit, unitSize } = saleUnitOf(item);
  const names: Record<SaleUnit, string> = {
    kg: 'kg',
    g: 'g',
    piece: unitSize === 1 ? 'piece' : 'pcs',
    bundle: 'bundle',
    dozen: 'dozen',
    hali: 'hali',
  };
  if (unitSize === 1) return `${quantity} ${names[unit]}`;
  return `${quantity} × ${unitSize} ${names[unit]}`;
}

type StoredLine = SaleUnitOf & { name?: unknown; cartQuantity?: unknown; price?: unknown };

/** An order's lines in one cell: "Potato (Alu) 2 kg @ 30; Green Chili Pack 1 × 250 g @ 30". */
function linesText(orderedProduct: unknown): string {
  const lines = JSON.parse(String(orderedProduct)) as StoredLine[];
  return lines
    .map((line) => `${String(line.name)} ${quantityText(Number(line.cartQuantity), line)} @ ${Number(line.price)}`)
    .join('; ');
}

/** An `orders` row of the export as its CSV record. */
function orderRecord(row: Row): string {
  const slot =
    row.slot_start_ms === null || row.slot_start_ms === undefined
      ? ''
      : deliverySlot(Number(row.slot_start_ms), Number(row.slot_end_ms)).label;
  return csvRecord([
    String(row.id),
    shopIso(Number(row.created_at)),
    String(row.customer_name),
    String(row.phone),
    String(row.address),
    slot,
    String(row.order_status),
    String(row.payment_method),
    // A refund under way is still 'paid', as the API tells it (db/order-row.ts).
    row.payment_status === 'refunding' ? 'paid' : String(row.payment_status),
    Number(row.total_amount),
    // The store credit the order took (DESIGN.md §19), Tk to the poisha; 0 for none.
    Math.round(Number(row.credit_applied_poisha ?? 0)) / 100,
    // The rider and the cash they recorded at the door (DESIGN.md §18), so the accounts can sum
    // each rider's cash; empty when none was assigned or recorded.
    row.rider_name === null || row.rider_name === undefined ? '' : String(row.rider_name),
    row.cash_collected === null || row.cash_collected === undefined ? '' : Number(row.cash_collected),
    linesText(row.ordered_product),
  ]);
}

/** The `/api/reports` routes. */
export const reports = factory
  .createApp()
  .use(requireAdmin)
  .use(async (c, next) => {
    c.header('Cache-Control', REPORTS_CACHE_CONTROL);
    await next();
  })
  .get(
    '/sales',
    doc({
      summary: `Orders and revenue (sum of finalAmount once packed, else totalAmount, Tk; cancelled orders left out), the store credit those orders took (creditUsed) and the store credit given for problems (creditGiven) per Asia/Dhaka day for the last \`days\` days (default ${DEFAULT_SALES_DAYS}, at most ${MAX_SALES_DAYS}), today included`,
      auth: 'admin',
      query: salesQuery,
      ok: {
        status: 200,
        description: 'One entry per day, oldest first, today last; days without orders as zeros',
        schema: z.array(salesDaySchema),
      },
    }),
    validate('query', salesQuery),
    async (c) => {
      const { days } = c.req.valid('query');
      return c.json(await salesByDay(c.var.db, shopDate(Date.now()), days));
    },
  )
  .get(
    '/purchase-list',
    doc({
      summary:
        'The sale units to buy and pack for the deliveries of one Asia/Dhaka date: every order not cancelled in a slot of that day (without a slot: placed that day), summed per product and unit, with what those lines’ shoppers asked (lines per substitution other than none, and the notes; DESIGN.md §17), sorted by name',
      auth: 'admin',
      query: reportDayQuery,
      ok: { status: 200, description: 'The products of the day', schema: z.array(purchaseItemSchema) },
    }),
    validate('query', reportDayQuery),
    async (c) => {
      const { date } = c.req.valid('query');
      return c.json(await purchaseList(c.var.db, date));
    },
  )
  .get(
    '/slots',
    doc({
      summary: 'The delivery slots of one Asia/Dhaka date with their orders (not cancelled) and the places left',
      auth: 'admin',
      query: reportDayQuery,
      ok: { status: 200, description: 'The day’s slots, earliest first', schema: z.array(slotLoadSchema) },
    }),
    validate('query', reportDayQuery),
    async (c) => {
      const { date } = c.req.valid('query');
      const { slots, capacity } = c.var.config.delivery;
      const counts = await slotCounts(c.var.db, date);
      const dayStart = shopDayStartMs(date);
      const loads: SlotLoad[] = slots.map((times) => {
        const slot = deliverySlot(dayStart + times.startMinutes * 60_000, dayStart + times.endMinutes * 60_000);
        const orders = counts.get(slot.id) ?? 0;
        return { ...slot, orders, remaining: Math.max(0, capacity - orders) };
      });
      return c.json(loads);
    },
  )
  .get(
    '/cash',
    doc({
      summary:
        'The cash per rider of one Asia/Dhaka date (default today; DESIGN.md §18): their cash orders delivered that day, the Tk those should bring (finalAmount, else totalAmount) and the Tk recorded at the door',
      auth: 'admin',
      query: runQuery,
      ok: {
        status: 200,
        description: 'One row per rider with delivered cash orders that day, by name',
        schema: z.array(cashReportRowSchema),
      },
    }),
    validate('query', runQuery),
    async (c) => {
      const { date = shopDate(Date.now()) } = c.req.valid('query');
      return c.json(await cashByRider(c.var.db, date));
    },
  )
  .get(
    '/orders.csv',
    doc({
      summary: `Every order placed in the Asia/Dhaka dates \`from\`–\`to\` (at most ${MAX_EXPORT_DAYS} days) as RFC 4180 CSV for the shop’s accounts`,
      auth: 'admin',
      query: ordersCsvQuery,
      ok: {
        status: 200,
        description:
          'A download (`Content-Disposition: attachment`), UTF-8 with a byte-order mark, CRLF, header row: order id, placed at, customer name, phone, address, slot, status, payment method, payment status, total (Tk), credit applied (Tk: store credit the order took), rider (their name, empty when none), cash collected (Tk, recorded at the door; empty when none), lines. Cells starting with = + - @ (or a tab or CR) begin with a quote mark (CSV injection)',
        schema: z.string(),
        contentType: 'text/csv',
      },
    }),
    validate('query', ordersCsvQuery),
    async (c) => {
      const { from, to } = c.req.valid('query');
      const { db } = c.var;
      const fromMs = shopDayStartMs(from);
      const toMs = shopDayStartMs(addShopDays(to, 1));
      // The first page is read before answering, so a database that cannot be reached is a 503,
      // not a cut-off file; the rest follow a page at a time as the client reads.
      const first = await exportPage(db, fromMs, toMs);
      const encoder = new TextEncoder();
      let next: Cursor | undefined = first.next;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          // The byte-order mark lets spreadsheet programs read the file (and its Bangla) as UTF-8.
          controller.enqueue(
            encoder.encode(`\uFEFF${csvRecord(ORDERS_CSV_HEADER)}${first.rows.map(orderRecord).join('')}`),
          );
          if (!next) controller.close();
        },
        async pull(controller) {
          if (!next) return;
          const page = await exportPage(db, fromMs, toMs, next);
          next = page.next;
          controller.enqueue(encoder.encode(page.rows.map(orderRecord).join('')));
          if (!next) controller.close();
        },
      });
      c.header('Content-Type', 'text/csv; charset=utf-8; header=present');
      c.header('Content-Disposition', `attachment; filename="orders-${from}-${to}.csv"`);
      return c.body(body);
    },
  );
