/**
 * The `orders` table and its `order_status_history` (DESIGN.md §4, §8): reading one order and
 * its owner, storing a new one, moving it to its next state, deleting an unpaid one, and a
 * rider's run of a day. The row's columns and mapper are db/order-row.ts; lists
 * db/order-list.ts; counted stock db/order-stock.ts; slot places db/slot-places.ts; payments
 * db/order-payments.ts.
 */
import type { Client, InStatement, InValue } from '@libsql/client';
import type { OrderStatus } from '../contract/delivery';
import type { Order } from '../contract/order';
import { addShopDays, shopDate, shopDayStartMs } from '../contract/shop-day';
import type { TimedSlot } from '../delivery/slots';
import { OrderNotFoundError } from './errors';
import { forgetOrderAnswerStatement } from './idempotency-keys';
import { giveBackCreditStatement } from './credit';
import { giveBackStockStatement } from './order-stock';
import { ORDER_COLUMNS, toOrder } from './order-row';

/**
 * Reads order `id` with its timeline (one primary-key lookup), for account `viewerUid` (its
 * delivery code is in it only for the order's owner).
 * @returns the order in the API's shape, or undefined when there is no such order.
 */
export async function readOrder(db: Client, id: string, viewerUid?: string): Promise<Order | undefined> {
  const { rows } = await db.execute({ sql: `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ?`, args: [id] });
  return rows[0] ? toOrder(rows[0], viewerUid) : undefined;
}

/**
 * Reads who placed order `id`: the uid of the account whose token placed it (DESIGN.md §3: read,
 * cancel and pay are decided by it, never by an e-mail).
 * @returns the uid, or undefined when there is no such order.
 */
export async function readOrderOwner(db: Client, id: string): Promise<string | undefined> {
  const { rows } = await db.execute({ sql: 'SELECT user_id FROM orders WHERE id = ?', args: [id] });
  return rows[0] ? String(rows[0].user_id) : undefined;
}

/**
 * Loads order `id`.
 * @throws OrderNotFoundError when there is no such order.
 */
export async function findOrder(db: Client, id: string, viewerUid?: string): Promise<Order> {
  const order = await readOrder(db, id, viewerUid);
  if (!order) throw new OrderNotFoundError(id);
  return order;
}

/**
 * Random words from the platform's CSPRNG, drawn 256 at a time: a call of `getRandomValues`
 * costs far more than the four bytes it gives (≈ 0.7 % of an order's server time, one a call).
 * Each word is given out once.
 */
const randomWords = new Uint32Array(256);
let nextWord = randomWords.length;

/** A delivery code (DESIGN.md §18): 4 random digits from the platform's CSPRNG, "0000"–"9999". */
export function newDeliveryCode(): string {
  if (nextWord === randomWords.length) {
    crypto.getRandomValues(randomWords);
    nextWord = 0;
  }
  const word = randomWords[nextWord] ?? 0;
  nextWord += 1;
  // 2^32 mod 10^4 = 7296: the bias of the modulo is below 0.0003 %, far under a guess's odds.
  return String(word % 10_000).padStart(4, '0');
}

/**
 * The statements that store `order` (placed by Firebase uid `userId`) as a new row in `slot`
 * (or none), with its first timeline entry (Pending at its `createdAt`), for a write batch.
 */
