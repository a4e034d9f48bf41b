/**
 * A packed order's partial refund in the `refunds` ledger (DESIGN.md §17, §14): what its final
 * bill does not cost of its ceiling, claimed in packing's own batch before the provider is called,
 * taken over by a later request when its own left it (db/refunds.ts has the ledger's shared rules).
 */
import type { Client, InStatement, Row } from '@libsql/client';
import type { RefundRequest } from '../payments/provider';
import { CHARGED_POISHA, endClaimStatement, REFUND_CLAIM_MS, refundDoneStatements } from './refunds';

/**
 * A packed order's refund, in poisha, as SQL on `orders`: what its final bill does not cost of its
 * ceiling (maxAmount − finalAmount), never more than was charged (orders/pack.ts plans the same).
 */
const PACKING_REFUND_POISHA = `min((coalesce(max_amount, total_amount) - final_amount) * 100, ${CHARGED_POISHA})`;

/** The ledger id of order `orderId`'s partial refund when it is packed (DESIGN.md §17; Stripe's idempotency key too). */
const packingRefundId = (orderId: string): string => `packing-${orderId}`;

/**
 * The statement that claims, in packing's own batch (orders/pack.ts), the refund of
 * `amountPoisha` (maxAmount − finalAmount, at most what was charged, in poisha) of order `orderId`'s payment, claimed at
 * `nowMs`: only when the order is paid by a provider at that point (a cash order, or one not paid
 * yet, has nothing to refund). Placed after the statement that packs it.
 */
export function claimPackingRefundStatement(orderId: string, amountPoisha: number, nowMs: number): InStatement {
  return {
    sql: `INSERT INTO refunds (id, order_id, method, payment_ref, amount_poisha, reason, created_at, updated_at, claimed_ms)
          SELECT ?, id, payment_method, payment_ref, ?, 'packing', ?, ?, ?
            FROM orders WHERE id = ? AND payment_status = 'paid' AND payment_ref IS NOT NULL AND payment_method <> 'cod'`,
    args: [packingRefundId(orderId), amountPoisha, nowMs, nowMs, nowMs, orderId],
  };
}

/** A packing refund's row in the ledger as its request needs it. */
const toPackingRefund = (orderId: string, row: Row): RefundRequest => ({
  refundId: packingRefundId(orderId),
  orderId,
  paymentRef: String(row.payment_ref),
  amountPoisha: Number(row.amount_poisha),
  reason: 'packing',
  retry: Number(row.attempts) > 1,
});

/**
 * Order `orderId`'s packing refund as claimed at `claimedMs` by the request that packed it.
 * @returns the refund to ask of the provider, or undefined when packing claimed none (not paid by
 * a provider, or nothing to refund).
 */
export async function claimedPackingRefund(
  db: Client,
  orderId: string,
  claimedMs: number,
): Promise<RefundRequest | undefined> {
  const { rows } = await db.execute({
    sql: "SELECT payment_ref, amount_poisha, attempts FROM refunds WHERE id = ? AND status = 'claimed' AND claimed_ms = ?",
    args: [packingRefundId(orderId), claimedMs],
  });
  return rows[0] ? toPackingRefund(orderId, rows[0]) : undefined;
}

/** What became of order `orderId`'s packing refund when a request looked: see {@link takeOverPackingRefund}. */
export type PackingRefundState =
  { kind: 'none' | 'done' } | { kind: 'claimed'; request: RefundRequest } | { kind: 'busy' };

/**
 * Takes over order `orderId`'s packing refund for a later request (a retried packing, a cancel),
 * at `nowMs`: one its request left (claimed more than {@link REFUND_CLAIM_MS} ago, or ended with
 * no known outcome), with `retryFailed` one the provider refused, and one never claimed because
 * the order was paid only after it was packed. Counted as a retry, so the
 * provider first finds out whether it was made.
 * @returns `claimed` with the refund to ask of the provider; `busy` when another request holds it;
 * `done` when it was made; `none` when there is none (or, without `retryFailed`, it failed).
 */
export async function takeOverPackingRefund(
  db: Client,
  orderId: string,
  options: { retryFailed: boolean },
  nowMs = Date.now(),
): Promise<PackingRefundState> {
  const refundId = packingRefundId(orderId);
  const [, , ledger] = await db.batch(
    [
      // An order paid after it was packed (a card checkout completing late) was charged its
      // maxAmount with no claim made at packing: it is claimed now, once (the ledger id).
      {
        sql: `INSERT INTO refunds (id, order_id, method, payment_ref, amount_poisha, reason, created_at, updated_at,
                                   claimed_ms)
              SELECT ?, id, payment_method, payment_ref, ${PACKING_REFUND_POISHA}, 'packing', ?, ?, ?
                FROM orders WHERE id = ? AND final_amount IS NOT NULL AND ${PACKING_REFUND_POISHA} > 0
                  AND payment_status = 'paid' AND payment_ref IS NOT NULL AND payment_method <> 'cod'
              ON CONFLICT (id) DO NOTHING`,
        args: [refundId, nowMs, nowMs, nowMs, orderId],
      },
      {
        sql: `UPDATE refunds SET status = 'claimed', attempts = attempts + 1, claimed_ms = ?, updated_at = ?
              WHERE id = ? AND ((status = 'claimed' AND claimed_ms <= ?) ${options.retryFailed ? "OR status = 'failed'" : ''})`,
        args: [nowMs, nowMs, refundId, nowMs - REFUND_CLAIM_MS],
      },
      {
        sql: 'SELECT payment_ref, amount_poisha, attempts, status, claimed_ms FROM refunds WHERE id = ?',
        args: [refundId],
      },
    ],
    'write',
  );
  const row = ledger?.rows[0];
  if (!row) return { kind: 'none' };
  if (row.status === 'done') return { kind: 'done' };
  if (row.status === 'failed') return { kind: 'none' };
  if (Number(row.claimed_ms) === nowMs) return { kind: 'claimed', request: toPackingRefund(orderId, row) };
  return { kind: 'busy' };
}

/** Records order `orderId`'s packing refund `refundId` made (`providerRef`, the provider's refund id), adding it to the order's refunded amount. */
export async function recordPackingRefunded(
  db: Client,
  orderId: string,
  refundId: string,
  providerRef: string | null,
  nowMs = Date.now(),
): Promise<void> {
  await db.batch(refundDoneStatements(orderId, refundId, providerRef, nowMs), 'write');
}

/**
 * Ends an attempt at packing refund `refundId` that did not finish: `refused` (nothing moved) marks
 * it failed, for the next packing request to ask again (a cancel refunds its amount with the rest
 * instead); `unknown` leaves the claim open to the next request at once (claimed_ms 0), which asks
 * the provider whether it was made before making it.
 */
export async function endPackingRefundAttempt(
  db: Client,
  refundId: string,
  outcome: 'refused' | 'unknown',
  nowMs = Date.now(),
): Promise<void> {
  await db.execute(endClaimStatement(refundId, outcome, nowMs));
}
