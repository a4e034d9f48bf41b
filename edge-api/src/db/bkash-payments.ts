/**
 * The `bkash_payments` table (migration 0010, DESIGN.md §10): one row per payment bKash created
 * for an order. Execute-exactly-once is a conditional write: only the callback whose UPDATE moves
 * the row from 'created' to 'executing' asks bKash to execute it; every other callback reads the
 * outcome the claimer records.
 */
import type { Client, InStatement, Row } from '@libsql/client';

/** A payment's state (migration 0010 says what each means). */
export type BkashPaymentStatus = 'created' | 'executing' | 'completed' | 'failed' | 'cancelled' | 'refunded';

/** A stored bKash payment; times are epoch ms. */
export type BkashPaymentRow = {
  paymentId: string;
  orderId: string;
  amount: string;
  status: BkashPaymentStatus;
  trxId: string | null;
  statusCode: string | null;
  /** The `state` its callbackURL carries; null for a payment made before states were kept. */
  callbackState: string | null;
  createdAt: number;
  updatedAt: number;
};

/** The columns {@link toRow} reads. */
const COLUMNS = 'payment_id, order_id, amount, status, trx_id, status_code, callback_state, created_at, updated_at';

const toRow = (row: Row): BkashPaymentRow => ({
  paymentId: String(row.payment_id),
  orderId: String(row.order_id),
  amount: String(row.amount),
  status: String(row.status) as BkashPaymentStatus,
  trxId: row.trx_id === null ? null : String(row.trx_id),
  statusCode: row.status_code === null ? null : String(row.status_code),
  callbackState: row.callback_state === null || row.callback_state === undefined ? null : String(row.callback_state),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

/**
 * Records payment `paymentId` bKash created for order `orderId`, charging `amount` ("443.00"),
 * whose callbackURL carries `callbackState`.
 */
export async function insertBkashPayment(
  db: Client,
  payment: { paymentId: string; orderId: string; amount: string; callbackState: string },
  nowMs = Date.now(),
): Promise<void> {
  await db.execute({
    sql: `INSERT INTO bkash_payments (payment_id, order_id, amount, status, callback_state, created_at, updated_at)
          VALUES (?, ?, ?, 'created', ?, ?, ?) ON CONFLICT (payment_id) DO NOTHING`,
    args: [payment.paymentId, payment.orderId, payment.amount, payment.callbackState, nowMs, nowMs],
  });
}

/** Reads payment `paymentId`. @returns it, or undefined when the shop never created it. */
export async function readBkashPayment(db: Client, paymentId: string): Promise<BkashPaymentRow | undefined> {
  const { rows } = await db.execute({
    sql: `SELECT ${COLUMNS} FROM bkash_payments WHERE payment_id = ?`,
    args: [paymentId],
  });
  return rows[0] ? toRow(rows[0]) : undefined;
}

/**
 * Claims payment `paymentId` for its one execute: 'created' → 'executing'.
 * @returns whether this caller holds the claim (false: another callback claimed it, or it ended).
 */
export async function claimBkashExecute(db: Client, paymentId: string, nowMs = Date.now()): Promise<boolean> {
  const { rowsAffected } = await db.execute({
    sql: "UPDATE bkash_payments SET status = 'executing', updated_at = ? WHERE payment_id = ? AND status = 'created'",
    args: [nowMs, paymentId],
  });
  return rowsAffected > 0;
}

/**
 * Records that payment `paymentId` ended unpaid (`failed` or `cancelled`), with bKash's statusCode
 * when it refused, and bKash's `trxId` when it took money the shop could not give back (logged for
 * the operator). Only a payment in one of `from` changes: by default one not yet ended (created,
 * or executing); a callback saying the shopper failed or cancelled passes `['created']`, so it
 * never ends a payment another callback is executing.
 * @returns whether it changed.
 */
export async function endBkashPayment(
  db: Client,
  paymentId: string,
  status: 'failed' | 'cancelled',
  statusCode: string | null,
  options: { trxId?: string | null; from?: readonly BkashPaymentStatus[] } = {},
  nowMs = Date.now(),
): Promise<boolean> {
  const from = options.from ?? ['created', 'executing'];
  const { rowsAffected } = await db.execute({
    sql: `UPDATE bkash_payments SET status = ?, status_code = ?, trx_id = coalesce(?, trx_id), updated_at = ?
          WHERE payment_id = ? AND status IN (${from.map(() => '?').join(', ')})`,
    args: [status, statusCode, options.trxId ?? null, nowMs, paymentId, ...from],
  });
  return rowsAffected > 0;
}

/**
 * Takes over payment `paymentId`'s stalled execute for the one status query that settles it: only
 * while it is still executing since `seenUpdatedAt` (what this caller read), so of two late
 * callbacks one settles it and the other waits for that.
 * @returns whether this caller holds it.
 */
export async function claimStaleBkashExecute(
  db: Client,
  paymentId: string,
  seenUpdatedAt: number,
  nowMs = Date.now(),
): Promise<boolean> {
  const { rowsAffected } = await db.execute({
    sql: "UPDATE bkash_payments SET updated_at = ? WHERE payment_id = ? AND status = 'executing' AND updated_at = ?",
    args: [nowMs, paymentId, seenUpdatedAt],
  });
  return rowsAffected > 0;
}

/** Keeps bKash's `trxId` on payment `paymentId` (a payment being returned: its refund names it). */
export async function noteBkashTrxId(db: Client, paymentId: string, trxId: string): Promise<void> {
  await db.execute({
    sql: 'UPDATE bkash_payments SET trx_id = coalesce(trx_id, ?) WHERE payment_id = ?',
    args: [trxId, paymentId],
  });
}

/**
 * The statement that records payment `paymentId` completed with bKash's `trxId` (at `nowMs`), for
 * the write that marks its order paid (orders/settle.ts): the payment is recorded completed
 * whether or not the order takes it, as bKash holds the money either way.
 */
export function completeBkashPaymentStatement(paymentId: string, trxId: string, nowMs = Date.now()): InStatement {
  return {
    sql: `UPDATE bkash_payments SET status = 'completed', trx_id = ?, status_code = NULL, updated_at = ?
          WHERE payment_id = ? AND status = 'executing'`,
    args: [trxId, nowMs, paymentId],
  };
}

/** The condition (on `orders`) that payment `paymentId` is still being executed: only then may it pay its order. */
export const executingBkashPayment = (paymentId: string) => ({
  sql: "EXISTS (SELECT 1 FROM bkash_payments WHERE payment_id = ? AND status = 'executing')",
  args: [paymentId],
});

/** Records that completed (or executing) payment `paymentId` was refunded at bKash: the order never took it. */
export async function markBkashPaymentRefunded(
  db: Client,
  paymentId: string,
  trxId: string | null,
  nowMs = Date.now(),
): Promise<void> {
  await db.execute({
    sql: `UPDATE bkash_payments SET status = 'refunded', trx_id = coalesce(?, trx_id), updated_at = ?
          WHERE payment_id = ? AND status IN ('executing', 'completed')`,
    args: [trxId, nowMs, paymentId],
  });
}

/**
 * The payment whose trxID is `trxId` (an order's payment_ref, or a payment being returned): what
 * its refund names.
 * @returns it, or undefined when there is none.
 */
export async function bkashPaymentByTrxId(db: Client, trxId: string): Promise<BkashPaymentRow | undefined> {
  const { rows } = await db.execute({ sql: `SELECT ${COLUMNS} FROM bkash_payments WHERE trx_id = ?`, args: [trxId] });
  return rows[0] ? toRow(rows[0]) : undefined;
}