export function insertOrderStatements(
  order: Order,
  userId: string,
  slot: Pick<TimedSlot, 'id' | 'startMs' | 'endMs'> | null,
): InStatement[] {
  const createdAt = Date.parse(order.createdAt);
  return [
    {
      sql: `INSERT INTO orders (id, user_id, customer_name, email, phone, address, area_id, note, shipping, order_status,
              total_amount, max_amount, order_date, ordered_product, payment_method, payment_status, created_at, slot_id,
              slot_start_ms, slot_end_ms, pay_with, delivery_code)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        order._id,
        userId,
        order.customerName,
        order.email,
        order.phone,
        order.address,
        order.areaId,
        order.note ?? null,
        order.shipping,
        order.orderStatus,
        order.totalAmount,
        order.maxAmount,
        order.orderDate,
        JSON.stringify(order.orderedProduct),
        order.paymentMethod,
        order.paymentStatus,
        createdAt,
        slot?.id ?? null,
        slot?.startMs ?? null,
        slot?.endMs ?? null,
        order.payWith ?? null,
        order.deliveryCode ?? newDeliveryCode(),
      ],
    },
    {
      sql: 'INSERT INTO order_status_history (order_id, status, at, by_uid) VALUES (?, ?, ?, ?)',
      args: [order._id, order.orderStatus, createdAt, userId],
    },
  ];
}

/**
 * The condition that an `orders` row is delivered on shop date `date` (DESIGN.md §12's rule): in
 * a slot of that day (slot ids are ISO starts with the shop's offset, so the day's sort between
 * `<date>T` and `<next day>T`), or without a slot and placed that day.
 */
export function deliveryDayCondition(date: string): { sql: string; args: InValue[] } {
  const start = shopDayStartMs(date);
  const next = addShopDays(date, 1);
  return {
    sql: '((slot_id >= ? AND slot_id < ?) OR (slot_id IS NULL AND created_at >= ? AND created_at < ?))',
    args: [`${date}T`, `${next}T`, start, shopDayStartMs(next)],
  };
}

/** The shop date an order is delivered on: its slot's day, else the day it was placed (DESIGN.md §12). */
export const deliveryDayOf = (order: Pick<Order, 'deliverySlot' | 'createdAt'>): string =>
  order.deliverySlot ? order.deliverySlot.id.slice(0, 10) : shopDate(Date.parse(order.createdAt));

/**
 * The statement {@link listRunOrders} runs: rider `riderUid`'s orders delivered on shop date
 * `date` (not cancelled), in stop order (then by placing), through `orders_rider`.
 */
export function runOrdersStatement(riderUid: string, date: string): InStatement {
  const day = deliveryDayCondition(date);
  return {
    sql: `SELECT ${ORDER_COLUMNS} FROM orders WHERE rider_uid = ? AND order_status <> 'Cancelled' AND ${day.sql}
          ORDER BY stop, created_at, id`,
    args: [riderUid, ...day.args],
  };
}

/** Rider `riderUid`'s run of shop date `date` (DESIGN.md §18): their orders of the day, in stop order. */
export async function listRunOrders(db: Client, riderUid: string, date: string): Promise<Order[]> {
  const { rows } = await db.execute(runOrdersStatement(riderUid, date));
  return rows.map((row) => toOrder(row));
}

/**
 * Moves order `id` from state `from` to `to` and records the change (at `nowMs`, epoch ms, by
 * Firebase uid `byUid`) in one write batch. The UPDATE only matches while the order is still in
 * `from`, so two admins cannot both advance it; the history row is written only when the order
 * is now in `to` and has no entry for it yet.
 * @returns the number of orders changed: 1, or 0 when it is gone or no longer in `from`.
 */
export async function changeOrderStatus(
  db: Client,
  id: string,
  from: OrderStatus,
  to: OrderStatus,
  byUid: string,
  nowMs = Date.now(),
): Promise<number> {
  const [update] = await db.batch(
    [
      { sql: 'UPDATE orders SET order_status = ? WHERE id = ? AND order_status = ?', args: [to, id, from] },
      {
        sql: `INSERT INTO order_status_history (order_id, status, at, by_uid)
              SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM orders WHERE id = ? AND order_status = ?)
                AND NOT EXISTS (SELECT 1 FROM order_status_history WHERE order_id = ? AND status = ?)`,
        args: [id, to, nowMs, byUid, id, to, id, to],
      },
    ],
    'write',
  );
  return update?.rowsAffected ?? 0;
}

/**
 * Deletes unpaid order `id` (its timeline goes with it, by trigger) and gives its units back to
 * counted stock (unless Delivered); with `onlyIfPending`, only while it is still Pending. A paid
 * order is never deleted (DESIGN.md §6: it is refunded and kept).
 * In the same write the stored answer of the order's Idempotency-Key (it holds the phone and
 * address) is dropped (db/idempotency-keys.ts forgetOrderAnswerStatement), and the store credit
 * it took is given back (db/credit.ts, reason 'order_cancelled').
 * @returns the number of orders deleted (1 or 0).
 */
export async function deleteOrder(db: Client, id: string, options: { onlyIfPending?: boolean } = {}): Promise<number> {
  const pending = options.onlyIfPending ? "AND order_status = 'Pending'" : '';
  const where = `id = ? AND payment_status = 'unpaid' ${pending}`;
  const [, , , deleted] = await db.batch(
    [
      forgetOrderAnswerStatement(id, { sql: `SELECT user_id FROM orders WHERE ${where}`, args: [id] }),
      // A delivered order's units left the shop with it: deleting its record gives none back.
      giveBackStockStatement(
        `o.id = ? AND o.payment_status = 'unpaid' AND o.order_status <> 'Delivered' ${pending.replace('order_status', 'o.order_status')}`,
        [id],
      ),
      // The store credit it took goes back to its owner (DESIGN.md §19), once.
      giveBackCreditStatement(id, 'order_cancelled', Date.now(), { sql: where, args: [id] }),
      { sql: `DELETE FROM orders WHERE ${where}`, args: [id] },
    ],
    'write',
  );
  return deleted?.rowsAffected ?? 0;
}
