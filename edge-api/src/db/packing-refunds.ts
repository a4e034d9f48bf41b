/**
 * A packed order's partial refund in the `refunds` ledger (DESIGN.md §17, §14): what its final
 * bill does not cost of its ceiling, claimed in packing's own batch before the provider is called,
 * taken over by a later request when its own left it (db/refunds.ts has the ledger's shared rules).
 */
import type { Client, InStatement } from '@libsql/client';
import type { RefundRequest } from '../payments/provider';
import {
  CHARGED_POISHA,
  claimedRefund,
  claimRowStatement,
  claimStateOf,
  REFUND_CLAIM_MS,
  type ClaimState,
  type LedgerClaim,
} from './refunds';

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

/** Order `orderId`'s packing refund in the ledger. */
const packingClaim = (orderId: string): LedgerClaim => ({ refundId: packingRefundId(orderId), reason: 'packing' });

/**
 * Order `orderId`'s packing refund as claimed at `claimedMs` by the request that packed it.
 * @returns the refund to ask of the provider, or undefined when packing claimed none (not paid by
 * a provider, or nothing to refund).
 */
export const claimedPackingRefund = (
  db: Client,
  orderId: string,
  claimedMs: number,
): Promise<RefundRequest | undefined> => claimedRefund(db, packingClaim(orderId), claimedMs);

/**
 * Takes over order `orderId`'s packing refund for a later request (a retried packing, a cancel),
 * at `nowMs`: one its request left (claimed more than {@link REFUND_CLAIM_MS} ago, or ended with
 * no known outcome), with `retryFailed` one the provider refused, and one never claimed because
 * the order was paid only after it was packed. Counted as a retry, so the
 * provider first finds out whether it was made.
 * @returns its {@link ClaimState}: `failed` only without `retryFailed` (the provider refused it).
 */
export async function takeOverPackingRefund(
  db: Client,
  orderId: string,
  options: { retryFailed: boolean },
  nowMs = Date.now(),
): Promise<ClaimState> {
  const claim = packingClaim(orderId);
  const { refundId } = claim;
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
      claimRowStatement(claim),
    ],
    'write',
  );
  return claimStateOf(claim, ledger?.rows[0], nowMs);
}
