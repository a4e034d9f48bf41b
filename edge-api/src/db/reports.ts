/**
 * The reports' SQL (DESIGN.md §12): sales per shop day, the purchase list of a delivery day, the
 * load of a day's delivery slots, and the orders of a date range for the CSV export, page by page.
 * Each reads one index over a range of days (migration 0012 and 0003's `orders_slot_created`; the
 * store credit given, 0020's `credit_ledger_once`),
 * so its cost follows the orders in those days, not the table's size; `db/query-plan.test.ts`
 * checks every plan. Days are Asia/Dhaka's (contract/report.ts).
 */
import type { Client, InStatement, Row } from '@libsql/client';
import { saleUnitOf, saleUnits, type SaleUnit } from '../contract/catalogue';
import { addShopDays, shopDate, shopDayStartMs, type PurchaseItem, type SalesDay } from '../contract/report';
import type { CashReportRow } from '../contract/rider';
import { ACCOUNT_NAME_SQL } from './accounts';
import type { Cursor } from './cursor';
import { deliveryDayCondition } from './orders';

const DAY_MS = 24 * 60 * 60_000;
const SHOP_OFFSET_MS = 6 * 60 * 60_000;

/**
 * The statement {@link salesByDay} runs: orders placed from `fromMs` (inclusive) to `toMs`
 * (exclusive), not cancelled, grouped by shop day (the day number since the epoch in Dhaka
 * time), with the store credit they took (poisha), by a range of the `orders_placed_sales` index
 * (each order's row read for its credit).
 */
export function salesStatement(fromMs: number, toMs: number): InStatement {
  return {
    // Integer division by constants in the text: bound numbers may arrive as REAL, whose division
    // would not truncate to the day.
    sql: `SELECT (created_at + ${SHOP_OFFSET_MS}) / ${DAY_MS} AS day, count(*) AS orders,
                 sum(coalesce(final_amount, total_amount)) AS revenue,
                 sum(coalesce(credit_applied_poisha, 0)) AS credit_used
          FROM orders
          WHERE created_at >= ? AND created_at < ? AND order_status <> 'Cancelled'
          GROUP BY day`,
    args: [fromMs, toMs],
  };
}

/**
 * The statement of {@link salesByDay}'s store credit given: the ledger's 'problem' entries
 * written from `fromMs` (inclusive) to `toMs` (exclusive), poisha per shop day, by the range of
 * `credit_ledger_once` whose reason is 'problem'.
 */
export function creditGivenStatement(fromMs: number, toMs: number): InStatement {
  return {
    sql: `SELECT (at + ${SHOP_OFFSET_MS}) / ${DAY_MS} AS day, sum(amount_poisha) AS given
          FROM credit_ledger
          WHERE reason = 'problem' AND at >= ? AND at < ?
          GROUP BY day`,
    args: [fromMs, toMs],
  };
}

const poishaToTk = (poisha: unknown): number => Math.round(Number(poisha ?? 0)) / 100;

/**
 * Orders, revenue (sum of each order's `finalAmount` once packed, else its `totalAmount`, Tk,
 * DESIGN.md §17; cancelled orders left out), the store credit those orders took (`creditUsed`)
 * and the store credit given for problems (`creditGiven`, DESIGN.md §19), Tk, per shop day for
 * the `days` days ending with `today` (a shop date), oldest first, days without any as zeros.
 */
export async function salesByDay(db: Client, today: string, days: number): Promise<SalesDay[]> {
  const first = addShopDays(today, -(days - 1));
  const fromMs = shopDayStartMs(first);
  const toMs = shopDayStartMs(addShopDays(today, 1));
  const [sales, given] = await db.batch([salesStatement(fromMs, toMs), creditGivenStatement(fromMs, toMs)], 'read');
  const dateOf = (row: Row) => shopDate(Number(row.day) * DAY_MS - SHOP_OFFSET_MS);
  const byDate = new Map(
    (sales?.rows ?? []).map((row) => [
      dateOf(row),
      { orders: Number(row.orders), revenue: Number(row.revenue), creditUsed: poishaToTk(row.credit_used) },
    ]),
  );
  const givenByDate = new Map((given?.rows ?? []).map((row) => [dateOf(row), poishaToTk(row.given)]));
  return Array.from({ length: days }, (_, i) => {
    const date = addShopDays(first, i);
    return {
      date,
      ...(byDate.get(date) ?? { orders: 0, revenue: 0, creditUsed: 0 }),
      creditGiven: givenByDate.get(date) ?? 0,
    };
  });
}

/**
 * The range of slot ids that start on shop date `date`: a slot's id is its start in ISO 8601
 * with the shop's offset (`2026-11-22T09:00:00+06:00`, delivery/slots.ts), so the day's ids sort
 * between `2026-11-22T` and `2026-11-23T` and `orders_slot_created` seeks them as one range.
 */
