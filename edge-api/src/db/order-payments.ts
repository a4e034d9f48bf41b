/**
 * An order's payment on the `orders` row (DESIGN.md §6, §10, §14): the method chosen, paid,
 * refunded (with its units back in stock), disputed, found by the provider's payment reference.
 * Each is one conditional write, so a provider's repeated event or a concurrent request changes
 * an order at most once.
 */
import type { Client, InStatement } from '@libsql/client';
import { giveBackCreditStatement } from './credit';
import { forgetOrderAnswerStatement } from './idempotency-keys';
import { giveBackStockStatement } from './order-stock';

/** Records that unpaid order `id` is being paid by card (a paid order is left as it is). */
export async function chooseCardPayment(db: Client, id: string): Promise<void> {
  await db.execute({
    sql: "UPDATE orders SET payment_method = 'card' WHERE id = ? AND payment_status = 'unpaid'",
    args: [id],
  });
}

/**
 * The statements that record order `id`'s payment refunded: payment 'refunded' and, unless
 * `keepDelivered` (a delivered order refunded at the provider stays Delivered, unless a cancel is
 * refunding it), state Cancelled, its units given back to counted stock, with its timeline entry
 * (at `nowMs`, by Firebase uid `byUid`, null for the provider); the stored answer of its
 * Idempotency-Key goes too (forgetOrderAnswerStatement), and a Cancelled order's store credit goes
 * back to its owner (db/credit.ts). Only an order that is paid, being
 * refunded or disputed changes; the third statement's rowsAffected says whether it did.
 */
export function recordRefundStatements(
  id: string,
  byUid: string | null,
  options: { keepDelivered?: boolean } = {},
  nowMs = Date.now(),
): InStatement[] {
  const refundable = "payment_status IN ('paid', 'refunding', 'disputed')";
  // A refund found 'refunding' is a cancel's own (its answer raced the provider's event): Cancelled.
  const status = options.keepDelivered
    ? "CASE WHEN order_status = 'Delivered' AND payment_status <> 'refunding' THEN order_status ELSE 'Cancelled' END"
    : "'Cancelled'";
  return [
    // The stored answer (phone, address) goes with the refund, as with an unpaid order's delete.
    forgetOrderAnswerStatement(id, { sql: `SELECT user_id FROM orders WHERE id = ? AND ${refundable}`, args: [id] }),
    // Its units go back to stock unless they left the shop (Delivered), as deleteOrder does.
    giveBackStockStatement(`o.id = ? AND o.${refundable} AND o.order_status NOT IN ('Delivered', 'Cancelled')`, [id]),
    {
      sql: `UPDATE orders SET payment_status = 'refunded', refund_started_ms = NULL, order_status = ${status}
            WHERE id = ? AND ${refundable}`,
      args: [id],
    },
    {
      sql: `INSERT INTO order_status_history (order_id, status, at, by_uid)
            SELECT ?, 'Cancelled', ?, ? WHERE EXISTS (SELECT 1 FROM orders WHERE id = ? AND order_status = 'Cancelled')
              AND NOT EXISTS (SELECT 1 FROM order_status_history WHERE order_id = ? AND status = 'Cancelled')`,
      args: [id, nowMs, byUid, id, id],
    },
    // The store credit a cancelled order took goes back to its owner (DESIGN.md §19), once.
    giveBackCreditStatement(id, 'order_cancelled', nowMs, { sql: "order_status = 'Cancelled'", args: [] }),
  ];
}

/**
 * Records that order `id`'s payment was refunded at the provider (its own event, e.g. a refund
 * made in Stripe's Dashboard): {@link recordRefundStatements} in one write batch.
 * @returns whether the order changed (false: already refunded, unpaid or gone).
 */
export async function recordRefund(
  db: Client,
  id: string,
  byUid: string | null,
  options: { keepDelivered?: boolean } = {},
  nowMs = Date.now(),
): Promise<boolean> {
  const [, , update] = await db.batch(recordRefundStatements(id, byUid, options, nowMs), 'write');
  return (update?.rowsAffected ?? 0) > 0;
}

/**
 * The order whose card payment is `paymentRef` (Stripe's PaymentIntent id).
 * @returns its id, or undefined when no order has it.
 */
export async function orderIdByPaymentRef(db: Client, paymentRef: string): Promise<string | undefined> {
  const { rows } = await db.execute({ sql: 'SELECT id FROM orders WHERE payment_ref = ?', args: [paymentRef] });
  return rows[0] ? String(rows[0].id) : undefined;
}

/**
 * Marks order `id`'s payment disputed (from paid or being refunded).
 * @returns whether the order changed.
 */
export async function markDisputed(db: Client, id: string): Promise<boolean> {
  const { rowsAffected } = await db.execute({
    sql: `UPDATE orders SET payment_status = 'disputed', refund_started_ms = NULL
          WHERE id = ? AND payment_status IN ('paid', 'refunding')`,
    args: [id],
  });
  return rowsAffected > 0;
}

/**
 * Switches `userId`'s order `id` from bKash to cash on delivery, only while it is unpaid and
 * Pending (one conditional UPDATE: a bKash payment settling at the same moment wins or loses
 * whole). Used by `PUT /orders/:id/payment-method` (routes/order-payment-method.ts).
 * @returns whether the order changed.
 */
export async function choosePayOnDelivery(db: Client, id: string, userId: string): Promise<boolean> {
  const { rowsAffected } = await db.execute({
    sql: `UPDATE orders SET payment_method = 'cod'
          WHERE id = ? AND user_id = ? AND payment_method = 'bkash' AND payment_status = 'unpaid'
            AND order_status = 'Pending'`,
    args: [id, userId],
  });
  return rowsAffected > 0;
}
