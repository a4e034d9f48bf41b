/**
 * A provider's word that a payment completed (Stripe's webhook, bKash's execute or status query):
 * the one place a payment marks an order paid (DESIGN.md §6, §10, §14). Only an unpaid order that
 * is not Cancelled takes it — one placed to be paid this way, unless the provider's payment itself
 * is the shopper's choice of it (a card checkout) — and is then paid this way; a payment no order
 * takes is the caller's to return (db/refunds.ts claimStrayRefund: never the payment an order keeps).
 */
import type { Client, InStatement } from '@libsql/client';
import type { PaymentMethod } from '../contract/order';
import { readOrder } from '../db/orders';

/** A completed payment as its provider names it: the order it is for, how, and the provider's reference. */
export type CompletedPayment = { orderId: string; method: PaymentMethod; paymentRef: string | null };

/**
 * What became of a completed payment: `paid` (its order took it now), `kept` (it is its order's
 * payment already: a repeated event), `unkept` (its order cannot take it: paid by another
 * payment, Cancelled, placed to be paid another way, or gone).
 */
export type Settled = 'paid' | 'kept' | 'unkept';

/**
 * Marks `payment`'s order paid, with the payment as its reference, in one write with `alongside`
 * (the provider's own record of the payment, e.g. bKash's row completed) and only while `onlyIf`
 * (an SQL condition, e.g. that the provider's payment is still being executed) holds; with
 * `anyMethod`, also an order placed to be paid another way.
 * @returns {@link Settled}.
 */
export async function settlePayment(
  db: Client,
  payment: CompletedPayment,
  options: {
    onlyIf?: { sql: string; args: Array<string | number> };
    alongside?: InStatement[];
    anyMethod?: boolean;
  } = {},
): Promise<Settled> {
  const [update] = await db.batch(
    [
      {
        sql: `UPDATE orders SET payment_status = 'paid', payment_ref = ?, payment_method = ?
              WHERE id = ? AND payment_status = 'unpaid' AND order_status <> 'Cancelled'
                ${options.anyMethod ? '' : 'AND payment_method = ?'}
                ${options.onlyIf ? `AND ${options.onlyIf.sql}` : ''}`,
        args: [
          payment.paymentRef,
          payment.method,
          payment.orderId,
          ...(options.anyMethod ? [] : [payment.method]),
          ...(options.onlyIf?.args ?? []),
        ],
      },
      ...(options.alongside ?? []),
    ],
    'write',
  );
  if ((update?.rowsAffected ?? 0) > 0) return 'paid';
  const now = await readOrder(db, payment.orderId);
  return payment.paymentRef !== null && now?.paymentRef === payment.paymentRef ? 'kept' : 'unkept';
}