const slotIdRange = (date: string): [string, string] => [`${date}T`, `${addShopDays(date, 1)}T`];

/**
 * The statement {@link purchaseList} runs: the lines of every order, not cancelled, delivered on
 * `date` — in a slot of that day, or without a slot and placed that day — summed per product and
 * sale unit (a product whose unit changed during the day is two rows), with what their shoppers
 * asked (DESIGN.md §17: the lines that allow a similar product, those that want a call, and each
 * note with its order's placing and line position, for {@link purchaseList} to order), named as the
 * catalogue names the product now (as the order's line did when it is gone), sorted by name. Both
 * halves seek `orders_slot_created`; a line stored before choices counts as substitution none.
 */
export function purchaseListStatement(date: string): InStatement {
  const [fromSlot, toSlot] = slotIdRange(date);
  const start = shopDayStartMs(date);
  return {
    sql: `WITH day_orders AS (
            SELECT id, created_at, ordered_product FROM orders
            WHERE slot_id >= ? AND slot_id < ? AND order_status <> 'Cancelled'
            UNION ALL
            SELECT id, created_at, ordered_product FROM orders
            WHERE slot_id IS NULL AND created_at >= ? AND created_at < ? AND order_status <> 'Cancelled'
          ),
          lines AS (
            SELECT json_extract(line.value, '$._id') AS id,
                   json_extract(line.value, '$.name') AS name,
                   coalesce(json_extract(line.value, '$.unit'), 'kg') AS unit,
                   coalesce(json_extract(line.value, '$.unitSize'), 1) AS unit_size,
                   json_extract(line.value, '$.cartQuantity') AS quantity,
                   coalesce(json_extract(line.value, '$.substitution'), 'none') AS substitution,
                   nullif(trim(json_extract(line.value, '$.note')), '') AS note,
                   day_orders.created_at, day_orders.id AS order_id, line.key AS line_key
            FROM day_orders, json_each(day_orders.ordered_product) AS line
          ),
          summed AS (
            -- No aggregate ORDER BY (sqld's parser refuses it, db/order-row.ts): each note carries its
            -- order's placing, id and line position, and lines without a note add a null.
            SELECT id, max(name) AS name, unit, unit_size, sum(quantity) AS quantity,
                   sum(substitution = 'similar') AS similar_lines, sum(substitution = 'call') AS call_lines,
                   json_group_array(CASE WHEN note IS NOT NULL
                                         THEN json_array(created_at, order_id, line_key, note) END) AS notes
            FROM lines GROUP BY id, unit, unit_size
          )
          SELECT summed.id, coalesce(products.name, summed.name) AS name, products.name_bn,
                 summed.unit, summed.unit_size, summed.quantity, summed.similar_lines, summed.call_lines, summed.notes
          FROM summed LEFT JOIN products ON products.id = summed.id
          ORDER BY coalesce(products.name, summed.name) COLLATE NOCASE, summed.id, summed.unit, summed.unit_size`,
    args: [fromSlot, toSlot, start, start + DAY_MS],
  };
}

const toSaleUnit = (value: unknown): SaleUnit | undefined => saleUnits.find((unit) => unit === value);

/** A note of {@link purchaseListStatement}: its order's placing (epoch ms), the order's id, the line's position, the note. */
type PlacedNote = [number, string, number, string];

/** The notes of {@link purchaseListStatement}'s `notes` (a JSON array, null where a line has none), oldest order first. */
function notesInOrder(notes: unknown): string[] {
  const placed = (JSON.parse(String(notes ?? '[]')) as Array<PlacedNote | null>).filter(
    (note): note is PlacedNote => note !== null,
  );
  placed.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) || a[2] - b[2]);
  return placed.map((note) => note[3]);
}

/**
 * The purchase list of shop date `date` ({@link purchaseListStatement}): per product and sale
 * unit, the units to buy and pack, the lines per substitution other than none and the notes.
 */
export async function purchaseList(db: Client, date: string): Promise<PurchaseItem[]> {
  const { rows } = await db.execute(purchaseListStatement(date));
  return rows.map((row) => ({
    _id: String(row.id),
    name: String(row.name),
    nameBn: row.name_bn === null || row.name_bn === undefined ? null : String(row.name_bn),
    ...saleUnitOf({ unit: toSaleUnit(row.unit), unitSize: Number(row.unit_size) }),
    quantity: Number(row.quantity),
    substitutions: { similar: Number(row.similar_lines), call: Number(row.call_lines) },
    notes: notesInOrder(row.notes),
  }));
}

/**
 * The statement {@link slotCounts} runs: per slot of shop date `date`, its orders not cancelled
 * (the places taken, as the capacity counts them: `slot_places`, db/slot-places.ts), by one range of
 * `slot_places`' primary key.
 */
