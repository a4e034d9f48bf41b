/**
 * A problem's refund in the `refunds` ledger (DESIGN.md §19, §14): claimed in the admin's decision
 * batch, at most what is left of the order's payment, before the provider is called; taken over by
 * a later request when its own left it (db/refunds.ts has the ledger's shared rules).
 */
import type { Client, InStatement } from '@libsql/client';
import type { RefundRequest } from '../payments/provider';
import { writeGuard, type Guard } from './guarded-batch';
import {
  claimedRefund,
  claimRowStatement,
  claimStateOf,
  LEFT_TO_REFUND_POISHA,
  REFUND_CLAIM_MS,
  type ClaimState,
  type LedgerClaim,
} from './refunds';

/** The ledger id of problem `problemId`'s refund (DESIGN.md §19; Stripe's idempotency key too). */
const problemRefundId = (problemId: string): string => `problem-${problemId}`;

/**
 * The statement that claims, in the admin's decision batch (orders/decide-problem.ts), the refund
 * of `amountPoisha` of order `orderId`'s payment for problem `problemId`, claimed at `nowMs`: only
 * while the order is paid by bKash or card and the amount is at most what is left of its payment
 * — its charge less what was refunded and what other refunds of it have claimed and not finished.
 * A refund of the problem the provider refused (failed) is claimed again, as a retry, with the
 * new amount; one claimed or done is left as it is. Follow it with {@link problemRefundClaimedGuard}.
 */
export function claimProblemRefundStatement(
  problemId: string,
  orderId: string,
  amountPoisha: number,
  nowMs: number,
): InStatement {
  const refundId = problemRefundId(problemId);
  return {
    sql: `INSERT INTO refunds (id, order_id, method, payment_ref, amount_poisha, reason, created_at, updated_at, claimed_ms)
          SELECT ?, o.id, o.payment_method, o.payment_ref, ?, 'problem', ?, ?, ?
            FROM orders AS o
            WHERE o.id = ? AND o.payment_status = 'paid' AND o.payment_ref IS NOT NULL
              AND o.payment_method IN ('bkash', 'card')
              AND ? <= ${LEFT_TO_REFUND_POISHA('o')}
                       - coalesce((SELECT sum(r.amount_poisha) FROM refunds AS r
                                   WHERE r.order_id = o.id AND r.status = 'claimed' AND r.id <> ?), 0)
          ON CONFLICT (id) DO UPDATE SET status = 'claimed', amount_poisha = excluded.amount_poisha,
            attempts = attempts + 1, claimed_ms = excluded.claimed_ms, updated_at = excluded.updated_at
            WHERE refunds.status = 'failed'`,
    args: [refundId, amountPoisha, nowMs, nowMs, nowMs, orderId, amountPoisha, refundId],
  };
}

/** The guard after {@link claimProblemRefundStatement}: the claim was made by this batch (at `nowMs`); `error` when not. */
export const problemRefundClaimedGuard = (problemId: string, nowMs: number, error: Error): Guard =>
  writeGuard(
    "coalesce((SELECT status = 'claimed' AND claimed_ms = ? FROM refunds WHERE id = ?), 0)",
    [nowMs, problemRefundId(problemId)],
    error,
  );

/** Problem `problemId`'s refund in the ledger. */
const problemClaim = (problemId: string): LedgerClaim => ({ refundId: problemRefundId(problemId), reason: 'problem' });

/**
 * Problem `problemId`'s refund as claimed at `claimedMs` by the decision that claimed it.
 * @returns the refund to ask of the provider, or undefined when that claim is no longer held.
 */
export const claimedProblemRefund = (
  db: Client,
  problemId: string,
  claimedMs: number,
): Promise<RefundRequest | undefined> => claimedRefund(db, problemClaim(problemId), claimedMs);

/**
 * Takes over problem `problemId`'s refund that an earlier request left (claimed more than
 * {@link REFUND_CLAIM_MS} ago, or ended with no known outcome), at `nowMs`, counted as a retry
 * so the provider first finds out whether it was made.
 * @returns `claimed` with the refund to ask; `busy` while another request holds it; `done`,
 * `failed` (refused: the problem is open again) or `none` (never claimed).
 */
export async function takeOverProblemRefund(db: Client, problemId: string, nowMs = Date.now()): Promise<ClaimState> {
  const claim = problemClaim(problemId);
  const [, ledger] = await db.batch(
    [
      {
        sql: `UPDATE refunds SET attempts = attempts + 1, claimed_ms = ?, updated_at = ?
              WHERE id = ? AND status = 'claimed' AND claimed_ms <= ?`,
        args: [nowMs, nowMs, claim.refundId, nowMs - REFUND_CLAIM_MS],
      },
      claimRowStatement(claim),
    ],
    'write',
  );
  return claimStateOf(claim, ledger?.rows[0], nowMs);
}