export function slotCountsStatement(date: string): InStatement {
  return {
    sql: 'SELECT slot_id, taken FROM slot_places WHERE slot_id >= ? AND slot_id < ? AND taken > 0',
    args: slotIdRange(date),
  };
}

/** Slot id → its orders not cancelled, for the slots of shop date `date` that hold any. */
export async function slotCounts(db: Client, date: string): Promise<Map<string, number>> {
  const { rows } = await db.execute(slotCountsStatement(date));
  return new Map(rows.map((row) => [String(row.slot_id), Number(row.taken)]));
}

/** Rows one page of the export reads. */
const EXPORT_PAGE = 500;

/**
 * The statement of one page of {@link exportPage}: at most `limit` orders placed from `fromMs`
 * (inclusive) to `toMs` (exclusive) after `after`, oldest first, on `orders_created` (read
 * backwards: no sort).
 */
export function exportPageStatement(fromMs: number, toMs: number, after?: Cursor, limit = EXPORT_PAGE): InStatement {
  // After a cursor the range starts at its millisecond (a seek, not a re-read of the pages
  // before); only the orders of that same millisecond are compared by id.
  return {
    sql: `SELECT o.id, o.created_at, o.customer_name, o.phone, o.address, o.slot_start_ms, o.slot_end_ms, o.order_status,
                 o.payment_method, o.payment_status, coalesce(o.final_amount, o.total_amount) AS total_amount,
                 o.credit_applied_poisha, ${ACCOUNT_NAME_SQL('a')} AS rider_name, o.cash_collected, o.ordered_product
          FROM orders AS o LEFT JOIN accounts AS a ON a.uid = o.rider_uid
          WHERE o.created_at >= ? AND o.created_at < ? ${after ? 'AND (o.created_at > ? OR o.id > ?)' : ''}
          ORDER BY o.created_at, o.id LIMIT ?`,
    args: after ? [Math.max(fromMs, after.createdAt), toMs, after.createdAt, after.id, limit] : [fromMs, toMs, limit],
  };
}

/** One page of the export: its rows and, when more may follow, the next page's cursor. */
export async function exportPage(
  db: Client,
  fromMs: number,
  toMs: number,
  after?: Cursor,
  limit = EXPORT_PAGE,
): Promise<{ rows: Row[]; next?: Cursor }> {
  const { rows } = await db.execute(exportPageStatement(fromMs, toMs, after, limit));
  const last = rows[rows.length - 1];
  return rows.length === limit && last
    ? { rows, next: { createdAt: Number(last.created_at), id: String(last.id) } }
    : { rows };
}

/**
 * The cash a cash order's rider collects, in poisha, as SQL on `orders` aliased `o`: its final
 * bill, else its total, less the store credit it took, never below 0 — orders/amount-due.ts
 * amountToCollect's rule.
 */
const CASH_DUE_POISHA = 'max(0, coalesce(o.final_amount, o.total_amount) * 100 - coalesce(o.credit_applied_poisha, 0))';

/**
 * The statement {@link cashByRider} runs: per rider, their cash (cod) orders Delivered on shop
 * date `date` (DESIGN.md §12's day: the slot's, else the day placed), the Tk those should bring
 * (`finalAmount`, else `totalAmount`, less the store credit taken) and the Tk recorded at the
 * door, named from `accounts`.
 */
function cashByRiderStatement(date: string): InStatement {
  const day = deliveryDayCondition(date);
  return {
    sql: `SELECT o.rider_uid, ${ACCOUNT_NAME_SQL('a')} AS name, count(*) AS orders,
                 sum(${CASH_DUE_POISHA}) AS expected_poisha, sum(coalesce(o.cash_collected, 0)) AS collected
          FROM orders AS o LEFT JOIN accounts AS a ON a.uid = o.rider_uid
          WHERE o.rider_uid IS NOT NULL AND o.order_status = 'Delivered' AND o.payment_method = 'cod' AND ${day.sql}
          GROUP BY o.rider_uid
          ORDER BY name COLLATE NOCASE, o.rider_uid`,
    args: day.args,
  };
}

/** The cash report of shop date `date` (`GET /reports/cash`, DESIGN.md §18): one row per rider with delivered cash orders, Tk. */
export async function cashByRider(db: Client, date: string): Promise<CashReportRow[]> {
  const { rows } = await db.execute(cashByRiderStatement(date));
  return rows.map((row) => ({
    riderUid: String(row.rider_uid),
    name: String(row.name ?? row.rider_uid),
    orders: Number(row.orders),
    expected: poishaToTk(row.expected_poisha),
    // Cash is Tk to the poisha: sums of REALs are rounded so 0.1 + 0.2 reads 0.3.
    collected: Math.round(Number(row.collected) * 100) / 100,
  }));
}
